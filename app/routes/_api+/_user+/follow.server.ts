import { apiRoute, domainError } from "~/auth/api-route.server";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { setFollowing } from "~/models/catalog/follows.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * POST /api/user/follow-store/{id} and /api/user/unfollow-store/{id}, id = the owner's user id;
 * both answer the new follower numbers.
 */
export function followRoute(follow: boolean) {
  return apiRoute({ method: "POST", guard: "user" }, async ({ db, user, params }) => {
    const ownerId = apiIdParam(params.id, CATALOG_ERRORS.follow["store-not-found"]);
    const result = await setFollowing({ db, userId: user.id, ownerId, follow });
    if (!result.ok) return domainError(CATALOG_ERRORS.follow, result.error);
    return { success: true, followersCount: { count: result.followersCount }, isFollowing: { count: result.isFollowing ? 1 : 0 } };
  });
}
