import os from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);
/** A fresh data folder per run (scripts/test.sh empties it); the tests read its mail outbox. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `patternhouse-e2e-${port}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "api", testMatch: /api-.*\.spec\.ts/ },
    { name: "js", testIgnore: /api-.*\.spec\.ts/, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "no-js",
      testIgnore: /api-.*\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node build/server.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      SESSION_SECRET: "e2e-session-secret-0123456789",
      ADMIN_EMAIL: "admin@patternhouse.test",
      ADMIN_PASSWORD: "demo-admin-pass",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: "production",
    },
  },
});
