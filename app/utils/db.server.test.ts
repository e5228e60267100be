import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "../../db/client";
import { dataVersion, untilDataChanges, watchWalIndex } from "~/utils/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-watch-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("dataVersion of a database whose WAL-index header is watched", () => {
  const file = path.join(dir, "marketplace.db");
  const db = openDatabase(file);
  db.run(sql`CREATE TABLE notes (body TEXT)`);
  const other = openDatabase(file, { migrate: false });
  const count = () => untilDataChanges(db, "notes", () => db.get<{ n: number }>(sql`SELECT count(*) AS n FROM notes`).n);

  it("watches a file database in WAL mode, not one in memory", () => {
    expect(watchWalIndex(db)).toBe(true);
    expect(watchWalIndex(openDatabase(":memory:"))).toBe(false);
  });

  it("stays the same while nobody writes, and changes on a commit by this connection, another one and another process", () => {
    const before = dataVersion(db);
    expect(dataVersion(db)).toBe(before);
    expect(count()).toBe(0);

    db.run(sql`INSERT INTO notes VALUES ('own')`);
    expect(dataVersion(db)).not.toBe(before);
    expect(count()).toBe(1);

    const afterOwn = dataVersion(db);
    other.run(sql`INSERT INTO notes VALUES ('other connection')`);
    expect(dataVersion(db)).not.toBe(afterOwn);
    expect(count()).toBe(2);

    const afterOther = dataVersion(db);
    const script = `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(file)}); db.pragma("busy_timeout = 5000"); db.prepare("INSERT INTO notes VALUES ('other process')").run();`;
    execFileSync(process.execPath, ["-e", script], { cwd: process.cwd() });
    expect(dataVersion(db)).not.toBe(afterOther);
    expect(count()).toBe(3);
  });

  it("leaves SQLite's locks alone: the other connection still checkpoints and writes, and both read the same rows", () => {
    other.$client.pragma("wal_checkpoint(TRUNCATE)");
    const before = dataVersion(db);
    other.run(sql`INSERT INTO notes VALUES ('after the checkpoint')`);
    expect(dataVersion(db)).not.toBe(before);
    expect(count()).toBe(4);
    expect(other.get<{ n: number }>(sql`SELECT count(*) AS n FROM notes`).n).toBe(4);
  });
});
