/**
 * Vitest's global setup: the pattern worker (app/models/patterns/worker.ts) bundled once per run with esbuild, as
 * `npm run build` bundles it for production, so each test file's worker pool starts its threads from JavaScript
 * instead of compiling the worker's module graph through tsx in every thread (seconds each on a busy machine).
 * Not in watch mode, where an edit of the worker must show without a restart.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { TestProject } from "vitest/node";

import { bundleEntry } from "../bundle.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));

export default async function setup(project: TestProject) {
  if (project.vitest.config.watch) return;
  const outfile = path.join(root, "node_modules", ".cache", "vitest", `pattern-worker-${process.pid}.mjs`);
  await bundleEntry("app/models/patterns/worker.ts", outfile);
  process.env.PATTERN_WORKER_BUNDLE = outfile;
  return () => fs.rmSync(outfile, { force: true });
}
