import type { ActionFunctionArgs } from "@remix-run/node";

import { followApiAction } from "~/routes/_api+/_user+/follow.server";
import { apiError } from "~/utils/api.server";

/** POST /api/user/unfollow-store/{id}, id = the owner's user id. */
export const action = (args: ActionFunctionArgs) => followApiAction(args, false);

export async function loader() {
  return apiError(405, "Use POST");
}
