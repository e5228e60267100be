import type { LoaderFunctionArgs } from "@remix-run/node";

import { sizeChartJson } from "~/models/fit/size-chart.server";
import { fabricNeeded } from "~/models/layout/page-layout.server";
import { layoutSettingsJson } from "~/models/layout/settings.server";
import { patternJson, productPatternFacts } from "~/models/patterns/versions.server";
import { getOwnProduct, ownProductJson } from "~/models/selling/designs.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/get-product/{id}: one of the caller's designs (spec 3 Own product); anyone else's is 404. A Pattern
 * product adds `pattern`, as get-external-product does (decision 100; null when the file could not be read). Every
 * design carries its size chart as data (decision 113): `size_chart_table` (mm), `size_chart_unit`, `made_to_measure`; a
 * pattern its layout settings (decision 116): `layout_widths_mm`, `layout_gap_mm`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const productId = apiIdParam(params.id, "Product not found");
  const db = getDb();
  const found = getOwnProduct({ db, storeId: store.id, productId });
  if (!found) return apiError(404, "Product not found");
  const json = { ...ownProductJson(found), ...sizeChartJson({ db }, productId) };
  if (found.product.type !== "Pattern") return Response.json(json);
  const facts = await productPatternFacts({ db, productId });
  const fabric = facts ? await fabricNeeded({ db, productId, facts }) : [];
  return Response.json({ ...json, ...layoutSettingsJson(found.product), pattern: patternJson(productId, facts, fabric) });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
