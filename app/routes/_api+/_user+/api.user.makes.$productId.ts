import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { canSeeProductMakes, listProductMakes, makeJson, pageParam } from "~/models/makes/gallery.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/makes/{productId}?page= -> {makes: [{id, size, fabric, notes, fit, photos: [url], maker, tester,
 * created_at}], total, page, pages}: the pattern's gallery (testers' makes first, then newest first; a hidden make
 * only to its maker). `maker` is a display name, never an email or measurements.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const db = getDb();
  const productId = apiIdParam(params.productId, MAKES_ERRORS.make["product-not-found"].message);
  if (!canSeeProductMakes({ db, productId, viewerId: user.id })) return apiError(404, MAKES_ERRORS.make["product-not-found"].message);
  const page = listProductMakes({ db, productId, viewerId: user.id, page: pageParam(new URL(request.url).searchParams.get("page")) });
  return Response.json({ makes: page.makes.map(makeJson), total: page.total, page: page.page, pages: page.pages });
}

/** Only GET is served here. */
export function action() {
  return apiError(405, "Use GET");
}
