import type { ActionFunctionArgs } from "@remix-run/node";

import { setOwnProductStatus } from "~/models/selling/designs.server";
import { PRODUCT_MESSAGES, PublishProductSchema } from "~/schemas/selling";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/publish-product {id, status?}: publishes one of the caller's designs (`status` "published", the
 * default) or turns it back into a draft (`status` "draft"); anyone else's, or a removed one, is 404 (decision 106).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const { id, status } = await parseBody(request, PublishProductSchema);
  if (!setOwnProductStatus({ db: getDb(), storeId: store.id, productId: id, status })) return apiError(404, "Product not found");
  return Response.json({ success: true, message: status === "published" ? PRODUCT_MESSAGES.published : PRODUCT_MESSAGES.unpublished, status });
}
