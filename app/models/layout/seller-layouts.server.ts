/**
 * What the seller's edit screen shows of a pattern's cutting layouts (issue 25, decision 132): one
 * size (the sample size, else the default one; others through a plain GET link), the main fabric on each of the
 * seller's widths, with the length to buy and the efficiency. Cached layouts are read; missing ones are computed in
 * the worker pool, one after the other, so the seller waits once; a full pool says so and the rest are warmed.
 */
import { LAYOUT_ERRORS, tooWideMessage } from "./errors";
import { lengthToBuy, widthLabel, type LengthToBuy } from "~/utils/fabric-lengths";
import { drawnLayout } from "./drawing";
import { cachedProductLayout, pageLayoutWaitMs, productLayout, warmLayouts, type ProductLayoutError, type ProductLayoutResult } from "./layouts.server";
import type { Layout } from "../patterns/nest.server";
import { getLayoutSettings } from "./settings.server";
import type { PatternFacts } from "~/models/patterns/versions.server";
import type { DbOrTx } from "~/utils/db.server";

export const SELLER_LAYOUTS_BUSY = "Layouts are being prepared; reload in a few seconds.";

export type SellerLayoutEntry = {
  widthMm: number;
  widthLabel: string;
  shown: { kind: "layout"; layout: Layout; buy: LengthToBuy } | { kind: "message"; message: string };
};

export type SellerLayoutsView = {
  sizes: string[];
  size: string;
  /** The size asked for in the URL is not one of the pattern's (the default one is shown). */
  sizeError: string | null;
  gapMm: number;
  /** Kept free at each edge (issue 47). */
  selvedgeMm: number;
  entries: SellerLayoutEntry[];
};

/** A width without a layout, said from the domain's table (errors.ts); a full pool as the seller's screen says it. */
function failure(error: ProductLayoutError, pieces: string[] | undefined): string {
  if (error === "busy" || error === "preparing") return SELLER_LAYOUTS_BUSY;
  if (error === "too_wide") return tooWideMessage(pieces);
  return LAYOUT_ERRORS[error].message;
}

/** The layouts of one size on the seller's widths. `askedSize`: the URL's `layout_size`, null when absent. */
export async function sellerLayoutsView({
  db,
  productId,
  facts,
  askedSize,
  userId,
}: {
  db: DbOrTx;
  productId: number;
  facts: PatternFacts;
  askedSize: string | null;
  userId: number;
}): Promise<SellerLayoutsView> {
  const { widthsMm, gapMm, selvedgeMm } = await getLayoutSettings({ db, productId });
  const standard = facts.sampleSize ?? facts.defaultSize;
  const known = askedSize !== null && facts.sizes.includes(askedSize);
  const size = known ? askedSize : standard;
  const sizeError = askedSize !== null && askedSize !== "" && !known ? `There is no size “${askedSize.slice(0, 40)}” in this pattern: size ${size} is shown.` : null;
  const entries: SellerLayoutEntry[] = [];
  let busy = false;
  // The page waits LAYOUT_PAGE_WAIT_MS in all for layouts to compute; the rest are computed on without it.
  const deadline = Date.now() + pageLayoutWaitMs();
  for (const widthMm of widthsMm) {
    const entry = { widthMm, widthLabel: widthLabel(widthMm) };
    const cached = await cachedProductLayout({ db, productId, size, widthMm });
    if (cached) {
      entries.push({ ...entry, shown: { kind: "layout", layout: drawnLayout(cached), buy: lengthToBuy(cached.lengthMm) } });
      continue;
    }
    // Once the pool is full, the other widths are not asked for now: the warming prepares them.
    const result: ProductLayoutResult = busy ? ({ ok: false, error: "busy" } as const) : await productLayout({ db, productId, size, widthMm, userId, lane: "auto", waitMs: Math.max(0, deadline - Date.now()) });
    if (result.ok) {
      entries.push({ ...entry, shown: { kind: "layout", layout: drawnLayout(result.value.layout), buy: lengthToBuy(result.value.layout.lengthMm) } });
    } else {
      busy ||= result.error === "busy";
      entries.push({ ...entry, shown: { kind: "message", message: failure(result.error, result.pieces) } });
    }
  }
  if (busy) warmLayouts({ db, productId });
  return { sizes: facts.sizes, size, sizeError, gapMm, selvedgeMm, entries };
}
