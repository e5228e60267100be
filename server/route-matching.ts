/**
 * Route matching computed once per pathname. @remix-run/router's matchRoutes flattens and ranks every
 * route module and compiles a regular expression per branch on each call, and a page request calls it
 * 3-4 times (Remix's server match, the static handler, React Router's render, lazy route discovery's
 * partial manifest). The calls made through the package's exports (and the static handler's, which
 * server/router-patch.ts forwards to the export) are answered from a cache keyed by the pathname and the shape of the route tree; each answer is rebuilt on
 * the caller's own route objects, so a tree rebuilt per request (React Router's) is matched correctly.
 * node_modules is untouched: server.ts replaces the export at start (bench/NOTES.md, decision 070).
 */
type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] };
type Params = Record<string, string | undefined>;
type RouteMatch = { params: Params; pathname: string; pathnameBase: string; route: RouteLike };
type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => RouteMatch[] | null;
type Stored = { params: Params; matches: { trail: number[]; pathname: string; pathnameBase: string }[] } | null;

export function memoizeRouteMatching(router: { matchRoutes: MatchRoutes; __matchRoutesOriginal?: MatchRoutes }, maxEntries = 5000) {
  if ((router.matchRoutes as { memoized?: boolean }).memoized) return;
  // With server/router-patch.ts applied, the package's own calls forward to the export: call the original.
  const original = router.__matchRoutesOriginal ?? router.matchRoutes;
  const shapes = new WeakMap<RouteLike[], string>();
  const cache = new Map<string, Stored>();

  const describe = (routes: RouteLike[]): string =>
    routes
      .map((r) => `${r.id ?? ""}|${r.path ?? ""}|${r.index ? 1 : 0}|${r.caseSensitive ? 1 : 0}${r.children?.length ? `(${describe(r.children)})` : ""}`)
      .join(",");
  function shapeOf(routes: RouteLike[]) {
    let shape = shapes.get(routes);
    if (shape === undefined) {
      shape = describe(routes);
      shapes.set(routes, shape);
    }
    return shape;
  }

  const memoized: MatchRoutes = (routes, location, basename = "/") => {
    const path = typeof location === "string" ? location : location?.pathname;
    if (typeof path !== "string" || !Array.isArray(routes)) return original(routes, location, basename);
    const key = `${basename}\n${path}\n${shapeOf(routes)}`;
    const stored = cache.get(key);
    if (stored === undefined) {
      const result = original(routes, location, basename);
      const kept = result ? store(routes, result) : null;
      if (kept !== undefined) {
        cache.set(key, kept);
        if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      }
      return result;
    }
    if (stored === null) return null;
    const params = { ...stored.params };
    return stored.matches.map((m) => ({ params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: follow(routes, m.trail) }));
  };
  (memoized as { memoized?: boolean }).memoized = true;
  router.matchRoutes = memoized;
}

/** Where each matched route sits in the tree (child indexes from the top), to rebuild the answer on another copy. */
function store(routes: RouteLike[], matches: RouteMatch[]): Stored | undefined {
  let level: RouteLike[] | undefined = routes;
  const trail: number[] = [];
  const out: NonNullable<Stored>["matches"] = [];
  for (const m of matches) {
    const index: number = level ? level.indexOf(m.route) : -1;
    if (index < 0) return undefined;
    trail.push(index);
    out.push({ trail: [...trail], pathname: m.pathname, pathnameBase: m.pathnameBase });
    level = m.route.children;
  }
  return { params: { ...(matches[0]?.params ?? {}) }, matches: out };
}

function follow(routes: RouteLike[], trail: number[]): RouteLike {
  let route = routes[trail[0]!]!;
  for (let i = 1; i < trail.length; i++) route = route.children![trail[i]!]!;
  return route;
}
