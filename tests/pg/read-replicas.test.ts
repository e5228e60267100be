/**
 * Reads from a replica, read-your-writes and the jobs' one leader (issue 50 items 1 and 3, decision 165), on a
 * primary and an asynchronous hot standby on loopback: asynchronous, so that pausing its replay shows a lagging
 * replica without holding the primary's commits.
 */
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Db } from "../../db/client";
import { openPgDatabase, replicaReads, type PgDb } from "../../db/client.pg";
import { currentDataVersion, rawRow, rawRun, transaction, untilDataChangesAsync } from "../../app/utils/db.server";
import { isReadOnlyError } from "../../app/utils/read-only.server";
import { JOBS_LOCK, leadJobs, type JobLeadership } from "../../server/job-leader";
import { readRouting } from "../../server/read-routing";
import { addStandby, queryOnce, startPgPrimary, waitFor, type PgNode, type PgPrimary } from "./replication";

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

describe("read replicas and the jobs' leader on loopback", { timeout: 120_000 }, () => {
  let primary: PgPrimary;
  let standby: PgNode;
  let primaryDb: string;
  let standbyDb: string;
  let db: PgDb;
  const app = () => db as unknown as Db;

  beforeAll(async () => {
    primary = await startPgPrimary();
    standby = await addStandby(primary, { synchronous: false });
    await queryOnce(primary.url, "CREATE DATABASE shop");
    primaryDb = withDb(primary.url, "shop");
    standbyDb = withDb(standby.url, "shop");
    db = await openPgDatabase(primaryDb, { migrate: false, max: 4, replicas: [standbyDb] });
    await rawRun(app(), sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`);
    await waitFor("the table on the standby", async () => (await queryOnce(standbyDb, "SELECT to_regclass('notes') AS t"))[0].t !== null);
  }, 120_000);
  afterAll(async () => {
    await db?.$client.end();
    await primary?.stop();
  });

  // Raw rows come back shaped as SQLite's (decision 160): a boolean as 1 or 0.
  const recovering = async () => (await rawRow<{ r: number }>(app(), sql`SELECT pg_is_in_recovery() AS r`))!.r === 1;
  const notes = async () => (await rawRow<{ n: number }>(app(), sql`SELECT count(*) AS n FROM notes`))!.n;

  test("a GET's reads go to the replica; transactions, writes and everything outside a GET go to the primary", async () => {
    expect(await recovering()).toBe(false);
    expect(await replicaReads.run({}, recovering)).toBe(true);
    expect(await replicaReads.run({}, () => transaction(app(), async () => recovering()))).toBe(false);
    // A write in a GET (the spec's onboarding GETs are kept off the replica; any other is refused there, 25006).
    await expect(replicaReads.run({}, () => rawRun(app(), sql`INSERT INTO notes (body) VALUES ('x')`))).rejects.toSatisfy(isReadOnlyError);
  });

  test("a client that posted reads from the primary until its cookie's time: the page after a post shows what it saved on a replica that lags", async () => {
    const server = express();
    server.use(readRouting({ secure: false }));
    server.post("/notes", async (_req, res) => {
      await rawRun(app(), sql`INSERT INTO notes (body) VALUES ('saved')`);
      res.redirect(303, "/notes");
    });
    server.get("/notes", async (_req, res) => {
      res.json({ notes: await notes(), replica: await recovering() });
    });
    const listening = server.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as { port: number }).port}`;
    try {
      const before = await notes();
      await queryOnce(standbyDb, "SELECT pg_wal_replay_pause()");
      const posted = await fetch(`${base}/notes`, { method: "POST", redirect: "manual" });
      expect(posted.status).toBe(303);
      const cookie = posted.headers.get("set-cookie")!.split(";")[0];
      // The poster, following the redirect with its cookie: the primary, its note there.
      expect(await (await fetch(`${base}/notes`, { headers: { cookie } })).json()).toEqual({ notes: before + 1, replica: false });
      // Another client: the paused replica, which has not replayed it yet.
      expect(await (await fetch(`${base}/notes`)).json()).toEqual({ notes: before, replica: true });
      await queryOnce(standbyDb, "SELECT pg_wal_replay_resume()");
      await waitFor("the replica to replay the note", async () => ((await (await fetch(`${base}/notes`)).json()) as { notes: number }).notes === before + 1);
    } finally {
      await queryOnce(standbyDb, "SELECT pg_wal_replay_resume()").catch(() => undefined);
      listening.close();
    }
  });

  test("a cache keyed on the data version sees the replica's changes once replayed, not before", async () => {
    let computed = 0;
    const cachedCount = () => replicaReads.run({}, () => untilDataChangesAsync(app(), "notes-count", async () => (computed++, notes())));
    const first = await cachedCount();
    expect(await cachedCount()).toBe(first);
    await queryOnce(standbyDb, "SELECT pg_wal_replay_pause()");
    try {
      await rawRun(app(), sql`INSERT INTO notes (body) VALUES ('later')`);
      const runs = computed;
      // The replica has not replayed it: its version is the same, the cached answer stands (and is right there).
      expect(await cachedCount()).toBe(first);
      expect(computed).toBe(runs);
      expect(await replicaReads.run({}, () => currentDataVersion(app()))).not.toBe(await currentDataVersion(app()));
    } finally {
      await queryOnce(standbyDb, "SELECT pg_wal_replay_resume()");
    }
    await waitFor("the replica to replay the insert", async () => (await cachedCount()) === first + 1);
  });

  test("a replica that cannot be reached: the GET's reads go to the primary", async () => {
    const broken = await openPgDatabase(primaryDb, { migrate: false, max: 1, replicas: ["postgres://postgres@127.0.0.1:1/shop"] });
    try {
      expect(await replicaReads.run({}, () => rawRow(broken as unknown as Db, sql`SELECT pg_is_in_recovery() AS r`))).toEqual({ r: 0 });
    } finally {
      await broken.$client.end();
    }
  });

  test("a DATABASE_URL naming both servers, standby first: the app's pool writes on the primary", async () => {
    const both = await openPgDatabase(`postgres://postgres@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/shop`, { migrate: false, max: 1 });
    try {
      await rawRun(both as unknown as Db, sql`INSERT INTO notes (body) VALUES ('via both')`);
      expect(await rawRow(both as unknown as Db, sql`SELECT pg_is_in_recovery() AS r`)).toEqual({ r: 0 });
    } finally {
      await both.$client.end();
    }
  });

  test("of several processes, one runs the periodic jobs; when it dies or loses its connection, another takes over", async () => {
    const leads: string[] = [];
    const lost: string[] = [];
    const processes: Record<string, JobLeadership> = {};
    for (const name of ["a", "b", "c"]) {
      processes[name] = leadJobs({ databaseUrl: primaryDb, retryMs: 50, onLead: () => leads.push(name), onLost: () => lost.push(name) });
    }
    const leaders = () => Object.keys(processes).filter((name) => processes[name].leads());
    try {
      await waitFor("a leader", async () => leaders().length === 1);
      const first = leaders()[0];
      // Others keep trying; never a second leader.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(leaders()).toEqual([first]);
      expect(leads).toEqual([first]);

      // Its connection cut (a network cut, the primary restarting): it stops leading and another takes over.
      await queryOnce(
        primaryDb,
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted",
        [JOBS_LOCK],
      );
      await waitFor("the lost lead to be noticed", async () => lost.length === 1);
      expect(lost).toEqual([first]);
      await waitFor("a new leader", async () => leaders().length === 1);
      const second = leaders()[0];
      expect(leads).toHaveLength(2);

      // It stops (a shutdown): another again.
      await processes[second].stop();
      await waitFor("a third leader", async () => leaders().length === 1 && leaders()[0] !== second);
      expect(leaders()).toHaveLength(1);
    } finally {
      for (const p of Object.values(processes)) await p.stop();
    }
  });

  test("without PostgreSQL (SQLite on one machine) the process leads at once", async () => {
    let led = 0;
    const leadership = leadJobs({ onLead: () => led++ });
    expect(leadership.leads()).toBe(true);
    expect(led).toBe(1);
    await leadership.stop();
  });
});
