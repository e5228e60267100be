/**
 * Migration 0006 (docs/decisions/092-unique-store-names.md): a database deployed before it may hold stores whose
 * names differ only in case or surrounding spaces. The migration renames the later ones instead of failing, then
 * the unique index holds.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";

import { migrationsFolder, openDatabase } from "./client";

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

type Journal = { entries: { idx: number; tag: string }[] };

/** The migrations folder as it was up to and including `lastIdx`. */
function migrationsUpTo(lastIdx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-migrations-"));
  tempDirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(migrationsFolder(), `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

describe("migration 0006: unique store names", () => {
  it("renames later duplicates (case, spaces) instead of failing, then refuses new duplicates", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-unique-names-"));
    tempDirs.push(dir);
    const file = path.join(dir, "old.db");

    // A database as deployed before 0006, with the duplicates it allowed.
    const old = new Database(file);
    old.pragma("foreign_keys = OFF");
    migrate(drizzle(old), { migrationsFolder: migrationsUpTo(5) });
    const addUser = old.prepare("INSERT INTO users (email, password_hash, first_name, last_name) VALUES (?, 'x', 'A', 'B') RETURNING id");
    const addStore = old.prepare("INSERT INTO stores (user_id, name) VALUES (?, ?)");
    const names = [
      "Stitch & Seam Atelier",
      "stitch & seam atelier ",
      "Stitch & Seam Atelier",
      // A store that already had the name the first renaming would give.
      "Stitch & Seam Atelier (2)",
      "",
      "",
      "Okafor Atelier",
    ];
    names.forEach((name, i) => addStore.run((addUser.get(`u${i}@example.test`) as { id: number }).id, name));
    old.close();

    const db = openDatabase(file);
    try {
      // eslint-disable-next-line no-restricted-syntax -- the migration test writes the SQLite file through better-sqlite3
      const rows = db.$client.prepare("SELECT id, name FROM stores ORDER BY id").all() as { id: number; name: string }[];
      expect(rows.map((r) => r.name)).toEqual([
        "Stitch & Seam Atelier",
        "stitch & seam atelier (2) (2)",
        "Stitch & Seam Atelier (3)",
        "Stitch & Seam Atelier (2)",
        "",
        "",
        "Okafor Atelier",
      ]);
      const key = (name: string) => name.trim().toLowerCase();
      const named = rows.filter((r) => r.name.trim() !== "");
      expect(new Set(named.map((r) => key(r.name))).size).toBe(named.length);

      // eslint-disable-next-line no-restricted-syntax -- the migration test writes the SQLite file through better-sqlite3
      const user = (db.$client.prepare("INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('new@example.test', 'x', 'A', 'B') RETURNING id").get() as { id: number }).id;
      expect(() => db.$client.prepare("INSERT INTO stores (user_id, name) VALUES (?, ?)").run(user, " OKAFOR atelier")).toThrow(/UNIQUE constraint failed/);
    } finally {
      db.$client.close();
    }
  });
});
