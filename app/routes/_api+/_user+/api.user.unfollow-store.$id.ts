import { followRoute } from "~/routes/_api+/_user+/follow.server";

/** POST /api/user/unfollow-store/{id}, id = the owner's user id. */
const route = followRoute(false);
export const loader = route.loader;
export const action = route.action;
