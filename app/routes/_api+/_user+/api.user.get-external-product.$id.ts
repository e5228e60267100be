import { apiRoute, domainError } from "~/auth/api-route.server";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { externalProductJson, getExternalProduct } from "~/models/catalog/products.server";
import { sizeChartJson } from "~/models/fit/size-chart-view.server";
import { fabricNeeded } from "~/models/layout/page-layout.server";
import { layoutSettingsJson } from "~/models/layout/settings.server";
import { patternJson, productPatternFacts } from "~/models/patterns/versions.server";
import { testedBy } from "~/models/testing/feedback.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/get-external-product/{id}: a product as buyers see it; 404 when unknown, removed or a draft (for
 * everyone: its seller reads a draft through get-product, decision 106). Pattern products
 * add `pattern {sizes, pieces, units, version, updated, preview_url, units_source, sample_size, piece_list, fabric}`
 * (decision 100; null when the file could not be read). Every product carries its size chart as data (decision 113):
 * `size_chart_table` (mm), `size_chart_unit`, `made_to_measure`; a pattern its layout settings (decision 132):
 * `layout_widths_mm`, `layout_gap_mm`.
 */
const route = apiRoute({ method: "GET", guard: "none" }, async ({ db, params }) => {
  const found = await getExternalProduct({ db, productId: apiIdParam(params.id, CATALOG_ERRORS.view["product-not-found"]) });
  if (!found) return domainError(CATALOG_ERRORS.view, "product-not-found");
  const json = { ...externalProductJson(found), ...await sizeChartJson({ db }, found.product.id) };
  if (found.product.type !== "Pattern") return json;
  const facts = await productPatternFacts({ db, productId: found.product.id });
  const pattern = patternJson(found.product.id, facts, facts ? await fabricNeeded({ db, productId: found.product.id, facts }) : []);
  // Its tester calls (issue 37): {count, sizes}, null when it had no chosen testers.
  return { ...json, ...layoutSettingsJson(found.product), pattern, tested_by: await testedBy({ db, productId: found.product.id }) };
});
export const loader = route.loader;
export const action = route.action;
