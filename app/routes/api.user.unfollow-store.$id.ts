import { json, type ActionFunctionArgs } from "@remix-run/node";

import { countFollowers, getStoreByOwner, isFollowing, unfollowStore } from "../models/stores.server";
import { apiError, requireApiUser, requireMethod } from "../utils/api.server";
import { idParam } from "../utils/api-params.server";
import { getDb } from "../utils/db.server";

/** POST /api/user/unfollow-store/{id}, id = the owner's user id; answers the new follower numbers. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const ownerId = idParam(params.id, "Store not found");
  const db = getDb();
  const result = unfollowStore({ db, userId: user.id, ownerId });
  if (!result.ok) return apiError(result.status, result.error);
  const store = getStoreByOwner({ db, ownerId })!;
  return json({
    success: true,
    followersCount: { count: countFollowers({ db, storeId: store.id }) },
    isFollowing: { count: isFollowing({ db, storeId: store.id, userId: user.id }) ? 1 : 0 },
  });
}

export async function loader() {
  return apiError(405, "Use POST");
}
