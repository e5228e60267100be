/**
 * The browser journey on PostgreSQL past one machine (issues 49 and 50): two app processes, a primary and a
 * synchronous standby, all on loopback, started by tests/e2e-pg/global-setup.ts. JavaScript off: every step is a
 * plain form post or link. `npm test` runs it after the main browser tests (scripts/test.sh).
 */
import { defineConfig, devices } from "@playwright/test";

import { chromium } from "./playwright.config";

export default defineConfig({
  testDir: "tests/e2e-pg",
  globalSetup: "./tests/e2e-pg/global-setup.ts",
  timeout: 180_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: "list",
  use: {
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: false },
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [{ name: "pg-no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium } }],
});
