// The reviewed patches of @remix-run/react, react-router-dom and @remix-run/server-runtime (patches/README.md): the
// render's route tree is built once per build, and a loader gets the request itself when there is nothing to strip.
// The packages are loaded as the server loads them (Node's `require`, the CommonJS builds), so these fail unpatched.
import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

type StaticRouter = { routes: { id: string; children?: unknown[] }[] };
const { createStaticRouter } = require("react-router-dom/server") as {
  createStaticRouter: (routes: unknown[], context: unknown) => StaticRouter;
};
const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: { loadContext: unknown; loader: (a: { request: Request }) => unknown; params: object; request: Request; routeId: string; singleFetch: boolean }) => Promise<unknown>;
};

const context = (routes: { id: string }[]) => ({
  basename: "",
  location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
  matches: [{ params: {}, pathname: "/", pathnameBase: "/", route: routes[0] }],
  loaderData: {},
  actionData: null,
  errors: null,
  statusCode: 200,
  loaderHeaders: {},
  actionHeaders: {},
  activeDeferreds: null,
});

describe("the patched render path", () => {
  it("converts a routes array to data routes once, however many static routers are made from it", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "child", path: "a" }] }];
    const first = createStaticRouter(routes, context(routes));
    const second = createStaticRouter(routes, context(routes));
    expect(second.routes).toBe(first.routes);
    expect(first.routes[0]!.id).toBe("root");
    const other = [{ id: "root", path: "/" }];
    expect(createStaticRouter(other, context(other)).routes).not.toBe(first.routes);
  });

  it("builds RemixServer's route tree once per build", () => {
    const source = require("node:fs").readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8") as string;
    expect(source).toContain("cachedServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode)");
  });

  it("hands a loader the request itself without an index or _routes parameter, and a stripped copy with one", async () => {
    const seen: Request[] = [];
    const loader = ({ request }: { request: Request }) => (seen.push(request), null);
    const call = (request: Request) => callRouteLoader({ loadContext: {}, loader, params: {}, request, routeId: "r", singleFetch: true });
    const plain = new Request("http://localhost/shop?q=linen%20shirt&page=2");
    await call(plain);
    expect(seen[0]).toBe(plain);
    const indexed = new Request("http://localhost/?index&_routes=root&q=x");
    await call(indexed);
    expect(seen[1]).not.toBe(indexed);
    expect(new URL(seen[1]!.url).search).toBe("?q=x");
  });
});
