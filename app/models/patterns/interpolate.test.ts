import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import { distance } from "./geometry";
import { matchPieces, piecesOfSize } from "./pieces";
import type { Pattern, PatternPiece, Pt } from "./types";
import { CUSTOM_SIZE, customPieces, governingZone, sizePosition, upAxis } from "./interpolate";
import { emptyZoneValues, type Measurements, type SizeChart } from "~/utils/measurements";

/**
 * Made to measure on every graded real CAD export of tests/fixtures/cad-dxf (decision 114), with a size chart built
 * from the file's own sizes: bust 800 + 40 mm per size, waist 600 + 40, hip 900 + 40.
 */
const STEP = 40;
const BASE = { bust: 800, waist: 600, hip: 900 } as const;

function chartOf(pattern: Pattern): SizeChart {
  return {
    unit: "cm",
    madeToMeasure: true,
    rows: pattern.sizes.map((size, k) => ({
      size,
      body: { ...emptyZoneValues(), bust: BASE.bust + STEP * k, waist: BASE.waist + STEP * k, hip: BASE.hip + STEP * k },
      finished: { bust: null, waist: null, hip: null },
    })),
  };
}

/** Measurements at fractional size positions per zone. */
function at(bust: number, waist = bust, hip = bust): Measurements {
  return { unit: "cm", ...emptyZoneValues(), bust: BASE.bust + STEP * bust, waist: BASE.waist + STEP * waist, hip: BASE.hip + STEP * hip };
}

function toSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - u * dx, p[1] - a[1] - u * dy);
}

function toRing(p: Pt, ring: Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) best = Math.min(best, toSegment(p, ring[i], ring[(i + 1) % ring.length]));
  return best;
}

/** The largest distance from either outline (its vertices and edge midpoints) to the other: both directions. */
function outlineDistance(a: Pt[], b: Pt[]): number {
  const dense = (r: Pt[]) => r.flatMap((p, i) => [p, [(p[0] + r[(i + 1) % r.length][0]) / 2, (p[1] + r[(i + 1) % r.length][1]) / 2] as Pt]);
  return Math.max(...dense(a).map((p) => toRing(p, b)), ...dense(b).map((p) => toRing(p, a)));
}

const perimeter = (r: Pt[]) => r.reduce((s, p, i) => s + distance(p, r[(i + 1) % r.length]), 0);

const graded = cadFixtures()
  .map(({ name, bytes }) => {
    const read = readPattern(bytes);
    if (!read.ok) throw new Error(`${name}: ${read.message}`);
    return { name, pattern: read.pattern };
  })
  .filter(({ pattern }) => pattern.sizes.length > 1);

function piecesAt(pattern: Pattern, m: Measurements): PatternPiece[] {
  const result = customPieces(pattern, chartOf(pattern), m);
  if (!result.ok) throw new Error(result.message);
  return result.pieces;
}

describe("sizePosition", () => {
  it("is k at row k, linear between, continues the end steps outside, refuses charts that do not grow", () => {
    expect(sizePosition([800, 840, 900], 800)).toBe(0);
    expect(sizePosition([800, 840, 900], 840)).toBe(1);
    expect(sizePosition([800, 840, 900], 870)).toBe(1.5);
    expect(sizePosition([800, 840, 900], 780)).toBe(-0.5);
    expect(sizePosition([800, 840, 900], 930)).toBe(2.5);
    expect(sizePosition([800, 800, 900], 850)).toBeNull();
    expect(sizePosition([800], 800)).toBeNull();
  });
});

describe("customPieces refuses what it cannot make", () => {
  const pattern = graded[0].pattern;
  it("without a chart, without measurements, with one size, with a chart that does not grow", () => {
    expect(customPieces(pattern, null, at(1))).toMatchObject({ ok: false, error: "no_chart" });
    expect(customPieces(pattern, chartOf(pattern), { unit: "cm", ...emptyZoneValues() })).toMatchObject({ ok: false, error: "no_measurements" });
    const one = { ...pattern, sizes: [pattern.sizes[0]], pieces: piecesOfSize(pattern, pattern.sizes[0]) };
    expect(customPieces(one, chartOf(pattern), at(0))).toMatchObject({ ok: false, error: "not_graded" });
    const flat = chartOf(pattern);
    flat.rows[2].body.bust = flat.rows[1].body.bust;
    expect(customPieces(pattern, flat, at(1))).toMatchObject({ ok: false, error: "bad_chart" });
  });
});

it("covers every graded file of the fixtures", () => {
  expect(graded.length).toBe(24);
});

