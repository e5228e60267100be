/**
 * Issue 49, items 1 and 4: the demo seed and the models whose SQL differs by engine (decision 160's list) answer
 * alike on SQLite and on PostgreSQL. The same checks (tests/unit/engine-models-worker.ts) run in a thread on each
 * engine, a thread because the models' tables are chosen when db/tables loads: once with DATABASE_URL unset (SQLite
 * in a data folder), once with it naming a migrated database of a throwaway cluster. Each answer must be what SQLite
 * answers, and SQLite's what the model is meant to answer.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openPgDatabase } from "../../db/client.pg";
import { bundleEntry } from "../bundle.mjs";
import { createPgDatabase, startPgCluster, type PgCluster } from "../pg/cluster";

const root = fileURLToPath(new URL("../../", import.meta.url));
type Answers = Record<string, unknown>;

/** The worker bundled to one ES module inside the project (its bare imports resolve from node_modules). */
async function bundledWorker(folder: string): Promise<string> {
  const outfile = path.join(folder, "engine-models-worker.mjs");
  await bundleEntry("tests/unit/engine-models-worker.ts", outfile);
  return outfile;
}

/** The checks' answers on one engine: DATABASE_URL set (PostgreSQL) or not (SQLite in a folder of its own). */
async function answersOn(file: string, databaseUrl: string | undefined): Promise<Answers> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-engines-"));
  folders.push(dataDir);
  // The bundle lives under node_modules/.cache: the migrations are named, not found from its place.
  const migrations = { MIGRATIONS_DIR: path.join(root, "drizzle"), MIGRATIONS_PG_DIR: path.join(root, "drizzle-pg") };
  const env: NodeJS.ProcessEnv = { ...process.env, ...migrations, DATABASE_URL: databaseUrl ?? "" };
  const worker = new Worker(file, { workerData: { dataDir }, env });
  try {
    return await new Promise<Answers>((resolve, reject) => {
      worker.once("message", resolve).once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the worker ended (${code}) without answering`)));
    });
  } finally {
    await worker.terminate();
  }
}

const folders: string[] = [];
let cluster: PgCluster | undefined;
let sqlite: Answers;
let postgres: Answers;

beforeAll(async () => {
  const cache = path.join(root, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const bundleDir = fs.mkdtempSync(path.join(cache, "engines-"));
  folders.push(bundleDir);
  const [file, started] = await Promise.all([bundledWorker(bundleDir), startPgCluster()]);
  cluster = started;
  const url = await createPgDatabase(cluster.url);
  await (await openPgDatabase(url, { max: 1 })).$client.end();
  [sqlite, postgres] = await Promise.all([answersOn(file, undefined), answersOn(file, url)]);
  if (process.env.ENGINE_ANSWERS) fs.writeFileSync(process.env.ENGINE_ANSWERS, JSON.stringify({ sqlite, postgres }, null, 1));
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe("the models on SQLite and PostgreSQL (issue 49, items 1 and 4)", () => {
  it("answers every check on SQLite as the models mean to", () => {
    expect(Object.entries(sqlite).filter(([, a]) => a && typeof a === "object" && "error" in a)).toEqual([]);
    expect(sqlite["the demo seeds"]).toBe(true);
    expect(sqlite["a user registered after the seed gets an id of their own"]).toBe(true);
    expect(sqlite["sessions: the viewer and the user of a token; an expired one is nobody"]).toMatchObject({
      viewer: { email: "seller@patternhouse.test", hasStore: true, onboarded: true, cartCount: 0, unread: 0 },
      user: "seller@patternhouse.test",
      expired: [null, null],
    });
    expect(sqlite["the product page's prepared queries"]).toMatchObject({ missing: null });
    expect((sqlite["the catalogue search (FTS5 / tsvector) and its count"] as { nothing: { total: number } }).nothing.total).toBe(0);
    expect((sqlite["the catalogue search (FTS5 / tsvector) and its count"] as { store: { total: number } }).store.total).toBeGreaterThan(0);
    expect(sqlite["favourites among a page of products (json_each / integer array)"]).toEqual([true]);
    expect(sqlite["a paid order, read back; an id past 32 bits finds nothing"]).toMatchObject({ huge: undefined });
    expect(sqlite["the admin's orders searched: a name, nothing, a huge number"]).toEqual({ name: 1, nothing: 0, huge: 0 });
    expect(sqlite["messages: unread counted, listed and read (timestamps compared on both engines)"]).toEqual({
      before: { count: 1, listed: [true] },
      marked: true,
      after: { count: 0, listed: [false] },
      buyerUnread: 0,
    });
    expect(sqlite["the financial report: rows, JSON rows, revenue per day, margin sort, store sales"]).toMatchObject({ sales: 1, topStoreSales: 1150 });
    expect(sqlite["the rate limiter: counted, capped, released"]).toEqual({ hits: [1, 2, 3, 3], afterRelease: 2 });
    expect(sqlite["reported makes: grouped per make, the reported first"]).toMatchObject({ sellerFirst: ["Sewed well", "Not reported"] });
    expect(sqlite["a refund takes the sale out of the sold count"]).toEqual({ ok: true, change: -1 });
    expect(sqlite["closed"]).toBe(true);
  });

  it("answers every check on PostgreSQL as on SQLite", () => {
    for (const name of Object.keys(sqlite)) expect.soft(postgres[name], name).toEqual(sqlite[name]);
    expect(Object.keys(postgres)).toEqual(Object.keys(sqlite));
  });
});
