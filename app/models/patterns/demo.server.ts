/**
 * Deterministic pattern DXF files for the demo seed (makeDemoPatternDxf), the tests and the benchmark: ASTM/AAMA-
 * style graded files (one block per piece and size, placed by INSERTs, numbered layers, 'Piece Name:' texts). The
 * seed ships it, so it is app code; the test-only generators (plain drawing-program DXF, LINE/ARC segments, an
 * open outline) are tests/fixtures/dxf.ts.
 */

export type FixtureShape = "rect" | "bodice" | "sleeve" | "pocket";
/** A piece at the sample size, in millimetres (converted to the file's units when written). */
export type FixturePiece = {
  name: string;
  width: number;
  height: number;
  shape?: FixtureShape;
  quantity?: number;
  /** Block name prefix (default: the name); two pieces of one name need different blocks. */
  block?: string;
};

export const DEFAULT_PIECES: FixturePiece[] = [
  { name: "FRONT", width: 280, height: 600, shape: "bodice", quantity: 2 },
  { name: "BACK", width: 290, height: 610, shape: "bodice" },
  { name: "SLEEVE", width: 420, height: 600, shape: "sleeve", quantity: 2 },
  { name: "COLLAR", width: 450, height: 90, shape: "pocket" },
  { name: "CUFF", width: 250, height: 80, shape: "rect" },
  { name: "YOKE", width: 400, height: 120, shape: "rect" },
  { name: "POCKET", width: 160, height: 180, shape: "pocket" },
  { name: "FACING", width: 120, height: 560, shape: "bodice" },
  { name: "WAISTBAND", width: 760, height: 80, shape: "rect" },
  { name: "PLACKET", width: 60, height: 400, shape: "rect" },
  { name: "HOOD", width: 330, height: 380, shape: "sleeve" },
  { name: "BELT", width: 900, height: 50, shape: "rect" },
];

export const DEFAULT_SIZES = ["34", "36", "38", "40", "42", "44", "46", "48", "50", "52", "54", "56", "58", "60", "62"];

export type AstmDxfOptions = {
  /** Pieces, or how many of DEFAULT_PIECES (cycled, numbered beyond 12). Default 3. */
  pieces?: FixturePiece[] | number;
  /** Default ["38", "40", "42"]. */
  sizes?: string[];
  /** Default: the middle size. */
  sampleSize?: string;
  /** The file's unit system; coordinates are written in it. Default "mm". */
  units?: "mm" | "in";
  /** Write $INSUNITS in the header. Default true. */
  withHeaderUnits?: boolean;
  /** Write a 'Units: METRIC/ENGLISH' text. Default true. */
  withUnitsText?: boolean;
  /** Boundary and sew lines as R12 POLYLINE/VERTEX (default, as AAMA exporters do) or LWPOLYLINE. */
  polyline?: "POLYLINE" | "LWPOLYLINE";
  /** Width grows by this fraction per size step from the sample size (height by half of it). Default 0.04. */
  grade?: number;
  /** INSERT rotation in degrees. Default 0. */
  rotation?: number;
  /** INSERT scale. Default 1. */
  scale?: number;
};

/** Width and height factors of size index i when the sample size has index s. */
export function gradeFactors(i: number, s: number, grade = 0.04): { fw: number; fh: number } {
  return { fw: 1 + grade * (i - s), fh: 1 + (grade / 2) * (i - s) };
}

export type P = [number, number];

function bezier(p0: P, p1: P, p2: P, p3: P, n: number): P[] {
  const out: P[] = [];
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return out;
}

/** A piece outline (counter-clockwise, not repeating the first point) inside [0,w] x [0,h]. */
export function fixtureOutline(shape: FixtureShape, w: number, h: number): P[] {
  switch (shape) {
    case "rect":
      return [
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ];
    case "bodice":
      return [
        [0, 0],
        [w * 0.95, 0],
        [w, h * 0.62],
        ...bezier([w, h * 0.62], [w * 0.78, h * 0.66], [w * 0.72, h * 0.82], [w * 0.74, h * 0.96], 72),
        [w * 0.34, h],
        ...bezier([w * 0.34, h], [w * 0.3, h * 0.9], [w * 0.12, h * 0.86], [0, h * 0.86], 72),
      ];
    case "sleeve":
      return [
        [w * 0.14, 0],
        [w * 0.86, 0],
        [w, h * 0.7],
        ...bezier([w, h * 0.7], [w * 0.85, h * 0.75], [w * 0.7, h], [w * 0.5, h], 72),
        ...bezier([w * 0.5, h], [w * 0.3, h], [w * 0.15, h * 0.75], [0, h * 0.7], 72),
      ];
    case "pocket": {
      // Straight top, rounded bottom corners (quarter circles of radius r).
      const r = Math.min(w, h) / 3;
      const arc = (cx: number, cy: number, a0: number): P[] =>
        Array.from({ length: 25 }, (_, i) => {
          const a = a0 + (Math.PI / 2) * (i / 24);
          return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as P;
        });
      return [...arc(r, r, Math.PI), ...arc(w - r, r, (3 * Math.PI) / 2), [w, h], [0, h]];
    }
  }
}

