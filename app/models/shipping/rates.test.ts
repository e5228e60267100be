import { describe, expect, it } from "vitest";

import { RATES } from "../../../tests/unit/shipping-fixtures";
import { isDomestic, parseShippingOverride, sellerCreditCents, storeShippingCharges, stringifyShippingOverride, type ShippingRates } from "~/models/shipping/rates";
import { ShippingRatesSchema } from "~/schemas/shipping";

describe("storeShippingCharges", () => {
  it("charges the highest first-item rate once and every other unit its additional rate", () => {
    const big: ShippingRates = { ...RATES, domesticFirstCents: 900, domesticAdditionalCents: 300 };
    // Line 2 has the highest first-item rate: 900 + 2 x 300; line 1 three additional units at 200.
    expect(storeShippingCharges([{ quantity: 3, unitPriceCents: 1000, rates: RATES }, { quantity: 3, unitPriceCents: 1000, rates: big }], true)).toEqual([600, 1500]);
  });

  it("uses the international rates for a buyer abroad; ties go to the earlier line", () => {
    expect(storeShippingCharges([{ quantity: 1, unitPriceCents: 1000, rates: RATES }, { quantity: 2, unitPriceCents: 1000, rates: RATES }], false)).toEqual([1500, 1400]);
  });

  it("ships free at free_above exactly, and charges one cent below it", () => {
    const lines = (free: number) => [{ quantity: 2, unitPriceCents: 2500, rates: { ...RATES, freeAboveCents: free } }];
    expect(storeShippingCharges(lines(5000), true)).toEqual([0]);
    expect(storeShippingCharges(lines(5001), true)).toEqual([700]);
  });

  it("a line without rates ships free and takes no first-item rate", () => {
    expect(storeShippingCharges([{ quantity: 2, unitPriceCents: 1000, rates: null }, { quantity: 1, unitPriceCents: 1000, rates: RATES }], true)).toEqual([0, 500]);
  });

  it("the lines' charges add up to the store's shipping to the cent, whatever the mix", () => {
    for (let seed = 1; seed < 200; seed++) {
      const lines = [1, 2, 3].map((k) => ({
        quantity: ((seed * k) % 4) + 1,
        unitPriceCents: 999 * k,
        rates: { ...RATES, domesticFirstCents: (seed * 37 * k) % 1000, domesticAdditionalCents: (seed * 13 * k) % 400 },
      }));
      const charges = storeShippingCharges(lines, true);
      const firsts = lines.map((l) => l.rates.domesticFirstCents);
      const leader = firsts.indexOf(Math.max(...firsts));
      const expected = lines.reduce((sum, l, i) => sum + (i === leader ? l.rates.domesticFirstCents + (l.quantity - 1) * l.rates.domesticAdditionalCents : l.quantity * l.rates.domesticAdditionalCents), 0);
      expect(charges.reduce((a, b) => a + b, 0)).toBe(expected);
    }
  });
});

describe("rates in and out", () => {
  it("parses dollars to cents; blank free_above is none; bad amounts are refused with a field", () => {
    expect(ShippingRatesSchema.parse({ domestic_first: "5", domestic_additional: 2, international_first: "15.00", international_additional: " 7 ", free_above: "" })).toEqual({
      ...RATES,
    });
    for (const bad of ["-1", "abc", "1.234", "1001", null, true]) {
      const result = ShippingRatesSchema.safeParse({ domestic_first: bad, domestic_additional: 0, international_first: 0, international_additional: 0 });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]!.path).toEqual(["domestic_first"]);
    }
  });

  it("an override round-trips through its JSON column; a broken one is ignored", () => {
    expect(parseShippingOverride(stringifyShippingOverride(RATES))).toEqual(RATES);
    expect(parseShippingOverride('{"domesticFirstCents":-5}')).toBeNull();
    expect(parseShippingOverride("not json")).toBeNull();
    expect(parseShippingOverride(null)).toBeNull();
  });

  it("domestic compares countries without case; an unknown buyer country is domestic", () => {
    expect(isDomestic("us", " US")).toBe(true);
    expect(isDomestic("FR", "US")).toBe(false);
    expect(isDomestic("", "US")).toBe(true);
    expect(isDomestic(null, "US")).toBe(true);
  });

  it("the seller is credited apparel shipping without a fee on it; a printed pattern's pss stays the platform's", () => {
    expect(sellerCreditCents({ productType: "Ready", amountCents: 8999, feeCents: 1350, shippingCents: 500 })).toBe(8149);
    expect(sellerCreditCents({ productType: "Pattern", amountCents: 2000, feeCents: 700, shippingCents: 1000 })).toBe(1300);
  });
});

describe("a design's override as sent", () => {
  it("null or blank fields clear it; a full set parses; a bad one names its field under the prefix", async () => {
    const { parseShippingOverrideInput } = await import("~/schemas/shipping");
    expect(parseShippingOverrideInput(null)).toEqual({ ok: true, rates: null });
    expect(parseShippingOverrideInput({ ship_domestic_first: "" }, "ship_")).toEqual({ ok: true, rates: null });
    expect(parseShippingOverrideInput({ domestic_first: 5, domestic_additional: 2, international_first: 15, international_additional: 7, free_above: null })).toEqual({ ok: true, rates: RATES });
    expect(parseShippingOverrideInput({ domestic_first: 5 })).toMatchObject({ ok: false, errors: { "shipping_override.domestic_additional": expect.any(Array) } });
    expect(parseShippingOverrideInput("5")).toEqual({ ok: false, errors: { shipping_override: ["shipping_override must be an object of rates or null"] } });
    expect(parseShippingOverrideInput([1])).toMatchObject({ ok: false });
  });
});
