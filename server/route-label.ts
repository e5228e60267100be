/**
 * The route a request went to, as a short stable label for the request log and the metrics: the Remix route's file
 * id without its folder ("_buying+/product.$id"), "assets" for fingerprinted files, "unmatched" for a URL no route
 * takes. Never the raw path, so a metric has as many series as the app has routes.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

import { createCache } from "../app/utils/cache.server";

type Manifest = ServerBuild["routes"];

function treeOf(manifest: Manifest, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : treeOf(manifest, route.id),
    })) as AgnosticRouteObject[];
}

function labelOf(id: string): string {
  return id.replace(/^routes\//, "").replace(/\/route$/, "");
}

export function createRouteLabeller(manifest: Manifest): (pathname: string) => string {
  const tree = treeOf(manifest);
  const known = createCache<string>({ max: 2000 });
  return (pathname) => {
    if (pathname.startsWith("/assets/")) return "assets";
    return known.getOrSet(pathname, () => {
      const matches = matchRoutes(tree, pathname);
      const last = matches?.[matches.length - 1];
      return last && last.route.id !== "root" ? labelOf(last.route.id as string) : "unmatched";
    });
  };
}
