import { describe, expect, it } from "vitest";

import { layoutSettingsFromJson, parseLayoutForm, type LayoutFormValues } from "./layout";

const form = (unit: "cm" | "in", widths: string[], gap = "", selvedge = ""): LayoutFormValues => ({ unit, widths: [...widths, "", "", "", "", ""].slice(0, 5), gap, selvedge });

describe("the Cutting layouts fieldset", () => {
  it("turns widths typed in cm or in into whole mm, skipping blank boxes", () => {
    expect(parseLayoutForm(form("cm", ["140", "", " 112.5 "], "8"))).toEqual({ ok: true, settings: { widthsMm: [1400, 1125], gapMm: 8, selvedgeMm: null } });
    expect(parseLayoutForm(form("in", ["45", "60in"]))).toEqual({ ok: true, settings: { widthsMm: [1143, 1524], gapMm: null, selvedgeMm: null } });
    expect(parseLayoutForm(form("cm", []))).toEqual({ ok: true, settings: { widthsMm: null, gapMm: null, selvedgeMm: null } });
    // The buyers' rule (issue 34, item 11): a unit in the text wins over the selector; a decimal comma is a point.
    expect(parseLayoutForm(form("cm", ["55 in", "139,5"]))).toEqual({ ok: true, settings: { widthsMm: [1397, 1395], gapMm: null, selvedgeMm: null } });
    expect(parseLayoutForm(form("cm", [], "0"))).toEqual({ ok: true, settings: { widthsMm: null, gapMm: 0, selvedgeMm: null } });
    // The selvedge margin (issue 47): whole mm, blank for none.
    expect(parseLayoutForm(form("cm", [], "", "15 mm"))).toEqual({ ok: true, settings: { widthsMm: null, gapMm: null, selvedgeMm: 15 } });
    expect(parseLayoutForm(form("cm", [], "", "101"))).toEqual({ ok: false, errors: { layout_selvedge: ["Enter the selvedge margin in whole millimetres, from 0 to 100"] } });
  });

  it("refuses each bad box at its field, in the unit typed", () => {
    const result = parseLayoutForm(form("in", ["55", "abc", "200", "55.01", "1e3"], "60"));
    expect(result).toEqual({
      ok: false,
      errors: {
        layout_width_1: ["Enter a width in in, like 55"],
        layout_width_2: ["A fabric width is between 19.7 and 125.9 in"],
        layout_width_3: ["This width is already listed"],
        layout_width_4: ["Enter a width in in, like 55"],
        layout_gap: ["Enter the gap in whole millimetres, from 0 to 50"],
      },
    });
    // "140,5" is 140.5 cm, as on the product page (issue 34, item 11).
    expect(parseLayoutForm(form("cm", ["49.9", "-140", "140,5", "12O"], "2.5"))).toEqual({
      ok: false,
      errors: {
        layout_width_0: ["A fabric width is between 50 and 320 cm"],
        layout_width_1: ["Enter a width in cm, like 140"],
        layout_width_3: ["Enter a width in cm, like 140"],
        layout_gap: ["Enter the gap in whole millimetres, from 0 to 50"],
      },
    });
  });
});

describe("update-product's layout keys", () => {
  const none = { widthsMm: null, gapMm: null, selvedgeMm: null };
  it("keeps what is stored for a key left out; null or [] is the standard", () => {
    expect(layoutSettingsFromJson({ name: "x" }, none)).toEqual({ ok: true, settings: null });
    expect(layoutSettingsFromJson({ layout_gap_mm: 3 }, { widthsMm: [1400], gapMm: null, selvedgeMm: null })).toEqual({ ok: true, settings: { widthsMm: [1400], gapMm: 3, selvedgeMm: null } });
    expect(layoutSettingsFromJson({ layout_widths_mm: [1500, 1143] }, { widthsMm: null, gapMm: 7, selvedgeMm: null })).toEqual({ ok: true, settings: { widthsMm: [1500, 1143], gapMm: 7, selvedgeMm: null } });
    expect(layoutSettingsFromJson({ layout_widths_mm: [], layout_gap_mm: null }, { widthsMm: [1400], gapMm: 7, selvedgeMm: null })).toEqual({ ok: true, settings: none });
    expect(layoutSettingsFromJson({ layout_widths_mm: null }, { widthsMm: [1400], gapMm: 7, selvedgeMm: null })).toEqual({ ok: true, settings: { widthsMm: null, gapMm: 7, selvedgeMm: null } });
  });

  it("names the bad key or the bad width", () => {
    expect(layoutSettingsFromJson({ layout_widths_mm: "1400" }, none)).toMatchObject({ ok: false, field: "layout_widths_mm" });
    expect(layoutSettingsFromJson({ layout_widths_mm: [600, 700, 800, 900, 1000, 1100] }, none)).toMatchObject({ ok: false, field: "layout_widths_mm" });
    expect(layoutSettingsFromJson({ layout_widths_mm: [1400, 140] }, none)).toMatchObject({ ok: false, field: "layout_widths_mm[1]" });
    expect(layoutSettingsFromJson({ layout_widths_mm: [1400, "1500"] }, none)).toMatchObject({ ok: false, field: "layout_widths_mm[1]" });
    expect(layoutSettingsFromJson({ layout_widths_mm: [1400, 1400.5] }, none)).toMatchObject({ ok: false, field: "layout_widths_mm[1]" });
    expect(layoutSettingsFromJson({ layout_widths_mm: [1400, 1400] }, none)).toMatchObject({ ok: false, field: "layout_widths_mm[1]", message: "layout_widths_mm[1]: This width is already listed" });
    expect(layoutSettingsFromJson({ layout_gap_mm: "5" }, none)).toMatchObject({ ok: false, field: "layout_gap_mm" });
    expect(layoutSettingsFromJson({ layout_gap_mm: 51 }, none)).toMatchObject({ ok: false, field: "layout_gap_mm" });
    expect(layoutSettingsFromJson({ layout_selvedge_mm: 12.5 }, none)).toMatchObject({ ok: false, field: "layout_selvedge_mm" });
    expect(layoutSettingsFromJson({ layout_selvedge_mm: 20 }, { ...none, gapMm: 7 })).toEqual({ ok: true, settings: { widthsMm: null, gapMm: 7, selvedgeMm: 20 } });
  });
});
