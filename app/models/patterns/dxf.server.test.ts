import { DxfWriter, LWPolylineFlags, Units, point3d } from "@tarikjabiri/dxf";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { readPattern, READ_PATTERN_MESSAGES } from "./dxf.server";
import { DEFAULT_SIZES, gradeFactors, makeAstmDxf, type FixturePiece } from "./demo.server";
import { makeOpenOutlineDxf, makePlainDxf, makeSegmentsDxf } from "../../../tests/fixtures/dxf";
import { polygonArea } from "./geometry";
import type { Pattern, ReadPatternResult } from "./types";

function ok(result: ReadPatternResult): Pattern {
  if (!result.ok) throw new Error(`expected a pattern, got ${result.error}: ${result.message}`);
  return result.pattern;
}

const RECTS: FixturePiece[] = [
  { name: "FRONT", width: 300, height: 600, shape: "rect" },
  { name: "BACK", width: 320, height: 620, shape: "rect" },
];

describe("readPattern: ASTM graded files", () => {
  it("reads every piece of every size in millimetres with areas and boxes", () => {
    const pattern = ok(readPattern(makeAstmDxf({ pieces: RECTS, sizes: ["38", "40", "42"], units: "mm" })));
    expect(pattern.units).toBe("mm");
    expect(pattern.unitsAssumed).toBe(false);
    expect(pattern.sizes).toEqual(["38", "40", "42"]);
    expect(pattern.sampleSize).toBe("40");
    expect(pattern.pieces.map((p) => `${p.size} ${p.name}`)).toEqual([
      "38 FRONT",
      "38 BACK",
      "40 FRONT",
      "40 BACK",
      "42 FRONT",
      "42 BACK",
    ]);
    pattern.pieces.forEach((piece) => {
      const spec = RECTS.find((r) => r.name === piece.name)!;
      const { fw, fh } = gradeFactors(pattern.sizes.indexOf(piece.size), 1);
      expect(piece.bbox.width).toBeCloseTo(spec.width * fw, 1);
      expect(piece.bbox.height).toBeCloseTo(spec.height * fh, 1);
      expect(piece.area).toBeCloseTo(spec.width * fw * spec.height * fh, 0);
      expect(piece.boundary).toHaveLength(4);
    });
  });

  it("places each block by its INSERT: the block base point is cancelled and pieces do not overlap", () => {
    const pattern = ok(readPattern(makeAstmDxf({ pieces: RECTS, sizes: ["40"] })));
    const [front, back] = pattern.pieces;
    expect(front.bbox.minX).toBeCloseTo(0, 2);
    expect(front.bbox.minY).toBeCloseTo(0, 2);
    expect(back.bbox.minX).toBeGreaterThan(front.bbox.maxX);
  });

  it("applies INSERT rotation and scale", () => {
    const piece: FixturePiece = { name: "STRAP", width: 100, height: 400, shape: "rect" };
    const rotated = ok(readPattern(makeAstmDxf({ pieces: [piece], sizes: ["M"], rotation: 90 }))).pieces[0];
    expect(rotated.bbox.width).toBeCloseTo(400, 2);
    expect(rotated.bbox.height).toBeCloseTo(100, 2);
    expect(rotated.grain![0][1]).toBeCloseTo(rotated.grain![1][1], 2); // the vertical grain line is now horizontal

    const scaled = ok(readPattern(makeAstmDxf({ pieces: [piece], sizes: ["M"], scale: 2 }))).pieces[0];
    expect(scaled.bbox.width).toBeCloseTo(200, 2);
    expect(scaled.area).toBeCloseTo(200 * 800, 0);
  });

  it("converts an inch file to millimetres", () => {
    const piece: FixturePiece = { name: "PANEL", width: 254, height: 508, shape: "rect" }; // 10 x 20 in
    const pattern = ok(readPattern(makeAstmDxf({ pieces: [piece], sizes: ["S", "M", "L"], units: "in", grade: 0 })));
    expect(pattern.units).toBe("in");
    expect(pattern.unitsAssumed).toBe(false);
    expect(pattern.sizes).toEqual(["S", "M", "L"]);
    for (const p of pattern.pieces) {
      expect(p.bbox.width).toBeCloseTo(254, 1);
      expect(p.bbox.height).toBeCloseTo(508, 1);
      expect(p.area).toBeCloseTo(129032, -1);
    }
  });

  it("takes the units from the 'Units:' text when the header has none, and assumes mm when nothing says", () => {
    const fromText = ok(readPattern(makeAstmDxf({ pieces: RECTS, sizes: ["40"], units: "in", withHeaderUnits: false })));
    expect(fromText.units).toBe("in");
    expect(fromText.unitsAssumed).toBe(false);
    expect(fromText.pieces[0].bbox.width).toBeCloseTo(300, 1);

    const unknown = ok(
      readPattern(makeAstmDxf({ pieces: RECTS, sizes: ["40"], units: "mm", withHeaderUnits: false, withUnitsText: false })),
    );
    expect(unknown.units).toBe("mm");
    expect(unknown.unitsAssumed).toBe(true);
  });

  it("reads the same pieces from POLYLINE and LWPOLYLINE files, with curves", () => {
    const a = ok(readPattern(makeAstmDxf({ pieces: 4, sizes: ["36", "38"], polyline: "POLYLINE" })));
    const b = ok(readPattern(makeAstmDxf({ pieces: 4, sizes: ["36", "38"], polyline: "LWPOLYLINE" })));
    expect(b).toEqual(a);
    const front = a.pieces[0];
    expect(front.name).toBe("FRONT");
    expect(front.boundary.length).toBeGreaterThan(100); // the armhole and neckline curves
    expect(front.area).toBeCloseTo(polygonArea(front.boundary), -2);
    expect(front.area).toBeLessThan(front.bbox.width * front.bbox.height);
  });

  it("keeps grain line, notches, internal lines, drill holes and sew lines", () => {
    const piece = ok(readPattern(makeAstmDxf({ pieces: [RECTS[0]], sizes: ["40"], grade: 0 }))).pieces[0];
    expect(piece.grain).toEqual([
      [150, 120],
      [150, 480],
    ]);
    expect(piece.notches).toEqual([
      [100, 0],
      [0, 240],
    ]);
    expect(piece.internal).toHaveLength(2);
    expect(piece.drill).toEqual([[105, 180]]);
    expect(piece.sewLines).toHaveLength(1);
    expect(piece.sewLines[0][0]).toEqual([10, 10]);
  });

  it("orders sizes naturally", () => {
    const numeric = ok(readPattern(makeAstmDxf({ pieces: [RECTS[0]], sizes: ["10", "8", "12", "6"] })));
    expect(numeric.sizes).toEqual(["6", "8", "10", "12"]);
    const letters = ok(readPattern(makeAstmDxf({ pieces: [RECTS[0]], sizes: ["XL", "S", "L", "M", "XS"] })));
    expect(letters.sizes).toEqual(["XS", "S", "M", "L", "XL"]);
  });

  it("reads a 150-block file (10 pieces x 15 sizes, about 1 MB)", () => {
    const dxf = makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES });
    expect(dxf.length).toBeGreaterThan(900_000);
    const pattern = ok(readPattern(Buffer.from(dxf)));
    expect(pattern.sizes).toEqual(DEFAULT_SIZES);
    expect(pattern.pieces).toHaveLength(150);
    for (const size of DEFAULT_SIZES) expect(pattern.pieces.filter((p) => p.size === size)).toHaveLength(10);
    expect(JSON.parse(JSON.stringify(pattern))).toEqual(pattern);
  });
});

