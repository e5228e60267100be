import { describe, expect, it } from "vitest";

import { lineFeeCents, percentOfCents, unitFeeCents } from "~/models/buying/fees.server";

// The seeded defaults: margin 15 %, min fee $2, pattern margin 10 %, pattern min $1, flat fee $5.
const settings = { marginBp: 1500, minFeeCents: 200, marginPatternBp: 1000, minFeePatternCents: 100, flatFeeCents: 500 };

describe("percentOfCents", () => {
  it("rounds half up to the cent", () => {
    expect(percentOfCents(1005, 1500)).toBe(151); // 150.75
    expect(percentOfCents(1010, 1500)).toBe(152); // 151.5 -> 152
    expect(percentOfCents(1003, 1500)).toBe(150); // 150.45
    expect(percentOfCents(1235, 1000)).toBe(124); // 123.5 -> 124
    expect(percentOfCents(1234, 1000)).toBe(123); // 123.4
  });
});

describe("platform fee per product kind", () => {
  it("Made and Ready: the larger of price x margin and min_fee", () => {
    expect(unitFeeCents({ unitPriceCents: 8999, type: "Made", delivery: null }, settings)).toBe(1350); // 1349.85
    expect(unitFeeCents({ unitPriceCents: 4550, type: "Ready", delivery: null }, settings)).toBe(683); // 682.5
    expect(unitFeeCents({ unitPriceCents: 1000, type: "Ready", delivery: null }, settings)).toBe(200); // 150 < min
  });

  it("Digital pattern: the larger of price x pattern margin and the pattern minimum", () => {
    expect(unitFeeCents({ unitPriceCents: 1599, type: "Pattern", delivery: "Digital" }, settings)).toBe(160);
    expect(unitFeeCents({ unitPriceCents: 1250, type: "Pattern", delivery: "Digital" }, settings)).toBe(125);
    expect(unitFeeCents({ unitPriceCents: 800, type: "Pattern", delivery: "Digital" }, settings)).toBe(100); // 80 < min
  });

  it("Printed pattern: the pattern fee plus the flat printing fee", () => {
    expect(unitFeeCents({ unitPriceCents: 2000, type: "Pattern", delivery: "Print" }, settings)).toBe(700);
    expect(unitFeeCents({ unitPriceCents: 1455, type: "Pattern", delivery: "Print" }, settings)).toBe(646); // 145.5 -> 146 + 500
    expect(unitFeeCents({ unitPriceCents: 900, type: "Pattern", delivery: "Print" }, settings)).toBe(600); // min 100 + 500
  });

  it("never exceeds the price", () => {
    expect(unitFeeCents({ unitPriceCents: 500, type: "Pattern", delivery: "Print" }, settings)).toBe(500);
    expect(unitFeeCents({ unitPriceCents: 150, type: "Made", delivery: null }, settings)).toBe(150);
    expect(unitFeeCents({ unitPriceCents: 50, type: "Pattern", delivery: "Digital" }, settings)).toBe(50);
  });

  it("a line of several units is the unit fee times the quantity", () => {
    expect(lineFeeCents({ unitPriceCents: 4550, quantity: 3, type: "Ready", delivery: null }, settings)).toBe(2049);
    expect(lineFeeCents({ unitPriceCents: 2000, quantity: 2, type: "Pattern", delivery: "Print" }, settings)).toBe(1400);
  });

  it("follows other settings", () => {
    const other = { marginBp: 1250, minFeeCents: 0, marginPatternBp: 2000, minFeePatternCents: 0, flatFeeCents: 0 };
    expect(unitFeeCents({ unitPriceCents: 1001, type: "Made", delivery: null }, other)).toBe(125); // 125.125
    expect(unitFeeCents({ unitPriceCents: 1003, type: "Pattern", delivery: "Print" }, other)).toBe(201); // 200.6
  });
});
