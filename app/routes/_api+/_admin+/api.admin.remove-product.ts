import type { ActionFunctionArgs } from "@remix-run/node";

import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getStoreIdOfOwner, removeProductAsAdmin } from "~/models/admin/stores.server";
import { RemoveProductSchema } from "~/schemas/admin";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use POST");
}

/** POST /api/admin/remove-product {id, owner} -> {success}; the product leaves the catalogue, its orders stay. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, RemoveProductSchema);
  const db = getDb();
  let storeId: number | undefined;
  if (body.owner !== undefined) {
    storeId = getStoreIdOfOwner({ db, ownerId: body.owner });
    if (storeId === undefined) return apiError(404, "Product not found");
  }
  const result = removeProductAsAdmin({ db, productId: body.id, storeId, adminId: admin.id });
  if (!result.ok) return apiError(ADMIN_ERRORS.removeProduct[result.error].status, ADMIN_ERRORS.removeProduct[result.error].message);
  return Response.json({ success: true });
}
