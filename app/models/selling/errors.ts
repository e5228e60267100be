/**
 * The selling domain's error codes, with the status and text both faces answer (issue 20, item 2): the seller's
 * HTML pages and the JSON routes read this one table, so they cannot drift. Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import { FILES_ERRORS } from "~/models/files/errors";
import type { PatternUnitsError, SaveDesignError } from "~/models/selling/designs.server";
import type { CreateCodeError, RemoveCodeError } from "~/models/selling/discount-codes.server";
import type { LabelUseError } from "~/models/selling/labels.server";
import type { ShipError } from "~/models/selling/orders.server";
import type { WithdrawalError } from "~/models/payments/ledger.server";

/**
 * What both faces answer a logged-in user without a store who makes a seller call (issue 19, decision 046): 404
 * with spec 5's text. Never 403: the spec's client logs the user out on any 403 (spec 4), and having no store is no
 * reason to end the session. `requireApiSeller` (every JSON seller call) and the Upload Design form's post read it.
 */
export const NO_STORE = { status: 404, message: "Please setup your store first" } as const;

/** The form field (and JSON key) each refusal of a new discount code is about: both faces name it. */
export const DISCOUNT_CODE_FIELDS: Record<CreateCodeError, "code" | "product_ids" | "ends"> = {
  "code-taken": "code",
  "unknown-product": "product_ids",
  ended: "ends",
};

export const SELLING_ERRORS: {
  design: Record<SaveDesignError, ErrorAnswer>;
  patternUnits: Record<PatternUnitsError, ErrorAnswer>;
  ship: Record<ShipError, ErrorAnswer>;
  label: Record<LabelUseError, ErrorAnswer>;
  withdraw: Record<WithdrawalError, ErrorAnswer>;
  discountCode: Record<CreateCodeError | RemoveCodeError, ErrorAnswer>;
  order: Record<"not-found", ErrorAnswer>;
  designForm: Record<"product-required" | "product-not-object" | "chart-not-saved", ErrorAnswer>;
  storeForm: Record<"nothing-to-update", ErrorAnswer>;
} = {
  /** One order of the seller's store (spec 7.3 get-own-order): another store's is not found. */
  order: answers(404, { "not-found": "Order not found" }),
  /** The JSON face's design form (spec 7.3 update-product): its `product` part, and a chart the sizes changed under. */
  designForm: {
    ...answers(400, { "product-required": "product is required", "product-not-object": "product must be a JSON object" }),
    // Only when the sizes changed between the check and the write: "<this>: <the chart's problem>".
    ...answers(409, { "chart-not-saved": "The design was saved, but not its size chart" }),
  },
  /** The JSON face's store form (spec 7.3 update-store): a body with none of its parts changes nothing. */
  storeForm: answers(400, {
    "nothing-to-update": "Nothing to update: send store, pdetails or media (JSON parts) or avatar, images or bio_video (files)",
  }),
  /** A seller's discount codes (decision 109). */
  discountCode: {
    ...answers(409, { "code-taken": "Your store already has this code" }),
    ...answers(400, { "unknown-product": "Choose designs of your own store", ended: "The end date has already passed: buyers could not use this code" }),
    ...answers(404, { "not-found": "Discount code not found" }),
  },
  /**
   * Saving a design (spec 2.4 /create-design and /edit-product/{id}, 7.3 update-product). A refused one answers
   * its first problem as the text (the JSON face) or every problem at its field (the form); these texts are the
   * fallback. `busy`: the pattern worker pool was full, with Retry-After.
   */
  design: {
    ...answers(400, { invalid: "Invalid request" }),
    ...answers(503, { busy: "The pattern file cannot be read right now. Please try again in a moment." }),
    ...answers(503, { unavailable: FILES_ERRORS.unavailable.message }),
    ...answers(404, { "not-found": "Product not found" }),
  },
  /** Reading the current pattern file again in the seller's units (the edit screen, decision 100). */
  patternUnits: {
    ...answers(404, { "not-found": "Product not found" }),
    ...answers(422, { unreadable: "The pattern file cannot be read in these units. Its reading was kept." }),
    ...answers(503, { busy: "The pattern file cannot be read right now. Please try again in a moment." }),
  },
  /** Shipping an order, by its seller or an administrator (spec 4). */
  ship: {
    ...answers(404, { "not-found": "Order not found" }),
    ...answers(409, {
      refunded: "This order was refunded and cannot be shipped.",
      digital: "Digital patterns are downloaded, not shipped.",
      "platform-ships": "Printed patterns are printed and shipped by the platform.",
    }),
  },
  /** Buying (or fetching again) an order's shipping label. */
  label: {
    ...answers(404, { "not-found": "Order not found" }),
    ...answers(409, {
      refunded: "This order was refunded: no label.",
      digital: "Digital patterns are downloaded, not shipped: no label.",
      "platform-ships": "Printed patterns are printed and shipped by the platform.",
      "label-in-progress": "A label for this order is being made right now. Please try again in a moment.",
    }),
    ...answers(400, {
      "incomplete-from-address": "Your profile address is incomplete: complete it in Settings to print the sender's address.",
      "incomplete-to-address": "The buyer's shipping address is incomplete.",
    }),
    ...answers(502, { "label-provider-error": "The shipping label could not be bought. Please try again later." }),
    ...answers(503, { "file-store-unavailable": "The shipping label could not be stored right now. Please try again in a moment." }),
  },
  /** Withdrawing the balance (spec 4). */
  withdraw: {
    ...answers(400, {
      "not-found": NO_STORE.message,
      "not-enough-balance": "You don't have enough balance to withdraw",
    }),
    ...answers(409, { "not-onboarded": "Please finish setting up your payouts before withdrawing." }),
  },
};
