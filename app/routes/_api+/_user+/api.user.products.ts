import type { LoaderFunctionArgs } from "@remix-run/node";

import { productListItemJson } from "~/models/catalog/listing.server";
import { listProducts } from "~/models/catalog/listing.server";
import { PAGE_SIZE, parseCatalogQuery } from "~/schemas/catalog";
import { getDb } from "~/utils/db.server";
import { getApiUser } from "~/auth/viewer.server";
import { apiError } from "~/utils/api.server";

const MAX_LIMIT = 100;

/**
 * GET /api/user/products?category1=&category2=&category3=&q=&sort=&page=&limit=
 * The product list (an array); the page, page count and total are in X-Page, X-Page-Count and X-Total-Count.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseCatalogQuery(params, { category1: "all", sort: "newest" });
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(params.get("limit"))) || PAGE_SIZE));
  const user = await getApiUser(request);
  const started = performance.now();
  const list = listProducts({ db: getDb(), query, viewerId: user?.id, pageSize: limit });
  const dbMs = performance.now() - started;
  return Response.json(list.items.map(productListItemJson), {
    headers: {
      "X-Total-Count": String(list.total),
      "X-Page": String(list.page),
      "X-Page-Count": String(list.pageCount),
      "Server-Timing": `db;dur=${dbMs.toFixed(1)}`,
    },
  });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
