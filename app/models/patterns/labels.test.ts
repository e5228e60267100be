import { describe, expect, it } from "vitest";

import { boxInsideRing, boxTouchesLine, drawnPieces, labelProblems, viewOf, type DrawnPiece } from "../../../tests/unit/drawn-labels";
import { pdfDrawing } from "../../../tests/unit/pdf-drawing";
import { bboxOf, polygonArea } from "./geometry";
import { buildPrintPdf, PAGE_MARGIN_MM, printLayout, PT_PER_MM } from "./pdf.server";
import { compareSvg, previewSvg } from "./preview.server";
import type { Pattern, PatternPiece, Pt } from "./types";

function piece(name: string, boundary: Pt[], extra: Partial<PatternPiece> = {}): PatternPiece {
  return { name, size: "M", quantity: 1, boundary, notches: [], internal: [], sewLines: [], drill: [], bbox: bboxOf(boundary), area: polygonArea(boundary), ...extra };
}

function pattern(pieces: PatternPiece[]): Pattern {
  return { units: "mm", unitsAssumed: false, sizes: ["M"], sampleSize: "M", pieces };
}

const rect = (x: number, y: number, w: number, h: number): Pt[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** An L: a 500 x 500 mm square without its upper right 350 x 350 mm, so its bounding box's centre is outside it. */
const L_SHAPE: Pt[] = [
  [0, 0],
  [500, 0],
  [500, 150],
  [150, 150],
  [150, 500],
  [0, 500],
];

const pieces = [
  piece("FRONT FACING", L_SHAPE, { notches: [[500, 75]] }),
  // A 30 x 700 mm strip standing up, its grain line along it, off its middle.
  piece("WAISTBAND EXTENSION", rect(0, 0, 30, 700), { grain: [[12, 60], [12, 640]] }),
  // A 400 x 260 mm yoke with its grain line across its middle.
  piece("BACK YOKE", rect(0, 0, 400, 260), { grain: [[40, 130], [360, 130]] }),
  // An 18 x 12 mm tab.
  piece("UNDERARM GUSSET TAB", rect(0, 0, 18, 12)),
];

function problemsOf(svg: string): { pieces: DrawnPiece[]; problems: string[] } {
  const drawn = drawnPieces(svg);
  const view = viewOf(svg);
  return { pieces: drawn, problems: drawn.flatMap((p) => labelProblems(p, view)) };
}

describe("piece labels in the preview", () => {
  const svg = previewSvg(pattern(pieces), "M");
  const { pieces: drawn, problems } = problemsOf(svg);
  const labelOf = (name: string) => drawn.flatMap((p) => p.labels).find((l) => l.text.replace(/\n/g, " ").startsWith(name));
  const pieceProblems = (name: string) => labelProblems(drawn.find((p) => p.labels.some((l) => l.text.startsWith(name)))!, viewOf(svg));

  it("puts every label inside its piece, clear of its grain line and notches, upright and on the drawing", () => {
    expect(drawn).toHaveLength(4);
    expect(problems).toEqual([]);
  });

  it("labels an L-shaped piece inside one of its arms, not at its bounding box's centre", () => {
    const label = labelOf("FRONT FACING")!;
    expect(label.fontSize).toBeGreaterThanOrEqual(9);
    expect(pieceProblems("FRONT FACING")).toEqual([]);
  });

  it("turns a label along a thin strip, beside its grain line, readable from below", () => {
    const label = labelOf("WAISTBAND EXTENSION")!;
    expect(label.angle).toBe(-90);
    expect(pieceProblems("WAISTBAND EXTENSION")).toEqual([]);
  });

  it("keeps a label off a grain line that crosses the piece's middle", () => {
    const label = labelOf("BACK YOKE")!;
    expect(label.fontSize).toBe(14);
    expect(pieceProblems("BACK YOKE")).toEqual([]);
  });

  it("shortens a name with an ellipsis when the piece is too small for it, at a readable size", () => {
    const label = drawn.find((p) => polygonArea(p.outline) < 1000)!.labels[0];
    expect(label.text).toMatch(/^U[A-Z ]*…$/);
    expect(label.fontSize).toBeGreaterThanOrEqual(7);
  });

  it("wraps a long name on two lines rather than shrinking it below a readable size", () => {
    const wide = previewSvg(pattern([piece("CENTRE FRONT BUTTON STAND", rect(0, 0, 200, 160)), piece("BODY", rect(0, 0, 900, 900))]), "M");
    const result = problemsOf(wide);
    expect(result.problems).toEqual([]);
    const label = result.pieces[0].labels[0] ?? result.pieces[1].labels.find((l) => l.text.startsWith("CENTRE"));
    expect(label.text.split("\n")).toHaveLength(2);
  });

  it("places a label inside a piece of 20,000 vertices", () => {
    const circle: Pt[] = Array.from({ length: 20_000 }, (_, i) => [300 + 300 * Math.cos((i / 20_000) * 2 * Math.PI), 300 + 300 * Math.sin((i / 20_000) * 2 * Math.PI)]);
    const result = problemsOf(previewSvg(pattern([piece("ROUND TABLECLOTH", circle, { grain: [[300, 20], [300, 580]] })]), "M"));
    expect(result.pieces[0].labels).toHaveLength(1);
    expect(result.problems).toEqual([]);
  });

  it("is deterministic", () => {
    expect(previewSvg(pattern(pieces), "M")).toBe(svg);
  });
});

describe("piece labels in the comparison", () => {
  it("puts every label inside the new outline, clear of the previous one", () => {
    const before = pattern([piece("FRONT FACING", L_SHAPE), piece("BACK YOKE", rect(0, 0, 400, 260))]);
    const after = pattern([
      piece("FRONT FACING", L_SHAPE.map(([x, y]): Pt => [x * 1.1, y])),
      piece("POCKET FLAP", rect(0, 0, 60, 25)),
    ]);
    const svg = compareSvg(before, after, "M");
    const { pieces: drawn, problems } = problemsOf(svg);
    expect(drawn).toHaveLength(3);
    expect(drawn.every((p) => p.labels.length === 1)).toBe(true);
    expect(problems).toEqual([]);
  });
});

/**
 * The label texts of a projector print file (one page, the sheet at 1:1) and what is wrong with them. The sizes of a
 * piece are drawn nested as the layout says (decision 098: slot.offsets); a size's name along its outline must lie
 * inside that size's outline, clear of every line, upright.
 */
async function printProblems(p: Pattern): Promise<{ problems: string[]; labelled: number; slots: number }> {
  const bytes = await buildPrintPdf(p, { format: "projector", sizes: [], stamp: null, title: "Labels", background: "light" });
  const { texts, segments } = await pdfDrawing(bytes);
  const lay = printLayout(p, { format: "projector", sizes: [] });
  const m = PAGE_MARGIN_MM * PT_PER_MM;
  const outlines = lay.slots.map((slot) =>
    slot.pieces.map((piece, si) => {
      if (!piece) return null;
      const dx = slot.cx - slot.centre[0] + slot.offsets[si][0];
      const dy = slot.cy - slot.centre[1] + slot.offsets[si][1];
      return piece.boundary.map(([x, y]): Pt => [(x + dx) * PT_PER_MM + m, (y + dy) * PT_PER_MM + m]);
    }),
  );
  const rings = (list: (Pt[] | null)[]) => list.filter((r): r is Pt[] => !!r);
  const sheetTop = m + lay.sheetHeightMm * PT_PER_MM;
  const problems: string[] = [];
  const labelled = new Set<number>();
  for (const text of texts) {
    if (text.box.every(([, y]) => y > sheetTop) || text.box.every(([, y]) => y < m)) continue; // header and stamp
    const name = JSON.stringify(text.str);
    const sizeIndex = lay.sizes.indexOf(text.str);
    if (sizeIndex >= 0) {
      if (!outlines.some((list) => list[sizeIndex] && boxInsideRing(text.box, list[sizeIndex]!))) problems.push(`size name ${name} is not inside its size's outline`);
    } else {
      const slot = outlines.findIndex((list) => rings(list).every((ring) => boxInsideRing(text.box, ring)));
      if (slot < 0) problems.push(`${name} is not inside every size of its piece`);
      else labelled.add(slot);
    }
    if (segments.some(([a, b]) => boxTouchesLine(text.box, [a, b]))) problems.push(`${name} overlaps a line`);
    if (!(text.dir[0] > 1e-9 || (Math.abs(text.dir[0]) <= 1e-9 && text.dir[1] > 0))) problems.push(`${name} is upside down`);
  }
  return { problems: [...new Set(problems)], labelled: labelled.size, slots: lay.slots.length };
}

describe("piece labels in the print files", () => {
  it("puts the name, quantity and sizes inside every size of the piece, clear of every line, upright", async () => {
    const graded = (scale: number, size: string) => pieces.map((p) => ({ ...p, size, ...scaled(p, scale) }));
    const { problems, labelled, slots } = await printProblems({ ...pattern([...graded(1, "M"), ...graded(1.08, "L")]), sizes: ["M", "L"] });
    expect(problems).toEqual([]);
    expect(labelled).toBe(slots);
  });
});

/** A piece grown about its bounding box's lower-left corner. */
function scaled(p: PatternPiece, k: number): Partial<PatternPiece> {
  const at = ([x, y]: Pt): Pt => [p.bbox.minX + (x - p.bbox.minX) * k, p.bbox.minY + (y - p.bbox.minY) * k];
  const boundary = p.boundary.map(at);
  return { boundary, bbox: bboxOf(boundary), area: polygonArea(boundary), grain: p.grain && [at(p.grain[0]), at(p.grain[1])], notches: p.notches.map(at) };
}
