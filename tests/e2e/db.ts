/** Direct access to the test server's database (WAL: safe beside the running server) for fixtures. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { DATA_DIR } from "./utils";

export function openTestDb() {
  const db = new Database(path.join(DATA_DIR, "marketplace.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export function queryOne<T>(sql: string, ...params: unknown[]): T {
  const db = openTestDb();
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

/** Writes an uploaded media file (e.g. a video) and its row; returns its name. */
export function addMediaFile({ ext, contentType, bytes }: { ext: string; contentType: string; bytes: Buffer }): string {
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  fs.writeFileSync(path.join(DATA_DIR, "uploads", name), bytes);
  const db = openTestDb();
  try {
    db.prepare("INSERT INTO files (name, original_name, content_type, size, kind) VALUES (?, ?, ?, ?, 'media')").run(
      name,
      `clip.${ext}`,
      contentType,
      bytes.length,
    );
  } finally {
    db.close();
  }
  return name;
}

/** Opens a store for a user (found by email) straight in the database; returns the owner's id. */
export function addStore({ email, name, bio }: { email: string; name: string; bio: string }): number {
  const db = openTestDb();
  try {
    const { id } = db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number };
    db.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, ?, ?)").run(id, name, bio);
    return id;
  } finally {
    db.close();
  }
}
