/**
 * The bounds of pattern work (decision 090). A DXF, a preview or a print file beyond one of these is refused with a
 * message that names the limit, before the work that would need the memory or the time is done. Real CAD exports
 * stay far below every one of them: the largest file of the AccuMark/CLO corpus (shared/cad-dxf) has 34,000
 * entities, 27,000 vertices, 255 pieces, pieces from 105 mm to 3 m and 145 A4 pages.
 */

/** Entities in the file as written (every `0` group of every section), counted before parsing. */
export const MAX_FILE_ENTITIES = 150_000;
/** Vertices in the file as written (`10` groups), counted before parsing. */
export const MAX_FILE_VERTICES = 500_000;
/** Entities after blocks are expanded: each INSERT counts its block's entities again (copies, not depth). */
export const MAX_EXPANDED_ENTITIES = 200_000;
/** Points after expansion, arcs and bulges turned into segments. */
export const MAX_EXPANDED_POINTS = 2_000_000;
/** Pieces (one per block and size) in one file. */
export const MAX_PIECES = 2_000;
/** A coordinate beyond this (in the file's units, and in mm after transforms) is not a drawing of a garment. */
export const MAX_COORDINATE = 1e9;
/** A piece longer than this (mm) is a units problem: the widest real pattern pieces (a train, a tablecloth) fit. */
export const MAX_PIECE_MM = 5_000;
/** A piece whose longest side is shorter than this (mm) is a units problem: a button tab is 15 mm. */
export const MIN_PIECE_MM = 5;
/**
 * A pattern whose largest piece is shorter than this (mm) in the units the file declares is read in a larger unit
 * when that makes it plausible (decision 094): a garment's largest piece (a front, a leg) is longer than 10 cm, and a
 * CAD export in centimetres that says METRIC would otherwise print a 25.6 x 70.3 mm bodice. A doll's pattern may be
 * smaller: its seller chooses millimetres on the edit screen (readPattern's `units`).
 */
export const PLAUSIBLE_PIECE_MM = 100;
/** Pages of one print file (the tiles plus the overview page). */
export const MAX_PRINT_PAGES = 1_000;

/**
 * CPU time a pattern task may use in the worker pool before its thread is stopped (wall time where the thread's CPU
 * time cannot be read). CPU, not wall time: the threads run at a lower priority, so on a busy machine a task takes
 * several times its CPU time (a 24 MB refusal: 1.6 s on a quiet machine, over 10 s with both cores busy).
 */
export const TASK_TIME_LIMIT_MS = { read: 10_000, preview: 10_000, compare: 10_000, print: 30_000, stamp: 10_000, custom: 30_000, customPreview: 30_000, layout: 20_000, improveLayout: 90_000, marker: 120_000 } as const;
/** Heap of one pool worker (MB): a task that needs more is stopped and the worker replaced. */
export const WORKER_HEAP_MB = 512;

export const formatCount = (n: number) => Math.round(n).toLocaleString("en-US");
