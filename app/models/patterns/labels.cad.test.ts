import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { drawnPieces, labelProblems, viewOf } from "../../../tests/unit/drawn-labels";
import { readPattern } from "./dxf.server";
import { polygonArea } from "./geometry";
import { compareSvg, previewSvg } from "./preview.server";
import type { Pt } from "./types";

/** Mean width of a drawn piece (twice its area over its perimeter): a strip's width, in px. */
function meanWidth(ring: Pt[]): number {
  let perimeter = 0;
  for (let i = 0; i < ring.length; i++) perimeter += Math.hypot(ring[i][0] - ring[(i + 1) % ring.length][0], ring[i][1] - ring[(i + 1) % ring.length][1]);
  return (2 * polygonArea(ring)) / perimeter;
}

/**
 * Every size of every real CAD export (tests/fixtures/cad-dxf): each label inside its piece's outline and clear of
 * its lines. Only a strip less than 24 px wide in the preview, where even 7 px text beside its grain line does not
 * fit, may go without a label.
 */
describe("piece labels of real CAD exports", () => {
  it.each(cadFixtures())("$name", ({ bytes }) => {
    const read = readPattern(bytes);
    if (!read.ok) throw new Error(read.message);
    const { pattern } = read;
    const problems: string[] = [];
    for (const size of pattern.sizes) {
      const svg = previewSvg(pattern, size);
      const view = viewOf(svg);
      const pieces = drawnPieces(svg);
      expect(pieces.length).toBe(pattern.pieces.filter((p) => p.size === size).length);
      for (const piece of pieces) {
        if (!piece.labels.length && meanWidth(piece.outline) >= 24) problems.push(`size ${size}: a ${meanWidth(piece.outline).toFixed(0)} px wide piece without a label`);
        problems.push(...labelProblems(piece, view).map((p) => `size ${size}: ${p}`));
      }
    }
    const sample = pattern.sampleSize ?? pattern.sizes[0];
    const compare = compareSvg(pattern, pattern, sample);
    for (const piece of drawnPieces(compare)) problems.push(...labelProblems(piece, viewOf(compare)).map((p) => `compare ${sample}: ${p}`));
    expect(problems).toEqual([]);
  });
});
