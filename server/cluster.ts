/**
 * Supervised processes with node:cluster (decisions 070 and 090). `npm start` runs a small supervisor that forks
 * WEB_CONCURRENCY workers (default 1) sharing the port, and starts again any that dies.
 *
 * - The first worker migrates, seeds and creates the administrator (server.ts) and is the only one that
 *   runs the periodic jobs (expired sessions, checkouts, visitor carts): it starts with PERIODIC_JOBS=on,
 *   the others with PERIODIC_JOBS=off, and only once the first one listens.
 * - A worker that dies is replaced (the replacement of the jobs worker runs the jobs); one that dies
 *   before it ever listened stops everything (a bad configuration would otherwise loop).
 * - SIGTERM/SIGINT are passed on to every worker, which finishes its open requests (server.ts).
 *
 * Per-process state stays correct: the visitors' HTML micro-cache is a per-process copy of public pages;
 * image variants are written atomically; rate limits and claims are in SQLite.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";

import { log } from "../app/utils/log.server";

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

/** Messages a worker sends its supervisor. */
export type WorkerMessage = { type: "draining"; reason: string };

/**
 * The delay before a worker that died is started again: at once for a first death (or after a run of a minute or
 * more), then doubling from half a second with every further quick death in a row, at most 30 s, so a crash loop
 * does not spin a core.
 */
export function restartDelay(quickDeathsInARow: number): number {
  if (quickDeathsInARow <= 1) return 0;
  return Math.min(30_000, 500 * 2 ** (quickDeathsInARow - 2));
}

/** A run shorter than this counts as a quick death for the back-off. */
const STABLE_RUN_MS = 60_000;

/**
 * Runs the supervisor: forks `count` workers executing `exec` and keeps them running (decision 090).
 *
 * - A worker that dies (a crash, out of memory, `kill -9`) is started again, at once or after restartDelay.
 * - A worker that says it is draining (an uncaught exception or unhandled rejection: server/crash-guard.ts) gets
 *   its replacement at once and finishes its open requests; its own exit then needs no replacement.
 * - When no worker has ever listened, a death is a bad configuration: the supervisor stops with exit code 1
 *   rather than loop.
 */
export function superviseWorkers({
  count,
  exec,
  onReady,
  beforeExit,
}: {
  count: number;
  exec: string;
  /** Once the first worker listens (the database exists and is migrated): e.g. start the backup. */
  onReady?: () => void;
  /** After the workers exited on a stop, before the supervisor exits: e.g. let the backup push its last frames. */
  beforeExit?: () => Promise<void>;
}) {
  // One worker accepts its connections itself. Round-robin (the primary accepts and hands each connection over)
  // spreads the load over several workers, but a connection handed to a worker at the moment it is killed is never
  // answered nor closed: with one worker there is nothing to spread, so that risk is not taken.
  if (count === 1) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec });
  let stopping = false;
  let everListened = false;
  let quickDeaths = 0;
  const jobsWorkers = new WeakSet<Worker>();
  const startedAt = new WeakMap<Worker, number>();
  /** Workers already replaced because they are draining. */
  const replaced = new WeakSet<Worker>();

  function fork(jobs: boolean): Worker {
    const worker = cluster.fork({ PERIODIC_JOBS: jobs ? "on" : "off" });
    if (jobs) jobsWorkers.add(worker);
    startedAt.set(worker, Date.now());
    worker.once("listening", () => {
      everListened = true;
    });
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type !== "draining" || replaced.has(worker) || stopping) return;
      replaced.add(worker);
      log.error({ event: "worker-restarted", workerPid: worker.process.pid, reason: message.reason }, "a worker is draining; starting its replacement");
      // The jobs move to the replacement; the draining worker stops its timers itself.
      fork(jobsWorkers.has(worker));
    });
    return worker;
  }

  function stop(signal: NodeJS.Signals, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    const exit = () => {
      void (beforeExit?.() ?? Promise.resolve()).finally(() => process.exit(exitCode));
    };
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) return exit();
    for (const w of workers) w.process.kill(signal);
    let left = workers.length;
    cluster.on("exit", () => {
      if (--left === 0) exit();
    });
    setTimeout(() => process.exit(exitCode), 25_000).unref();
  }

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (replaced.has(worker)) {
      log.warn({ event: "worker-exited", workerPid: worker.process.pid, code: signal ?? code }, "a worker finished draining and exited");
      return;
    }
    if (!everListened) {
      log.fatal({ event: "worker-exited", workerPid: worker.process.pid, code: signal ?? code }, "a worker exited before the site ever listened; stopping");
      stop("SIGTERM", 1);
      return;
    }
    const ran = Date.now() - (startedAt.get(worker) ?? 0);
    quickDeaths = ran < STABLE_RUN_MS ? quickDeaths + 1 : 0;
    const delay = restartDelay(quickDeaths);
    log.error(
      { event: "worker-restarted", workerPid: worker.process.pid, code: signal ?? code, ranSeconds: Math.round(ran / 1000), delayMs: delay },
      "a worker exited; starting another",
    );
    const jobs = jobsWorkers.has(worker);
    setTimeout(() => {
      if (!stopping) fork(jobs);
    }, delay);
  });

  // The first worker prepares the database (and the session secret file) alone; the others follow.
  const first = fork(true);
  first.once("listening", () => {
    onReady?.();
    for (let i = 1; i < count; i++) fork(false);
    log.info({ event: "supervisor", workers: count }, `${count} worker${count === 1 ? "" : "s"}, supervised`);
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
