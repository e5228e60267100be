import type { LoaderFunctionArgs } from "@remix-run/node";

import { externalProductJson, getExternalProduct } from "~/models/catalog/products.server";
import { idParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-external-product/{id}: a product as buyers see it; 404 when unknown or removed. */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = getExternalProduct({ db: getDb(), productId: idParam(params.id, "Product not found") });
  if (!found) return apiError(404, "Product not found");
  return Response.json(externalProductJson(found));
}
