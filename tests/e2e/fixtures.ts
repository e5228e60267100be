/**
 * The one fixture module of the browser tests (issue 32, item 4): every spec imports `test`, `expect` and its
 * fixtures from here. The fixtures go through the app's own models on the test server's database (fixtures/app.ts:
 * the app's Drizzle client on the server's SQLite file, its session storage, its env pointed at the server's data):
 * users (registerUser), sellers and stores (saveStore), designs from real files (saveDesign), size charts,
 * measurements, carts, checkout on the local provider and fulfilment ("buy and pay"), shipping, refunds, ledger
 * adjustments and withdrawals, platform settings. Reads for assertions are plain SQL (fixtures/db.ts); the only SQL
 * write is `backdate` there, for dates no model lets a caller choose. tests/unit/e2e-fixtures.test.ts keeps it so.
 *
 * `loginAs` starts a session with the app's model (only the token's hash is stored) and sets the signed `__session`
 * cookie the app's own session storage mints. Specs about login itself keep going through the form.
 */
import { test as base, type BrowserContext, type Page } from "@playwright/test";

import { createUser, sessionCookieFor } from "./fixtures/accounts";

export * from "./fixtures/accounts";
export * from "./fixtures/admin";
export { createDesign, sessionCookie, withAppDb, withUploads, type Upload } from "./fixtures/app";
export * from "./fixtures/buying";
export * from "./fixtures/db";
export * from "./fixtures/makes";
export * from "./fixtures/messaging";
export * from "./fixtures/own-server";
export * from "./fixtures/selling";
export * from "./fixtures/utils";
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from "@playwright/test";

/**
 * A test's time limit: the config's 20 s, so a test that hangs fails fast (issue 32); a test tagged `@long` (a journey
 * over many screens or users, or one that starts servers of its own; every test that takes over ~6 s on a quiet
 * machine) has LONG_JOURNEY_MS, or more where the test sets more itself (decision 118).
 */
export const LONG_JOURNEY_MS = 120_000;

type Fixtures = {
  /** Sets the time limit of a test tagged @long (automatic). */
  journeyTimeout: void;
  createUser: typeof createUser;
  /** Logs a page's (or context's) browser in as a user, by id or email, without the login form. */
  loginAs: (user: number | string, target?: Page | BrowserContext) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  journeyTimeout: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, testInfo) => {
      if (testInfo.tags.includes("@long")) testInfo.setTimeout(Math.max(testInfo.timeout, LONG_JOURNEY_MS));
      await provide();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  createUser: async ({}, provide) => {
    await provide(createUser);
  },
  loginAs: async ({ context, baseURL }, provide) => {
    await provide(async (user, target = context) => {
      const browserContext = "context" in target && typeof target.context === "function" ? (target as Page).context() : (target as BrowserContext);
      const { name, value } = await sessionCookieFor(user);
      await browserContext.addCookies([{ name, value, url: baseURL! }]);
    });
  },
});

export { expect } from "@playwright/test";
