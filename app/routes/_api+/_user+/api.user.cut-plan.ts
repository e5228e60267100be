import { z } from "zod";

import { apiRoute } from "~/auth/api-route.server";
import { createCutPlan, type CutOrderRequest } from "~/models/layout/cut-plans.server";
import { apiError } from "~/utils/api.server";
import { isId } from "~/utils/ids";

const Body = z
  .object({ product_id: z.unknown().optional(), order_id: z.unknown().optional() })
  .passthrough();

const positiveId = (v: unknown) => (isId(v) ? v : null);

/**
 * POST /api/user/cut-plan {product_id, order_id?, sizes: {"38": 4, ...}, width_mm, table_mm, max_plies, nap, gap_mm,
 * margin_mm, end_mm, materials?} -> 202 {id} (issue 48): a size run of a Digital pattern the caller bought (order_id)
 * or sells, laid as production markers in the background; the same order again answers the same plan (200 {id}).
 */
const route = apiRoute({ method: "POST", guard: "user", body: Body }, async ({ db, user, body }) => {
  const productId = positiveId(body.product_id);
  if (productId === null) return apiError(400, "product_id: give the pattern's product id", { field: "product_id" });
  const orderId = body.order_id === undefined || body.order_id === null ? null : positiveId(body.order_id);
  if (orderId === null && body.order_id !== undefined && body.order_id !== null) return apiError(400, "order_id: give your order's id", { field: "order_id" });
  const result = await createCutPlan({ db, userId: user.id, productId, orderId, request: body as CutOrderRequest });
  if (result.ok) return Response.json({ id: result.id }, { status: result.created ? 202 : 200 });
  if (result.error === "not_found") return apiError(404, orderId === null ? "Product not found among your designs" : "Order not found");
  if (result.error === "busy") return apiError(429, result.message);
  return apiError(400, `${result.field}: ${result.message}`, { field: result.field });
});
export const loader = route.loader;
export const action = route.action;
