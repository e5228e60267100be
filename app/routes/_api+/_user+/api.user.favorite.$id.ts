import { favoriteRoute } from "~/routes/_api+/_user+/favorite.server";

/** POST /api/user/favorite/{id}, id = the product's id. */
const route = favoriteRoute(true);
export const loader = route.loader;
export const action = route.action;
