import { apiRoute, domainError } from "~/auth/api-route.server";
import { sizeChartJson } from "~/models/fit/size-chart-view.server";
import { fabricNeeded } from "~/models/layout/page-layout.server";
import { layoutSettingsJson } from "~/models/layout/settings.server";
import { patternJson, productPatternFacts } from "~/models/patterns/versions.server";
import { getOwnProduct, ownProductJson } from "~/models/selling/designs.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/get-product/{id}: one of the caller's designs (spec 3 Own product); anyone else's is 404. A Pattern
 * product adds `pattern`, as get-external-product does (decision 100; null when the file could not be read). Every
 * design carries its size chart as data (decision 113): `size_chart_table` (mm), `size_chart_unit`, `made_to_measure`; a
 * pattern its layout settings (decision 132): `layout_widths_mm`, `layout_gap_mm`.
 */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store, params }) => {
  const productId = apiIdParam(params.id, SELLING_ERRORS.design["not-found"]);
  const found = await getOwnProduct({ db, storeId: store.id, productId });
  if (!found) return domainError(SELLING_ERRORS.design, "not-found");
  const json = { ...ownProductJson(found), ...await sizeChartJson({ db }, productId) };
  if (found.product.type !== "Pattern") return json;
  const facts = await productPatternFacts({ db, productId });
  const fabric = facts ? await fabricNeeded({ db, productId, facts }) : [];
  return { ...json, ...layoutSettingsJson(found.product), pattern: patternJson(productId, facts, fabric) };
});
export const loader = route.loader;
export const action = route.action;
