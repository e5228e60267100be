import type { LoaderFunctionArgs } from "@remix-run/node";

import { libraryEntryJson, listLibrary } from "~/models/buying/library.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";
import { clientUrl } from "~/utils/mail.server";

/**
 * GET /api/user/library?q=: every pattern the user owns, `[{productId, name, store_name, version, updated, downloads:
 * [{format, url}]}]`; `q` keeps those whose name or store name contains it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json(listLibrary({ db: getDb(), userId: user.id, q }).map((e) => libraryEntryJson(e, (path) => clientUrl(path, request))));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
