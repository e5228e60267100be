import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import { cutsOf } from "./pieces";
import { emptyZoneValues, type SizeChart } from "~/utils/measurements";
import { customPiecesDxf } from "./dxf-writer.server";
import { CUSTOM_SIZE, customPieces } from "./interpolate";

const FILES = ["GMH1006F18_ASTM.DXF", "GMX1416S18_AAMA.DXF", "drill-holes.DXF", "mirrored.DXF", "GMH2446F17_INCLALLOWANCE_ASTM.DXF"];

describe.each(FILES)("the custom pieces of %s as a DXF", (name) => {
  it("read back by our reader as the same pieces (names, size custom, cuts, category, fold, marks, outline), stamped", () => {
    const read = readPattern(cadFixtures().find((f) => f.name === name)!.bytes);
    if (!read.ok) throw new Error(read.message);
    const pattern = read.pattern;
    const chart: SizeChart = {
      unit: "cm",
      madeToMeasure: true,
      rows: pattern.sizes.map((size, k) => ({ size, body: { ...emptyZoneValues(), bust: 800 + 40 * k, hip: 900 + 40 * k }, finished: { bust: null, waist: null, hip: null } })),
    };
    const result = customPieces(pattern, chart, { unit: "cm", ...emptyZoneValues(), bust: 800 + 40 * 3.5, hip: 900 + 40 * 4.2 });
    if (!result.ok) throw new Error(result.message);
    const dxf = customPiecesDxf(result.pieces, "Order #12 · buyer@example.com");
    expect(dxf.startsWith("999\nOrder #12 \\U+00B7 buyer@example.com\n")).toBe(true);
    const back = readPattern(dxf);
    if (!back.ok) throw new Error(back.message);
    expect(back.pattern.units).toBe("mm");
    expect(back.pattern.sizes).toEqual([CUSTOM_SIZE]);
    expect(back.pattern.pieces.map((p) => p.name)).toEqual(result.pieces.map((p) => p.name));
    back.pattern.pieces.forEach((p, i) => {
      const want = result.pieces[i];
      expect(p.size).toBe(CUSTOM_SIZE);
      expect(cutsOf(p)).toEqual(cutsOf(want));
      expect(p.quantity).toBe(want.quantity);
      expect(p.category).toBe(want.category);
      expect(!!p.onFold, p.name).toBe(!!want.onFold);
      expect(p.notches.length).toBe(want.notches.length);
      expect(p.drill.length).toBe(want.drill.length);
      expect(p.internal.length).toBe(want.internal.length);
      expect(p.sewLines.length).toBe(want.sewLines.length);
      expect(p.boundary.length).toBe(want.boundary.length);
      p.boundary.forEach((q, j) => expect(Math.hypot(q[0] - want.boundary[j][0], q[1] - want.boundary[j][1])).toBeLessThan(0.01));
      expect(Math.abs(p.bbox.width - want.bbox.width)).toBeLessThan(0.02);
      expect(Math.abs(p.bbox.height - want.bbox.height)).toBeLessThan(0.02);
      expect(Math.abs(p.area - want.area) / want.area).toBeLessThan(1e-4);
    });
  });
});
