import type { ActionFunctionArgs } from "@remix-run/node";

import { makeFailureResponse, MAKE_FORM, readNewMake } from "./make.server";
import { requireApiUser } from "~/auth/guards.server";
import { createMake } from "~/models/makes/makes.server";
import { readApiForm } from "~/utils/api-form.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/create-make, multipart: `make` (JSON {product_id, size, fabric, notes, fit: {bust, waist, hip,
 * length}, share_measurements}) and 1 to 6 `photos` -> 201 {id} (issue 37). Only a buyer or a tester of the pattern.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const form = await readApiForm(request, MAKE_FORM);
  try {
    const read = readNewMake(form);
    if (read instanceof Response) return read;
    const photos = form.files.filter((f) => f.field === "photos");
    const problems = form.problems.filter((p) => p.field === "photos");
    const result = await createMake({ db: getDb(), userId: user.id, productId: read.productId, input: read.input, photos, problems });
    if (!result.ok) return makeFailureResponse(result);
    return Response.json({ id: result.make.id }, { status: 201 });
  } finally {
    await form.cleanup();
  }
}
