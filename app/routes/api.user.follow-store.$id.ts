import type { ActionFunctionArgs } from "@remix-run/node";

import { apiError } from "../utils/api.server";
import { followApiAction } from "../utils/follow-api.server";

/** POST /api/user/follow-store/{id}, id = the owner's user id. */
export const action = (args: ActionFunctionArgs) => followApiAction(args, true);

export async function loader() {
  return apiError(405, "Use POST");
}
