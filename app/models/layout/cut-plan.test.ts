import { describe, expect, it } from "vitest";

import { checkCutOrder, CUT_ORDER_DEFAULT_GAP_MM, estimateLength, markerKey, solveCutPlan, type SizeCounts } from "./cut-plan";

/** A marker's length: 1,000 mm a garment alone, 850 mm a garment once several lie together. */
const lengthOf = (sizes: SizeCounts) => {
  const g = Object.values(sizes).reduce((s, n) => s + n, 0);
  return g === 1 ? 1000 : 850 * g;
};

describe("solveCutPlan", () => {
  it("cuts every garment exactly once, within the table and the plies, at the least fabric", () => {
    const quantities = { "36": 2, "38": 4, "40": 4, "42": 2 };
    const result = solveCutPlan({ quantities, tableMm: 6000, endMm: 50, maxPlies: 40, maxGarments: 20, lengthOf });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cut: SizeCounts = {};
    for (const m of result.plan.markers) {
      expect(m.lengthMm + 100).toBeLessThanOrEqual(6000);
      expect(m.plies).toBeGreaterThanOrEqual(1);
      expect(m.plies).toBeLessThanOrEqual(40);
      for (const [s, n] of Object.entries(m.sizes)) cut[s] = (cut[s] ?? 0) + n * m.plies;
    }
    expect(cut).toEqual(quantities);
    // 12 garments at 850 mm each (never a garment alone): 10,200 mm, in one marker of 6 garments (5,100 mm) × 2 plies.
    expect(result.plan.totalMm).toBe(10_200);
    expect(result.plan.markers.map((m) => [markerKey(m.sizes), m.plies])).toEqual([["36x1,38x2,40x2,42x1", 2]]);
  });

  it("plans a long size run whose mixed markers pass the candidates' limit: every size still has markers of its own", () => {
    // 15 sizes × 5 of a small garment (300 mm a garment): far more multisets fit the table than are enumerated.
    const small = (sizes: SizeCounts) => 300 * Object.values(sizes).reduce((s, n) => s + n, 0);
    const quantities = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [String(34 + 2 * i), 5]));
    const result = solveCutPlan({ quantities, tableMm: 6000, endMm: 20, maxPlies: 40, maxGarments: 25, lengthOf: small });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cut: SizeCounts = {};
    for (const m of result.plan.markers) for (const [s, n] of Object.entries(m.sizes)) cut[s] = (cut[s] ?? 0) + n * m.plies;
    expect(cut).toEqual(quantities);
    expect(result.plan.totalMm).toBe(300 * 75);
  });

  it("keeps to the most plies and the table", () => {
    const result = solveCutPlan({ quantities: { M: 7 }, tableMm: 2000, endMm: 0, maxPlies: 3, maxGarments: 20, lengthOf });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const m of result.plan.markers) expect(m.plies).toBeLessThanOrEqual(3);
    expect(result.plan.markers.reduce((s, m) => s + m.plies * m.sizes.M!, 0)).toBe(7);
    // Two garments (1,700 mm) fit a 2,000 mm table, three do not: 3 plies of 2, then 1 of 1.
    expect(result.plan.markers.map((m) => [markerKey(m.sizes), m.plies])).toEqual([
      ["Mx2", 3],
      ["Mx1", 1],
    ]);
  });

  it("uses only the allowed markers (those nested), still finding the larger ones among them", () => {
    const nested = new Set(["36x1", "38x1", "36x1,38x1"]);
    const result = solveCutPlan({ quantities: { "36": 2, "38": 2 }, tableMm: 6000, endMm: 0, maxPlies: 40, maxGarments: 20, lengthOf, allowed: (m) => nested.has(markerKey(m)) });
    expect(result.ok && result.plan.markers.map((m) => [markerKey(m.sizes), m.plies])).toEqual([["36x1,38x1", 2]]);
  });

  it("names a size whose one garment is longer than the table", () => {
    expect(solveCutPlan({ quantities: { S: 1, XL: 1 }, tableMm: 1050, endMm: 50, maxPlies: 5, maxGarments: 20, lengthOf: (s) => (s.XL ? 1200 : 900) })).toEqual({
      ok: false,
      error: "size_too_long",
      size: "XL",
    });
  });

  it("finishes a large run within its budget", () => {
    const quantities = { "34": 300, "36": 500, "38": 500, "40": 400, "42": 300 };
    const result = solveCutPlan({ quantities, tableMm: 8000, endMm: 100, maxPlies: 60, maxGarments: 20, lengthOf });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cut: SizeCounts = {};
    for (const m of result.plan.markers) for (const [s, n] of Object.entries(m.sizes)) cut[s] = (cut[s] ?? 0) + n * m.plies;
    expect(cut).toEqual(quantities);
  });
});

