import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiSeller } from "~/auth/guards.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { hideMake } from "~/models/makes/moderation.server";
import { HideMakeSchema } from "~/schemas/makes";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/hide-make/{id} {hidden: true|false} -> {success, hidden}: the pattern's seller only (else 403). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { user } = await requireApiSeller(request);
  const makeId = apiIdParam(params.id, MAKES_ERRORS.hide["make-not-found"].message);
  const { hidden } = await parseBody(request, HideMakeSchema);
  const result = hideMake({ db: getDb(), makeId, sellerId: user.id, hidden });
  if (!result.ok) return apiError(MAKES_ERRORS.hide[result.error].status, MAKES_ERRORS.hide[result.error].message);
  return Response.json({ success: true, hidden: result.hidden });
}
