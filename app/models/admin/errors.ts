/**
 * The admin domain's error codes, with the status and text both faces answer (issue 20, item 2): the admin pages
 * and the /api/admin routes read this one table, so they cannot drift. Model functions return the codes only; which
 * form field shows a text is the form's business (app/schemas/admin.ts). Shipping refusals are the selling
 * domain's (`SELLING_ERRORS.ship`): an administrator ships through the seller's `shipOrder`.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { TransferError } from "~/models/admin/payouts.server";
import type { RefundError } from "~/models/buying/refunds.server";
import type { RemoveProductError } from "~/models/admin/stores.server";
import type { UpdateUserError } from "~/models/admin/users.server";
import type { SaveSettingsError } from "~/models/admin/settings.server";

/** The administrator's views of one thing or one list (spec 7.4 get-order, get-store, get-user, get-products). */
type LookupError = "order-not-found" | "store-not-found" | "user-not-found" | "owner-required";

export const ADMIN_ERRORS: {
  lookup: Record<LookupError, ErrorAnswer>;
  removeProduct: Record<RemoveProductError, ErrorAnswer>;
  updateUser: Record<UpdateUserError, ErrorAnswer>;
  refund: Record<RefundError, ErrorAnswer>;
  transfer: Record<TransferError, ErrorAnswer>;
  saveSettings: Record<SaveSettingsError, ErrorAnswer>;
} = {
  lookup: {
    ...answers(404, { "order-not-found": "Order not found", "store-not-found": "Store not found", "user-not-found": "User not found" }),
    ...answers(400, { "owner-required": "owner is required" }),
  },
  saveSettings: answers(400, {
    "stripe-not-configured": "Stripe Tax needs Stripe: set STRIPE_SECRET_KEY first",
    "invalid-vat-number": "Enter a valid EU or UK VAT number, like DE136695976",
  }),
  removeProduct: {
    ...answers(404, { "not-found": "Product not found" }),
    ...answers(409, { "already-removed": "This product has already been removed." }),
  },
  updateUser: {
    ...answers(404, { "not-found": "User not found" }),
    ...answers(409, {
      "duplicate-email": "An account with this email address already exists, please login or use a different email address.",
    }),
    ...answers(400, {
      "reason-required": "Give a reason for the balance change",
      "no-store": "This user has no store, so there is no balance or payout account to change",
      "own-account": "You cannot deactivate or suspend your own account",
    }),
  },
  refund: {
    ...answers(404, { "not-found": "Order not found" }),
    ...answers(409, {
      "already-refunded": "This order has already been refunded.",
      "not-refundable": "Only Pending or Shipped orders can be refunded.",
      "in-progress": "A refund of this order is already in progress.",
    }),
    ...answers(502, { "provider-failed": "The payment provider could not refund this order. Nothing was changed; please try again." }),
  },
  transfer: {
    ...answers(404, { "not-found": "Transfer not found" }),
    ...answers(409, {
      "not-pending": "This transfer has already been processed.",
      "in-progress": "This transfer is already being paid out.",
      "not-onboarded": "The store has not finished payout onboarding with the payment provider.",
      "store-owes":
        "The store owes the platform as much as this transfer or more (its balance is below zero, e.g. after a refund), so approving would pay nothing out. Reject the transfer instead: its amount goes back to the balance and repays the debt.",
      "amount-changed":
        "What approving pays has changed since this page was loaded: the store's balance moved (a refund or a sale). Nothing was paid; check the new figures and approve again.",
    }),
    ...answers(502, { "provider-failed": "The payment provider could not be reached to pay out this transfer. It stays Pending; please try again." }),
  },
};
