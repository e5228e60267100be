import type { LoaderFunctionArgs } from "@remix-run/node";

import { listFavorites } from "~/models/catalog/favorites.server";
import { productListItemJson } from "~/models/catalog/listing.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/favorites: the user's favourite listed products, latest first, as the product list's items. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listFavorites({ db: getDb(), userId: user.id }).map(productListItemJson));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
