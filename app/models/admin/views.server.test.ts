import { describe, expect, it } from "vitest";

import { toOrderAuditView } from "./views.server";

const refund = (from: string) => ({ id: 1, action: "refund", adminEmail: "admin@patternhouse.test", details: { from, refundedCents: 1999 }, createdAt: new Date("2026-11-20T10:00:00Z") });

describe("an order's audit trail", () => {
  it("says the status the buyer saw: a download pattern's Pending was 'Ready for Download', other orders' stays", () => {
    expect(toOrderAuditView([refund("Pending")], { productType: "Pattern", delivery: "Digital" })[0]!.details).toEqual({ from: "Ready for Download", refundedCents: 1999 });
    expect(toOrderAuditView([refund("Pending")], { productType: "Pattern", delivery: "Print" })[0]!.details.from).toBe("Pending");
    expect(toOrderAuditView([refund("Shipped")], { productType: "Ready", delivery: null })[0]!.details.from).toBe("Shipped");
  });
});
