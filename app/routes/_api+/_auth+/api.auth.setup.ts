import { apiRoute } from "~/auth/api-route.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";

/** GET /api/auth/setup: whether the caller has set up a store. */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => ({ hasStoreSetup: Boolean(await getStoreByOwner({ db, ownerId: user.id })) }));
export const loader = route.loader;
export const action = route.action;
