import { apiRoute } from "~/auth/api-route.server";
import { listCutPlans } from "~/models/layout/cut-plans.server";

/** GET /api/user/cut-plans -> {plans: [{id, product_id, order_id, status, sizes, total_mm, created_at}]} (issue 48), newest first. */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => ({
  plans: (await listCutPlans({ db, userId: user.id })).map((p) => ({
    id: p.id,
    product_id: p.productId,
    order_id: p.orderId,
    status: p.status,
    sizes: p.order.sizes,
    total_mm: p.totalMm === null ? null : Math.round(p.totalMm * 10) / 10,
    created_at: p.createdAt.toISOString(),
  })),
}));
export const loader = route.loader;
export const action = route.action;
