import { json, type ActionFunctionArgs } from "@remix-run/node";

import { countFollowers, followStore, getStoreByOwner, isFollowing, unfollowStore } from "../models/stores.server";
import { apiError, requireApiUser, requireMethod } from "./api.server";
import { idParam } from "./api-params.server";
import { getDb } from "./db.server";

/**
 * POST /api/user/follow-store/{id} and /api/user/unfollow-store/{id}, id = the owner's user id;
 * both answer the new follower numbers.
 */
export async function followApiAction({ request, params }: ActionFunctionArgs, follow: boolean) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const ownerId = idParam(params.id, "Store not found");
  const db = getDb();
  const result = (follow ? followStore : unfollowStore)({ db, userId: user.id, ownerId });
  if (!result.ok) return apiError(result.status, result.error);
  const store = getStoreByOwner({ db, ownerId })!;
  return json({
    success: true,
    followersCount: { count: countFollowers({ db, storeId: store.id }) },
    isFollowing: { count: isFollowing({ db, storeId: store.id, userId: user.id }) ? 1 : 0 },
  });
}
