import type { ActionFunctionArgs } from "@remix-run/node";

import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { setFollowing } from "~/models/catalog/follows.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * POST /api/user/follow-store/{id} and /api/user/unfollow-store/{id}, id = the owner's user id;
 * both answer the new follower numbers.
 */
export async function followApiAction({ request, params }: ActionFunctionArgs, follow: boolean) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const ownerId = apiIdParam(params.id, "Store not found");
  const result = setFollowing({ db: getDb(), userId: user.id, ownerId, follow });
  if (!result.ok) return apiError(CATALOG_ERRORS.follow[result.error].status, CATALOG_ERRORS.follow[result.error].message);
  return Response.json({
    success: true,
    followersCount: { count: result.followersCount },
    isFollowing: { count: result.isFollowing ? 1 : 0 },
  });
}
