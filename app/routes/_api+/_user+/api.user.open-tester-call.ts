import { apiRoute, domainError } from "~/auth/api-route.server";
import { openTesterCall } from "~/models/testing/calls.server";
import { TESTING_ERRORS, unknownSizesMessage } from "~/models/testing/errors";
import { ApiOpenTesterCallSchema } from "~/schemas/testing";
import { apiError } from "~/utils/api.server";

/**
 * POST /api/user/open-tester-call {product_id, sizes, testers, closes_on, brief} -> 201 {id}: on a draft Digital
 * pattern of the caller's store, in the pattern's sizes, one open call per draft.
 */
const route = apiRoute({ method: "POST", guard: "seller", body: ApiOpenTesterCallSchema }, async ({ db, user, body }) => {
  const input = { sizes: body.sizes, testers: body.testers, closesOn: body.closes_on, brief: body.brief };
  const result = await openTesterCall({ db, sellerId: user.id, productId: body.product_id, input });
  if (!result.ok) return result.error === "unknown-sizes" ? apiError(400, unknownSizesMessage(result), { field: "sizes" }) : domainError(TESTING_ERRORS.open, result.error);
  return Response.json({ id: result.call.id }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
