import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";

/** Every /api/admin/* path: 401 for visitors and 403 for non-admins, before anything else. */
async function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(404, "Not found");
}

export const loader = notFound;
export const action = notFound;
