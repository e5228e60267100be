/**
 * The buying domain's error codes, with the status and text both faces answer: the HTML actions and the JSON
 * routes read this one table, so they cannot drift. Model functions return the codes only.
 */
import type { AddToCartError } from "~/models/buying/cart.server";
import type { CheckoutError } from "~/models/buying/checkout.server";
import type { DownloadError } from "~/models/buying/downloads.server";
import type { RateError } from "~/models/buying/orders.server";

type Answer = { status: 400 | 404 | 409 | 410 | 502; message: string };

export const BUYING_ERRORS: {
  addToCart: Record<AddToCartError, Answer>;
  checkout: Record<CheckoutError, Answer>;
  rate: Record<RateError, Answer>;
  download: Record<DownloadError, Answer>;
} = {
  addToCart: {
    "not-found": { status: 400, message: "This product is no longer available." },
    "variant-required": { status: 400, message: "Please select a variant for each option." },
    "out-of-stock": { status: 409, message: "Sorry, this variant is out of stock." },
  },
  checkout: {
    "incomplete-profile": { status: 400, message: "Please complete your profile (shipping address and phone) before checking out." },
    "empty-cart": { status: 400, message: "Your cart is empty. Start shopping!" },
    unavailable: { status: 400, message: "An item in your cart is no longer available. Please remove it and try again." },
    "out-of-stock": { status: 409, message: "Sorry, an item in your cart is out of stock now. Please update your cart and try again." },
    "provider-failed": { status: 502, message: "The payment provider could not be reached. Please try again in a moment." },
    superseded: { status: 409, message: "This checkout was replaced by a newer one. Please use the latest checkout." },
  },
  rate: {
    "not-found": { status: 404, message: "Order not found" },
    "already-reviewed": { status: 409, message: "You have already rated this order." },
    "wrong-product": { status: 400, message: "That product is not part of this order." },
  },
  download: {
    // Another user's order, a printed pattern or an order without a file: simply not found.
    "not-found": { status: 404, message: "Not found" },
    refunded: { status: 410, message: "This order was refunded; its pattern is no longer available." },
  },
};
