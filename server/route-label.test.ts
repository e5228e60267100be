import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { createRouteLabeller } from "./route-label";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, caseSensitive: undefined, module: {} });

const manifest = {
  root: route("root", undefined, ""),
  "routes/_catalog+/_index/route": route("routes/_catalog+/_index/route", "root", undefined, true),
  "routes/_buying+/product.$id": route("routes/_buying+/product.$id", "root", "product/:id"),
  "routes/_admin+/admin": route("routes/_admin+/admin", "root", "admin"),
  "routes/_admin+/admin.order.$id": route("routes/_admin+/admin.order.$id", "routes/_admin+/admin", "order/:id"),
  "routes/_pages+/$": route("routes/_pages+/$", "root", "*"),
} as unknown as ServerBuild["routes"];

describe("route labels", () => {
  const label = createRouteLabeller(manifest);
  it("name the deepest route by its file, never the raw path", () => {
    expect(label("/")).toBe("_catalog+/_index");
    expect(label("/product/12")).toBe("_buying+/product.$id");
    expect(label("/product/99999")).toBe("_buying+/product.$id");
    expect(label("/admin/order/7")).toBe("_admin+/admin.order.$id");
    expect(label("/no/such/page")).toBe("_pages+/$");
    expect(label("/assets/entry.client-abc123.js")).toBe("assets");
  });

  it("without a catch-all route, an unknown path is 'unmatched'", () => {
    const { "routes/_pages+/$": _, ...rest } = manifest as Record<string, unknown>;
    expect(createRouteLabeller(rest as ServerBuild["routes"])("/nowhere")).toBe("unmatched");
  });
});
