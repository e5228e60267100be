/**
 * The app's own models and session storage for the e2e fixtures (issue 20, item 9): the test server's SQLite file
 * opened as the app's Drizzle database (WAL: safe beside the running server; no migration, the server did that),
 * and login cookies minted by the app's cookie session storage with the e2e servers' secret.
 */
import path from "node:path";

import { openDatabase, type Db } from "../../db/client";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { DATA_DIR } from "./utils";
import { createSessionStorage } from "~/utils/cookie-session.server";

/** Runs `work` with the app's database handle on the test server's data, then closes it. */
export async function withAppDb<T>(work: (db: Db) => T | Promise<T>, dataDir = DATA_DIR): Promise<T> {
  const db = openDatabase(path.join(dataDir, "marketplace.db"), { migrate: false });
  try {
    return await work(db);
  } finally {
    db.$client.close();
  }
}

const storage = createSessionStorage(E2E_SESSION_SECRET);

/** The `__session` cookie (name and value) the app sets for a session token. */
export async function sessionCookie(token: string): Promise<{ name: string; value: string }> {
  const session = await storage.getSession();
  session.set("token", token);
  const header = await storage.commitSession(session);
  const pair = header.slice(0, header.indexOf(";"));
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}
