import { apiRoute, domainError } from "~/auth/api-route.server";
import { getAdminOrder } from "~/models/admin/orders.server";
import { toAdminOrderJson } from "~/models/admin/views.server";
import { shipOrderAsAdmin } from "~/models/admin/shipping.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { ApiShipSchema } from "~/schemas/admin";

/** POST /api/admin/ship-order {id, tracking, carrier} -> {success, order}. */
const route = apiRoute({ method: "POST", guard: "admin", body: ApiShipSchema }, async ({ db, user, body }) => {
  const result = await shipOrderAsAdmin({ db, orderId: body.id, adminId: user.id, tracking: body.tracking, carrier: body.carrier });
  if (!result.ok) return domainError(SELLING_ERRORS.ship, result.error);
  return { success: true, order: toAdminOrderJson((await getAdminOrder({ db, orderId: body.id }))!) };
});
export const loader = route.loader;
export const action = route.action;
