/**
 * A pattern's layout settings (issue 25, decision 132): the fabric widths the seller recommends and the gap between
 * pieces. Stored on the product (`layout_widths`, `layout_gap_mm`); null columns mean the standard settings.
 */
import { and, eq, isNull } from "drizzle-orm";

import type { DbOrTx } from "~/utils/db.server";
import { products } from "../../../db/schema";
import {
  LAYOUT_GAP_RANGE_MM,
  LAYOUT_WIDTH_RANGE_MM,
  MAX_LAYOUT_WIDTHS,
  layoutSettingsOf,
  wholeIn,
  type LayoutSettings,
} from "~/utils/layout-settings";

/** A product's layout settings (the standard ones for an unknown product: the caller checks existence). */
export function getLayoutSettings({ db, productId }: { db: DbOrTx; productId: number }): LayoutSettings {
  const row = db
    .select({ layoutWidths: products.layoutWidths, layoutGapMm: products.layoutGapMm })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  return layoutSettingsOf(row ?? { layoutWidths: null, layoutGapMm: null });
}

/** A pattern's settings in its JSON (get-product, get-own-products, get-external-product): what its layouts use. */
export function layoutSettingsJson(row: { layoutWidths: string | null; layoutGapMm: number | null }) {
  const settings = layoutSettingsOf(row);
  return { layout_widths_mm: settings.widthsMm, layout_gap_mm: settings.gapMm };
}

export type SaveLayoutSettingsError = "not_found" | "not_pattern" | "bad_width" | "bad_gap";

/**
 * Sets the layout settings of one of the store's patterns (edit screen and update-product): null widths or gap mean
 * the standard ones. Widths: at most MAX_LAYOUT_WIDTHS, whole mm in range, stored ascending and distinct.
 */
export function saveLayoutSettings({
  db,
  storeId,
  productId,
  widthsMm,
  gapMm,
}: {
  db: DbOrTx;
  storeId: number;
  productId: number;
  widthsMm: number[] | null;
  gapMm: number | null;
}): { ok: true; settings: LayoutSettings } | { ok: false; error: SaveLayoutSettingsError } {
  const widths = widthsMm?.length ? [...new Set(widthsMm)].sort((a, b) => a - b) : null;
  if (widths && (widths.length > MAX_LAYOUT_WIDTHS || !widths.every((w) => wholeIn(w, LAYOUT_WIDTH_RANGE_MM)))) return { ok: false, error: "bad_width" };
  if (gapMm !== null && !wholeIn(gapMm, LAYOUT_GAP_RANGE_MM)) return { ok: false, error: "bad_gap" };
  const row = db
    .select({ type: products.type })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNull(products.removedAt)))
    .get();
  if (!row) return { ok: false, error: "not_found" };
  if (row.type !== "Pattern") return { ok: false, error: "not_pattern" };
  const stored = { layoutWidths: widths ? JSON.stringify(widths) : null, layoutGapMm: gapMm };
  db.update(products).set(stored).where(eq(products.id, productId)).run();
  return { ok: true, settings: layoutSettingsOf(stored) };
}
