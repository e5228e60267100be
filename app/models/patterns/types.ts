/**
 * The shape of a pattern read from a DXF file (readPattern in dxf.server.ts). Plain JSON: it is stored as is in a
 * database column and used by the preview, the fabric estimate and the print PDFs. No server code here, so a
 * route component may import these types too.
 */

/** A point in millimetres: [x, y], y up (DXF orientation). */
export type Pt = [number, number];

export type BBox = { minX: number; minY: number; maxX: number; maxY: number; width: number; height: number };

export type PatternPiece = {
  /** From the piece's 'Piece Name:' text, else the block name, else 'Piece N'. */
  name: string;
  /** From the piece's 'Size:' text, else the file's sample size, else 'One size'. */
  size: string;
  /** How many to cut, from the piece's 'Quantity:' text (1 to 99), else 1. */
  quantity: number;
  /** The cut line (layer 1), in mm. The ring is implicitly closed: the first point is not repeated at the end. */
  boundary: Pt[];
  /** The grain line (layer 7): start and end. */
  grain?: [Pt, Pt];
  /** Notch positions (layer 4), on or near the boundary. */
  notches: Pt[];
  /** Internal lines (layer 8), mirror lines (layer 6) and internal cut-outs (layer 11), each an open polyline. */
  internal: Pt[][];
  /** Sew lines (layer 14), each an open or closed polyline. */
  sewLines: Pt[][];
  /** Drill holes (layer 13). */
  drill: Pt[];
  bbox: BBox;
  /** Area inside the boundary in mm² (shoelace, absolute). */
  area: number;
};

export type PatternUnits = "mm" | "cm" | "in";

export type Pattern = {
  /** The unit system of the source file; every coordinate here is already in millimetres. */
  units: PatternUnits;
  /** True when the file did not say its units and millimetres were assumed: tell the seller. */
  unitsAssumed: boolean;
  /** Every size present, ordered naturally (numbers ascending, XS < S < M < L < XL, else natural text order). */
  sizes: string[];
  sampleSize?: string;
  /** Ordered by size (as in sizes), then by order of appearance in the file. */
  pieces: PatternPiece[];
};

/**
 * Why a DXF was refused. The first three have fixed texts (READ_PATTERN_MESSAGES); the others name what was wrong
 * and the limit it broke (limits.ts), so their message is built when the file is read.
 */
export type ReadPatternError = "not_dxf" | "no_entities" | "no_boundary" | "too_complex" | "bad_number" | "piece_size";

export type ReadPatternResult = { ok: true; pattern: Pattern } | { ok: false; error: ReadPatternError; message: string };
