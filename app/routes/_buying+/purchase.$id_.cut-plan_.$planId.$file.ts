import type { LoaderFunctionArgs } from "@remix-run/node";

import { cutPlanPageFile } from "./cut-plan-page.server";
import { requireUser } from "~/auth/guards.server";
import { isId, lookupId } from "~/utils/ids";

/** /purchase/{orderId}/cut-plan/{planId}/{file}: a file of the buyer's finished cut plan (issue 48). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = lookupId(params.id);
  return cutPlanPageFile({ userId: user.id, productId: 0, orderId: isId(orderId) ? orderId : -1, base: "" }, params.planId, params.file);
}
