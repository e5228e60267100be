/**
 * The two-machine layout on loopback for the PostgreSQL browser journey (issues 49 and 50; playwright.pg.config.ts):
 * a primary and a synchronous standby (`remote_apply`, tests/pg/replication.ts), and two app processes
 * (build/server.js, as `npm start` runs it) on two ports standing in for the two machines. Both have
 * `DATABASE_URL` naming both servers, primary first, and `DATABASE_REPLICA_URL` the standby (decision 165), one
 * SESSION_SECRET and one DATA_DIR (the uploads: two machines would share S3). The first process migrates and seeds
 * the demo (SEED=demo); the second starts once the first listens. Everything is stopped by the returned teardown.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { freePort } from "../free-port";
import { addStandby, queryOnce, startPgPrimary } from "../pg/replication";
import { PG_E2E, type PgE2e } from "./env";

async function untilHealthy(url: string, child: ChildProcess, log: string, seconds = 180): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it listened:\n${fs.readFileSync(log, "utf8").slice(-3000)}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app at ${url} did not answer /healthz within ${seconds} s:\n${fs.readFileSync(log, "utf8").slice(-3000)}`);
}

export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-e2e-pg-"));
  const primary = await startPgPrimary();
  const children: ChildProcess[] = [];
  const teardown = async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : undefined)));
    await primary.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const standby = await addStandby(primary);
    await queryOnce(primary.url, "CREATE DATABASE shop");
    const primaryDb = `postgres://postgres@127.0.0.1:${primary.port}/shop`;
    const standbyDb = `postgres://postgres@127.0.0.1:${standby.port}/shop`;
    const dataDir = path.join(dir, "data");
    const ports = [await freePort(), await freePort()];
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/shop`,
      DATABASE_REPLICA_URL: standbyDb,
      SESSION_SECRET: "e2e-pg-session-secret-0123456789",
      ADMIN_EMAIL: PG_E2E.admin.email,
      ADMIN_PASSWORD: PG_E2E.admin.password,
      LAYOUT_WARMING: "off",
      LAYOUT_IMPROVE_SECONDS: "0",
      LOGIN_MAX_FAILURES_PER_ADDRESS: "100000",
      REGISTRATIONS_PER_ADDRESS: "100000",
      HTML_CACHE_SECONDS: "0",
    };
    const apps: string[] = [];
    for (const [index, port] of ports.entries()) {
      const log = path.join(dir, `app-${index}.log`);
      const child = spawn(process.execPath, ["build/server.js"], {
        env: { ...common, PORT: String(port), SEED: index === 0 ? "demo" : "none" },
        stdio: ["ignore", fs.openSync(log, "a"), fs.openSync(log, "a")],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await untilHealthy(url, child, log);
      apps.push(url);
    }
    const env: PgE2e = { apps, primaryDb, standbyDb, dataDir, logs: ports.map((_, i) => path.join(dir, `app-${i}.log`)) };
    process.env.PG_E2E = JSON.stringify(env);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
