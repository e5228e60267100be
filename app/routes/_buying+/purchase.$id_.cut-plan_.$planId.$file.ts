import type { LoaderFunctionArgs } from "@remix-run/node";

import { cutPlanPageFile } from "./cut-plan-page.server";
import { requireUser } from "~/auth/guards.server";

/** /purchase/{orderId}/cut-plan/{planId}/{file}: a file of the buyer's finished cut plan (issue 48). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = Number(params.id);
  return cutPlanPageFile({ userId: user.id, productId: 0, orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : -1, base: "" }, params.planId, params.file);
}
