import { describe, expect, it } from "vitest";

import { discountCodeState } from "~/models/selling/discount-codes.server";

describe("a discount code's state in the seller's list (issue 34 item 17)", () => {
  const today = "2026-11-27";
  const code = (over: Partial<Parameters<typeof discountCodeState>[0]>) => ({ starts: null, ends: null, used: 0, maxUses: null, ...over });

  it("is live within its dates and under its limit", () => {
    expect(discountCodeState(code({}), today)).toBeNull();
    expect(discountCodeState(code({ starts: "2026-11-01", ends: today, used: 4, maxUses: 5 }), today)).toBeNull();
  });

  it("says Expired after its end date, Used up at its limit, Not started before its start date", () => {
    expect(discountCodeState(code({ ends: "2026-11-26" }), today)).toBe("Expired");
    expect(discountCodeState(code({ used: 5, maxUses: 5 }), today)).toBe("Used up");
    expect(discountCodeState(code({ starts: "2026-12-01" }), today)).toBe("Not started");
    // Past its end date is what a buyer is told first.
    expect(discountCodeState(code({ ends: "2026-01-31", used: 9, maxUses: 1 }), today)).toBe("Expired");
  });
});
