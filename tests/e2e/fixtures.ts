/**
 * Playwright fixtures for specs that are not about logging in: `createUser` registers an account with the app's
 * model, `loginAs` starts a session with the app's model (only the token's hash is stored) and sets the signed
 * `__session` cookie the app's own session storage mints. Specs about login itself keep going through the form.
 */
import crypto from "node:crypto";

import { test as base, type BrowserContext, type Page } from "@playwright/test";

import { sessionCookie, withAppDb } from "./app";
import { uniqueEmail } from "./utils";
import { createSession } from "~/models/accounts/sessions.server";
import { findUserByEmail, getUserById, registerUser } from "~/models/accounts/users.server";

export type TestUser = { id: number; email: string; password: string; firstName: string; lastName: string };

/** Registers an active account through the app's model (the password hashed as the app does). */
export async function createUser(
  { email = uniqueEmail("fixture"), password = `pw-${crypto.randomBytes(6).toString("hex")}`, firstName = "Robin", lastName = "Tester" }: Partial<
    Omit<TestUser, "id">
  > = {},
): Promise<TestUser> {
  const result = await withAppDb((db) => registerUser({ db, email, password, firstName, lastName }));
  if (!result.ok) throw new Error(`createUser: ${result.error} for ${email}`);
  return { id: result.user.id, email: result.user.email, password, firstName, lastName };
}

/** Starts a session for a user (by id or email) with the app's model and returns the Cookie value that carries its token. */
export async function sessionCookieFor(user: number | string, dataDir?: string): Promise<{ name: string; value: string; token: string }> {
  const token = await withAppDb((db) => {
    const found = typeof user === "number" ? getUserById({ db, userId: user }) : findUserByEmail({ db, email: user });
    if (!found) throw new Error(`loginAs: no user ${user}`);
    return createSession({ db, userId: found.id, userAgent: "playwright fixture" });
  }, dataDir);
  return { ...(await sessionCookie(token)), token };
}

/**
 * A test's time limit: the config's 20 s, so a hang fails fast; a test tagged `@long` (a journey over many screens or
 * users, or one that starts servers of its own) has LONG_JOURNEY_MS.
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
      if (testInfo.tags.includes("@long")) testInfo.setTimeout(LONG_JOURNEY_MS);
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
