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
