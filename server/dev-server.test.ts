// `npm run dev` (issue 20, item 7): the Express server with Vite in middleware mode, one process, and an edit to a
// route shows on the next request without a restart. Runs on a copy of the project (the route it edits is made
// for the test), on a free port with a scratch DATA_DIR.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { freePort } from "../tests/free-port";

const repo = path.resolve(__dirname, "..");
/** What the copy leaves out: dependencies (linked instead), history and what builds and tests produce. */
const SKIP = new Set(["node_modules", ".git", "build", "data", "test-results", "playwright-report", ".cache"]);

/** The probe route's module, rendering `text`. */
const probe = (text: string) => `export default function DevLoopProbe() {\n  return <main><h1>${text}</h1></main>;\n}\n`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-dev-"));
const copy = path.join(scratch, "project");
let child: ChildProcess | undefined;
let output = "";

// npm, tsx and the server each end in turn (the server's own shutdown waits up to 10 s for open connections): past
// Vitest's 30 s on a busy machine once (the whole suite running beside it), so a minute.
afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** Polls `url` until its body contains `text`; no deadline of its own (the test's timeout is the limit). */
async function untilShows(url: string, text: string): Promise<string> {
  for (;;) {
    if (child?.exitCode !== null) throw new Error(`the dev server exited:\n${output}`);
    const body = await fetch(url)
      .then((res) => res.text())
      .catch(() => "");
    if (body.includes(text)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("npm run dev", () => {
  it("serves the app through Vite in one process, and an edited route shows without a restart", { timeout: 240_000 }, async () => {
    fs.mkdirSync(copy);
    for (const entry of fs.readdirSync(repo)) {
      if (!SKIP.has(entry)) fs.cpSync(path.join(repo, entry), path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(copy, "node_modules"), "dir");
    const route = path.join(copy, "app", "routes", "dev-loop-probe.tsx");
    fs.writeFileSync(route, probe("Before the edit"));

    const port = await freePort();
    // Not Vitest's NODE_ENV=test (`npm run dev` sets development itself).
    const { VITEST: _vitest, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, "data"),
      SEED: "none",
      SESSION_SECRET: "dev-loop-test-secret-0123456789",
      WEB_CONCURRENCY: "2",
    };
    const dev = spawn("npm", ["run", "dev"], { cwd: copy, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child = dev;
    dev.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}/dev-loop-probe`;

    const before = await untilShows(url, "Before the edit");
    // Remix's hot-reload runtime is on the page: it came through Vite's dev server.
    expect(before).toContain("virtual:remix/inject-hmr-runtime");

    fs.writeFileSync(route, probe("After the edit"));
    const after = await untilShows(url, "After the edit");
    expect(after).not.toContain("Before the edit");

    // The same process all along: it listened once, never restarted, and did not start cluster workers
    // (even with WEB_CONCURRENCY=2).
    expect(dev.exitCode).toBe(null);
    expect(output.match(/listening on/g)).toHaveLength(1);
    expect(output).not.toContain("supervised");
  });
});
