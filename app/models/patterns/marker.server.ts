/**
 * A production marker (issue 48, decision 156): the pieces of several garments (a multiset of sizes) of one material
 * nested together by the layouts' engine on the opened fabric, with the selvedge margins, the nap and drill holes and
 * notches placed. Each placement is tagged with its size.
 */
import { layoutPieces, type Layout, type LayoutError, type Placement } from "./nest.server";
import { cutCount, piecesToCut } from "./shapes.server";
import type { Pattern } from "./types";

export type MarkerPlacement = Placement & { size: string };
export type Marker = Omit<Layout, "placements" | "folded"> & { placements: MarkerPlacement[] };
export type MarkerInput = {
  sizes: Record<string, number>;
  material: string;
  widthMm: number;
  gapMm: number;
  marginMm: number;
  nap: "one-way" | "two-way";
  /** Evaluations of the strip search after the greedy passes (0: greedy only). */
  evaluations: number;
};
export type MarkerResult = { ok: true; marker: Marker } | { ok: false; error: LayoutError; pieces?: string[] };

export function nestMarker(pattern: Pattern, { sizes, material, widthMm, gapMm, marginMm, nap, evaluations }: MarkerInput): MarkerResult {
  const pieces = [];
  const tags: { size: string; name: string }[] = [];
  for (const [size, count] of Object.entries(sizes)) {
    for (let garment = 0; garment < count; garment++) {
      for (const piece of piecesToCut(pattern, size, material)) {
        pieces.push(piece);
        for (let c = 0; c < cutCount(piece, material); c++) tags.push({ size, name: piece.name });
      }
    }
  }
  const result = layoutPieces({ pieces, material, widthMm, gapMm, selvedgeMm: marginMm, fold: "open", nap, improve: evaluations, marks: true });
  if (!result.ok) return result;
  const { placements, folded: _folded, ...rest } = result.layout;
  // The placements follow the pieces' order, one per cut; a piece without an area (no shape) has none: skipped by name.
  let t = 0;
  const tagged = placements.map((p) => {
    while (t < tags.length - 1 && tags[t]!.name !== p.name) t++;
    return { ...p, size: tags[t++]?.size ?? "" };
  });
  // A marker's efficiency is over its own width, the usable width between the selvedge margins (as marker making
  // reports it; the product page's layouts count the fabric as sold, margins included).
  const efficiency = Math.round((rest.areaMm2 / ((widthMm - 2 * marginMm) * rest.lengthMm)) * 10000) / 10000;
  return { ok: true, marker: { ...rest, efficiency, placements: tagged } };
}
