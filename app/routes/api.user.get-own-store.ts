import type { LoaderFunctionArgs } from "@remix-run/node";

import { ownStoreJson } from "~/models/selling/stores.server";
import { requireApiSeller } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-own-store: the caller's store (spec 3 Store) with its payout details masked. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  return Response.json(ownStoreJson({ db: getDb(), store }));
}
