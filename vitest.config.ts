import os from "node:os";
import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

import { testEngine } from "./tests/unit/test-engine";

// `TEST_DATABASE=postgres` (npm run test:unit:pg): the same tests on PostgreSQL (tests/unit/global-setup.ts).
const onPostgres = testEngine() === "postgres";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/unit/**/*.test.ts", "server/**/*.test.ts", "tests/pg/**/*.test.ts"],
    environment: "node",
    // The pattern worker bundled once per run (the pools' threads start from it, not through tsx each).
    globalSetup: ["tests/unit/global-setup.ts"],
    // On PostgreSQL, each test's databases are ended and dropped after it (tests/unit/pg-setup.ts).
    ...(onPostgres ? { setupFiles: ["tests/unit/pg-setup.ts"] } : {}),
    pool: "forks",
    // One module graph per fork for all the files it runs, not one per file: importing the app's modules again for
    // each of 126 files was half the unit phase (collect 126 s of 250 s). Each file still gets its own database
    // (createTestDb) and its own environment (useTestEnv: data folder, outbox, Stripe), which the modules read when
    // called (decision 118); the suite passes with the files shuffled.
    isolate: false,
    // Vitest's default in a run is one fork fewer than the cores: one on this two-core machine, which left a core idle
    // through the whole unit phase. The tests that start threads or processes of their own still fit beside two.
    maxWorkers: Math.max(2, os.availableParallelism()),
    minWorkers: 1,
    // No background layout warming where a file does not ask for it (tests/unit/buying-fixtures.ts useTestEnv).
    env: { LAYOUT_WARMING: "off" },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
