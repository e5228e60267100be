import ClipperLib, { type Path } from "clipper-lib";
import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import { mainMaterial } from "./fabric.server";
import { noFitPolygon } from "./minkowski.server";
import { flipPath, piecesToCut, shapeOf } from "./shapes.server";

/** A ⊕ (−B) by clipper-lib's own MinkowskiSum (every pair of edges), its outer boundary. */
function reference(A: Path, B: Path): Path {
  const sums = ClipperLib.Clipper.MinkowskiSum(
    B.map((p) => ({ X: -p.X, Y: -p.Y })),
    A,
    true,
  );
  const clipper = new ClipperLib.Clipper();
  clipper.AddPaths(sums, ClipperLib.PolyType.ptSubject, true);
  const out: Path[] = [];
  clipper.Execute(ClipperLib.ClipType.ctUnion, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return out.reduce((a, b) => (Math.abs(ClipperLib.Clipper.Area(b)) > Math.abs(ClipperLib.Clipper.Area(a)) ? b : a));
}

/** The area (mm²) where two polygons differ. */
function xorArea(a: Path, b: Path): number {
  const clipper = new ClipperLib.Clipper();
  clipper.AddPath(a, ClipperLib.PolyType.ptSubject, true);
  clipper.AddPath(b, ClipperLib.PolyType.ptClip, true);
  const out: Path[] = [];
  clipper.Execute(ClipperLib.ClipType.ctXor, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return out.reduce((s, p) => s + Math.abs(ClipperLib.Clipper.Area(p)), 0) / 1e4;
}

describe("noFitPolygon", () => {
  // Pairs of real pieces where the ring of quads alone came out wrong while it was being built: a pinched ring whose
  // hole touched the outside (a notch in the outer boundary) and a long curved collar against another.
  const cases = [
    { file: "GMH2446F17_INCLALLOWANCE_AAMA.DXF", size: "70", a: "GMH2446F17HO2", b: "GMH2446F17HO3" },
    { file: "GMX731XS17_AAMA.DXF", size: "42", a: "GMX731XS17C1", b: "GMX731XS17C2" },
    { file: "SS17_M_POLO_REG_ASTM.DXF", size: "50", a: "SS17_M POLO REG FR", b: "SS17_M POLO REG BK" },
  ];
  it.each(cases)("is clipper-lib's Minkowski sum's outer boundary for $a against $b", ({ file, size, a, b }) => {
    const read = readPattern(cadFixtures().find((f) => f.name === file)!.bytes);
    if (!read.ok) throw new Error(read.message);
    const material = mainMaterial(read.pattern, size)!;
    const pieces = piecesToCut(read.pattern, size, material);
    const A = shapeOf(pieces.find((p) => p.name === a)!, 5)!;
    const B = shapeOf(pieces.find((p) => p.name === b)!, 5)!;
    for (const fx of [false, true]) {
      for (const fy of [false, true]) {
        const moving = flipPath(B.nest, B.W, B.H, { fx, fy });
        const ours = noFitPolygon(A.nest, moving, A.convex, B.convex);
        const theirs = reference(A.nest, moving);
        // Within rounding: a few mm² over a boundary metres long (a sliver thinner than 0.01 mm).
        expect(xorArea(ours, theirs), `${fx} ${fy}`).toBeLessThan(5);
      }
    }
  });
});
