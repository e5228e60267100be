import type { LoaderFunctionArgs } from "@remix-run/node";

import { cutPlanPageFile } from "../_buying+/cut-plan-page.server";
import { requireUser } from "~/auth/guards.server";
import { isId, lookupId } from "~/utils/ids";

/** /my-designs/{id}/cut-plan/{planId}/{file}: a file of the seller's finished cut plan (issue 48). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const productId = lookupId(params.id);
  return cutPlanPageFile({ userId: user.id, productId: isId(productId) ? productId : -1, orderId: null, base: "" }, params.planId, params.file);
}
