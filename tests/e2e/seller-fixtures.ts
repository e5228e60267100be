/**
 * Sellers for the selling specs: users registered, given a profile and a session, and stores opened, all through
 * the app's own models on the test server's database (app.ts); and real upload files.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { withAppDb } from "./app";
import { openTestDb } from "./db";
import { uniqueEmail } from "./utils";
import { updateProfile } from "~/models/accounts/profile.server";
import { createSession } from "~/models/accounts/sessions.server";
import { registerUser } from "~/models/accounts/users.server";
import { saveStore } from "~/models/selling/stores.server";

export const DXF = fs.readFileSync(path.join(process.cwd(), "tests/fixtures/bodice-block.dxf"));

/** A real PNG of the given colour. */
export function png(color = "#c2410c", width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A real JPEG. */
export function jpeg(color = "#0f766e", width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
}

export type TestUser = { id: number; email: string; token: string };

/**
 * A user with a complete profile (or not) and a session; returns the raw token for `Authorization`. These users
 * never log in with a password (the specs use the token), so theirs is random and thrown away; it is still
 * hashed by the app's own registration.
 */
export async function createUser({ completeProfile = true, prefix = "seller", dataDir }: { completeProfile?: boolean; prefix?: string; dataDir?: string } = {}): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  return withAppDb(async (db) => {
    const registered = await registerUser({ db, email, password: crypto.randomBytes(18).toString("base64url"), firstName: "Sam", lastName: "Seller" });
    if (!registered.ok) throw new Error(`createUser: ${registered.error} for ${email}`);
    const { id } = registered.user;
    if (completeProfile) {
      updateProfile({
        db,
        userId: id,
        input: { first_name: "Sam", last_name: "Seller", phone: "+1 555 0100", street: "1 Main St", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US" },
      });
    }
    const token = createSession({ db, userId: id, userAgent: "playwright fixture" });
    return { id, email, token };
  }, dataDir);
}

/** A user with a store, opened by the app's own store model (as the Store Settings form does). */
export async function createSeller(options: { completeProfile?: boolean; dataDir?: string } = {}): Promise<TestUser & { storeId: number }> {
  const user = await createUser(options);
  const saved = await withAppDb(
    (db) =>
      saveStore({ db, userId: user.id, input: { name: `Atelier ${user.id}`, bio: "Patterns and dresses." }, payout: null, media: { keep: null }, newMedia: [] }),
    options.dataDir,
  );
  if (!saved.ok) throw new Error(`createSeller: ${JSON.stringify(saved.errors)}`);
  return { ...user, storeId: saved.store.id };
}

export function countRows(sql: string, ...params: unknown[]): number {
  return countRowsIn(undefined, sql, ...params);
}

/** countRows in another server's data folder (own-server.ts). */
export function countRowsIn(dataDir: string | undefined, sql: string, ...params: unknown[]): number {
  const db = openTestDb(dataDir);
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}
