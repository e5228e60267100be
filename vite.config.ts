import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { vitePlugin as remix } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";

/** Modules of the page shell (see build.rollupOptions below). */
const SHELL = [
  "/app/root.tsx",
  "/app/components/header.tsx",
  "/app/components/footer.tsx",
  "/app/components/flash.tsx",
  "/app/components/error-boundary.tsx",
  "/app/components/messaging.tsx",
  "/app/components/quick-link.tsx",
  "/app/components/use-hydrated.ts",
  "/app/utils/request-id.ts",
  "/app/utils/nonce.tsx",
  "/app/utils/dates.ts",
  "/app/utils/money.ts",
  "/app/utils/media.ts",
];

/** Route files that are not routes: dot files and tests (helpers next to a route end in `.server.ts`). */
const ignoredRouteFiles = ["**/.*", "**/*.test.{ts,tsx}"];

const { version } = JSON.parse(fs.readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig(({ isSsrBuild }) => ({
  // The version the administrator's health screen shows.
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    rollupOptions: {
      // The server build stays one file (build/server/index.js): the pattern pool finds its worker beside it
      // (pattern-worker.js), and an island's dynamic import is only a split point for the browser.
      output: isSsrBuild
        ? { inlineDynamicImports: true }
        : {
            // The page shell's own modules (what the root route imports, and the small helpers every page uses) travel
            // as one file instead of a dozen of 100-700 bytes each: every page loads all of them anyway, and each file
            // costs its own gzip header and import lines (issue 33, item 4).
            // React, React Router and Remix stay a file of their own, which only a dependency update changes (a release of
            // the app alone leaves it in the browser's cache).
            manualChunks(id) {
              if (SHELL.some((file) => id.endsWith(file))) return "shell";
              if (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run|turbo-stream)\//.test(id)) return "framework";
              return undefined;
            },
          },
    },
  },
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
}));
