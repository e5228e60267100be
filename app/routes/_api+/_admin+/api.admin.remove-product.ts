import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getStoreIdOfOwner, removeProductAsAdmin } from "~/models/admin/stores.server";
import { RemoveProductSchema } from "~/schemas/admin";

/** POST /api/admin/remove-product {id, owner} -> {success}; the product leaves the catalogue, its orders stay. */
const route = apiRoute({ method: "POST", guard: "admin", body: RemoveProductSchema }, async ({ db, user, body }) => {
  const storeId = body.owner === undefined ? undefined : await getStoreIdOfOwner({ db, ownerId: body.owner });
  if (body.owner !== undefined && storeId === undefined) return domainError(ADMIN_ERRORS.removeProduct, "not-found");
  const result = await removeProductAsAdmin({ db, productId: body.id, storeId, adminId: user.id });
  return result.ok ? { success: true } : domainError(ADMIN_ERRORS.removeProduct, result.error);
});
export const loader = route.loader;
export const action = route.action;