describe("readPattern: files from another DXF writer", () => {
  it("reads an AutoCAD 2007 (AC1021) file written by @tarikjabiri/dxf: inches, a block inserted turned 90°", () => {
    const writer = new DxfWriter();
    writer.setUnits(Units.Inches);
    writer.addLayer("1", 7, "Continuous");
    writer.addLayer("7", 7, "Continuous");
    const block = writer.addBlock("FRONT_M");
    block.addLWPolyline(
      [{ point: { x: 0, y: 0 } }, { point: { x: 10, y: 0 } }, { point: { x: 10, y: 20 } }, { point: { x: 0, y: 20 } }],
      { flags: LWPolylineFlags.Closed, layerName: "1" },
    );
    block.addText(point3d(2, 10), 0.2, "Piece Name: FRONT", { layerName: "1" });
    block.addText(point3d(2, 9), 0.2, "Size: M", { layerName: "1" });
    block.addLine(point3d(5, 2), point3d(5, 18), { layerName: "7" });
    writer.addInsert("FRONT_M", point3d(30, 5), { rotationAngle: 90 });

    const pattern = ok(readPattern(writer.stringify()));
    expect(pattern).toMatchObject({ units: "in", unitsAssumed: false, sizes: ["M"] });
    const [front] = pattern.pieces;
    expect(front.name).toBe("FRONT");
    expect(front.area).toBeCloseTo(254 * 508, 0);
    expect(front.bbox).toEqual({ minX: 254, minY: 127, maxX: 762, maxY: 381, width: 508, height: 254 });
    expect(front.grain).toEqual([
      [711.2, 254],
      [304.8, 254],
    ]);
  });
});

