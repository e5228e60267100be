/**
 * The error tables of issue 20, item 2: one `errors.ts` per domain, code -> { status, message }, read by the HTML
 * and the JSON face alike. These pin the answers both faces give, so a face cannot drift from the other.
 */
import { describe, expect, it } from "vitest";

import { ADMIN_ERRORS } from "~/models/admin/errors";
import { SELLING_ERRORS } from "~/models/selling/errors";

describe("the selling domain's one table", () => {
  it("a refused shipment is 404 for an order that is not the seller's and 409 for one that does not ship", () => {
    expect(SELLING_ERRORS.ship).toEqual({
      "not-found": { status: 404, message: "Order not found" },
      refunded: { status: 409, message: "This order was refunded and cannot be shipped." },
      digital: { status: 409, message: "Digital patterns are downloaded, not shipped." },
      "platform-ships": { status: 409, message: "Printed patterns are printed and shipped by the platform." },
    });
  });

  it("a refused label is 409 when the order does not ship, 400 for an incomplete address, 502 for the provider", () => {
    expect(SELLING_ERRORS.label["digital"]).toEqual({ status: 409, message: "Digital patterns are downloaded, not shipped: no label." });
    expect(SELLING_ERRORS.label["label-in-progress"].status).toBe(409);
    expect(SELLING_ERRORS.label["incomplete-to-address"]).toEqual({ status: 400, message: "The buyer's shipping address is incomplete." });
    expect(SELLING_ERRORS.label["label-provider-error"].status).toBe(502);
  });

  it("a refused withdrawal is 409 before payouts are set up and 400 without a balance", () => {
    expect(SELLING_ERRORS.withdraw).toEqual({
      "not-found": { status: 400, message: "Please setup your store first" },
      "not-onboarded": { status: 409, message: "Please finish setting up your payouts before withdrawing." },
      "not-enough-balance": { status: 400, message: "You don't have enough balance to withdraw" },
    });
  });
});

describe("the admin domain's one table", () => {
  it("answers the statuses the admin pages and /api/admin answered before", () => {
    const statuses = (table: Record<string, { status: number }>) => Object.fromEntries(Object.entries(table).map(([code, { status }]) => [code, status]));
    expect(statuses(ADMIN_ERRORS.removeProduct)).toEqual({ "not-found": 404, "already-removed": 409 });
    expect(statuses(ADMIN_ERRORS.updateUser)).toEqual({ "not-found": 404, "duplicate-email": 409, "reason-required": 400, "no-store": 400, "own-account": 400 });
    expect(statuses(ADMIN_ERRORS.refund)).toEqual({ "not-found": 404, "already-refunded": 409, "not-refundable": 409, "in-progress": 409, "provider-failed": 502 });
    expect(statuses(ADMIN_ERRORS.transfer)).toEqual({
      "not-found": 404,
      "not-pending": 409,
      "in-progress": 409,
      "not-onboarded": 409,
      "store-owes": 409,
      "amount-changed": 409,
      "provider-failed": 502,
    });
  });
});
