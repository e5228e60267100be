import { makeFailureResponse, MAKE_FORM, readNewMake } from "./make.server";
import { apiRoute } from "~/auth/api-route.server";
import { createMake } from "~/models/makes/makes.server";

/**
 * POST /api/user/create-make, multipart: `make` (JSON {product_id, size, fabric, notes, fit: {bust, waist, hip,
 * length}, share_measurements}) and 1 to 6 `photos` -> 201 {id} (issue 37). Only a buyer or a tester of the pattern.
 */
const route = apiRoute({ method: "POST", guard: "user", form: MAKE_FORM }, async ({ db, user, form }) => {
  const read = readNewMake(form);
  if (read instanceof Response) return read;
  const photos = form.files.filter((f) => f.field === "photos");
  const problems = form.problems.filter((p) => p.field === "photos");
  const result = await createMake({ db, userId: user.id, productId: read.productId, input: read.input, photos, problems });
  if (!result.ok) return makeFailureResponse(result);
  return Response.json({ id: result.make.id }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
