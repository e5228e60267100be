import type { LoaderFunctionArgs } from "@remix-run/node";

import { getStoreByOwner } from "~/models/catalog/stores.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/auth/setup: whether the caller has set up a store. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json({ hasStoreSetup: Boolean(getStoreByOwner({ db: getDb(), ownerId: user.id })) });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