describe("estimateLength", () => {
  it("grows the efficiency with the garments laid together, never below a size alone", () => {
    const facts = { A: { lengthMm: 1000, areaMm2: 1000 * 1500 * 0.7 } };
    expect(estimateLength({ A: 1 }, facts, 1500)).toBeCloseTo(1000);
    const four = estimateLength({ A: 4 }, facts, 1500);
    expect(four).toBeLessThan(4000);
    expect(four).toBeGreaterThan((4 * 1000 * 0.7) / 0.92);
  });
});

describe("checkCutOrder", () => {
  const pattern = {
    sizes: ["36", "38"],
    materials: ["fabric", "lining"],
    pieces: [
      { size: "36", material: "fabric", name: "Front", width: 400, length: 900 },
      { size: "38", material: "fabric", name: "Back", width: 450, length: 1100 },
      { size: "38", material: "lining", name: "Facing", width: 1400, length: 300 },
    ],
  };
  const good = { sizes: { "36": "2", "38": "1" }, width_mm: "1500", table_mm: "6000", max_plies: "40", nap: "one-way", gap_mm: "5", margin_mm: "10", end_mm: "20" };
  const check = (change: Record<string, unknown>) => checkCutOrder({ ...good, ...change }, pattern, { min: 500, max: 3200 });

  it("takes a good order, in the pattern's order of sizes, the main material by default", () => {
    expect(check({})).toEqual({
      ok: true,
      order: { sizes: { "36": 2, "38": 1 }, widthMm: 1500, tableMm: 6000, maxPlies: 40, nap: "one-way", gapMm: 5, marginMm: 10, endMm: 20, materials: ["fabric"] },
    });
  });

  it("lays pieces 2 mm apart when the order gives no gap (a blade's path, not a layout's 5 mm for scissors)", () => {
    const result = check({ gap_mm: "" });
    expect(result.ok && result.order.gapMm).toBe(2);
    expect(CUT_ORDER_DEFAULT_GAP_MM).toBe(2);
  });

  it.each([
    [{ sizes: { "44": 1 } }, "sizes", "Size 44 is not a size of this pattern"],
    [{ sizes: { "36": 501 } }, "sizes", "Cut at most 500 of size 36"],
    [{ sizes: { "36": 500, "38": 500 }, more: 1 }, null, null],
    [{ sizes: {} }, "sizes", "Enter how many garments to cut of at least one size"],
    [{ width_mm: "400" }, "width_mm", "Enter a fabric width from 500 to 3200 mm"],
    [{ max_plies: "0" }, "max_plies", "Enter the most plies as a whole number from 1 to 1000"],
    [{ nap: "sideways" }, "nap", "Choose one-way or two-way"],
    [{ table_mm: "1100" }, "table_mm", "The piece Back (size 38) is 1100 mm long: longer than the table less the end allowances"],
    [{ width_mm: "500" }, null, null],
    [{ materials: ["lining"], width_mm: "1410" }, "width_mm", "The piece Facing (size 38) is 1400 mm wide: wider than the fabric less the selvedge margins"],
    [{ materials: ["wool"] }, "materials", "Choose materials of this pattern: fabric, lining"],
  ])("refuses %j naming the field", (change, field, message) => {
    const result = check(change);
    if (field === null) return expect(result.ok).toBe(true);
    expect(result).toEqual({ ok: false, field, message });
  });

  it("refuses more than 2,000 garments in all", () => {
    const result = checkCutOrder({ ...good, sizes: { "36": 500, "38": 500 } }, { ...pattern, sizes: ["36", "38", "40", "42", "44"] }, { min: 500, max: 3200 });
    expect(result.ok).toBe(true);
    const many = checkCutOrder({ ...good, sizes: { "36": 500, "38": 500, "40": 500, "42": 500, "44": 1 } }, { ...pattern, sizes: ["36", "38", "40", "42", "44"] }, { min: 500, max: 3200 });
    expect(many).toEqual({ ok: false, field: "sizes", message: "Cut at most 2,000 garments in one plan" });
  });
});
