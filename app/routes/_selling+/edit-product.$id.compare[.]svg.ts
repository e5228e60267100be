import type { LoaderFunctionArgs } from "@remix-run/node";

import { orPatternWorkFailure } from "~/models/patterns/errors";
import { compareLatestVersions } from "~/models/patterns/versions.server";
import { getOwnProduct } from "~/models/selling/designs.server";
import { getDb } from "~/utils/db.server";
import { requireSeller } from "~/auth/guards.server";
import { isId, lookupId } from "~/utils/ids";

/**
 * GET /edit-product/{id}/compare.svg?size=M: the current pattern version's outline over the previous one, for the
 * seller who owns the design only (another seller's design is 404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const productId = lookupId(params.id);
  const db = getDb();
  const own = isId(productId) ? await getOwnProduct({ db, storeId: store.id, productId }) : null;
  const svg = own ? await orPatternWorkFailure(compareLatestVersions({ db, productId, size: new URL(request.url).searchParams.get("size") })) : null;
  if (!svg) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, max-age=0, must-revalidate" } });
}
