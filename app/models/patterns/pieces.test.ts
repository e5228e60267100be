import { describe, expect, it } from "vitest";

import { readPattern } from "./dxf.server";
import { makeAstmDxf, makeDemoPatternDxf } from "./demo.server";
import { printLayout } from "./pdf.server";
import { defaultSize, matchPieces, pieceCount, piecesOfSize } from "./pieces";
import type { Pattern } from "./types";

// Two blocks named differently but both 'Piece Name: POCKET' (a left and a right pocket), plus a FRONT.
function twoPockets(sizes: string[]): Pattern {
  const result = readPattern(
    makeAstmDxf({
      pieces: [
        { name: "FRONT", width: 300, height: 600 },
        { name: "POCKET", width: 150, height: 160, shape: "pocket", block: "POCKET_L" },
        { name: "POCKET", width: 140, height: 150, shape: "pocket", block: "POCKET_R" },
      ],
      sizes,
    }),
  );
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
}

describe("matchPieces", () => {
  it("matches pieces by name and by order among pieces of the same name", () => {
    const pattern = twoPockets(["S", "M"]);
    expect(piecesOfSize(pattern, "S").map((p) => p.name)).toEqual(["FRONT", "POCKET", "POCKET"]);
    const rows = matchPieces([piecesOfSize(pattern, "S"), piecesOfSize(pattern, "M")]);
    expect(rows.map((r) => r.name)).toEqual(["FRONT", "POCKET", "POCKET"]);
    expect(rows[1].pieces.map((p) => p?.size)).toEqual(["S", "M"]);
    expect(rows[1].pieces[0]!.bbox.width).toBeGreaterThan(rows[2].pieces[0]!.bbox.width);
  });

  it("leaves a gap where a source lacks the piece", () => {
    const pattern = twoPockets(["S"]);
    const rows = matchPieces([piecesOfSize(pattern, "S"), piecesOfSize(pattern, "S").slice(0, 2)]);
    expect(rows[2].pieces[1]).toBeUndefined();
  });

  it("gives each same-named piece its own slot in the print layout", () => {
    const layout = printLayout(twoPockets(["S", "M"]), { format: "A4", sizes: [] });
    expect(layout.slots.map((s) => s.name).sort()).toEqual(["FRONT", "POCKET", "POCKET"]);
  });
});

describe("pieceCount", () => {
  it("counts the pieces of the fullest size", () => {
    const pattern = twoPockets(["S", "M"]);
    expect(pieceCount(pattern)).toBe(3);
    expect(pieceCount({ ...pattern, pieces: pattern.pieces.slice(0, 4) })).toBe(3);
    expect(pieceCount({ ...pattern, sizes: [], pieces: [] })).toBe(0);
  });
});

describe("defaultSize", () => {
  it("is the sample size, else the middle size", () => {
    const pattern = twoPockets(["S", "M", "L"]);
    expect(pattern.sampleSize).toBe("M");
    expect(defaultSize({ ...pattern, sampleSize: "L" })).toBe("L");
    expect(defaultSize({ ...pattern, sampleSize: undefined })).toBe("M");
    expect(defaultSize({ ...pattern, sampleSize: "XXL", sizes: ["S", "M", "L", "XL"] })).toBe("M");
    expect(defaultSize({ ...pattern, sizes: [], pieces: [] })).toBeUndefined();
  });
});

describe("makeDemoPatternDxf", () => {
  it("gives each seed its own readable graded file, the same every time", () => {
    const files = [0, 1, 2, 3, 4, 5].map((seed) => makeDemoPatternDxf(seed));
    expect(makeDemoPatternDxf(4)).toBe(files[4]);
    expect(new Set(files).size).toBe(6);
    for (const file of files) {
      const result = readPattern(file);
      if (!result.ok) throw new Error(result.message);
      expect(result.pattern.sizes.length).toBeGreaterThanOrEqual(3);
      expect(pieceCount(result.pattern)).toBeGreaterThanOrEqual(3);
    }
    const inches = readPattern(makeDemoPatternDxf(2));
    expect(inches.ok && inches.pattern.units).toBe("in");
  });
});
