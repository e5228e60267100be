/**
 * Vitest's global setup: the pattern worker (app/models/patterns/worker.ts) bundled once per run with esbuild, as
 * `npm run build` bundles it for production, so each test file's worker pool starts its threads from JavaScript
 * instead of compiling the worker's module graph through tsx in every thread (seconds each on a busy machine).
 * Not in watch mode, where an edit of the worker must show without a restart.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";
import type { TestProject } from "vitest/node";

const root = fileURLToPath(new URL("../../", import.meta.url));

export default async function setup(project: TestProject) {
  if (project.vitest.config.watch) return;
  const outfile = path.join(root, "node_modules", ".cache", "vitest", `pattern-worker-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(root, "app/models/patterns/worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [{ name: "packages-external", setup: (b) => b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })) }],
    logLevel: "warning",
  });
  process.env.PATTERN_WORKER_BUNDLE = outfile;
  return () => fs.rmSync(outfile, { force: true });
}
