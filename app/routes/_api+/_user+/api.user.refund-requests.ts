import type { LoaderFunctionArgs } from "@remix-run/node";

import { listStoreRefundRequests } from "~/models/buying/refund-requests.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

const STATUSES = ["open", "accepted", "declined"] as const;

/**
 * GET /api/user/refund-requests[?status=open|accepted|declined] -> the caller's store's refund and cancel requests,
 * open ones first, then newest first (decision 110).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const status = new URL(request.url).searchParams.get("status");
  if (status !== null && !(STATUSES as readonly string[]).includes(status)) return apiError(400, "status must be open, accepted or declined");
  const rows = listStoreRefundRequests({ db: getDb(), storeId: store.id, status: (status as (typeof STATUSES)[number] | null) ?? undefined });
  return Response.json(
    rows.map((r) => ({
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
    })),
  );
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
