import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminOrder } from "~/models/admin/orders.server";
import { toAdminOrderJson } from "~/models/admin/views.server";
import { refundOrder } from "~/models/buying/refunds.server";
import { getStripe } from "~/models/payments/providers.server";
import { apiIdParam } from "~/utils/api-params.server";
import { centsToDollars } from "~/utils/money";

/** POST /api/admin/refund-order/{id} -> {success, refund_id, refunded, debited, order}; 409 twice. */
const route = apiRoute({ method: "POST", guard: "admin" }, async ({ db, user, params }) => {
  const orderId = apiIdParam(params.id, ADMIN_ERRORS.refund["not-found"]);
  const result = await refundOrder({ db, orderId, adminId: user.id, stripe: getStripe() });
  if (!result.ok) return domainError(ADMIN_ERRORS.refund, result.error);
  return {
    success: true,
    refund_id: result.refundId,
    refunded: centsToDollars(result.refundedCents),
    debited: centsToDollars(result.debitCents),
    order: toAdminOrderJson((await getAdminOrder({ db, orderId }))!),
  };
});
export const loader = route.loader;
export const action = route.action;
