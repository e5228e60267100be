/**
 * The pattern worker pool (decision 090). Reading DXF files, previews, comparisons, print PDFs and stamped DXF
 * copies run in worker threads (piscina), never on the thread that answers requests:
 *
 * - **Size.** PATTERN_WORKERS threads (default: one fewer than the cores, at least one); one is kept, the others
 *   stop after 30 s idle. They run at a lower CPU priority (nice +10), so pages keep their core while files are built.
 * - **Queue.** At most PATTERN_QUEUE tasks wait (default 4 per thread); one more is refused at once with
 *   PatternBusyError (503 and Retry-After), and a task that waited 30 s for a thread is given up the same way.
 * - **Time.** Each task has its own limit of CPU time (limits.ts), read from /proc for its thread from the moment
 *   the thread starts it: a task over it has its thread terminated (piscina replaces it) and fails with
 *   PatternLimitError. A thread so starved of CPU that its wall time reaches 6 times the limit (at least a minute)
 *   is stopped as busy (503): the machine is overloaded, the file may be fine. Without /proc the limit is wall time.
 * - **Memory.** Each thread has a heap of WORKER_HEAP_MB: a task that needs more ends its thread (V8 stops only
 *   that thread) and fails with PatternLimitError.
 *
 * - **Two lanes** (issue 34, item 2). Work someone waits for (an upload's reading, a preview, a print file, a layout
 *   a page or the API asks for) runs in the foreground pool above. Work nobody waits for (layouts prepared ahead,
 *   stored files read again) runs in a background pool of its own:
 *   one thread at the lowest CPU priority (nice +19, and Linux's idle scheduling class where chrt is found, set by
 *   the thread itself: worker.ts), its own queue (PATTERN_BACKGROUND_QUEUE, 16). A long layout of a
 *   100,000-vertex piece therefore never holds the thread an upload needs, and never fills the queue uploads wait in.
 *
 * In production the worker is build/server/pattern-worker.js next to the Remix server build that imports this
 * module; under Vitest, tsx and Vite's dev server it is worker.ts, loaded through tsx.
 */
import fs from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";

import { Piscina } from "piscina";

import { TASK_TIME_LIMIT_MS, WORKER_HEAP_MB } from "./limits";
import { laneHeld, requestSignal } from "./quiet";
import { log } from "~/utils/log.server";
import { measurePatternQueue, patternTaskDuration } from "~/utils/metrics.server";
import type { PatternTask, PatternTaskResult } from "./worker";

/** How long a refused caller is told to wait before trying again (seconds). */
export const RETRY_AFTER_SECONDS = 10;
const QUEUE_WAIT_MS = 30_000;
/** How often a running task's CPU time is read. */
const CPU_POLL_MS = 100;
/** A task whose wall time reaches this many times its CPU limit is starved: the machine is too busy. */
const STARVED_FACTOR = 6;
/** Linux's clock ticks per second (USER_HZ), the unit of /proc's utime and stime. */
const CLOCK_TICKS = 100;

/** CPU time (user + system, ms) of one of this process's threads, from /proc; null where there is no /proc. */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "latin1");
    // Fields after the command name in parentheses: state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The pool is full: answer 503 with Retry-After. */
export class PatternBusyError extends Error {
  readonly retryAfter = RETRY_AFTER_SECONDS;
  constructor() {
    super("Pattern files are being prepared for many people right now. Please try again in a few seconds.");
  }
}

/** A task went over its time or memory limit: its thread was replaced. */
export class PatternLimitError extends Error {
  constructor(
    readonly limit: "time" | "memory",
    readonly detail: string,
  ) {
    super(detail);
  }
}

type PoolOptions = {
  threads?: number;
  maxQueue?: number;
  heapMb?: number;
  timeLimitMs?: Partial<Record<PatternTask["kind"], number>>;
  /** How long a task may wait for a thread before it is answered as busy (QUEUE_WAIT_MS). */
  queueWaitMs?: number;
  /** Added to the threads' nice value (10: below the request thread; the background lane 19). */
  niceIncrement?: number;
  /** The threads' searches sleep while the process answers requests (quiet.ts): for work no request waits for. */
  giveWay?: boolean;
};

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 64 ? n : fallback;
}

