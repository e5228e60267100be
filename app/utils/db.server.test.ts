import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "../../db/client";
import { dataVersion, rawRow, rawRun, untilDataChangesAsync, watchWalIndex } from "~/utils/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-watch-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("dataVersion of a database whose WAL-index header is watched", () => {
  const file = path.join(dir, "marketplace.db");
  const db = openDatabase(file);
  const other = openDatabase(file, { migrate: false });
  beforeAll(async () => {
    await rawRun(db, sql`CREATE TABLE notes (body TEXT)`);
  });
  const count = async () => await untilDataChangesAsync(db, "notes", async () => (await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM notes`))!.n);

  it("watches a file database in WAL mode, not one in memory", () => {
    expect(watchWalIndex(db)).toBe(true);
    expect(watchWalIndex(openDatabase(":memory:"))).toBe(false);
  });

  it("stays the same while nobody writes, and changes on a commit by this connection, another one and another process", async () => {
    const before = dataVersion(db);
    expect(dataVersion(db)).toBe(before);
    expect(await count()).toBe(0);

    await rawRun(db, sql`INSERT INTO notes VALUES ('own')`);
    expect(dataVersion(db)).not.toBe(before);
    expect(await count()).toBe(1);

    const afterOwn = dataVersion(db);
    await rawRun(other, sql`INSERT INTO notes VALUES ('other connection')`);
    expect(dataVersion(db)).not.toBe(afterOwn);
    expect(await count()).toBe(2);

    const afterOther = dataVersion(db);
    const script = `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(file)}); db.pragma("busy_timeout = 5000"); db.prepare("INSERT INTO notes VALUES ('other process')").run();`;
    execFileSync(process.execPath, ["-e", script], { cwd: process.cwd() });
    expect(dataVersion(db)).not.toBe(afterOther);
    expect(await count()).toBe(3);
  });

  it("leaves SQLite's locks alone: the other connection still checkpoints and writes, and both read the same rows", async () => {
    other.$client.pragma("wal_checkpoint(TRUNCATE)");
    const before = dataVersion(db);
    await rawRun(other, sql`INSERT INTO notes VALUES ('after the checkpoint')`);
    expect(dataVersion(db)).not.toBe(before);
    expect(await count()).toBe(4);
    expect((await rawRow<{ n: number }>(other, sql`SELECT count(*) AS n FROM notes`))!.n).toBe(4);
  });
});
