/**
 * The raw DXF before pieces (decision 060, 094): decoding the upload's text, the one pass that refuses what would
 * hang dxf-parser or overflow the limits before anything big is allocated, dxf-parser itself, the shapes it answers,
 * and the affine transforms that place a block's entities. `dxf.server.ts` builds the pieces from them.
 */
import DxfParser from "dxf-parser";

import { formatCount, MAX_COORDINATE, MAX_FILE_ENTITIES, MAX_FILE_VERTICES } from "./limits";
import type { Pt, ReadPatternError } from "./types";

/** The start of every refusal for size or complexity, at upload and from the worker pool's limits. */
export const TOO_COMPLEX_PREFIX = "This DXF is too large or too complex to read";

/** A bound of limits.ts broken while reading: the reading stops at once with this refusal. */
export class PatternLimitError extends Error {
  constructor(
    readonly code: Extract<ReadPatternError, "too_complex" | "bad_number" | "piece_size" | "bad_block">,
    message: string,
  ) {
    super(message);
  }
}
export const tooComplex = (what: string) => new PatternLimitError("too_complex", `${TOO_COMPLEX_PREFIX}: ${what}.`);

export type RawPoint = { x: number; y: number; bulge?: number; splineControlPoint?: boolean };
export type RawEntity = {
  type: string;
  layer?: string;
  vertices?: RawPoint[];
  shape?: boolean;
  isPolyfaceMesh?: boolean;
  is3dPolygonMesh?: boolean;
  center?: RawPoint;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  position?: RawPoint;
  startPoint?: RawPoint;
  text?: string;
  name?: string;
  xScale?: number;
  yScale?: number;
  rotation?: number;
  controlPoints?: RawPoint[];
  fitPoints?: RawPoint[];
  knotValues?: number[];
  degreeOfSplineCurve?: number;
  closed?: boolean;
  periodic?: boolean;
  majorAxisEndPoint?: RawPoint;
  axisRatio?: number;
};
export type RawBlock = { name?: string; position?: RawPoint; entities?: RawEntity[] };
export type RawDxf = { header?: Record<string, unknown>; entities?: RawEntity[]; blocks?: Record<string, RawBlock> };

/** Affine transform: x' = a x + c y + e, y' = b x + d y + f. */
export type Xf = { a: number; b: number; c: number; d: number; e: number; f: number };
export const apply = (t: Xf, p: RawPoint): Pt => [t.a * p.x + t.c * p.y + t.e, t.b * p.x + t.d * p.y + t.f];
export const compose = (t: Xf, u: Xf): Xf => ({
  a: t.a * u.a + t.c * u.b,
  b: t.b * u.a + t.d * u.b,
  c: t.a * u.c + t.c * u.d,
  d: t.b * u.c + t.d * u.d,
  e: t.a * u.e + t.c * u.f + t.e,
  f: t.b * u.e + t.d * u.f + t.f,
});
/** How much a transform enlarges lengths (its mean scale). */
export const xfScale = (t: Xf) => Math.sqrt(Math.abs(t.a * t.d - t.b * t.c)) || 1;
export const scaleXf = (s: number): Xf => ({ a: s, b: 0, c: 0, d: s, e: 0, f: 0 });

/** INSERT: translate(position) · rotate(rotation) · scale(xScale, yScale) · translate(-block base point). */
export function insertXf(insert: RawEntity, block: RawBlock): Xf {
  const sx = finite(insert.xScale, 1) || 1;
  const sy = finite(insert.yScale, 1) || 1;
  const rot = (finite(insert.rotation, 0) * Math.PI) / 180;
  const cos = Math.cos(rot);
  const sin = Math.sin(rot);
  const bx = finite(block.position?.x, 0);
  const by = finite(block.position?.y, 0);
  const px = finite(insert.position?.x, 0);
  const py = finite(insert.position?.y, 0);
  const a = cos * sx;
  const b = sin * sx;
  const c = -sin * sy;
  const d = cos * sy;
  return { a, b, c, d, e: px - (a * bx + c * by), f: py - (b * bx + d * by) };
}

