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
  /**
   * How many to cut of its `material` (1 to 99): from the 'ANNOTATION:' text ('2XFABRIC'), else 'Quantity:' in any of
   * its forms ('2', '2.0', '1,0', ASTM's '1,1' = one as drawn and one mirrored), else 1. A graded file's sizes take
   * the sample size's facts when their own blocks state none (Gerber). A piece cut on the fold counts once per fold.
   */
  quantity: number;
  /**
   * What it is cut from: 'fabric' (the main fabric), 'lining', 'interlining', 'rib', 'contrast', 'pocketing',
   * 'mesh', another material's name in lower case, or 'fabric N' for a 'Fabric: N' code the file never names.
   * The first of `cuts`. Optional only in patterns stored before decision 094 (read: 'fabric').
   */
  material?: string;
  /** Every cut of the piece: '1XFABRIC 1X INTERLIN' is [{fabric, 1}, {interlining, 1}]. Optional as `material`. */
  cuts?: PieceCut[];
  /** The 'CATEGORY:' text (Gerber: 'SLEEVE SHORT', 'COLLAR'), when the file has one. */
  category?: string;
  /**
   * Cut on the fold: the file draws a mirror line (layer 6) along the outline's edge, so the outline is half the
   * piece. `fold` is that line (also in `internal`, as before), `unfolded` the whole piece (the outline and its mirror
   * image across the fold), which the fabric estimate and a layout use. Labels say "Cut N on fold" (cutText).
   */
  onFold?: boolean;
  fold?: [Pt, Pt];
  unfolded?: { boundary: Pt[]; bbox: BBox; area: number };
  /**
   * The outline crosses itself (a grading fault in the file): `area` is what it encloses as drawn (nonzero fill), not
   * the shoelace sum, and the reading's warnings name it. Absent when it does not.
   */
  crossesItself?: boolean;
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

/** One cut of a piece: so many of it in one material. */
export type PieceCut = { material: string; quantity: number };

/**
 * Where the units of a reading come from: the DXF header ($INSUNITS, else $MEASUREMENT), the 'Units:' text of the
 * CAD export, the size of the pieces (the file says nothing, or what it says would make the pieces implausible for
 * a garment), or the seller, who chose them for this file (readPattern's `units` option).
 */
export type UnitsSource = "header" | "text" | "inferred" | "seller";

export type Pattern = {
  /** The unit system of the source file; every coordinate here is already in millimetres. */
  units: PatternUnits;
  /** True when the file did not say its units and millimetres were assumed: tell the seller. */
  unitsAssumed: boolean;
  /** Where `units` come from (decision 094). Optional only in patterns stored before it. */
  unitsSource?: UnitsSource;
  /**
   * What the seller should know about this reading, one sentence each, e.g. "Read as centimetres: the file says
   * METRIC but the pieces would be 2.6 cm wide." Shown on the upload and the edit screen. Optional as `unitsSource`.
   */
  warnings?: string[];
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
export type ReadPatternError = "not_dxf" | "no_entities" | "no_boundary" | "too_complex" | "bad_number" | "piece_size" | "bad_block";

/** How a caller wants a file read: `units` the seller chose for it (the reading's unitsSource is then 'seller'). */
export type ReadPatternOptions = { units?: PatternUnits };

export type ReadPatternResult = { ok: true; pattern: Pattern } | { ok: false; error: ReadPatternError; message: string };
