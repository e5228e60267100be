import { favoriteRoute } from "~/routes/_api+/_user+/favorite.server";

/** POST /api/user/unfavorite/{id}, id = the product's id. */
const route = favoriteRoute(false);
export const loader = route.loader;
export const action = route.action;
