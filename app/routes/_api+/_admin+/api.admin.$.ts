import { apiRoute, unknownApiPath } from "~/auth/api-route.server";

/** Every /api/admin/* path: 401 for visitors and 403 for non-admins, before anything else. */
const route = apiRoute({ method: "ANY", guard: "admin" }, unknownApiPath);
export const loader = route.loader;
export const action = route.action;
