import { apiRoute } from "~/auth/api-route.server";
import { libraryEntryJson, listLibrary } from "~/models/buying/library.server";
import { clientUrl } from "~/utils/mail.server";

/**
 * GET /api/user/library?q=: every pattern the user owns, `[{productId, name, store_name, version, updated, downloads:
 * [{format, url}]}]`; `q` keeps those whose name or store name contains it.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ request, db, user }) => {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return (await listLibrary({ db, userId: user.id, q })).map((e) => libraryEntryJson(e, (path) => clientUrl(path, request)));
});
export const loader = route.loader;
export const action = route.action;