export class DxfWriter {
  lines: string[] = [];
  constructor(private digits: number) {}
  g(code: number, value: string | number) {
    this.lines.push(String(code), typeof value === "number" ? this.num(value) : value);
  }
  num(n: number) {
    const s = n.toFixed(this.digits);
    return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, ".0") : s;
  }
  point(x: number, y: number, base = 10) {
    this.g(base, x);
    this.g(base + 10, y);
    this.g(base + 20, 0);
  }
  text() {
    return this.lines.join("\n") + "\n";
  }
}

export function writeHeader(w: DxfWriter, acadver: string, insunits: number | null) {
  w.g(0, "SECTION");
  w.g(2, "HEADER");
  w.g(9, "$ACADVER");
  w.g(1, acadver);
  if (insunits !== null) {
    w.g(9, "$INSUNITS");
    w.g(70, String(insunits));
  }
  w.g(0, "ENDSEC");
}

export function writeLayers(w: DxfWriter, layers: readonly string[]) {
  w.g(0, "SECTION");
  w.g(2, "TABLES");
  w.g(0, "TABLE");
  w.g(2, "LAYER");
  w.g(70, String(layers.length));
  for (const name of layers) {
    w.g(0, "LAYER");
    w.g(2, name);
    w.g(70, "0");
    w.g(62, "7");
    w.g(6, "CONTINUOUS");
  }
  w.g(0, "ENDTAB");
  w.g(0, "ENDSEC");
}

export function writePolyline(w: DxfWriter, kind: "POLYLINE" | "LWPOLYLINE", layer: string, pts: P[], closed: boolean) {
  if (kind === "LWPOLYLINE") {
    w.g(0, "LWPOLYLINE");
    w.g(8, layer);
    w.g(90, String(pts.length));
    w.g(70, closed ? "1" : "0");
    for (const [x, y] of pts) {
      w.g(10, x);
      w.g(20, y);
    }
    return;
  }
  w.g(0, "POLYLINE");
  w.g(8, layer);
  w.g(66, "1");
  w.point(0, 0);
  w.g(70, closed ? "1" : "0");
  for (const [x, y] of pts) {
    w.g(0, "VERTEX");
    w.g(8, layer);
    w.point(x, y);
  }
  w.g(0, "SEQEND");
  w.g(8, layer);
}

export function writeLine(w: DxfWriter, layer: string, a: P, b: P) {
  w.g(0, "LINE");
  w.g(8, layer);
  w.point(a[0], a[1], 10);
  w.point(b[0], b[1], 11);
}

function writeText(w: DxfWriter, layer: string, x: number, y: number, height: number, text: string) {
  w.g(0, "TEXT");
  w.g(8, layer);
  w.point(x, y);
  w.g(40, height);
  w.g(1, text);
}

function writePoint(w: DxfWriter, layer: string, x: number, y: number) {
  w.g(0, "POINT");
  w.g(8, layer);
  w.point(x, y);
}

function piecesOf(spec: AstmDxfOptions["pieces"]): FixturePiece[] {
  if (Array.isArray(spec)) return spec;
  const n = spec ?? 3;
  return Array.from({ length: n }, (_, i) => {
    const base = DEFAULT_PIECES[i % DEFAULT_PIECES.length];
    const round = Math.floor(i / DEFAULT_PIECES.length);
    return round ? { ...base, name: `${base.name} ${round + 1}` } : base;
  });
}

/**
 * An ASTM/AAMA-style graded DXF: a BLOCKS section with one block per piece and size (boundary on layer 1 with its
 * curves approximated by short segments, notches on 4, grain line on 7, a dart on 8, a drill hole on 13, the sew
 * line 10 mm inside on 14, piece facts as TEXT on 1 and an annotation on 15), and the INSERTs that place the blocks
 * on a grid in ENTITIES. Blocks have a base point of (10, 20) file units, which the INSERT cancels out.
 */
