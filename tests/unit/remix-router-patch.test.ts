// The reviewed patch of @remix-run/router (patches/@remix-run+router+1.23.3.patch, patches/README.md): a route
// tree is flattened and ranked once, not on every match, and a path pattern is compiled once. These tests load the
// package the way the server does (Node's `require`, the CommonJS build), so they fail when the patch is missing.
import { createRequire } from "node:module";

import type * as RemixRouter from "@remix-run/router";
import { describe, expect, it } from "vitest";

type Route = RemixRouter.AgnosticRouteObject;

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof RemixRouter;

const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    loader: () => null,
    children: [
      { id: "routes/_index", index: true, loader: () => null },
      { id: "routes/product.$id", path: "product/:id", loader: () => null },
      { id: "routes/cart", path: "cart", loader: () => null },
      { id: "routes/$store", path: ":store", loader: () => null },
    ],
  },
];

const ids = (matches: { route: { id?: string } }[] | null) => matches?.map((m) => m.route.id) ?? null;

/** Counts the regular expressions built while `run` runs (compilePath builds one per pattern with `new RegExp`). */
function regExpsBuiltBy<T>(run: () => T): { result: T; built: number } {
  const original = globalThis.RegExp;
  let built = 0;
  globalThis.RegExp = new Proxy(original, {
    construct(target, args, newTarget) {
      built += 1;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  try {
    return { result: run(), built };
  } finally {
    globalThis.RegExp = original;
  }
}

describe("the patched @remix-run/router", () => {
  it("is the CommonJS build the server loads, the one copy Remix and React Router use", () => {
    const file = require.resolve("@remix-run/router");
    expect(file).toMatch(/@remix-run[\\/]router[\\/]dist[\\/]router\.cjs\.js$/);
    // An upgrade that nests another copy under one of them would leave that one unpatched.
    for (const user of ["@remix-run/server-runtime", "@remix-run/react", "react-router", "react-router-dom"]) {
      expect(createRequire(require.resolve(user)).resolve("@remix-run/router"), user).toBe(file);
    }
  });

  it("flattens and ranks a routes array once, however often it is matched", () => {
    const routes = tree();
    let read = 0;
    const root = routes[0]!;
    const children = root.children;
    Object.defineProperty(root, "children", {
      get: () => {
        read += 1;
        return children;
      },
    });
    expect(ids(router.matchRoutes(routes, "/product/16"))).toEqual(["root", "routes/product.$id"]);
    const flattenedOnce = read;
    expect(flattenedOnce).toBeGreaterThan(0);
    expect(ids(router.matchRoutes(routes, "/"))).toEqual(["root", "routes/_index"]);
    expect(ids(router.matchRoutes(routes, "/cart"))).toEqual(["root", "routes/cart"]);
    expect(router.matchRoutes(routes, "/product/17")?.[1]?.params).toEqual({ id: "17" });
    expect(read).toBe(flattenedOnce);
  });

  it("compiles a path pattern once: matching the same tree again builds no regular expression", () => {
    const routes = tree();
    router.matchRoutes(routes, "/some-store");
    const again = regExpsBuiltBy(() => router.matchRoutes(routes, "/other-store"));
    expect(ids(again.result)).toEqual(["root", "routes/$store"]);
    expect(again.result?.[1]?.params).toEqual({ store: "other-store" });
    expect(again.built).toBe(0);
  });

  it("a pathname matched again against the same array (kept matches) gives each caller its own matches and params", () => {
    const routes = tree();
    const first = router.matchRoutes(routes, "/product/16")!;
    const again = regExpsBuiltBy(() => router.matchRoutes(routes, "/product/16")!);
    expect(again.built).toBe(0);
    expect(again.result).toEqual(first);
    // A copy: what one caller does to its matches or params reaches no other.
    expect(again.result).not.toBe(first);
    expect(again.result[1]).not.toBe(first[1]);
    (first[1]!.params as Record<string, string>).id = "changed";
    first.pop();
    const third = router.matchRoutes(routes, "/product/16")!;
    expect(ids(third)).toEqual(["root", "routes/product.$id"]);
    expect(third[1]!.params).toEqual({ id: "16" });
    // The matches of one call share one params object, as the unpatched router's do.
    expect(third[0]!.params).toBe(third[1]!.params);
    // Another pathname, and a pathname that matches nothing, are matched on their own.
    expect(router.matchRoutes(routes, "/product/17")?.[1]?.params).toEqual({ id: "17" });
    expect(router.matchRoutes(routes, "/a/b/c")).toBeNull();
    expect(router.matchRoutes(routes, "/a/b/c")).toBeNull();
  });

  it("a new routes array with the same patterns (React Router's per-render tree) reuses the compiled patterns", () => {
    router.matchRoutes(tree(), "/cart");
    const fresh = regExpsBuiltBy(() => router.matchRoutes(tree(), "/cart"));
    expect(ids(fresh.result)).toEqual(["root", "routes/cart"]);
    expect(fresh.built).toBe(0);
  });

  it("the static handler answers later requests without flattening or compiling again", async () => {
    const handler = router.createStaticHandler(tree());
    await handler.query(new Request("http://localhost/product/16"));
    let built = 0;
    for (const [url, expected] of [
      ["http://localhost/product/17", ["root", "routes/product.$id"]],
      ["http://localhost/", ["root", "routes/_index"]],
      ["http://localhost/a-store", ["root", "routes/$store"]],
    ] as const) {
      const { result, built: n } = regExpsBuiltBy(() => handler.query(new Request(url)));
      const context = await result;
      if (context instanceof Response) throw new Error("unexpected response");
      expect(ids(context.matches)).toEqual(expected);
      built += n;
    }
    expect(built).toBe(0);
  });

  it("a route tree patched in place while navigating (lazy route discovery) is flattened again", async () => {
    const routes: Route[] = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    const memory = router
      .createRouter({
        routes,
        history: router.createMemoryHistory({ initialEntries: ["/a"] }),
        patchRoutesOnNavigation: ({ path, patch }) => {
          if (path === "/b") patch("root", [{ id: "b", path: "b" }]);
        },
      })
      .initialize();
    try {
      // Matched (and cached) before the navigation adds `b` to the same arrays.
      expect(router.matchRoutes(memory.routes, "/b")).toBeNull();
      await memory.navigate("/b");
      expect(memory.state.location.pathname).toBe("/b");
      expect(ids(memory.state.matches)).toEqual(["root", "b"]);
      expect(memory.state.errors).toBeNull();
      memory.patchRoutes(null, [{ id: "top", path: "/top" }]);
      expect(ids(router.matchRoutes(memory.routes, "/top"))).toEqual(["top"]);
    } finally {
      memory.dispose();
    }
  });
});
