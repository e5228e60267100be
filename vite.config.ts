import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { vitePlugin as remix } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";

/** Route files that are not routes: dot files and tests (helpers next to a route end in `.server.ts`). */
const ignoredRouteFiles = ["**/.*", "**/*.test.{ts,tsx}"];

const { version } = JSON.parse(fs.readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  // The version the administrator's health screen shows.
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Dependencies stay external to the server build (as with the classic compiler); client assets go to
  // build/client/assets, fingerprinted (server.ts serves them with a year of cache).
  plugins: [
    remix({
      serverModuleFormat: "esm",
      // Remix's own convention is off: the routes are read by remix-flat-routes (folders ending in `+` group routes
      // by area without changing their URLs; docs/decisions/093-house-second-pass.md).
      ignoredRouteFiles: ["**/*"],
      routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