function workerFile(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (/\.tsx?$/.test(new URL(here).pathname)) {
    // From source: the worker bundled once by the test runner (tests/unit/global-setup.ts), else compiled by tsx.
    const bundle = process.env.PATTERN_WORKER_BUNDLE;
    if (bundle) return { filename: pathToFileURL(bundle).href, execArgv: [] };
    return { filename: new URL("./worker.ts", here).href, execArgv: ["--import", "tsx"] };
  }
  return { filename: new URL("./pattern-worker.js", here).href, execArgv: [] };
}

export class PatternPool {
  readonly threads: number;
  readonly maxQueue: number;
  private readonly pool: Piscina;
  private readonly timeLimits: Record<PatternTask["kind"], number>;
  private readonly heapMb: number;
  private readonly queueWaitMs: number;
  private readonly quiet: SharedArrayBuffer | null;
  /** Counters for the benchmark and the logs. */
  readonly stats = { completed: 0, refusedBusy: 0, overTime: 0, overMemory: 0 };

  constructor(options: PoolOptions = {}) {
    this.threads = options.threads ?? positiveInt(process.env.PATTERN_WORKERS, Math.max(1, os.availableParallelism() - 1));
    this.maxQueue = options.maxQueue ?? positiveInt(process.env.PATTERN_QUEUE, this.threads * 4);
    this.heapMb = options.heapMb ?? WORKER_HEAP_MB;
    this.queueWaitMs = options.queueWaitMs ?? QUEUE_WAIT_MS;
    this.quiet = options.giveWay ? requestSignal() : null;
    this.timeLimits = { ...TASK_TIME_LIMIT_MS, readJson: TASK_TIME_LIMIT_MS.read, test: 2_000, ...options.timeLimitMs };
    const { filename, execArgv } = workerFile();
    this.pool = new Piscina({
      filename,
      execArgv,
      // At least one thread stays: with none, piscina starts no new thread for tasks queued behind one it terminated.
      minThreads: 1,
      maxThreads: this.threads,
      maxQueue: this.maxQueue,
      idleTimeout: 30_000,
      niceIncrement: options.niceIncrement ?? 10,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
  }

  private reservations = 0;
  private waitingForFree: (() => void)[] = [];

  /**
   * Holds the pool for a run of tasks someone waits for (a cut plan's markers): until the returned function is
   * called, `whenFree()` waits, so work nobody waits for (a layout's improvement) does not slip in between them.
   */
  reserve(): () => void {
    this.reservations++;
    // A search of this pool asleep for requests gives its thread up at once (quiet.ts).
    if (this.quiet) laneHeld(1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (this.quiet) laneHeld(-1);
      if (--this.reservations === 0) for (const resolve of this.waitingForFree.splice(0)) resolve();
    };
  }

  /** Resolves once nobody holds the pool (at once when nobody does). */
  whenFree(): Promise<void> {
    return this.reservations === 0 ? Promise.resolve() : new Promise((resolve) => this.waitingForFree.push(resolve));
  }

  /** Tasks waiting for a thread. */
  get queueSize() {
    return this.pool.queueSize;
  }

  /**
   * `giveWay: false`: this task's searches do not sleep for requests even in a pool whose do; `{ share }`: they
   * sleep for requests but still work that share of the time (a cut plan's markers, quiet.ts PLAN_SHARE).
   */
  async run<K extends PatternTask["kind"]>(task: Extract<PatternTask, { kind: K }>, { giveWay = true }: { giveWay?: GiveWay } = {}): Promise<PatternTaskResult[K]> {
    if (this.pool.queueSize >= this.maxQueue) {
      this.stats.refusedBusy++;
      throw new PatternBusyError();
    }
    const limit = this.timeLimits[task.kind];
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let reason: "queue" | "time" | "starved" | null = null;
    const stop = (why: typeof reason) => {
      reason = why;
      abort.abort();
    };
    let timer = setTimeout(() => stop("queue"), this.queueWaitMs);
    let watch: ReturnType<typeof setInterval> | undefined;
    port1.once("message", ({ tid }: { tid: number }) => {
      clearTimeout(timer);
      const cpu = tid > 0 ? threadCpuMs(tid) : null;
      if (cpu === null) {
        // No per-thread CPU clock (not Linux): the limit is wall time.
        timer = setTimeout(() => stop("time"), limit);
        return;
      }
      // The limit is the thread's own CPU time, so a busy machine does not make a file "too complex"; a thread
      // starved of CPU for STARVED_FACTOR times the limit means the machine is overloaded: busy, try later.
      watch = setInterval(() => {
        const used = threadCpuMs(tid);
        if (used !== null && used - cpu >= limit) stop("time");
      }, CPU_POLL_MS);
      timer = setTimeout(() => stop("starved"), Math.max(60_000, limit * STARVED_FACTOR));
    });
    const endTimer = patternTaskDuration.startTimer({ kind: task.kind });
    let outcome = "error";
    try {
      const result = (await this.pool.run({ task, started: port2, quiet: giveWay ? this.quiet : null, share: typeof giveWay === "object" ? giveWay.share : 0 }, { transferList: [port2], signal: abort.signal })) as PatternTaskResult[K];
      this.stats.completed++;
      outcome = "ok";
      return result;
    } catch (error) {
      if (reason === "time") {
        this.stats.overTime++;
        outcome = "over-time";
        throw new PatternLimitError("time", `it took longer than ${limit / 1000} seconds`);
      }
      if (reason === "queue" || reason === "starved" || (error instanceof Error && /queue is at limit/i.test(error.message))) {
        this.stats.refusedBusy++;
        outcome = "busy";
        throw new PatternBusyError();
      }
      if ((error as { code?: string })?.code === "ERR_WORKER_OUT_OF_MEMORY") {
        this.stats.overMemory++;
        outcome = "over-memory";
        throw new PatternLimitError("memory", `it needed more than the ${this.heapMb} MB of memory a pattern may use`);
      }
      throw error;
    } finally {
      endTimer({ outcome });
      if (outcome === "over-time" || outcome === "over-memory") {
        log.warn({ event: "pattern-worker-stopped", kind: task.kind, outcome }, "a pattern task passed its limit; its worker thread was replaced");
      }
      clearTimeout(timer);
      clearInterval(watch);
      port1.close();
    }
  }

  async destroy() {
    await this.pool.destroy();
  }
}

let shared: PatternPool | undefined;
let background: PatternPool | undefined;
let idle: PatternPool | undefined;

/** The process's pool, created on first use. */
export function patternPool(): PatternPool {
  if (!shared) {
    const pool = new PatternPool();
    measurePatternQueue(() => pool.queueSize + (background?.queueSize ?? 0) + (idle?.queueSize ?? 0));
    shared = pool;
  }
  return shared;
}

/** Whether a task's searches sleep for requests: always (true), never (false), or all but a share of the time. */
export type GiveWay = boolean | { share: number };

/** The background lane (see the top of this file), created on first use. */
export function backgroundPatternPool(): PatternPool {
  background ??= new PatternPool({
    threads: 1,
    maxQueue: positiveInt(process.env.PATTERN_BACKGROUND_QUEUE, 16),
    niceIncrement: 19,
    // Background work waits as long as it must: only a full queue refuses it.
    queueWaitMs: 10 * 60_000,
  });
  return background;
}

/**
 * The idle lane: long searches (a layout's improvement, a cut plan's markers). Like the background lane (one thread,
 * nice 19, the idle scheduling class), and its searches sleep while the process answers requests (quiet.ts), but
 * a cut plan's still work a share of the time (`giveWay: { share }`): someone waits for a plan, and a server never
 * quiet would never finish it. A lane of its own: a request's layout queued in the background lane must never wait behind a search
 * that waits for that request to end.
 */
export function idlePatternPool(): PatternPool {
  idle ??= new PatternPool({
    threads: 1,
    maxQueue: positiveInt(process.env.PATTERN_BACKGROUND_QUEUE, 16),
    niceIncrement: 19,
    giveWay: true,
    queueWaitMs: 10 * 60_000,
  });
  return idle;
}

/** "foreground": the process's pool; "background": the background lane; "idle": the idle lane (above). */
export type PatternLane = "foreground" | "background" | "idle";

/** Runs one task on the process's pool, or in the background or idle lane when nobody waits for it (or nobody at all). */
export function runPatternTask<K extends PatternTask["kind"]>(task: Extract<PatternTask, { kind: K }>, lane: PatternLane = "foreground", options?: { giveWay?: GiveWay }): Promise<PatternTaskResult[K]> {
  return (lane === "idle" ? idlePatternPool() : lane === "background" ? backgroundPatternPool() : patternPool()).run(task, options);
}
