import { apiRoute, unknownApiPath } from "~/auth/api-route.server";

/** Unknown /api/* paths answer JSON, not the HTML 404 page. */
const route = apiRoute({ method: "ANY", guard: "none" }, unknownApiPath);
export const loader = route.loader;
export const action = route.action;
