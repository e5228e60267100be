import { describe, expect, it } from "vitest";

import { DESIGN_API_FIELDS, DESIGN_FORM_FIELDS, DESIGN_MESSAGES, designFileKey, designProblemsAt, validateDesign } from "./selling";

const valid = { name: "Tote", desc: "A tote.", price: "12.34", type: "Made", category1: "Home", category2: "kitchen", parcel_size: "Small" };

describe("validateDesign (spec 5)", () => {
  it("accepts a valid design, price to cents, and drops what does not belong to the availability", () => {
    expect(validateDesign({ ...valid, delivery: "Print", variants: [{ value: "One", inventory: "3" }] })).toEqual({
      ok: true,
      value: { ...valid, desc: "A tote.", priceCents: 1234, delivery: null, terms: "", parcel_size: "Small", variants: [{ value: "One", sku: "", inventory: 3 }], price: undefined },
    });
    const pattern = validateDesign({ ...valid, type: "Pattern", delivery: "Digital", variants: [{ value: "S" }] });
    expect(pattern.ok && [pattern.value.parcel_size, pattern.value.variants]).toEqual([null, []]);
    expect(validateDesign({ ...valid, price: 5 }).ok).toBe(true);
  });

  it.each([
    ["4.99", DESIGN_MESSAGES.priceTooLow],
    ["-1", DESIGN_MESSAGES.priceTooLow],
    ["1e9", DESIGN_MESSAGES.priceTooHigh],
    ["abc", DESIGN_MESSAGES.priceNotNumber],
    ["", DESIGN_MESSAGES.priceRequired],
    ["5.001", DESIGN_MESSAGES.priceStep],
  ])("price %j: %s", (price, message) => {
    expect(validateDesign({ ...valid, price })).toEqual({ ok: false, errors: { price: [message] } });
  });

  it("reports every field at once", () => {
    expect(
      validateDesign({
        name: "n".repeat(51),
        desc: "d".repeat(251),
        price: "10",
        type: "Ready",
        category1: "Pets",
        category2: "dresses",
        variants: [{ value: "", inventory: "1.5" }, { value: "M", inventory: "-2" }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: [DESIGN_MESSAGES.nameTooLong],
        desc: [DESIGN_MESSAGES.descTooLong],
        parcel_size: [DESIGN_MESSAGES.parcelRequired],
        category2: [DESIGN_MESSAGES.subcategoryMismatch],
        "variants[0].value": [DESIGN_MESSAGES.variantValueRequired],
        "variants[0].inventory": [DESIGN_MESSAGES.quantityInteger],
        "variants[1].inventory": [DESIGN_MESSAGES.quantityNegative],
      },
    });
    expect(validateDesign({})).toMatchObject({
      ok: false,
      errors: { name: [DESIGN_MESSAGES.nameRequired], desc: [DESIGN_MESSAGES.descRequired], type: [DESIGN_MESSAGES.typeRequired] },
    });
    expect(validateDesign({ ...valid, type: "Pattern" })).toEqual({ ok: false, errors: { delivery: [DESIGN_MESSAGES.deliveryRequired] } });
  });
});

describe("a refused design's problems at each face's fields", () => {
  const problems = { media: ["m"], name: ["n"], patternNote: ["p"], "variants[0].value": ["v"] };
  it("keeps the order (the JSON face answers the first) and renames only what a face names otherwise", () => {
    expect(Object.entries(designProblemsAt(problems, DESIGN_FORM_FIELDS))).toEqual([
      ["media", ["m"]],
      ["name", ["n"]],
      ["pattern_note", ["p"]],
      ["variants[0].value", ["v"]],
    ]);
    expect(Object.keys(designProblemsAt(problems, DESIGN_API_FIELDS))).toEqual(["images", "name", "pattern_note", "variants[0].value"]);
  });
  it("reads spec 7.3's images as the design's media", () => {
    expect(["images", "media", "sizeChart", "pattern"].map(designFileKey)).toEqual(["media", "media", "sizeChart", "pattern"]);
  });
});
