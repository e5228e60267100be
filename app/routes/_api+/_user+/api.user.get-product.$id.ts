import type { LoaderFunctionArgs } from "@remix-run/node";

import { getOwnProduct, ownProductJson } from "~/models/selling/designs.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-product/{id}: one of the caller's designs (spec 3 Own product); anyone else's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const productId = apiIdParam(params.id, "Product not found");
  const found = getOwnProduct({ db: getDb(), storeId: store.id, productId });
  if (!found) return apiError(404, "Product not found");
  return Response.json(ownProductJson(found));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
