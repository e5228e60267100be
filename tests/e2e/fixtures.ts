/**
 * Playwright fixtures for specs that are not about logging in: `createUser` inserts an account, `loginAs`
 * starts a session by inserting its row (only the token's hash, as the app does) and setting the signed
 * `__session` cookie the app would have set. Specs about login itself keep going through the form.
 */
import crypto from "node:crypto";

import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";

import { E2E_SESSION_SECRET } from "../../playwright.config";
import { openTestDb } from "./db";
import { uniqueEmail } from "./utils";
import { hashPassword, randomToken, sha256 } from "~/utils/crypto.server";

export type TestUser = { id: number; email: string; password: string; firstName: string; lastName: string };

/** Inserts an active account (the password hashed like the app's). */
export async function createUser(
  { email = uniqueEmail("fixture"), password = `pw-${crypto.randomBytes(6).toString("hex")}`, firstName = "Robin", lastName = "Tester" }: Partial<
    Omit<TestUser, "id">
  > = {},
): Promise<TestUser> {
  const passwordHash = await hashPassword(password);
  const db = openTestDb();
  try {
    const { id } = db
      .prepare("INSERT INTO users (email, password_hash, first_name, last_name, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id")
      .get(email.toLowerCase(), passwordHash, firstName, lastName, Date.now()) as { id: number };
    return { id, email: email.toLowerCase(), password, firstName, lastName };
  } finally {
    db.close();
  }
}

const cookies = createCookieSessionStorage<{ token: string }>({
  cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [E2E_SESSION_SECRET] },
});

/** Inserts a session row for a user (by id or email) and returns the Cookie value that carries its token. */
export async function sessionCookieFor(user: number | string, dataDir?: string): Promise<{ name: string; value: string; token: string }> {
  const db = openTestDb(dataDir);
  let userId: number;
  const token = randomToken();
  try {
    const row = (
      typeof user === "number" ? db.prepare("SELECT id FROM users WHERE id = ?").get(user) : db.prepare("SELECT id FROM users WHERE email = ?").get(user.toLowerCase())
    ) as { id: number } | undefined;
    if (!row) throw new Error(`loginAs: no user ${user}`);
    userId = row.id;
    const now = Date.now();
    db.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)").run(
      sha256(token),
      userId,
      now,
      now + 30 * 24 * 60 * 60 * 1000,
      "playwright fixture",
    );
  } finally {
    db.close();
  }
  const session = await cookies.getSession();
  session.set("token", token);
  const header = await cookies.commitSession(session);
  const pair = header.slice(0, header.indexOf(";"));
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), token };
}

type Fixtures = {
  createUser: typeof createUser;
  /** Logs a page's (or context's) browser in as a user, by id or email, without the login form. */
  loginAs: (user: number | string, target?: Page | BrowserContext) => Promise<void>;
};

export const test = base.extend<Fixtures>({
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
