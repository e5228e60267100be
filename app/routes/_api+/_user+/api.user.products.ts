import { apiRoute } from "~/auth/api-route.server";
import { listProducts, productListItemJson } from "~/models/catalog/listing.server";
import { PAGE_SIZE, parseCatalogQuery } from "~/schemas/catalog";
import { untilDataChangesAsync } from "~/utils/db.server";
import { jsonTextResponse } from "~/utils/known-body.server";

const MAX_LIMIT = 100;

/**
 * GET /api/user/products?category1=&category2=&category3=&q=&sort=&page=&limit=
 * The product list (an array); the page, page count and total are in X-Page, X-Page-Count and X-Total-Count.
 */
const route = apiRoute({ method: "GET", guard: "viewer" }, async ({ request, db, user }) => {
  const params = new URL(request.url).searchParams;
  const query = parseCatalogQuery(params, { category1: "all", sort: "newest" });
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(params.get("limit"))) || PAGE_SIZE));
  const started = performance.now();
  // The page as JSON text, kept until the data changes (the viewer's favourites are data too): a listing asked again
  // costs no query and no serialising.
  const key = JSON.stringify(["api products", user?.id ?? null, limit, query.category1, query.category2, query.category3, query.q, query.sort, query.page]);
  const page = await untilDataChangesAsync(db, key, async () => {
    const list = await listProducts({ db, query, viewerId: user?.id, pageSize: limit });
    return { json: JSON.stringify(list.items.map(productListItemJson)), total: list.total, page: list.page, pageCount: list.pageCount };
  });
  const dbMs = performance.now() - started;
  return jsonTextResponse(page.json, {
    headers: {
      "X-Total-Count": String(page.total),
      "X-Page": String(page.page),
      "X-Page-Count": String(page.pageCount),
      "Server-Timing": `db;dur=${dbMs.toFixed(1)}`,
    },
  });
});
export const loader = route.loader;
export const action = route.action;
