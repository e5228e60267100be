/**
 * Background searches give way to requests (issue 47: "a layout's improvement never costs a page"). The process's
 * request thread counts the requests it is answering in a few bytes of shared memory; a strip search running in the
 * background lane (layout improvement, cut plans) reads them between its rounds and, while a request is in flight or
 * for QUIET_MS after the last one ended, sleeps (Atomics.wait: no CPU) instead of going on.
 *
 * Why more than the idle scheduling class the background thread already has (pool.server.ts): on a 2-vCPU machine
 * the two vCPUs can be one core's two hardware threads, and a thread that the scheduler lets run on the idle one
 * still takes half the core's execution units and its caches from the page beside it: the product page measured
 * 0.80x while a layout improved (bench/NOTES.md). Sleeping frees the core.
 *
 * The search counts evaluations, not time, so a pause changes when a layout is ready, never which layout it is. The
 * pool's limit is the thread's CPU time, which a sleeping thread does not spend; a search kept asleep past the pool's
 * starvation limit is dropped as busy and queued again by the next view.
 *
 * The server (build/app.js) and the Remix build are two bundles with a copy each of this module: the memory lives on
 * globalThis so both count into the same one. Each process has its own (with WEB_CONCURRENCY above 1, a process's
 * searches give way to its own requests).
 */

/** After the last request ended, how long a search still waits before it goes on (so a burst of page loads stays free). */
export const QUIET_MS = 50;

/** The longest a search sleeps before it reads the counter again. */
const NAP_MS = 100;

const KEY = Symbol.for("patternhouse.quiet");
type Holder = { [KEY]?: SharedArrayBuffer };

/**
 * [0]: requests in flight (Int32); [1]: holders of the idle lane (Int32, a cut plan being worked); bytes 8-15: when
 * the last request ended (Float64, Date.now()).
 */
function memory(): SharedArrayBuffer {
  return ((globalThis as Holder)[KEY] ??= new SharedArrayBuffer(16));
}

/** The shared memory to hand the background lane's tasks. */
export function requestSignal(): SharedArrayBuffer {
  return memory();
}

/** Counts one request in flight; the function it returns counts it out (once, however often it is called). */
export function requestStarted(): () => void {
  const sab = memory();
  const count = new Int32Array(sab, 0, 1);
  Atomics.add(count, 0, 1);
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    new Float64Array(sab, 8, 1)[0] = Date.now();
    if (Atomics.sub(count, 0, 1) === 1) Atomics.notify(count, 0);
  };
}

/** Counts a holder of the idle lane in or out; searches asleep there wake up and give up the thread (GaveWayError). */
export function laneHeld(delta: 1 | -1): void {
  const sab = memory();
  Atomics.add(new Int32Array(sab, 4, 1), 0, delta);
  Atomics.notify(new Int32Array(sab, 0, 1), 0);
}

/** Thrown in a search that gave its thread up to work someone waits for (the task ends without a result). */
export class GaveWayError extends Error {
  constructor() {
    super(GAVE_WAY);
  }
}
/** The message a GaveWayError crosses the thread boundary with. */
export const GAVE_WAY = "the search gave its thread up to a cut plan";

/**
 * The share of the time a search someone waits for (a cut plan's markers) still works while requests keep coming:
 * it works in slices of WORK_SLICE_MS and sleeps three times as long between them while requests are active, so a
 * server that is never quiet still finishes the plan (four times slower) and its pages share the core a quarter of
 * the time instead of always (issue 48: pages within the mixed-load bench's limits while a plan is made).
 */
export const PLAN_SHARE = 0.25;
/** A slice of work under requests, for a search with a share (above). */
export const WORK_SLICE_MS = 25;

type Signal = { count: Int32Array; held: Int32Array; ended: Float64Array };
let current: Signal | null = null;
/** The task's share while requests are active (0: none, it sleeps until they end). */
let share = 0;
/** When the current slice of work under requests began (null: no requests when last asked). */
let sliceStart: number | null = null;

/**
 * In a worker thread, for the task it runs: whose requests its searches give way to (null: nobody's), and the share
 * of the time it still works while they are active (0: none; a task with a share never gives its thread up).
 */
export function giveWayTo(signal: SharedArrayBuffer | null | undefined, workShare = 0): void {
  current = signal ? { count: new Int32Array(signal, 0, 1), held: new Int32Array(signal, 4, 1), ended: new Float64Array(signal, 8, 1) } : null;
  share = Math.min(1, Math.max(0, workShare));
  sliceStart = null;
}

/** Whether a search should sleep now: a request in flight, or one ended less than QUIET_MS ago. */
export function requestsActive(signal: Pick<Signal, "count" | "ended"> | null = current): boolean {
  if (!signal) return false;
  return Atomics.load(signal.count, 0) > 0 || Date.now() - signal.ended[0]! < QUIET_MS;
}

/**
 * Called by a search between its rounds: returns at once when nobody's requests are to be given way to or none is
 * active, else sleeps until they have been quiet for QUIET_MS. Throws GaveWayError when the idle lane is held (a
 * cut plan waits for the thread). Only ever blocks a worker thread (giveWayTo is only
 * called there).
 */
export function waitForQuiet(): void {
  const signal = current;
  if (!signal) return;
  if (share > 0) return shareWithRequests(signal);
  if (Atomics.load(signal.held, 0) > 0) throw new GaveWayError();
  while (requestsActive(signal)) {
    if (Atomics.load(signal.held, 0) > 0) throw new GaveWayError();
    const inFlight = Atomics.load(signal.count, 0);
    if (inFlight > 0) Atomics.wait(signal.count, 0, inFlight, NAP_MS);
    else Atomics.wait(signal.count, 0, 0, Math.max(1, QUIET_MS - (Date.now() - signal.ended[0]!)));
  }
}

/**
 * waitForQuiet for a task with a share: while requests are active, a slice of WORK_SLICE_MS of work, then a sleep
 * of WORK_SLICE_MS × (1 − share) / share or until they end, and so on; without requests, no sleep.
 */
function shareWithRequests(signal: Signal): void {
  if (!requestsActive(signal)) {
    sliceStart = null;
    return;
  }
  const now = Date.now();
  if (sliceStart !== null && now - sliceStart < WORK_SLICE_MS) return;
  const until = now + (WORK_SLICE_MS * (1 - share)) / share;
  for (let t = now; t < until && requestsActive(signal); t = Date.now()) {
    const inFlight = Atomics.load(signal.count, 0);
    Atomics.wait(signal.count, 0, inFlight, Math.max(1, Math.min(NAP_MS, until - t)));
  }
  sliceStart = Date.now();
}
