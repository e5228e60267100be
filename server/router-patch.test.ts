import fs from "node:fs";
import Module, { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { memoizeRouteMatching } from "./route-matching";
import { forwardLocalMatching } from "./router-patch";

type Route = { id: string; path?: string; index?: boolean; children?: Route[]; loader?: () => unknown };
type StaticHandler = { query(request: Request): Promise<{ matches: { route: { id: string }; params: Record<string, string> }[] } | Response> };
type Router = {
  matchRoutes: (routes: Route[], location: string) => unknown;
  __matchRoutesOriginal?: (routes: Route[], location: string, basename?: string) => unknown;
  createStaticHandler(routes: Route[]): StaticHandler;
};

const require = createRequire(import.meta.url);
const file = require.resolve("@remix-run/router");

/** A private copy of the real package, compiled from the rewritten source (the shared one stays as it is). */
function loadRewritten(): Router {
  const source = forwardLocalMatching(fs.readFileSync(file, "utf8"));
  expect(source, "the installed @remix-run/router still has the local matchRoutes the rewrite expects").not.toBeNull();
  const copy = new Module(file) as Module & { _compile(content: string, filename: string): void; paths: string[] };
  copy.filename = file;
  copy.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(file);
  copy._compile(source!, file);
  return copy.exports as Router;
}

const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    loader: () => null,
    children: [
      { id: "routes/_index", index: true, loader: () => null },
      { id: "routes/product.$id", path: "product/:id", loader: () => null },
    ],
  },
];

describe("the static handler's route matching", () => {
  it("goes through the memoized export once the package's local matchRoutes forwards to it", async () => {
    const router = loadRewritten();
    const original = router.__matchRoutesOriginal!;
    let flattened = 0;
    router.__matchRoutesOriginal = (routes, location, basename) => {
      flattened += 1;
      return original(routes, location, basename);
    };
    memoizeRouteMatching(router as never);
    const handler = router.createStaticHandler(tree());
    for (let i = 0; i < 3; i++) {
      const context = await handler.query(new Request("http://localhost/product/16"));
      if (context instanceof Response) throw new Error("unexpected response");
      expect(context.matches.map((m) => m.route.id)).toEqual(["root", "routes/product.$id"]);
      expect(context.matches[1]!.params).toEqual({ id: "16" });
    }
    expect(flattened).toBe(1);
  });

  it("without the memo the rewritten package matches as before", async () => {
    const router = loadRewritten();
    const context = await router.createStaticHandler(tree()).query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    expect(context.matches.map((m) => m.route.id)).toEqual(["root", "routes/_index"]);
  });

  it("leaves a source it does not recognise alone", () => {
    expect(forwardLocalMatching("function matchRoutes(a) {}\nexports.matchRoutes = matchRoutes;")).toBeNull();
  });
});
