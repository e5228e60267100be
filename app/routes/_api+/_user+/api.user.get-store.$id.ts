import type { LoaderFunctionArgs } from "@remix-run/node";

import { getStorePage, storeJson } from "~/models/catalog/stores.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { getApiUser } from "~/auth/viewer.server";

/** GET /api/user/get-store/{id}, id = the owner's user id (store_owner); `?page=` pages the designs. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ownerId = apiIdParam(params.id, "Store not found");
  const user = await getApiUser(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const found = getStorePage({ db: getDb(), ownerId, viewerId: user?.id, page });
  if (!found) return apiError(404, "Store not found");
  return Response.json(storeJson(found));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
