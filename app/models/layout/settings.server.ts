/**
 * A pattern's layout settings (issue 25, decision 132): the fabric widths the seller recommends, the gap between
 * pieces and the selvedge margin (issue 47). Stored on the product (`layout_widths`, `layout_gap_mm`,
 * `layout_selvedge_mm`); null columns mean the standard settings. Both
 * faces' views of a stored product sit here (issue 36, item 3): the design form's values and the JSON keys.
 */
import { and, eq, isNull } from "drizzle-orm";

import { type DbOrTx, first } from "~/utils/db.server";
import { products } from "../../../db/tables";
import { fromMmIn, storedLayoutSettings, type LayoutFormValues, type LayoutUnit } from "~/schemas/layout";
import {
  LAYOUT_GAP_RANGE_MM,
  LAYOUT_SELVEDGE_RANGE_MM,
  LAYOUT_WIDTH_RANGE_MM,
  MAX_LAYOUT_WIDTHS,
  layoutSettingsOf,
  wholeIn,
  type LayoutSettings,
} from "~/utils/layout-settings";
import { MM_PER_UNIT } from "~/utils/measurements";

/** The product's columns both faces read: the widths as stored (JSON text), the gap and the selvedge; null is the standard. */
type StoredLayout = { layoutWidths: string | null; layoutGapMm: number | null; layoutSelvedgeMm?: number | null };

/** A product's layout settings (the standard ones for an unknown product: the caller checks existence). */
export async function getLayoutSettings({ db, productId }: { db: DbOrTx; productId: number }): Promise<LayoutSettings> {
  const row = await first(db
    .select({ layoutWidths: products.layoutWidths, layoutGapMm: products.layoutGapMm, layoutSelvedgeMm: products.layoutSelvedgeMm })
    .from(products)
    .where(eq(products.id, productId)).limit(1));
  return layoutSettingsOf(row ?? { layoutWidths: null, layoutGapMm: null, layoutSelvedgeMm: null });
}

/** A pattern's settings in its JSON (get-product, get-own-products, get-external-product): what its layouts use. */
export function layoutSettingsJson(row: StoredLayout) {
  const settings = layoutSettingsOf(row);
  return { layout_widths_mm: settings.widthsMm, layout_gap_mm: settings.gapMm, layout_selvedge_mm: settings.selvedgeMm };
}

/** The fieldset's values of a stored product: blank boxes for the standard; widths in cm unless all are whole inches. */
export function layoutFormValues(row: StoredLayout): LayoutFormValues {
  const stored = storedLayoutSettings(row);
  const widths = stored.widthsMm ?? [];
  const inches = widths.length > 0 && widths.some((w) => w % 10 !== 0) && widths.every((w) => Math.abs(w / MM_PER_UNIT.in - Math.round(w / MM_PER_UNIT.in)) < 0.02);
  const unit: LayoutUnit = inches ? "in" : "cm";
  return {
    unit,
    widths: Array.from({ length: MAX_LAYOUT_WIDTHS }, (_, i) => (widths[i] === undefined ? "" : fromMmIn(widths[i]!, unit))),
    gap: stored.gapMm === null ? "" : String(stored.gapMm),
    selvedge: stored.selvedgeMm === null ? "" : String(stored.selvedgeMm),
  };
}

export type SaveLayoutSettingsError = "not_found" | "not_pattern" | "bad_width" | "bad_gap" | "bad_selvedge";

/**
 * Sets the layout settings of one of the store's patterns (edit screen and update-product): null widths or gap mean
 * the standard ones. Widths: at most MAX_LAYOUT_WIDTHS, whole mm in range, stored ascending and distinct.
 */
export async function saveLayoutSettings({
  db,
  storeId,
  productId,
  widthsMm,
  gapMm,
  selvedgeMm = null,
}: {
  db: DbOrTx;
  storeId: number;
  productId: number;
  widthsMm: number[] | null;
  gapMm: number | null;
  /** Kept free at each edge (issue 47); null: none. */
  selvedgeMm?: number | null;
}): Promise<{ ok: true; settings: LayoutSettings } | { ok: false; error: SaveLayoutSettingsError }> {
  const widths = widthsMm?.length ? [...new Set(widthsMm)].sort((a, b) => a - b) : null;
  if (widths && (widths.length > MAX_LAYOUT_WIDTHS || !widths.every((w) => wholeIn(w, LAYOUT_WIDTH_RANGE_MM)))) return { ok: false, error: "bad_width" };
  if (gapMm !== null && !wholeIn(gapMm, LAYOUT_GAP_RANGE_MM)) return { ok: false, error: "bad_gap" };
  if (selvedgeMm !== null && !wholeIn(selvedgeMm, LAYOUT_SELVEDGE_RANGE_MM)) return { ok: false, error: "bad_selvedge" };
  const row = await first(db
    .select({ type: products.type })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNull(products.removedAt))).limit(1));
  if (!row) return { ok: false, error: "not_found" };
  if (row.type !== "Pattern") return { ok: false, error: "not_pattern" };
  const stored = { layoutWidths: widths ? JSON.stringify(widths) : null, layoutGapMm: gapMm, layoutSelvedgeMm: selvedgeMm };
  await db.update(products).set(stored).where(eq(products.id, productId));
  return { ok: true, settings: layoutSettingsOf(stored) };
}