export function makeAstmDxf(options: AstmDxfOptions = {}): string {
  const pieces = piecesOf(options.pieces);
  const sizes = options.sizes ?? ["38", "40", "42"];
  const sampleSize = options.sampleSize ?? sizes[Math.floor((sizes.length - 1) / 2)];
  const sampleIndex = Math.max(0, sizes.indexOf(sampleSize));
  const units = options.units ?? "mm";
  const k = units === "in" ? 1 / 25.4 : 1;
  const grade = options.grade ?? 0.04;
  const kind = options.polyline ?? "POLYLINE";
  const w = new DxfWriter(units === "in" ? 4 : 3);

  w.g(999, "Patternhouse test fixture (ASTM D6673 style)");
  writeHeader(w, kind === "LWPOLYLINE" ? "AC1015" : "AC1009", options.withHeaderUnits === false ? null : units === "in" ? 1 : 4);
  writeLayers(w, ["0", "1", "4", "7", "8", "13", "14", "15"]);

  const base: P = [10, 20];
  const blockName = (p: FixturePiece, size: string) => `${(p.block ?? p.name).replace(/\s+/g, "_")}-${size}`;
  w.g(0, "SECTION");
  w.g(2, "BLOCKS");
  for (const piece of pieces) {
    sizes.forEach((size, i) => {
      const { fw, fh } = gradeFactors(i, sampleIndex, grade);
      const pw = piece.width * fw;
      const ph = piece.height * fh;
      const at = ([x, y]: P): P => [(x + base[0] / k) * k, (y + base[1] / k) * k];
      const outline = fixtureOutline(piece.shape ?? "rect", pw, ph);
      const name = blockName(piece, size);
      w.g(0, "BLOCK");
      w.g(8, "0");
      w.g(2, name);
      w.g(70, "0");
      w.point(base[0], base[1]);
      w.g(3, name);
      writePolyline(w, kind, "1", outline.map(at), true);
      // Sew line: the outline pulled 10 mm towards the middle (a fixture, not an exact offset).
      const sx = Math.max(0.1, (pw - 20) / pw);
      const sy = Math.max(0.1, (ph - 20) / ph);
      const sew = outline.map(([x, y]): P => [pw / 2 + (x - pw / 2) * sx, ph / 2 + (y - ph / 2) * sy]);
      writePolyline(w, kind, "14", [...sew, sew[0]].map(at), false);
      writeLine(w, "7", at([pw / 2, ph * 0.2]), at([pw / 2, ph * 0.8]));
      // Notches: short lines from the outline inwards at a third of the bottom edge and half the left edge.
      const notchX = outline.reduce((m, [x, y]) => (y === 0 && x > m ? x : m), 0) / 3;
      writeLine(w, "4", at([notchX || pw / 3, 0]), at([notchX || pw / 3, 6]));
      const left = outline.find(([x]) => x === 0) ? 0 : pw * 0.07;
      writeLine(w, "4", at([left, ph * 0.4]), at([left + 6, ph * 0.4]));
      writeLine(w, "8", at([pw * 0.3, ph * 0.1]), at([pw * 0.35, ph * 0.35]));
      writeLine(w, "8", at([pw * 0.35, ph * 0.35]), at([pw * 0.4, ph * 0.1]));
      writePoint(w, "13", ...at([pw * 0.35, ph * 0.3]));
      const th = Math.min(8, ph / 20);
      writeText(w, "1", ...at([pw * 0.55, ph * 0.5]), th * k, `Piece Name: ${piece.name}`);
      writeText(w, "1", ...at([pw * 0.55, ph * 0.5 - th * 1.5]), th * k, `Size: ${size}`);
      writeText(w, "1", ...at([pw * 0.55, ph * 0.5 - th * 3]), th * k, `Sample Size: ${sampleSize}`);
      writeText(w, "1", ...at([pw * 0.55, ph * 0.5 - th * 4.5]), th * k, `Quantity: ${piece.quantity ?? 1}`);
      writeText(w, "15", ...at([pw * 0.55, ph * 0.5 - th * 6]), th * k, "Cut 1 self");
      w.g(0, "ENDBLK");
      w.g(8, "0");
    });
  }
  w.g(0, "ENDSEC");

  w.g(0, "SECTION");
  w.g(2, "ENTITIES");
  const cellW = Math.max(...pieces.map((p) => p.width)) * 1.5 + 50;
  const cellH = Math.max(...pieces.map((p) => p.height)) * 1.3 + 50;
  pieces.forEach((piece, col) => {
    sizes.forEach((size, row) => {
      w.g(0, "INSERT");
      w.g(8, "0");
      w.g(2, blockName(piece, size));
      w.point(col * cellW * k, row * cellH * k);
      if (options.scale !== undefined && options.scale !== 1) {
        w.g(41, options.scale);
        w.g(42, options.scale);
      }
      if (options.rotation) w.g(50, options.rotation);
    });
  });
  if (options.withUnitsText !== false) writeText(w, "15", 0, -20 * k, 5 * k, `Units: ${units === "in" ? "ENGLISH" : "METRIC"}`);
  w.g(0, "ENDSEC");
  w.g(0, "EOF");
  return w.text();
}

const DEMO_SIZE_RUNS = [
  ["XS", "S", "M", "L", "XL"],
  ["36", "38", "40", "42", "44"],
  ["S", "M", "L"],
  ["6", "8", "10", "12", "14", "16"],
];

/**
 * A demo pattern for the seed: an ASTM graded file whose pieces (3 to 6 of DEFAULT_PIECES), size run and units
 * (every third one in inches) follow from `seed`, so every demo product gets its own, always the same, file.
 */
export function makeDemoPatternDxf(seed: number): string {
  const n = Math.abs(Math.trunc(seed));
  const count = 3 + (n % 4);
  const pieces = Array.from({ length: count }, (_, i) => DEFAULT_PIECES[(n * 5 + i * 7) % DEFAULT_PIECES.length]).filter(
    (p, i, all) => all.findIndex((q) => q.name === p.name) === i,
  );
  return makeAstmDxf({ pieces, sizes: DEMO_SIZE_RUNS[n % DEMO_SIZE_RUNS.length], units: n % 3 === 2 ? "in" : "mm" });
}
