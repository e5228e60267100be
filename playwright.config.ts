import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { FAKE_HMRC_CLIENT } from "./tests/fakes/vat-registers";

const port = Number(process.env.E2E_PORT ?? 4310);
/** A second app server on Stripe (against the fake Stripe API) for the "stripe" project. */
const stripePort = port + 3;
const fakeStripePort = port + 2;
/** The fake EasyPost API for the "stripe" server, which buys its labels there (tests/fakes/easypost-server.ts). */
const fakeEasyPostPort = port + 4;
/** A server with PUBLIC_URL unset, reached by its IP address (tests/e2e/any-address.spec.ts), shared by both browser projects. */
export const ANY_ADDRESS_PORT = port + 7;
/** The fake VIES and HMRC VAT number registers of the main app server (tests/fakes/vat-registers-server.ts; decision 150). */
const fakeVatRegistersPort = port + 5;
export const STRIPE_WEBHOOK_SECRET = "whsec_e2e_fake_secret";
/** The app servers' cookie secret; tests/e2e/fixtures.ts signs session cookies with it. */
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789";
/** A fresh data folder per run (scripts/test.sh empties it); the tests read its mail outbox. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `patternhouse-e2e-${port}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
process.env.E2E_STRIPE_DATA_DIR = path.join(E2E_DATA_DIR, "stripe");
export const ANY_ADDRESS_DATA_DIR = path.join(E2E_DATA_DIR, "any-address");
process.env.E2E_FAKE_STRIPE_URL = `http://127.0.0.1:${fakeStripePort}`;
process.env.E2E_FAKE_EASYPOST_URL = `http://127.0.0.1:${fakeEasyPostPort}`;
// No background work a test did not ask for: cutting layouts are laid when a page or call asks (the servers and the
// fixtures' own saves in the test workers alike); the specs about layouts ask.
process.env.LAYOUT_WARMING = "off";
process.env.LAYOUT_IMPROVE_SECONDS = "0";
// Every test browser and request context registers from 127.0.0.1, the whole suite's accounts from one address: the
// per-address limit (10 an hour) is the model tests' (app/models/accounts/users.server.test.ts).
process.env.REGISTRATIONS_PER_ADDRESS = "100000";
// Likewise every visitor's new cutting layouts count against 127.0.0.1: the limit of two per client is the model
// tests' (app/models/layout/layouts.server.test.ts).
process.env.LAYOUTS_PER_CLIENT = "1000";
// Specs look at a layout on the page that first asks for it: the servers wait for it (400 ms is the model tests').
process.env.LAYOUT_PAGE_WAIT_MS = "120000";

/**
 * Debian's chromium-headless-shell (the same Chromium build as Debian's chromium, without the browser's UI: what
 * Playwright itself runs for headless tests): half the CPU of the full browser per page here (decision 118), and the
 * browser tests are bound by the browser's CPU. CHROMIUM_PATH overrides it (e.g. /usr/bin/chromium).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
export const chromium = {
  executablePath: chromiumPath,
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
  // 20 s: a test that hangs fails fast (issue 32). The walk-throughs that take longer (several users, a dozen
  // navigations, servers of their own) are tagged @long and get tests/e2e/fixtures.ts' LONG_JOURNEY_MS.
  timeout: 20_000,
  // 10 s for an expectation: a busy machine (the suite must pass beside other work) is slow to render; a hang still
  // fails within the test's limit.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps a trace of its actions, requests and console, and a screenshot of where it stopped. No
    // screencast or DOM snapshots: recording them for every test cost a third of the browser tests' CPU (decision 118).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: false },
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "api", testMatch: /api-.*\.spec\.ts/ },
    { name: "stripe", testMatch: /stripe-.*\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${stripePort}` } },
    { name: "js", testIgnore: /(api|stripe)-.*\.spec\.ts/, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "no-js",
      testIgnore: /(api|stripe)-.*\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      // build/server.js on a copy of the demo data seeded once per run (tests/e2e/demo-data.mjs).
      command: "node tests/e2e/start.mjs app",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: E2E_DATA_DIR,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ADMIN_EMAIL: "admin@patternhouse.test",
        ADMIN_PASSWORD: "demo-admin-pass",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: "production",
        LAYOUT_WARMING: "off",
        LAYOUT_IMPROVE_SECONDS: "0",
        // Every test browser logs in from 127.0.0.1: the suite's wrong passwords over all its accounts would pass the
        // per-address limit (50 in 15 minutes) and refuse later tests' logins. The per-account limit stays 5.
        LOGIN_MAX_FAILURES_PER_ADDRESS: "100000",
        VIES_URL: `http://127.0.0.1:${fakeVatRegistersPort}/vies`,
        HMRC_API_URL: `http://127.0.0.1:${fakeVatRegistersPort}/hmrc`,
        HMRC_CLIENT_ID: FAKE_HMRC_CLIENT.id,
        HMRC_CLIENT_SECRET: FAKE_HMRC_CLIENT.secret,
      },
    },
    {
      command: `node tests/e2e/start.mjs fake tests/fakes/vat-registers-server.ts ${fakeVatRegistersPort}`,
      url: `http://127.0.0.1:${fakeVatRegistersPort}/__fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node tests/e2e/start.mjs fake tests/fakes/stripe-server.ts ${fakeStripePort}`,
      url: `http://127.0.0.1:${fakeStripePort}/__fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node tests/e2e/start.mjs fake tests/fakes/easypost-server.ts ${fakeEasyPostPort}`,
      url: `http://127.0.0.1:${fakeEasyPostPort}/__fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/e2e/start.mjs app",
      url: `http://127.0.0.1:${stripePort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(stripePort),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_STRIPE_DATA_DIR,
        SESSION_SECRET: E2E_SESSION_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${stripePort}`,
        NODE_ENV: "production",
        LAYOUT_WARMING: "off",
        LAYOUT_IMPROVE_SECONDS: "0",
        STRIPE_SECRET_KEY: "sk_test_e2e_fake",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${fakeStripePort}`,
        EASYPOST_API_KEY: "EZTK_fake_test_key",
        EASYPOST_API_URL: `http://127.0.0.1:${fakeEasyPostPort}/v2/`,
      },
    },
    {
      command: "node tests/e2e/start.mjs app",
      url: `http://127.0.0.1:${ANY_ADDRESS_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(ANY_ADDRESS_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: ANY_ADDRESS_DATA_DIR,
        SESSION_SECRET: E2E_SESSION_SECRET,
        // A deployer who has not set PUBLIC_URL yet (blank is unset).
        PUBLIC_URL: "",
        NODE_ENV: "production",
        LAYOUT_WARMING: "off",
        LAYOUT_IMPROVE_SECONDS: "0",
      },
    },
  ],
});
