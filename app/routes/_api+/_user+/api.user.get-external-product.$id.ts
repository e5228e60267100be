import type { LoaderFunctionArgs } from "@remix-run/node";

import { externalProductJson, getExternalProduct } from "~/models/catalog/products.server";
import { sizeChartJson } from "~/models/fit/size-chart.server";
import { fabricNeeded } from "~/models/layout/page-layout.server";
import { layoutSettingsJson } from "~/models/layout/settings.server";
import { patternJson, productPatternFacts } from "~/models/patterns/versions.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/get-external-product/{id}: a product as buyers see it; 404 when unknown, removed or a draft (for
 * everyone: its seller reads a draft through get-product, decision 106). Pattern products
 * add `pattern {sizes, pieces, units, version, updated, preview_url, units_source, sample_size, piece_list, fabric}`
 * (decision 100; null when the file could not be read). Every product carries its size chart as data (decision 113):
 * `size_chart_table` (mm), `size_chart_unit`, `made_to_measure`; a pattern its layout settings (decision 116):
 * `layout_widths_mm`, `layout_gap_mm`.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = getDb();
  const found = getExternalProduct({ db, productId: apiIdParam(params.id, "Product not found") });
  if (!found) return apiError(404, "Product not found");
  const json = { ...externalProductJson(found), ...sizeChartJson({ db }, found.product.id) };
  if (found.product.type !== "Pattern") return Response.json(json);
  const facts = await productPatternFacts({ db, productId: found.product.id });
  const pattern = patternJson(found.product.id, facts, facts ? await fabricNeeded({ db, productId: found.product.id, facts }) : []);
  return Response.json({ ...json, ...layoutSettingsJson(found.product), pattern });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