describe("readPattern: plain DXF", () => {
  it("reads a drawing without blocks as one piece bounded by its largest closed outline", () => {
    const pattern = ok(readPattern(makePlainDxf()));
    expect(pattern.sizes).toEqual(["One size"]);
    expect(pattern.pieces).toHaveLength(1);
    const [piece] = pattern.pieces;
    expect(piece.name).toBe("Piece 1");
    expect(piece.area).toBe(60000);
    expect(piece.bbox).toEqual({ minX: 50, minY: 40, maxX: 350, maxY: 240, width: 300, height: 200 });
    expect(piece.internal).toHaveLength(2); // the inner rectangle and the fold line
  });

  it("converts centimetres and inches from $INSUNITS, and flags unknown units", () => {
    const cm = ok(readPattern(makePlainDxf({ units: "cm", width: 30, height: 20 })));
    expect(cm.units).toBe("cm");
    expect(cm.pieces[0].area).toBe(60000);
    const inch = ok(readPattern(makePlainDxf({ units: "in", width: 10, height: 5 })));
    expect(inch.units).toBe("in");
    expect(inch.pieces[0].bbox.width).toBeCloseTo(254, 2);
    const none = ok(readPattern(makePlainDxf({ units: null })));
    expect(none).toMatchObject({ units: "mm", unitsAssumed: true });
  });

  it("joins LINE and ARC segments (in any order and direction) into the outline", () => {
    const piece = ok(readPattern(makeSegmentsDxf())).pieces[0];
    const exact = 20000 + 5000 * Math.PI;
    expect(Math.abs(piece.area - exact) / exact).toBeLessThan(0.003);
    expect(piece.bbox.height).toBeCloseTo(200, 1);
  });

  it("keeps at most 2000 internal lines of a drawing full of hatching", () => {
    const hatch = Array.from({ length: 2500 }, (_, i) => ["0", "LINE", "8", "0", "10", "1", "20", String(i * 0.08), "11", "299", "21", String(i * 0.08)]).flat();
    const dxf = makePlainDxf().replace("0\nENDSEC\n0\nEOF", [...hatch, "0", "ENDSEC", "0", "EOF"].join("\n"));
    const [piece] = ok(readPattern(dxf)).pieces;
    expect(piece.area).toBe(60000);
    expect(piece.internal).toHaveLength(2000);
  });

  it("follows LWPOLYLINE bulges (arcs) in their direction", () => {
    // A 100 x 100 square whose right side is a half circle bulging outwards (bulge 1 = 180° counter-clockwise).
    const dxf = [
      "0", "SECTION", "2", "ENTITIES",
      "0", "LWPOLYLINE", "8", "0", "90", "4", "70", "1",
      "10", "0", "20", "0",
      "10", "100", "20", "0", "42", "1",
      "10", "100", "20", "100",
      "10", "0", "20", "100",
      "0", "ENDSEC", "0", "EOF",
    ].join("\n");
    const pattern = ok(readPattern(dxf));
    const piece = pattern.pieces[0];
    expect(pattern.unitsAssumed).toBe(true);
    expect(piece.bbox.maxX).toBeCloseTo(150, 1);
    expect(piece.area).toBeCloseTo(10000 + (Math.PI * 50 * 50) / 2, -1);
  });
});