describe.each(graded)("$name", ({ pattern }) => {
  const n = pattern.sizes.length;
  const ks = [...new Set([0, 1, Math.floor(n / 2), n - 2, n - 1])];

  it("reproduces a graded size at its own chart measurements (and a hair beside them), every piece within 0.5 mm", () => {
    for (const k of ks) {
      const own = piecesOfSize(pattern, pattern.sizes[k]);
      for (const nudge of [0, k === n - 1 ? -0.001 : 0.001]) {
        const custom = piecesAt(pattern, at(k + nudge));
        expect(custom.map((p) => p.name)).toEqual(own.map((p) => p.name));
        custom.forEach((piece, i) => {
          expect(piece.size).toBe(CUSTOM_SIZE);
          expect(piece.quantity).toBe(own[i].quantity);
          expect(piece.notches.length).toBe(own[i].notches.length);
          expect(piece.internal.length).toBe(own[i].internal.length);
          const d = outlineDistance(piece.boundary, own[i].boundary);
          expect(d, `${piece.name} size ${pattern.sizes[k]} nudge ${nudge}`).toBeLessThanOrEqual(0.5);
        });
      }
    }
  });

  it("gives pieces halfway between two sizes halfway (box and area; pointwise where outlines correspond)", () => {
    for (const k of [0, Math.floor(n / 2), n - 2]) {
      const rows = matchPieces([piecesOfSize(pattern, pattern.sizes[k]), piecesOfSize(pattern, pattern.sizes[k + 1])]);
      const custom = piecesAt(pattern, at(k + 0.5));
      const byName = matchPieces([custom]).map((r) => r.pieces[0] as PatternPiece);
      rows.forEach(({ name, pieces: [a, b] }, i) => {
        if (!a || !b) return;
        const piece = byName[i];
        const label = `${name} between ${pattern.sizes[k]} and ${pattern.sizes[k + 1]}`;
        expect(piece.name, label).toBe(name);
        expect(Math.abs(piece.bbox.width - (a.bbox.width + b.bbox.width) / 2), label).toBeLessThanOrEqual(1);
        expect(Math.abs(piece.bbox.height - (a.bbox.height + b.bbox.height) / 2), label).toBeLessThanOrEqual(1);
        // Area within a 1 mm band round the outline.
        expect(Math.abs(piece.area - (a.area + b.area) / 2), label).toBeLessThanOrEqual(perimeter(piece.boundary));
        const all = pattern.pieces.filter((p) => p.name === name).map((p) => p.boundary.length);
        if (all.every((c) => c === all[0])) {
          piece.boundary.forEach((p, j) => {
            const mid: Pt = [(a.boundary[j][0] + b.boundary[j][0]) / 2, (a.boundary[j][1] + b.boundary[j][1]) / 2];
            expect(distance(p, mid), label).toBeLessThanOrEqual(1);
          });
        } else {
          // Resampled by arc length between matching corners: the outline lies between the two sizes'.
          expect(outlineDistance(piece.boundary, a.boundary), label).toBeLessThanOrEqual(outlineDistance(a.boundary, b.boundary) + 1);
        }
      });
    }
  });

  it("extrapolates up to one size step beyond the graded range (flagged) and refuses beyond", () => {
    for (const pos of [-0.5, -1, n - 0.5, n]) {
      const result = customPieces(pattern, chartOf(pattern), at(pos));
      expect(result, `position ${pos}`).toMatchObject({ ok: true, extrapolated: pos < 0 || pos > n - 1 });
    }
    for (const pos of [-1.1, n + 0.1]) {
      const result = customPieces(pattern, chartOf(pattern), at(pos));
      expect(result).toMatchObject({ ok: false, error: "outside_range" });
      if (!result.ok) expect(result.message).toMatch(/one size step/);
    }
  });
});

describe("a body piece blends bust at its top to hip at its bottom", () => {
  for (const name of ["GMH1006F18_AAMA.DXF", "GMH1006F18_ASTM.DXF", "WM_LOOSE_SHAPE_TANK.DXF"]) {
    it(name, () => {
      const { pattern } = graded.find((g) => g.name === name)!;
      const k = 2;
      const custom = piecesAt(pattern, at(k, k + 1, k + 2));
      const top = piecesOfSize(pattern, pattern.sizes[k]);
      const bottom = piecesOfSize(pattern, pattern.sizes[k + 2]);
      let blended = 0;
      custom.forEach((piece, i) => {
        if (governingZone(top[i]) !== "blend") return;
        blended++;
        // Down the piece from its top (upAxis: along the grain, the curvy end up).
        const [ax, ay] = upAxis(top[i]);
        const along = top[i].boundary.map(([x, y]) => x * ax + y * ay);
        const hi = Math.max(...along);
        const h = hi - Math.min(...along);
        for (const p of piece.boundary) {
          const down = (hi - (p[0] * ax + p[1] * ay)) / h;
          if (down < 0.2) expect(toRing(p, top[i].boundary), `${piece.name} top`).toBeLessThanOrEqual(0.5);
          if (down > 0.95) expect(toRing(p, bottom[i].boundary), `${piece.name} bottom`).toBeLessThanOrEqual(0.5);
        }
        // Not simply one of the two: the bottom is wider than size k's.
        expect(piece.bbox.height).toBeGreaterThan(Math.min(top[i].bbox.height, bottom[i].bbox.height) - 0.5);
      });
      expect(blended).toBeGreaterThanOrEqual(2);
    });
  }
});
