/**
 * The buying domain's error codes, with the status and text both faces answer: the HTML actions and the JSON
 * routes read this one table, so they cannot drift. Model functions return the codes only.
 */
import type { AddToCartError } from "~/models/buying/cart.server";
import type { CheckoutError } from "~/models/buying/checkout.server";
import type { DiscountError } from "~/models/buying/discounts.server";
import type { DownloadError } from "~/models/buying/downloads.server";
import type { RateError } from "~/models/buying/orders.server";
import type { AnswerRefundRequestError, RequestRefundError } from "~/models/buying/refund-requests.server";
import type { MadeToMeasureError } from "~/models/fit/made-to-measure-orders.server";
import { answers, type ErrorAnswer } from "~/models/answers";

type Answer = ErrorAnswer;

/** A discount code refused (decision 109): at the cart's code field, and as the JSON checkout's 400. */
const DISCOUNT_ANSWERS = answers(400, {
  "unknown-code": "This discount code does not exist. Please check its spelling.",
  "not-started": "This discount code is not valid yet.",
  expired: "This discount code has expired.",
  "used-up": "This discount code has been used up.",
  "not-applicable": "This discount code does not apply to the items in your cart.",
  "already-used": "You have already used this discount code.",
});

/**
 * A made-to-measure line refused (decision 115): when it is added and again at checkout. The zones concerned are
 * named after the text ("<message> (Bust / chest, Hip)") and listed as `zones` by the JSON face.
 */
const MADE_TO_MEASURE_ANSWERS: Record<MadeToMeasureError, Answer> = {
  ...answers(400, {
    "mtm-not-offered": "This design is not offered made to measure.",
    "mtm-printed": "Made to measure is offered for downloadable patterns only: a printed pattern is printed in its graded sizes.",
    "mtm-no-measurements": "To order your own size, please add your measurements in your settings first.",
    "mtm-incomplete": "This pattern's size chart needs measurements you have not given yet. Please add them in your settings",
    "mtm-outside-chart":
      "Your measurements are too far outside this pattern's sizes to make your size (at most one size beyond its smallest and largest)",
  }),
  ...answers(401, { "mtm-sign-in": "Please log in and add your measurements to order your own size." }),
};

