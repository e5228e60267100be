import { followRoute } from "~/routes/_api+/_user+/follow.server";

/** POST /api/user/follow-store/{id}, id = the owner's user id. */
const route = followRoute(true);
export const loader = route.loader;
export const action = route.action;
