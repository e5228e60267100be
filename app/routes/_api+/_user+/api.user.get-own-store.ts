import { apiRoute } from "~/auth/api-route.server";
import { ownStoreJson } from "~/models/selling/stores.server";

/** GET /api/user/get-own-store: the caller's store (spec 3 Store) with its payout details masked. */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store }) => ownStoreJson({ db, store }));
export const loader = route.loader;
export const action = route.action;
