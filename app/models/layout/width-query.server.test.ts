import { describe, expect, it } from "vitest";

import { parseTypedWidth, readWidthQuery } from "./width-query.server";

const q = (query: string) => readWidthQuery(new URLSearchParams(query));

describe("parseTypedWidth", () => {
  it("reads cm and inches into whole mm", () => {
    expect(parseTypedWidth("140", "cm")).toEqual({ ok: true, widthMm: 1400 });
    expect(parseTypedWidth(" 139,5 cm ", "cm")).toEqual({ ok: true, widthMm: 1395 });
    expect(parseTypedWidth("55", "in")).toEqual({ ok: true, widthMm: 1397 });
    expect(parseTypedWidth("45.5", "in")).toEqual({ ok: true, widthMm: 1156 });
    // A unit in the text wins over the selector's (issue 34, item 11).
    expect(parseTypedWidth("55 in", "cm")).toEqual({ ok: true, widthMm: 1397 });
    expect(parseTypedWidth('55"', "cm")).toEqual({ ok: true, widthMm: 1397 });
    expect(parseTypedWidth("140 cm", "in")).toEqual({ ok: true, widthMm: 1400 });
    expect(parseTypedWidth("1400 mm", "in")).toEqual({ ok: true, widthMm: 1400 });
  });

  it("refuses what is not a width in the range, saying the range in the unit typed", () => {
    expect(parseTypedWidth("abc", "cm")).toEqual({ ok: false, message: "Enter the width as a number. Enter a width between 50 and 320 cm." });
    for (const text of ["-140", "1e3", "Infinity", "NaN", "0x8c", "140.123", "", "99999"]) expect(parseTypedWidth(text, "cm").ok, text).toBe(false);
    expect(parseTypedWidth("20", "cm")).toEqual({ ok: false, message: "Enter a width between 50 and 320 cm." });
    expect(parseTypedWidth("300", "in")).toEqual({ ok: false, message: "Enter a width between 20 and 125 in." });
    expect(parseTypedWidth("x".repeat(5000), "cm").ok).toBe(false);
  });
});

describe("readWidthQuery", () => {
  it("takes the select's mm, or the typed width when there is one, or the default", () => {
    expect(q("")).toEqual({ kind: "default", unit: "cm" });
    expect(q("width=1400&width=&width_unit=cm")).toEqual({ kind: "chosen", widthMm: 1400, unit: "cm" });
    expect(q("width=1400")).toEqual({ kind: "chosen", widthMm: 1400, unit: "cm" });
    expect(q("width=1400&width=60&width_unit=in")).toEqual({ kind: "typed", widthMm: 1524, unit: "in", text: "60" });
    expect(q("width=100&width_unit=cm")).toEqual({ kind: "typed", widthMm: 1000, unit: "cm", text: "100" });
  });

  it("says what is wrong with a bad width, never throws", () => {
    expect(q("width=1400&width=5&width_unit=cm")).toMatchObject({ kind: "bad", text: "5", message: "Enter a width between 50 and 320 cm." });
    expect(q("width=99999")).toMatchObject({ kind: "bad" });
    expect(q("width=abc")).toMatchObject({ kind: "bad" });
    expect(q("width=1400&width=abc&width_unit=mm")).toMatchObject({ kind: "bad", unit: "cm" });
  });
});
