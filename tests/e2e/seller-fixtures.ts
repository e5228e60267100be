/** Sellers for the selling specs: users, sessions (logged in by inserting a session) and real upload files. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { openTestDb } from "./db";
import { uniqueEmail } from "./utils";

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

/** A user with a complete profile (or not) and a session; returns the raw token for `Authorization`. */
export function createUser({ completeProfile = true, prefix = "seller", dataDir }: { completeProfile?: boolean; prefix?: string; dataDir?: string } = {}): TestUser {
  const email = uniqueEmail(prefix);
  const db = openTestDb(dataDir);
  try {
    const profile = completeProfile
      ? { phone: "+1 555 0100", street: "1 Main St", city: "Austin", state: "TX", postal: "73301", country: "US" }
      : { phone: "", street: "", city: "", state: "", postal: "", country: "" };
    const { id } = db
      .prepare(
        `INSERT INTO users (email, password_hash, first_name, last_name, phone, street, city, state, postal_code, country)
         VALUES (?, 'not-a-password-hash', 'Sam', 'Seller', ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .get(email, profile.phone, profile.street, profile.city, profile.state, profile.postal, profile.country) as { id: number };
    const token = crypto.randomBytes(32).toString("base64url");
    db.prepare("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)").run(
      crypto.createHash("sha256").update(token).digest("hex"),
      id,
      Date.now() + 86_400_000,
    );
    return { id, email, token };
  } finally {
    db.close();
  }
}

/** A user with a store (opened straight in the database). */
export function createSeller(options: { completeProfile?: boolean; dataDir?: string } = {}): TestUser & { storeId: number } {
  const user = createUser(options);
  const db = openTestDb(options.dataDir);
  try {
    const { id } = db.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, ?, ?) RETURNING id").get(user.id, `Atelier ${user.id}`, "Patterns and dresses.") as {
      id: number;
    };
    return { ...user, storeId: id };
  } finally {
    db.close();
  }
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
