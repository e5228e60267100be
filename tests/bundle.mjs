/**
 * One TypeScript entry of this project bundled to one ES module with esbuild, for the test tools that start threads
 * or processes from it (the fakes: tests/e2e/start.mjs; the race threads: tests/unit/race-workers.ts; Vitest's
 * pattern worker: tests/unit/global-setup.ts) instead of compiling TypeScript in each one. Packages stay external
 * and load from node_modules as in the app (so the bundle must lie inside the project); the app's "~/" imports are
 * bundled through tsconfig.json's paths.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));

export async function bundleEntry(entry, outfile) {
  await build({
    entryPoints: [path.resolve(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [{ name: "packages-external", setup: (b) => b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })) }],
    logLevel: "warning",
  });
  return outfile;
}
