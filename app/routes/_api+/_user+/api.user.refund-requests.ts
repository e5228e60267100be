import { apiRoute, domainError } from "~/auth/api-route.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { listStoreRefundRequests } from "~/models/buying/refund-requests.server";

const STATUSES = ["open", "accepted", "declined"] as const;

/**
 * GET /api/user/refund-requests[?status=open|accepted|declined] -> the caller's store's refund and cancel requests,
 * open ones first, then newest first (decision 110).
 */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ request, db, store }) => {
  const status = new URL(request.url).searchParams.get("status");
  if (status !== null && !(STATUSES as readonly string[]).includes(status)) return domainError(BUYING_ERRORS.refundRequests, "bad-status");
  const rows = await listStoreRefundRequests({ db, storeId: store.id, status: (status as (typeof STATUSES)[number] | null) ?? undefined });
  return rows.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    kind: r.kind,
    reason: r.reason,
    status: r.status,
    answer: r.answer,
    created_at: r.createdAt.toISOString(),
    answered_at: r.answeredAt?.toISOString() ?? null,
    product_name: r.productName,
    buyer_name: r.buyerName,
    order_status: r.orderStatus,
  }));
});
export const loader = route.loader;
export const action = route.action;
