/**
 * A server of the spec's own (build/server.js, as `npm start` runs it) on its own port and data folder, for specs
 * that kill it or load it hard, so the shared test server and the specs running beside them are never disturbed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { E2E_SESSION_SECRET } from "../../playwright.config";
import { copyDemoData } from "./demo-data.mjs";

export type OwnServer = {
  base: string;
  dataDir: string;
  primary: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
  /** `kill -9` of the server's whole process group (the supervisor, its workers, Litestream): a lost machine. */
  kill9: () => Promise<void>;
};

/** Polls /healthz until it answers 200; the milliseconds it took, or null past the timeout. */
export async function healthy(base: string, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** `publicUrl: null` starts it as a deployer who has not set PUBLIC_URL yet. */
export async function startOwnServer({
  port,
  seed = "none",
  publicUrl,
  env: extra = {},
  dataDir: given,
}: {
  port: number;
  /** An existing data folder (e.g. one just restored); default a new temporary one. */
  dataDir?: string;
  seed?: "none" | "demo";
  publicUrl?: string | null;
  /** More environment for the server (e.g. METRICS_TOKEN). */
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-own-"));
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: seed, NODE_ENV: "production", SESSION_SECRET: E2E_SESSION_SECRET, PUBLIC_URL: publicUrl === undefined ? base : (publicUrl ?? "") };
  if (publicUrl === null) delete env.PUBLIC_URL;
  Object.assign(env, extra);
  // The demo data is a copy of the run's template, seeded once (demo-data.mjs); the server then seeds nothing.
  if (seed === "demo") await copyDemoData(dataDir);
  // Its own process group, so kill9 can take everything it started at once.
  const primary = spawn(process.execPath, ["build/server.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  primary.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  primary.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  if ((await healthy(base, 60_000)) === null) throw new Error(`the server on ${base} did not come up:\n${output}`);
  return {
    base,
    dataDir,
    primary,
    log: () => output,
    stop: async () => {
      if (primary.exitCode === null && primary.signalCode === null) {
        const exited = new Promise((r) => primary.once("exit", r));
        primary.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill9: async () => {
      const exited = primary.exitCode === null && primary.signalCode === null ? new Promise((r) => primary.once("exit", r)) : Promise.resolve();
      try {
        process.kill(-primary.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      await exited;
    },
  };
}
