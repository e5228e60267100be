import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminOrder } from "~/models/admin/orders.server";
import { toAdminOrderJson } from "~/models/admin/views.server";
import { apiIdParam } from "~/utils/api-params.server";

/** GET /api/admin/get-order/{id} -> the admin view of one order (spec 3). */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ db, params }) => {
  const view = await getAdminOrder({ db, orderId: apiIdParam(params.id, ADMIN_ERRORS.lookup["order-not-found"]) });
  return view ? toAdminOrderJson(view) : domainError(ADMIN_ERRORS.lookup, "order-not-found");
});
export const loader = route.loader;
export const action = route.action;
