/** The shared loader of /, /best-sellers and /popular: query from the URL, active menu in the session. */
import { data } from "@remix-run/node";

import { listProducts, toCardData, type ListScope } from "~/models/catalog/listing.server";
import { parseCatalogQuery, type SortId } from "~/schemas/catalog";
import { CATEGORY1 } from "~/utils/catalog";
import { getDb } from "~/utils/db.server";
import { commitCookieSession, getCookieSession } from "~/utils/cookie-session.server";
import { getUser } from "~/auth/viewer.server";

/** Spec: active_menu defaults to 'Women'. */
export const DEFAULT_ACTIVE_MENU = "women";

export async function loadCatalogPage(request: Request, scope: ListScope) {
  const url = new URL(request.url);
  const session = await getCookieSession(request);
  const remembered = session.get("activeMenu");
  const activeMenu = CATEGORY1.some((c) => c.id === remembered) ? remembered! : DEFAULT_ACTIVE_MENU;
  const query = parseCatalogQuery(url.searchParams, {
    category1: activeMenu,
    sort: scope === "best-sellers" ? "best_selling" : ("newest" satisfies SortId),
  });
  const user = await getUser(request);
  const started = performance.now();
  const list = await listProducts({ db: getDb(), query, scope, viewerId: user?.id });
  const dbMs = performance.now() - started;

  const payload = {
    scope,
    query: { ...query, page: list.page },
    total: list.total,
    pageCount: list.pageCount,
    items: list.items.map(toCardData),
  };
  const headers = new Headers({ "Server-Timing": `db;dur=${dbMs.toFixed(1)}` });
  // Picking a category remembers it (spec: active_menu).
  if (query.category1 !== activeMenu && url.searchParams.has("category1")) {
    session.set("activeMenu", query.category1);
    headers.append("Set-Cookie", await commitCookieSession(request, session));
  }
  return data(payload, { headers });
}

export type CatalogPageData = Awaited<ReturnType<typeof loadCatalogPage>>["data"];

/** Passes the loader's Server-Timing (database time) on to the document response. */
export function serverTimingHeaders({ loaderHeaders }: { loaderHeaders: Headers }) {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : new Headers();
}
