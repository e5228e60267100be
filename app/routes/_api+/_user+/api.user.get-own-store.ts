import type { LoaderFunctionArgs } from "@remix-run/node";

import { ownStoreJson } from "~/models/selling/stores.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-own-store: the caller's store (spec 3 Store) with its payout details masked. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  return Response.json(ownStoreJson({ db: getDb(), store }));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
