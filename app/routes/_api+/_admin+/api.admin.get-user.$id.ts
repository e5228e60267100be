import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminUser, toAdminUserJson } from "~/models/admin/users.server";
import { apiIdParam } from "~/utils/api-params.server";

/** GET /api/admin/get-user/{id} -> spec 3 Admin user plus address and payout extras. */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ db, params }) => {
  const view = await getAdminUser({ db, userId: apiIdParam(params.id, ADMIN_ERRORS.lookup["user-not-found"]) });
  return view ? toAdminUserJson(view) : domainError(ADMIN_ERRORS.lookup, "user-not-found");
});
export const loader = route.loader;
export const action = route.action;