export function finite(n: unknown, fallback: number): number {
  return typeof n === "number" && Number.isFinite(n) ? n : fallback;
}

/**
 * $DWGCODEPAGE of drawings before AutoCAD 2007 (AC1021, from which DXF text is UTF-8) -> the WHATWG encoding that
 * decodes it (Node's TextDecoder, full ICU: GBK, Big5, Shift_JIS, EUC-KR and the Windows code pages).
 */
const CODE_PAGES: Record<string, string> = {
  ANSI_874: "windows-874",
  ANSI_932: "shift_jis",
  ANSI_936: "gbk",
  ANSI_949: "euc-kr",
  ANSI_950: "big5",
  ANSI_1250: "windows-1250",
  ANSI_1251: "windows-1251",
  ANSI_1252: "windows-1252",
  ANSI_1253: "windows-1253",
  ANSI_1254: "windows-1254",
  ANSI_1255: "windows-1255",
  ANSI_1256: "windows-1256",
  ANSI_1257: "windows-1257",
  ANSI_1258: "windows-1258",
};

/** A header variable's text value (group 1 or 3) from the first 64 KB, read as ASCII. */
function headerText(bytes: Uint8Array, variable: string): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 65536)));
  const m = new RegExp(`(?:^|\\n)\\s*9\\s*\\r?\\n\\s*\\${variable}\\s*\\r?\\n\\s*[13]\\s*\\r?\\n([^\\r\\n]*)`).exec(head);
  return m ? m[1].trim() : null;
}

/**
 * Text of the upload. Binary content (NUL bytes, binary DXF, images) is refused before parsing. A drawing from before
 * AutoCAD 2007 is in its $DWGCODEPAGE (Chinese CAD: ANSI_936, GBK); a later one, or one whose code page is unknown,
 * is UTF-8 when it decodes as UTF-8, else Windows-1252.
 */
export function decode(input: string | Uint8Array | ArrayBuffer): string | null {
  if (typeof input === "string") return input.includes("\u0000") ? null : input;
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const head = bytes.subarray(0, Math.min(bytes.length, 8192));
  if (head.includes(0)) return null;
  const version = headerText(bytes, "$ACADVER") ?? "";
  const codePage = CODE_PAGES[(headerText(bytes, "$DWGCODEPAGE") ?? "").toUpperCase()];
  const unicode = /^AC(\d{4})$/.test(version) && Number(version.slice(2)) >= 1021;
  if (codePage && codePage !== "windows-1252" && !unicode) return new TextDecoder(codePage).decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder(codePage ?? "windows-1252").decode(bytes);
  }
}

/**
 * dxf-parser loops forever on a few malformed inputs (a POLYLINE not followed by VERTEX/SEQEND, a stray entity in
 * a LAYER or VPORT table, an LWPOLYLINE announcing more vertices than the file has or with an unknown group right
 * after a vertex's x). One pass over the group pairs refuses those, and anything whose group codes are not integers,
 * before the parser sees it. The same pass counts entities and vertices against limits.ts and checks every
 * coordinate, radius, scale, bulge and angle for a finite, bounded number, so a file that would need too much memory
 * or holds `inf`/`NaN`/1e300 is refused before anything big is allocated.
 */