describe("readPattern: refused files", () => {
  it("refuses a PNG renamed .dxf", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } }).png().toBuffer();
    expect(readPattern(png)).toEqual({ ok: false, error: "not_dxf", message: "This file is not a readable DXF file." });
  });

  it("refuses text that is not DXF, a binary DXF and a truncated DXF", () => {
    expect(readPattern("Hello, this is a letter.\nNot a drawing.\n")).toMatchObject({ ok: false, error: "not_dxf" });
    const binary = Buffer.concat([Buffer.from("AutoCAD Binary DXF\r\n\x1a\0", "latin1"), Buffer.alloc(64, 1)]);
    expect(readPattern(binary)).toMatchObject({ ok: false, error: "not_dxf" });
    const dxf = makePlainDxf();
    expect(readPattern(dxf.slice(0, dxf.length / 2))).toMatchObject({ ok: false, error: "not_dxf" });
  });

  it("refuses malformed files that would make the parser loop instead of hanging", () => {
    const noSeqend = ["0", "SECTION", "2", "ENTITIES", "0", "POLYLINE", "8", "1", "70", "1", "0", "VERTEX", "10", "0", "20", "0",
      "0", "LINE", "8", "1", "10", "0", "20", "0", "11", "1", "21", "1", "0", "ENDSEC", "0", "EOF"].join("\n");
    expect(readPattern(noSeqend)).toMatchObject({ ok: false, error: "not_dxf" });
    const strayInLayerTable = ["0", "SECTION", "2", "TABLES", "0", "TABLE", "2", "LAYER", "0", "LAYER", "2", "1",
      "0", "LINE", "0", "ENDTAB", "0", "ENDSEC", "0", "EOF"].join("\n");
    expect(readPattern(strayInLayerTable)).toMatchObject({ ok: false, error: "not_dxf" });
    const hugeCount = ["0", "SECTION", "2", "ENTITIES", "0", "LWPOLYLINE", "8", "0", "90", "999999999", "70", "1",
      "10", "0", "20", "0", "0", "ENDSEC", "0", "EOF"].join("\n");
    expect(readPattern(hugeCount)).toMatchObject({ ok: false, error: "not_dxf" });
  });

  it("answers (never throws or hangs) for hundreds of damaged files", () => {
    const bases = [makeAstmDxf({ pieces: 2, sizes: ["S", "M"] }), makeAstmDxf({ pieces: 1, sizes: ["S"], polyline: "LWPOLYLINE" }), makePlainDxf()];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const codes = ["0", "1", "2", "8", "10", "20", "42", "66", "70", "90", "91", "100", "101", "330", "999"];
    const values = ["0", "1", "-1", "ENDSEC", "VERTEX", "SEQEND", "LINE", "abc", "1e400", "", "999999"];
    const answers = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const lines = bases[i % bases.length].split("\n");
      const at = Math.floor(rnd() * lines.length);
      if (i % 4 === 0) lines.splice(at, 1 + (i % 3));
      else if (i % 4 === 1) lines.length = at;
      else if (i % 4 === 2) lines[at] = values[Math.floor(rnd() * values.length)];
      else lines.splice(at - (at % 2), 0, codes[Math.floor(rnd() * codes.length)], values[Math.floor(rnd() * values.length)]);
      const result = readPattern(lines.join("\n"));
      answers.add(result.ok ? "ok" : result.error);
    }
    expect([...answers].sort()).toEqual(expect.arrayContaining(["no_boundary", "not_dxf", "ok"]));
  });

  it("says a file cut off inside a polyline seems incomplete, in plain words first (issue 34, item 16)", () => {
    const cut = makeAstmDxf({ pieces: 1, sizes: ["S"] }).split("\n");
    cut.length = cut.lastIndexOf("SEQEND") - 1;
    const result = readPattern(cut.join("\n"));
    expect(result).toMatchObject({ ok: false, error: "not_dxf" });
    if (!result.ok) expect(result.message).toBe("This file is not a readable DXF file: the file seems incomplete (it ends inside a polyline: a POLYLINE without its SEQEND).");
  });

  it("refuses a DXF with no entities", () => {
    const empty = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC",
      "0", "SECTION", "2", "ENTITIES", "0", "ENDSEC", "0", "EOF"].join("\n");
    expect(readPattern(empty)).toEqual({ ok: false, error: "no_entities", message: READ_PATTERN_MESSAGES.no_entities });
  });

  it("refuses a DXF without a closed outline", () => {
    expect(readPattern(makeOpenOutlineDxf())).toEqual({
      ok: false,
      error: "no_boundary",
      message: "No closed piece outline (layer 1 boundary) was found in this DXF.",
    });
  });
});
