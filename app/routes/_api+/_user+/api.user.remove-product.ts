import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { removeOwnProduct } from "~/models/selling/designs.server";
import { jsonId } from "~/schemas/json";
import { PRODUCT_MESSAGES } from "~/schemas/selling";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

const RemoveSchema = z.object({ id: jsonId("id") });

/** POST /api/user/remove-product {id}: takes one of the caller's designs off sale (orders keep it); anyone else's is 404. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const { id } = await parseBody(request, RemoveSchema);
  if (!removeOwnProduct({ db: getDb(), storeId: store.id, productId: id })) return apiError(404, "Product not found");
  return Response.json({ success: true, message: PRODUCT_MESSAGES.removed });
}
