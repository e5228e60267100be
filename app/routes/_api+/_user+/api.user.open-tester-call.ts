import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiSeller } from "~/auth/guards.server";
import { openTesterCall } from "~/models/testing/calls.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { ApiOpenTesterCallSchema } from "~/schemas/testing";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/open-tester-call {product_id, sizes, testers, closes_on, brief} -> 201 {id}: on a draft Digital pattern of the caller's store. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { user } = await requireApiSeller(request);
  const body = await parseBody(request, ApiOpenTesterCallSchema);
  const result = openTesterCall({
    db: getDb(),
    sellerId: user.id,
    productId: body.product_id,
    input: { sizes: body.sizes, testers: body.testers, closesOn: body.closes_on, brief: body.brief },
  });
  if (!result.ok) return apiError(TESTING_ERRORS.open[result.error].status, TESTING_ERRORS.open[result.error].message);
  return Response.json({ id: result.call.id }, { status: 201 });
}
