import { apiRoute } from "~/auth/api-route.server";
import { listFavorites } from "~/models/catalog/favorites.server";
import { productListItemJson } from "~/models/catalog/listing.server";

/** GET /api/user/favorites: the user's favourite listed products, latest first, as the product list's items. */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => (await listFavorites({ db, userId: user.id })).map(productListItemJson));
export const loader = route.loader;
export const action = route.action;
