import type { LoaderFunctionArgs } from "@remix-run/node";

import { listStoreOrdersJson } from "~/models/selling/orders.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-own-orders -> the store's orders, newest first, in the seller view. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  return Response.json(listStoreOrdersJson({ db: getDb(), storeId: store.id }));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