export const BUYING_ERRORS: {
  addToCart: Record<AddToCartError, Answer>;
  checkout: Record<CheckoutError, Answer>;
  discount: Record<DiscountError | "empty-cart" | "rate-limited", Answer>;
  rate: Record<RateError, Answer>;
  download: Record<DownloadError, Answer>;
  requestRefund: Record<RequestRefundError, Answer>;
  answerRefundRequest: Record<AnswerRefundRequestError, Answer>;
  order: Record<"not-found", Answer>;
  refundRequests: Record<"bad-status", Answer>;
} = {
  /** The buyer's own order (spec 7.2 get-order): another user's is not found. */
  order: answers(404, { "not-found": "Order not found" }),
  /** The store's list of refund and cancel requests (decision 110), filtered by status. */
  refundRequests: answers(400, { "bad-status": "status must be open, accepted or declined" }),
  addToCart: {
    ...answers(400, {
      "not-found": "This product is no longer available.",
      "variant-required": "Please select a variant for each option.",
      "single-licence": "A downloadable pattern is one licence per buyer: its quantity is always 1.",
      "own-product": "You cannot buy your own design.",
    }),
    ...answers(409, {
      "out-of-stock": "Sorry, this variant is out of stock.",
      "already-owned": "You already own this pattern: download it from your purchase instead of buying it again.",
    }),
    ...MADE_TO_MEASURE_ANSWERS,
  },
  checkout: {
    ...answers(400, {
      "incomplete-profile": "Please complete your profile (shipping address and phone) before checking out.",
      "empty-cart": "Your cart is empty. Start shopping!",
      unavailable: "An item in your cart is no longer available. Please remove it and try again.",
      "print-us-only": "Printed patterns ship to addresses in the United States only: remove this printed pattern, or change your address in your settings.",
      "digital-consent-required":
        "Your cart holds a digital pattern: please confirm that you want the download now and understand you lose your right of withdrawal once it starts.",
    }),
    ...answers(409, {
      "already-owned": "You already own a downloadable pattern in your cart. Remove it and download it from your purchases.",
      "out-of-stock": "Sorry, an item in your cart is out of stock now. Please update your cart and try again.",
      superseded: "This checkout was replaced by a newer one. Please use the latest checkout.",
    }),
    ...answers(502, { "provider-failed": "The payment provider could not be reached. Please try again in a moment." }),
    // The account was deleted while the request was on its way (issue 34, item 1).
    ...answers(403, { "account-closed": "This account is closed." }),
    // A business buyer's VAT number (decision 123): the JSON face names the field `vat_number`.
    ...answers(400, {
      "vat-number-invalid": "Enter a valid EU or UK VAT number, like DE136695976, or leave it empty.",
      "vat-number-country": "This VAT number is not from the country of your address. Please check your profile or the number.",
      "vat-number-unknown":
        "This VAT number is not registered with the tax authority (VIES for EU numbers, HMRC for UK numbers), so VAT cannot be left to you. Please check it, or leave it empty.",
      "company-name-required": "Enter your company's name for the invoice.",
    }),
    ...answers(503, {
      "vies-unavailable": "The EU's VAT number service (VIES) could not be reached. Please try again, or leave the VAT number empty.",
      "hmrc-unavailable": "HMRC's VAT number service could not be reached. Please try again, or leave the VAT number empty.",
    }),
    ...DISCOUNT_ANSWERS,
    ...MADE_TO_MEASURE_ANSWERS,
  },
  discount: {
    ...DISCOUNT_ANSWERS,
    ...answers(400, { "empty-cart": "Your cart is empty. Start shopping!" }),
    // Too many refused codes (issue 34, item 7): the window is DISCOUNT_GUESSES' 15 minutes.
    ...answers(429, { "rate-limited": "Too many discount codes were refused. Please wait 15 minutes and try again." }),
  },
  rate: {
    ...answers(404, { "not-found": "Order not found" }),
    ...answers(409, {
      "already-reviewed": "You have already rated this order.",
      "not-delivered": "You can rate this product once your order has shipped.",
    }),
    ...answers(400, { "wrong-product": "That product is not part of this order." }),
  },
  download: {
    // Another user's order, a printed pattern or an order without a file: simply not found.
    ...answers(404, { "not-found": "Not found" }),
    ...answers(410, { refunded: "This order was refunded; its pattern is no longer available." }),
    // size=custom of an order that is not made to measure (decision 114).
    ...answers(404, { "no-measurements": "This order has no measurements, so there is no made-to-measure size to download." }),
  },
  // Refund and cancel requests (decision 110).
  requestRefund: {
    ...answers(404, { "not-found": "Order not found" }),
    ...answers(409, {
      refunded: "This order has been refunded already.",
      "already-open": "You have already asked about this order; the seller will answer soon.",
      "cancel-shipped": "This order has shipped, so it can no longer be cancelled. You can ask for a refund instead.",
      "cancel-digital": "A downloadable pattern cannot be cancelled. You can ask for a refund instead.",
    }),
  },
  answerRefundRequest: {
    ...answers(404, { "not-found": "Request not found" }),
    ...answers(400, { "answer-required": "Please tell the buyer why you decline." }),
    ...answers(409, {
      "already-answered": "This request has been answered already.",
      "not-refundable": "Only Pending or Shipped orders can be refunded.",
      "in-progress": "A refund of this order is already in progress.",
    }),
    ...answers(502, { "provider-failed": "The payment provider refused the refund. Nothing was changed; please try again." }),
  },
};

/** A refusal that names the product: "<message> (<name>)", as the cart shows it and the JSON face answers it. */
export function namedMessage(message: string, item: string | undefined): string {
  return item ? `${message} (${item})` : message;
}

/** A made-to-measure refusal with the zones it concerns (decision 115): "<message>: Bust / chest, Hip." */
export function zonedMessage(message: string, zones: string[] | undefined): string {
  return zones?.length ? `${message}: ${zones.join(", ")}.` : /[.!?]$/.test(message) ? message : `${message}.`;
}
