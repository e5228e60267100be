/**
 * Vitest's global setup.
 * - The pattern worker (app/models/patterns/worker.ts) bundled once per run with esbuild, as `npm run build` bundles
 *   it for production, so each test file's worker pool starts its threads from JavaScript instead of compiling the
 *   worker's module graph through tsx in every thread (seconds each on a busy machine). Not in watch mode, where an
 *   edit of the worker must show without a restart.
 * - With `TEST_DATABASE=postgres` (`npm run test:unit:pg`, issue 49): one throwaway PostgreSQL cluster for the whole
 *   run (tests/pg/cluster.ts) and one migrated template database in it; the forks inherit `DATABASE_URL` (the
 *   cluster, so db/tables.ts picks PostgreSQL's tables before any app module loads) and `TEST_PG_TEMPLATE`, and
 *   createTestDb() hands out copies of the template (tests/unit/pg-test-db.ts). Stopped at the end.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { TestProject } from "vitest/node";

import { bundleEntry } from "../bundle.mjs";
import { PG_TEMPLATE, testEngine } from "./test-engine";

const root = fileURLToPath(new URL("../../", import.meta.url));

export default async function setup(project: TestProject) {
  const teardowns: Array<() => unknown> = [];
  if (testEngine() === "postgres") {
    // Imported here: a SQLite run loads nothing of PostgreSQL's.
    const { openPgDatabase } = await import("../../db/client.pg");
    const { createPgDatabase, startPgCluster } = await import("../pg/cluster");
    // Two forks, each with a few pools open at once (up to 10 connections each, race tests two pools), and the
    // suites that start their own clusters: 300 leaves room.
    const cluster = await startPgCluster({ settings: { max_connections: 300 } });
    teardowns.push(() => cluster.stop());
    const template = await createPgDatabase(cluster.url, PG_TEMPLATE);
    await (await openPgDatabase(template, { max: 1 })).$client.end();
    process.env.DATABASE_URL = cluster.url;
  }
  if (!project.vitest.config.watch) {
    const outfile = path.join(root, "node_modules", ".cache", "vitest", `pattern-worker-${process.pid}.mjs`);
    await bundleEntry("app/models/patterns/worker.ts", outfile);
    process.env.PATTERN_WORKER_BUNDLE = outfile;
    teardowns.push(() => fs.rmSync(outfile, { force: true }));
  }
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown();
  };
}
