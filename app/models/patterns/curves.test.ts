import { describe, expect, it } from "vitest";

import { BEZIER_ARCH, makeControlSplineDxf, makeEllipseDxf, makeFitSplineCircleDxf } from "../../../tests/fixtures/dxf";
import { readPattern } from "./dxf.server";
import type { Pattern, Pt } from "./types";

function ok(result: ReturnType<typeof readPattern>): Pattern {
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
}

/** Distance from p to the nearest of a dense sampling of a curve (10,000 points: far below 0.01 mm apart here). */
function distanceToCurve(p: Pt, at: (t: number) => Pt): number {
  let best = Infinity;
  for (let i = 0; i <= 10_000; i++) {
    const [x, y] = at(i / 10_000);
    best = Math.min(best, Math.hypot(p[0] - x, p[1] - y));
  }
  return best;
}

/** The largest distance from the outline to the curve, sampling the outline's segments too (not just its points). */
function worstOff(ring: Pt[], at: (t: number) => Pt, keep: (p: Pt) => boolean = () => true): number {
  let worst = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    for (const f of [0, 0.5]) {
      const p: Pt = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
      if (keep(p)) worst = Math.max(worst, distanceToCurve(p, at));
    }
  }
  return worst;
}

describe("true curves: outlines within 0.1 mm of the curve the file describes", () => {
  it("a SPLINE of 8 fit points on a 100 mm circle is that circle (not an octagon 7.6 mm inside it)", () => {
    const [piece] = ok(readPattern(makeFitSplineCircleDxf(100, 8))).pieces;
    const radial = piece.boundary.map(([x, y]) => Math.abs(Math.hypot(x, y) - 100));
    expect(Math.max(...radial)).toBeLessThan(0.1);
    // Between the stored points too: the chords stay within 0.1 mm of the arc.
    expect(worstOff(piece.boundary, (t) => [100 * Math.cos(2 * Math.PI * t), 100 * Math.sin(2 * Math.PI * t)])).toBeLessThan(0.1);
    expect(piece.area).toBeGreaterThan(Math.PI * 100 * 100 * 0.999);
  });

  it("a SPLINE by knots and control points is the B-spline curve, not its control polygon", () => {
    const [piece] = ok(readPattern(makeControlSplineDxf())).pieces;
    const [p0, p1, p2, p3] = BEZIER_ARCH;
    const bezier = (t: number): Pt => {
      const u = 1 - t;
      const c = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
      return [c[0] * p0[0] + c[1] * p1[0] + c[2] * p2[0] + c[3] * p3[0], c[0] * p0[1] + c[1] * p1[1] + c[2] * p2[1] + c[3] * p3[1]];
    };
    // Every point of the outline above the base line lies on the curve.
    expect(worstOff(piece.boundary, bezier, (p) => p[1] > 0.05)).toBeLessThan(0.1);
    // The arch is 225 mm high (3/4 of its control points' 300), its area 400 x 300 x 3/5 x ... = 72,000 mm².
    expect(piece.bbox.height).toBeCloseTo(225, 1);
    expect(piece.area).toBeCloseTo(72_000, -1);
  });

  it("an ELLIPSE is an outline (it was 'no drawing in it')", () => {
    const [piece] = ok(readPattern(makeEllipseDxf())).pieces;
    expect(piece.area).toBeCloseTo(Math.PI * 300 * 150, -1);
    const ellipse = (t: number): Pt => {
      const a = 2 * Math.PI * t;
      const [cx, cy, c, s] = [500, 400, Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
      const x = 300 * Math.cos(a);
      const y = 150 * Math.sin(a);
      return [cx + x * c - y * s, cy + x * s + y * c];
    };
    expect(worstOff(piece.boundary, ellipse)).toBeLessThan(0.1);
  });
});
