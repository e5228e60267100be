/**
 * The supervised server (issue 18, decision 090): `kill -9` of the process that serves the site, and the site
 * answers again with no manual step. Runs its own server (build/server.js, as `npm start` does) on its own port and
 * data folder, so the shared test server is never killed.
 */
import { execFileSync } from "node:child_process";

import { expect, healthy, type OwnServer, startOwnServer, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4310) + 9;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let own: OwnServer;

/** The serving worker: the primary's child process. */
function workerPid(): number {
  const out = execFileSync("ps", ["--ppid", String(own.primary.pid), "-o", "pid="], { encoding: "utf8" });
  const pids = out.split("\n").map((s) => Number(s.trim())).filter((n) => n > 0);
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

test.beforeAll(async () => {
  own = await startOwnServer({ port: PORT });
});

test.afterAll(async () => {
  await own.stop();
});

test("kill -9 of the serving process: the site answers again by itself", async () => {
  for (let round = 1; round <= 2; round++) {
    const before = workerPid();
    process.kill(before, "SIGKILL");
    const back = await healthy(own.base, 30_000);
    expect(back, own.log()).not.toBeNull();
    expect(workerPid()).not.toBe(before);
    test.info().annotations.push({ type: "back after kill -9", description: `round ${round}: ${back} ms` });
    const home = await fetch(`${own.base}/`);
    expect(home.status).toBe(200);
  }
  // The supervisor's log line for it: the event, the worker's pid and the signal.
  expect(own.log()).toMatch(/"event":"worker-restarted","workerPid":\d+,"code":"SIGKILL"/);
});

test("SIGTERM stops the supervisor and its worker cleanly", async () => {
  const worker = workerPid();
  const exited = new Promise<number | null>((r) => own.primary.once("exit", (code) => r(code)));
  own.primary.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(() => process.kill(worker, 0)).toThrow();
});
