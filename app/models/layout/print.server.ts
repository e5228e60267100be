/**
 * The cutting layouts a print file carries (issue 25, decision 133), gathered before the print task is
 * queued (the worker never lays pieces out): for the envelope table, the file's sizes × the seller's widths × each
 * size's materials; for the layout pages, the same sizes and materials at the width closest to 1400 mm (a subset).
 * Each layout is asked of the layout service one after the other: a cached one is read, a missing one is computed
 * in the pool and cached for good, so only the first print of a version waits for them. A full pool throws
 * PatternBusyError (the route answers 503 with Retry-After, as for any busy download).
 */
import { defaultLayoutWidthMm, type ProductLayoutResult } from "./layouts.server";
import type { LayoutSettings } from "~/utils/layout-settings";
import type { FabricCell, PrintFabric } from "~/models/patterns/envelope.server";
import { sizeMaterials } from "~/models/patterns/fabric.server";
import { PatternBusyError } from "~/models/patterns/pool.server";
import type { Pattern } from "~/models/patterns/types";

/** One layout of the product's current version (productLayout with the product and viewer bound). */
export type LayoutLookup = (args: { size: string; widthMm: number; material: string }) => Promise<ProductLayoutResult>;

/**
 * The fabric pages' data for `sizes` of `pattern` (the product's current version), or null when the service has
 * no layouts for it (product not visible, no pattern). Widths a size cannot be laid on are cells without a length.
 */
export async function printFabric({
  pattern,
  sizes,
  settings,
  lookup,
  own,
}: {
  pattern: Pattern;
  sizes: string[];
  settings: Pick<LayoutSettings, "widthsMm" | "gapMm">;
  lookup: LayoutLookup;
  /**
   * A buyer's own size (made to measure) after the graded sizes, under its key (CUSTOM_SIZE, drawn "Your size"): its materials and its
   * layouts from the order's measurements (issue 34, item 14).
   */
  own?: { label: string; materials: string[]; lookup: (args: { widthMm: number; material: string }) => Promise<ProductLayoutResult> };
}): Promise<PrintFabric | null> {
  const layoutWidthMm = defaultLayoutWidthMm(settings.widthsMm);
  const tables = new Map<string, PrintFabric["table"][number]>();
  const layouts: PrintFabric["layouts"] = [];
  const entries = [
    ...sizes.map((size) => ({ size, materials: sizeMaterials(pattern, size), lookup })),
    ...(own ? [{ size: own.label, materials: own.materials, lookup: (args: { widthMm: number; material: string }) => own.lookup(args) }] : []),
  ];
  for (const { size, materials, lookup } of entries) {
    for (const material of materials) {
      const cells: FabricCell[] = [];
      for (const widthMm of settings.widthsMm) {
        const result = await lookup({ size, widthMm, material });
        if (!result.ok && result.error === "busy") throw new PatternBusyError();
        if (!result.ok && (result.error === "not_found" || result.error === "no_pattern")) return null;
        if (result.ok) {
          cells.push({ widthMm, lengthMm: result.value.layout.lengthMm });
          if (widthMm === layoutWidthMm) layouts.push({ size, material, layout: result.value.layout });
        } else cells.push({ widthMm, lengthMm: null, ...(result.pieces?.length ? { tooWide: result.pieces } : {}) });
      }
      const table = tables.get(material) ?? { material, rows: [] };
      table.rows.push({ size, cells });
      tables.set(material, table);
    }
  }
  if (!tables.size) return null;
  return { widthsMm: settings.widthsMm, gapMm: settings.gapMm, layoutWidthMm, table: [...tables.values()], layouts };
}
