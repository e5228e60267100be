import type { ActionFunctionArgs } from "@remix-run/node";

import { favoriteApiAction } from "~/routes/_api+/_user+/favorite.server";
import { apiError } from "~/utils/api.server";

/** POST /api/user/favorite/{id}, id = the product's id. */
export const action = (args: ActionFunctionArgs) => favoriteApiAction(args, true);

export async function loader() {
  return apiError(405, "Use POST");
}
