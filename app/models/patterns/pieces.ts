/** Finding pieces in a read pattern. Pure functions, no server code. */
import type { Pattern, PatternPiece, PieceCut } from "./types";

/** A piece's cuts; a pattern stored before decision 094 has its quantity of the main fabric. */
export function cutsOf(piece: Pick<PatternPiece, "quantity" | "material" | "cuts">): PieceCut[] {
  return piece.cuts?.length ? piece.cuts : [{ material: piece.material ?? "fabric", quantity: piece.quantity ?? 1 }];
}

/**
 * What a label says about cutting the piece: "Cut 2", "Cut 1 on fold", "Cut 2 on fold", and for a piece cut from
 * other materials as well, each of them: "Cut 1 fabric, 1 interlining". The main fabric is not named alone.
 */
export function cutText(piece: Pick<PatternPiece, "quantity" | "material" | "cuts" | "onFold">): string {
  const cuts = cutsOf(piece);
  const fold = piece.onFold ? " on fold" : "";
  if (cuts.length === 1 && cuts[0].material === "fabric") return `Cut ${cuts[0].quantity}${fold}`;
  return `Cut ${cuts.map((c) => `${c.quantity} ${c.material}`).join(", ")}${fold}`;
}

/** The pieces of one size, in file order. */
export function piecesOfSize(pattern: Pattern, size: string): PatternPiece[] {
  return pattern.pieces.filter((p) => p.size === size);
}

/**
 * The same piece across sizes (or versions): matched by name and, when a size holds several pieces of one name
 * (a left and a right pocket), by their order within the size. Returns one row per piece, in order of first
 * appearance, with the piece of each source (undefined where missing).
 */
export function matchPieces(sources: PatternPiece[][]): { name: string; pieces: (PatternPiece | undefined)[] }[] {
  const rows = new Map<string, { name: string; pieces: (PatternPiece | undefined)[] }>();
  sources.forEach((list, s) => {
    const seen = new Map<string, number>();
    for (const piece of list) {
      const n = seen.get(piece.name) ?? 0;
      seen.set(piece.name, n + 1);
      const key = `${piece.name}\u0000${n}`;
      let row = rows.get(key);
      if (!row) {
        row = { name: piece.name, pieces: sources.map(() => undefined) };
        rows.set(key, row);
      }
      row.pieces[s] = piece;
    }
  });
  return [...rows.values()];
}

/** Number of distinct pieces of the pattern (the pieces of its fullest size; a size may lack optional pieces). */
export function pieceCount(pattern: Pattern): number {
  return Math.max(0, ...pattern.sizes.map((s) => piecesOfSize(pattern, s).length));
}

/** The size a preview shows first: the sample size when the file names one, else the middle size. */
export function defaultSize(pattern: Pattern): string | undefined {
  if (pattern.sampleSize && pattern.sizes.includes(pattern.sampleSize)) return pattern.sampleSize;
  return pattern.sizes[Math.floor((pattern.sizes.length - 1) / 2)];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Width and height (mm) of a piece as laid on the grain: the unfolded piece when it is cut on the fold, turned so
 * that its grain line runs along the height (fabric length); a piece without a grain line as drawn.
 */
export function grainSize(piece: Pick<PatternPiece, "boundary" | "bbox" | "grain" | "unfolded">): { width: number; height: number } {
  const shape = piece.unfolded ?? piece;
  const grain = piece.grain;
  const dx = grain ? grain[1][0] - grain[0][0] : 0;
  const dy = grain ? grain[1][1] - grain[0][1] : 0;
  if (!grain || Math.hypot(dx, dy) < 1e-9) return { width: shape.bbox.width, height: shape.bbox.height };
  // Turn by (90° - grain angle): the grain becomes vertical.
  const turn = Math.PI / 2 - Math.atan2(dy, dx);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of shape.boundary) {
    const u = x * cos - y * sin;
    const v = x * sin + y * cos;
    minX = Math.min(minX, u);
    maxX = Math.max(maxX, u);
    minY = Math.min(minY, v);
    maxY = Math.max(maxY, v);
  }
  return shape.boundary.length ? { width: maxX - minX, height: maxY - minY } : { width: shape.bbox.width, height: shape.bbox.height };
}

/** One piece of the pattern across its sizes (decision 100): what the JSON face's `piece_list` and the edit screen show. */
export type PieceFact = {
  name: string;
  /** How many to cut of its material (the sample size's piece, else the first size that has it). */
  quantity: number;
  onFold: boolean;
  material: string;
  /** "Cut 2", "Cut 1 on fold", "Cut 1 fabric, 1 interlining" (cutText). */
  cutText: string;
  /** Per size that has the piece: laid on the grain and unfolded, mm to 0.1; area to 1 mm²; notches as drawn. */
  sizes: Record<string, { widthMm: number; heightMm: number; areaMm2: number; notches: number }>;
};

/** The pieces of a pattern across its sizes, matched by name and order (matchPieces), in order of appearance. */
export function pieceFacts(pattern: Pattern): PieceFact[] {
  const sample = defaultSize(pattern);
  return matchPieces(pattern.sizes.map((s) => piecesOfSize(pattern, s))).map(({ name, pieces }) => {
    const reference = pieces[pattern.sizes.indexOf(sample ?? "")] ?? pieces.find(Boolean)!;
    // fromEntries: a size named '__proto__' is a key like any other.
    const sizes: PieceFact["sizes"] = Object.fromEntries(
      pieces.flatMap((piece, i) => {
        if (!piece) return [];
        const { width, height } = grainSize(piece);
        const area = Math.round(piece.unfolded?.area ?? piece.area);
        return [[pattern.sizes[i]!, { widthMm: round1(width), heightMm: round1(height), areaMm2: area, notches: piece.notches.length }]];
      }),
    );
    return {
      name,
      quantity: reference.quantity ?? 1,
      onFold: reference.onFold ?? false,
      material: reference.material ?? cutsOf(reference)[0]!.material,
      cutText: cutText(reference),
      sizes,
    };
  });
}
