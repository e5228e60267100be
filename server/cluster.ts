/**
 * One process per core with node:cluster (docs/decisions/070-processes-and-rendering-path.md).
 * WEB_CONCURRENCY says how many processes serve the app: 1 (the default) runs the app in this process,
 * as before; N > 1 makes this process a small supervisor that forks N workers sharing the port.
 *
 * - The first worker migrates, seeds and creates the administrator (server.ts) and is the only one that
 *   runs the periodic jobs (expired sessions, checkouts, visitor carts): it starts with PERIODIC_JOBS=on,
 *   the others with PERIODIC_JOBS=off, and only once the first one listens.
 * - A worker that dies is replaced (the replacement of the jobs worker runs the jobs); one that dies
 *   before it ever listened stops everything (a bad configuration would otherwise loop).
 * - SIGTERM/SIGINT are passed on to every worker, which finishes its open requests (server.ts).
 *
 * Per-process state stays correct: the visitors' HTML micro-cache is a per-process copy of public pages;
 * image variants are written atomically. The login rate limiter is in memory until issue 8 moves it to
 * SQLite: until then each process counts its own failures, which is why the default stays 1.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";

/** WEB_CONCURRENCY: a whole number of processes, or "auto" for one per core. Unset or empty: 1. */
export function workerCount(value = process.env.WEB_CONCURRENCY): number {
  const text = value?.trim() ?? "";
  if (text === "") return 1;
  if (text === "auto") return os.availableParallelism();
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new Error(`Invalid environment configuration:\n  WEB_CONCURRENCY: expected a whole number from 1 to 64 or "auto", got "${value}"`);
  }
  return n;
}

/** Whether this process runs the periodic jobs: always, unless the supervisor gave them to another worker. */
export function runsPeriodicJobs(env: Record<string, string | undefined> = process.env): boolean {
  return env.PERIODIC_JOBS !== "off";
}

/** Runs the supervisor: forks `count` workers executing `exec` and keeps them running. */
export function superviseWorkers({ count, exec }: { count: number; exec: string }) {
  cluster.setupPrimary({ exec });
  let stopping = false;
  let jobsWorker: Worker | undefined;
  const listened = new WeakSet<Worker>();
  const restarts: number[] = [];

  function fork(jobs: boolean): Worker {
    const worker = cluster.fork({ PERIODIC_JOBS: jobs ? "on" : "off" });
    if (jobs) jobsWorker = worker;
    worker.once("listening", () => listened.add(worker));
    return worker;
  }

  function stop(signal: NodeJS.Signals, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(exitCode);
    for (const w of workers) w.process.kill(signal);
    let left = workers.length;
    cluster.on("exit", () => {
      if (--left === 0) process.exit(exitCode);
    });
    setTimeout(() => process.exit(exitCode), 15_000).unref();
  }

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const wasJobs = worker === jobsWorker;
    if (!listened.has(worker)) {
      console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}) before it listened; stopping`);
      stop("SIGTERM", 1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > 10) {
      console.error("[cluster] more than 10 workers died within a minute; stopping");
      stop("SIGTERM", 1);
      return;
    }
    console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork(wasJobs);
  });

  // The first worker prepares the database (and the session secret file) alone; the others follow.
  const first = fork(true);
  first.once("listening", () => {
    for (let i = 1; i < count; i++) fork(false);
    console.log(`[cluster] ${count} workers`);
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
