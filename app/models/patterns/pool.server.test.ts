import fs from "node:fs";

import { afterAll, describe, expect, it } from "vitest";

import { PatternBusyError, PatternLimitError, PatternPool, runPatternTask, threadCpuMs } from "./pool.server";

// The threads run at a lower priority: on a busy machine a 1.5 s CPU limit takes many seconds of wall time, so each
// test has room; they assert outcomes, never durations.
describe("the pattern worker pool", { timeout: 120_000 }, () => {
  // Queued tasks wait as long as it takes: on a busy machine the spinning task ahead of them runs for many seconds.
  const pool = new PatternPool({ threads: 1, maxQueue: 2, heapMb: 64, timeLimitMs: { test: 1_500 }, queueWaitMs: 600_000 });
  afterAll(() => pool.destroy());

  /** A task that breaks a limit is stopped with that limit's error, and the pool answers the next task. */
  async function expectStoppedThenWorking(behave: "spin" | "allocate", limit: PatternLimitError["limit"], message: string, next: string) {
    const error = await pool.run({ kind: "test", behave }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PatternLimitError);
    expect((error as PatternLimitError).limit).toBe(limit);
    expect((error as Error).message).toBe(message);
    await expect(pool.run({ kind: "test", behave: "echo", value: next })).resolves.toBe(next);
  }

  it("runs a task in a worker thread and answers with its result", async () => {
    await expect(pool.run({ kind: "test", behave: "echo", value: "hello" })).resolves.toBe("hello");
  });

  it("stops a task that spins past its time limit, replaces the thread and keeps working", async () => {
    await expectStoppedThenWorking("spin", "time", "it took longer than 1.5 seconds", "after");
  });

  it("stops a task that needs more memory than the heap limit without taking the process down", async () => {
    await expectStoppedThenWorking("allocate", "memory", "it needed more than the 64 MB of memory a pattern may use", "still here");
  });

  it("holds the pool for work someone waits for: whenFree waits until every holder has let go (once each)", async () => {
    await expect(pool.whenFree()).resolves.toBeUndefined();
    const plan = pool.reserve();
    const other = pool.reserve();
    let free = false;
    const waiting = pool.whenFree().then(() => (free = true));
    plan();
    plan();
    await new Promise((r) => setTimeout(r, 50));
    expect(free).toBe(false);
    other();
    await waiting;
    expect(free).toBe(true);
  });

  it("passes a task's own error through", async () => {
    await expect(pool.run({ kind: "test", behave: "throw", value: "bad input" })).rejects.toThrow("bad input");
  });

  it("refuses at once when the queue is full, and the queued tasks still run", async () => {
    const running = pool.run({ kind: "test", behave: "spin" }).catch((e: unknown) => e);
    // Wait until the spinning task has a thread, so the next two wait in the queue.
    await new Promise((r) => setTimeout(r, 300));
    const queued = [pool.run({ kind: "test", behave: "echo", value: "a" }), pool.run({ kind: "test", behave: "echo", value: "b" })];
    await expect(pool.run({ kind: "test", behave: "echo", value: "c" })).rejects.toBeInstanceOf(PatternBusyError);
    expect(await running).toBeInstanceOf(PatternLimitError);
    await expect(Promise.all(queued)).resolves.toEqual(["a", "b"]);
  });
});

describe("a thread's CPU time", () => {
  it("is read from /proc for a thread of this process, and grows with work", () => {
    const before = threadCpuMs(process.pid);
    expect(before).not.toBeNull();
    let x = 0;
    const end = Date.now() + 300;
    while (Date.now() < end) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(threadCpuMs(process.pid)!).toBeGreaterThan(before!);
    expect(threadCpuMs(0)).toBeNull();
  });
});

describe("the two lanes (issue 34, item 2)", { timeout: 120_000 }, () => {
  const linux = fs.existsSync("/proc/thread-self/stat") && fs.existsSync("/usr/bin/chrt");
  it.skipIf(!linux)("runs the background and idle lanes in Linux's idle scheduling class, the foreground lane as usual (issue 47)", async () => {
    await expect(runPatternTask({ kind: "test", behave: "policy" }, "background")).resolves.toBe("5");
    await expect(runPatternTask({ kind: "test", behave: "policy" }, "idle")).resolves.toBe("5");
    await expect(runPatternTask({ kind: "test", behave: "policy" })).resolves.toBe("0");
  });

  it("answers work someone waits for while the background lane's thread is busy", async () => {
    let backgroundDone = false;
    const background = runPatternTask({ kind: "test", behave: "spin" }, "background")
      .catch((e: unknown) => e)
      .finally(() => (backgroundDone = true));
    // The spinning task has its thread before the foreground task is asked for.
    await new Promise((r) => setTimeout(r, 300));
    await expect(runPatternTask({ kind: "test", behave: "echo", value: "upload read" })).resolves.toBe("upload read");
    expect(backgroundDone).toBe(false);
    expect(await background).toBeInstanceOf(PatternLimitError);
  });
});