const LWPOLYLINE_VERTEX_CODES = new Set([0, 10, 20, 30, 40, 41, 42]);
/** Group codes whose value is a real number the reader uses: coordinates (10-38), radius, scales and bulge (40-42), angles (50-51). */
const isCheckedNumber = (code: number) => (code >= 10 && code <= 38) || (code >= 40 && code <= 42) || code === 50 || code === 51;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Null when the parser can be given these lines; else what is damaged, for the seller. */
function scanForParser(lines: string[]): string | null {
  let sawSection = false;
  let inPolyline = false;
  let table: string | null = null;
  let expectTableName = false;
  let inLwpolyline = false;
  let afterX = false;
  let entities = 0;
  let vertices = 0;
  const maxVertices = lines.length / 4;
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const codeLine = lines[i].trim();
    const code = Number(codeLine);
    if (codeLine === "" || !Number.isInteger(code)) return `line ${i + 1} should be a group code, not "${codeLine.slice(0, 20)}"`;
    // In an LWPOLYLINE, a vertex's x (10) followed by a group the vertex reader does not know makes it rewind
    // onto that same x forever.
    if (afterX && !LWPOLYLINE_VERTEX_CODES.has(code)) return `an LWPOLYLINE vertex on line ${i - 1} is followed by an unknown group ${code}`;
    afterX = inLwpolyline && code === 10;
    if (code !== 0) {
      if (isCheckedNumber(code)) checkNumber(lines[i + 1], i + 2);
      if (code === 10 && ++vertices > MAX_FILE_VERTICES) {
        throw tooComplex(`it has more than ${formatCount(MAX_FILE_VERTICES)} vertices, the most a pattern file may have`);
      }
      if (expectTableName && code === 2) {
        table = lines[i + 1].trim();
        expectTableName = false;
      } else if (inLwpolyline && code === 90 && !(Number(lines[i + 1]) <= maxVertices)) {
        return `an LWPOLYLINE on line ${i + 1} announces more vertices than the file has`;
      }
      continue;
    }
    if (++entities > MAX_FILE_ENTITIES) {
      throw tooComplex(`it has more than ${formatCount(MAX_FILE_ENTITIES)} entities, the most a pattern file may have`);
    }
    const value = lines[i + 1].trim();
    inLwpolyline = value === "LWPOLYLINE";
    if (value === "EOF") break;
    if (inPolyline) {
      if (value === "SEQEND") inPolyline = false;
      else if (value !== "VERTEX") return `a POLYLINE is followed by ${value.slice(0, 20)} on line ${i + 2} instead of its vertices`;
      continue;
    }
    if (table !== null) {
      if (value === "ENDTAB") table = null;
      else if ((table === "LAYER" || table === "VPORT") && value !== table) return `a ${value.slice(0, 20)} stands in the ${table} table on line ${i + 2}`;
      continue;
    }
    if (value === "SECTION") sawSection = true;
    else if (value === "POLYLINE") inPolyline = true;
    else if (value === "TABLE") expectTableName = true;
  }
  if (!sawSection) return "it has no SECTION";
  // Plain words first, the CAD words after, for the seller (issue 34, item 16).
  return inPolyline ? "the file seems incomplete (it ends inside a polyline: a POLYLINE without its SEQEND)" : null;
}

function checkNumber(raw: string, line: number) {
  const value = raw.trim();
  const n = Number(value);
  if (!NUMBER.test(value) || !Number.isFinite(n)) {
    throw new PatternLimitError("bad_number", `This DXF has a number that cannot be drawn: "${value.slice(0, 20)}" on line ${line}.`);
  }
  if (Math.abs(n) > MAX_COORDINATE) {
    throw new PatternLimitError(
      "bad_number",
      `This DXF has a coordinate of ${value.slice(0, 24)} on line ${line}, beyond the ${MAX_COORDINATE.toExponential()} a drawing may use.`,
    );
  }
}

export function parseDxf(text: string): { dxf: RawDxf | null; damage?: string } {
  const lines = text.split(/\r\n|\r|\n/);
  const damage = scanForParser(lines);
  if (damage) return { dxf: null, damage };
  // dxf-parser writes to the console about odd groups of damaged files; it is synchronous, so muting the console
  // for its duration cannot hide anything else.
  const { error, log } = console;
  console.error = console.log = () => {};
  try {
    const parsed = new DxfParser().parseSync(text) as unknown as RawDxf | null;
    return { dxf: parsed && typeof parsed === "object" ? parsed : null };
  } catch {
    return { dxf: null };
  } finally {
    console.error = error;
    console.log = log;
  }
}
