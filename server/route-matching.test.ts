import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { memoizeRouteMatching } from "./route-matching";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: Route[], location: string | { pathname: string }, basename?: string) => unknown;
};

// The shape of the app's Remix routes: a root layout with index, params, optional segments, folders and a splat.
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      { id: "routes/product.$id", path: "product/:id" },
      { id: "routes/purchases.($status)", path: "purchases/:status?" },
      { id: "routes/store.$id", path: "store/:id" },
      { id: "routes/cart", path: "cart" },
      { id: "routes/api.user.products", path: "api/user/products" },
      { id: "routes/api.$", path: "api/*" },
      { id: "routes/Terms", path: "TERMS", caseSensitive: true },
      { id: "routes/$", path: "*" },
    ],
  },
];
const PATHS = ["/", "/product/16", "/product/17", "/purchases", "/purchases/Paid", "/store/3", "/cart", "/api/user/products", "/api/nope/x", "/TERMS", "/terms", "/no/such/page", "/product/%C3%A9t%C3%A9"];

describe("memoized route matching", () => {
  const router = { matchRoutes: matchRoutes as never as Parameters<typeof memoizeRouteMatching>[0]["matchRoutes"] };
  memoizeRouteMatching(router);

  it("answers what matchRoutes answers, first and cached, on the caller's own route objects", () => {
    const first = tree();
    const second = tree(); // a per-request copy, as React Router builds
    for (const path of PATHS) {
      const expected = matchRoutes(first, path);
      expect(router.matchRoutes(first, path), path).toEqual(expected);
      expect(router.matchRoutes(first, path), path).toEqual(expected);
      const again = router.matchRoutes(second, { pathname: path }) as { route: Route }[] | null;
      expect(again, path).toEqual(matchRoutes(second, { pathname: path }));
      again?.forEach((m, i) => expect(m.route).toBe((matchRoutes(second, path) as { route: Route }[])[i]!.route));
    }
  });

  it("keeps trees of another shape apart and honours the basename", () => {
    const other: Route[] = [{ id: "root", path: "", children: [{ id: "routes/product.$slug", path: "product/:slug/:tab?" }] }];
    expect(router.matchRoutes(tree(), "/product/16")).toEqual(matchRoutes(tree(), "/product/16"));
    expect(router.matchRoutes(other, "/product/16")).toEqual(matchRoutes(other, "/product/16"));
    expect(router.matchRoutes(tree(), "/shop/cart", "/shop")).toEqual(matchRoutes(tree(), "/shop/cart", "/shop"));
    expect(router.matchRoutes(tree(), "/cart", "/shop")).toBeNull();
  });

  it("gives every answer its own params object, shared by its matches as matchRoutes does", () => {
    const a = router.matchRoutes(tree(), "/product/16") as { params: Record<string, string> }[];
    const b = router.matchRoutes(tree(), "/product/16") as { params: Record<string, string> }[];
    a[1]!.params.id = "changed";
    expect(b[1]!.params.id).toBe("16");
    expect(b[0]!.params).toBe(b[1]!.params);
  });
});

describe("installed on the real package", () => {
  it("is what Remix's server match calls through the package's exports", () => {
    const require = createRequire(import.meta.url);
    const router = require("@remix-run/router") as Parameters<typeof memoizeRouteMatching>[0];
    const before = router.matchRoutes;
    memoizeRouteMatching(router);
    expect(router.matchRoutes).not.toBe(before);
    const { matchServerRoutes } = require("@remix-run/server-runtime/dist/routeMatching.js") as {
      matchServerRoutes: (routes: Route[], pathname: string) => { params: Record<string, string>; route: Route }[] | null;
    };
    const routes = tree();
    for (let i = 0; i < 2; i++) {
      const found = matchServerRoutes(routes, "/product/16");
      expect(found?.map((m) => m.route.id)).toEqual(["root", "routes/product.$id"]);
      expect(found?.[1]?.params).toEqual({ id: "16" });
      expect(found?.[1]?.route).toBe(routes[0]!.children![1]);
    }
  });
});
