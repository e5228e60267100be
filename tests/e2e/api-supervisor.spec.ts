/**
 * The supervised server (issue 18, decision 090): `kill -9` of the process that serves the site, and the site
 * answers again with no manual step. Runs its own server (build/server.js, as `npm start` does) on its own port and
 * data folder, so the shared test server is never killed.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4310) + 9;
const BASE = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let primary: ChildProcess;
let dataDir: string;
let log = "";

async function healthy(timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const ok = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** The serving worker: the primary's child process. */
function workerPid(): number {
  const out = execFileSync("ps", ["--ppid", String(primary.pid), "-o", "pid="], { encoding: "utf8" });
  const pids = out.split("\n").map((s) => Number(s.trim())).filter((n) => n > 0);
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-supervised-"));
  primary = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: "supervised-test-secret-0123456789" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  primary.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  primary.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  expect(await healthy(60_000), log).not.toBeNull();
});

test.afterAll(async () => {
  if (primary.exitCode === null) {
    const exited = new Promise((r) => primary.once("exit", r));
    primary.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("kill -9 of the serving process: the site answers again by itself", async () => {
  for (let round = 1; round <= 2; round++) {
    const before = workerPid();
    process.kill(before, "SIGKILL");
    const back = await healthy(30_000);
    expect(back, log).not.toBeNull();
    expect(workerPid()).not.toBe(before);
    test.info().annotations.push({ type: "back after kill -9", description: `round ${round}: ${back} ms` });
    const home = await fetch(`${BASE}/`);
    expect(home.status).toBe(200);
  }
  expect(log).toMatch(/\[cluster\] worker \d+ exited \(SIGKILL\)/);
});

test("SIGTERM stops the supervisor and its worker cleanly", async () => {
  const worker = workerPid();
  const exited = new Promise<number | null>((r) => primary.once("exit", (code) => r(code)));
  primary.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(() => process.kill(worker, 0)).toThrow();
});
