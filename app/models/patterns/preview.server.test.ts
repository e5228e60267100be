import { describe, expect, it } from "vitest";

import { readPattern } from "./dxf.server";
import { fabricEstimate } from "./fabric.server";
import { DEFAULT_SIZES, makeAstmDxf, type FixturePiece } from "./demo.server";
import { compareSvg, escapeXml, previewSvg } from "./preview.server";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { drawnPieces, labelProblems, viewOf } from "../../../tests/unit/drawn-labels";
import { bboxOf, polygonArea } from "./geometry";
import type { Pattern, PatternPiece, Pt } from "./types";

function read(dxf: string): Pattern {
  const result = readPattern(dxf);
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
}

const paths = (svg: string) => svg.match(/<path /g)?.length ?? 0;

describe("previewSvg", () => {
  const pattern = read(makeAstmDxf({ pieces: 4, sizes: ["38", "40", "42"] }));

  it("draws the pieces of one size with names, grain arrows and notches, marked Preview, accessible", () => {
    const svg = previewSvg(pattern, "40", { title: "Shirt" });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title id=\"t\">Shirt: pattern pieces, size 40 (4 pieces), preview</title>");
    expect(svg).toMatch(/>Preview<\/text>/);
    for (const name of ["FRONT", "BACK", "SLEEVE", "COLLAR"]) expect(svg).toContain(`>${name}</text>`);
    // Per piece: outline, grain line, notches.
    expect(paths(svg)).toBe(12);
    expect(svg).toMatch(/viewBox="0 0 800 \d+"/);
    expect(svg.length).toBeLessThan(20_000);
  });

  it("leaves sew lines and internal lines out", () => {
    const front = pattern.pieces.find((p) => p.size === "40" && p.name === "FRONT")!;
    const alone: Pattern = { ...pattern, pieces: [front] };
    const svg = previewSvg(alone, "40");
    expect(paths(svg)).toBe(3);
    const withoutExtras = previewSvg({ ...alone, pieces: [{ ...front, sewLines: [], internal: [], drill: [] }] }, "40");
    expect(withoutExtras).toBe(svg);
  });

  it("fits any pattern into 800 px and rounds coordinates", () => {
    const big = read(makeAstmDxf({ pieces: 10, sizes: ["40"] }));
    const svg = previewSvg(big, "40");
    const numbers = [...svg.matchAll(/[ML](-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
    expect(Math.max(...numbers)).toBeLessThanOrEqual(800);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(svg).not.toMatch(/\d\.\d\d/);
  });

  it("escapes every text", () => {
    const piece = { ...pattern.pieces[0], name: `<script>alert("x")</script> & Co` };
    const svg = previewSvg({ ...pattern, pieces: [piece] }, piece.size, { title: "A & B <c>" });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(svg).toContain("A &amp; B &lt;c&gt;");
    expect(escapeXml(`'"`)).toBe("&#39;&quot;");
  });

  it("says so for a size the pattern does not have", () => {
    const svg = previewSvg(pattern, "99");
    expect(svg).toContain("No pieces in size 99.");
    expect(paths(svg)).toBe(0);
  });
});

describe("previewSvg: folds and small pieces (decision 098)", () => {
  it("draws a piece cut on the fold with its fold as a long-dash line, a bracket and PLACE ON FOLD, the label clear of them", () => {
    const half: Pt[] = [
      [0, 0],
      [250, 0],
      [250, 600],
      [0, 600],
    ];
    const front: PatternPiece = {
      name: "FRONT",
      size: "M",
      quantity: 1,
      onFold: true,
      fold: [
        [0, 0],
        [0, 600],
      ],
      boundary: half,
      grain: [
        [125, 100],
        [125, 500],
      ],
      notches: [],
      internal: [],
      sewLines: [],
      drill: [],
      bbox: bboxOf(half),
      area: polygonArea(half),
    };
    const svg = previewSvg({ units: "mm", unitsAssumed: false, sizes: ["M"], sampleSize: "M", pieces: [front] }, "M");
    expect(svg).toContain(">PLACE ON FOLD</text>");
    expect(svg).toContain('stroke-dasharray="9 3"');
    const [piece] = drawnPieces(svg);
    expect(piece.labels.map((l) => l.text)).toEqual(["PLACE ON FOLD", "FRONT"]);
    expect(labelProblems(piece, viewOf(svg))).toEqual([]);
  });

  it("fits the codes of a real file's small pieces inside them: shortened to the part after the style number", () => {
    const file = cadFixtures().find((f) => f.name === "GMX1416S18_AAMA.DXF")!;
    const result = readPattern(file.bytes);
    if (!result.ok) throw new Error(result.message);
    const svg = previewSvg(result.pattern, "50");
    const drawn = drawnPieces(svg);
    const texts = drawn.flatMap((p) => p.labels.map((l) => l.text));
    // The 155 x 30 mm and 166 x 42 mm pieces: too small for the whole code at 7 px.
    expect(texts).toEqual(expect.arrayContaining(["…YP", "…IX"]));
    for (const piece of drawn) expect(labelProblems(piece, viewOf(svg))).toEqual([]);
  });
});

describe("compareSvg", () => {
  const pieces: FixturePiece[] = [
    { name: "FRONT", width: 300, height: 600, shape: "bodice" },
    { name: "BACK", width: 300, height: 600, shape: "bodice" },
  ];
  const v1 = read(makeAstmDxf({ pieces, sizes: ["40"] }));
  const v2 = read(makeAstmDxf({ pieces: [{ ...pieces[0], height: 650 }, { name: "POCKET", width: 150, height: 160, shape: "pocket" }], sizes: ["40"] }));

  it("draws the previous outline dashed grey under the new solid one, and marks new and removed pieces", () => {
    const svg = compareSvg(v1, v2, "40");
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title");
    const dashed = svg.match(/stroke="#999" stroke-width="1.2" stroke-dasharray/g)!.length;
    const solid = svg.match(/stroke="#111" stroke-width="1.4"/g)!.length;
    expect(dashed).toBe(2 + 1); // FRONT and BACK before, plus the legend
    expect(solid).toBe(2 + 1); // FRONT and POCKET after, plus the legend
    expect(svg).toContain(">POCKET (new)</text>");
    expect(svg).toContain(">BACK (removed)</text>");
    expect(svg).toContain(">FRONT</text>");
    expect(svg).toContain("Previous version");
  });

  it("shows identical outlines exactly on top of each other", () => {
    const svg = compareSvg(v1, v1, "40");
    const ds = [...svg.matchAll(/<path d="([^"]+)" (?:fill="none" stroke="#999"|fill="#f4efe6" fill-opacity)/g)].map((m) => m[1]);
    expect(ds).toHaveLength(4);
    expect(ds[0]).toBe(ds[1]);
    expect(ds[2]).toBe(ds[3]);
  });
});

describe("fabricEstimate", () => {
  it("packs bounding boxes across 45 in and 60 in fabric with a 10 % margin", () => {
    // Two 500 x 1000 mm rectangles: side by side on 45 in (1123 mm usable), 1.01 m packed.
    const rects = read(
      makeAstmDxf({ pieces: [{ name: "A", width: 500, height: 1000 }, { name: "B", width: 500, height: 1000 }], sizes: ["M"] }),
    );
    const estimate = fabricEstimate(rects, "M")!;
    expect(estimate.marginPercent).toBe(10);
    expect(estimate.pieceCount).toBe(2);
    expect(estimate.totalAreaMm2).toBe(1_000_000);
    const [f45, f60] = estimate.fabrics;
    expect(f45).toMatchObject({ label: "45 in", widthMm: 1143, packedMm: 1010, fits: true });
    // The area bound (1,000,000 mm² / 1123 mm / 0.85 = 1048 mm) is above the packed 1010 mm: 1048 x 1.1 = 1.152 m.
    expect(f45.areaMm).toBe(890);
    expect(f45.metres).toBe(1.2);
    expect(f45.yards).toBe(1.3); // 1.152 m / 0.9144 = 1.26 yd, rounded up
    expect(f60.packedMm).toBe(1010);
  });

  it("turns a long piece across the fabric when it fits, and never estimates below the area bound", () => {
    const band = read(makeAstmDxf({ pieces: [{ name: "WAISTBAND", width: 80, height: 1300 }], sizes: ["M"] }));
    const [f45, f60] = fabricEstimate(band, "M")!.fabrics;
    expect(f45.packedMm).toBe(1310); // 1300 mm does not fit across 1123 mm: stays along the grain
    expect(f60.packedMm).toBe(90); // turned across 1504 mm
    expect(f60.metres).toBeGreaterThanOrEqual(Math.ceil(((f60.areaMm / 0.85) * 1.1) / 100) / 10);
  });

  it("counts quantities, grows with the size and flags pieces wider than the fabric", () => {
    const pattern = read(makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES }));
    const small = fabricEstimate(pattern, "34")!;
    const large = fabricEstimate(pattern, "62")!;
    const front = pattern.pieces.find((p) => p.size === "34" && p.name === "FRONT")!;
    expect(front.quantity).toBe(2);
    expect(small.totalAreaMm2).toBeGreaterThan(pattern.pieces.filter((p) => p.size === "34").reduce((s, p) => s + p.area, 0));
    expect(large.fabrics[0].metres).toBeGreaterThan(small.fabrics[0].metres);
    expect(small.fabrics[1].metres).toBeLessThanOrEqual(small.fabrics[0].metres);

    const wide = read(makeAstmDxf({ pieces: [{ name: "CAPE", width: 1600, height: 1600 }], sizes: ["M"] }));
    expect(fabricEstimate(wide, "M")!.fabrics.map((f) => f.fits)).toEqual([false, false]);
    expect(fabricEstimate(wide, "XL")).toBeNull();
  });
});
