import { afterAll, describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import { mainMaterial } from "./fabric.server";
import { PatternPool, runPatternTask } from "./pool.server";
import { GAVE_WAY, giveWayTo, PLAN_SHARE, QUIET_MS, requestsActive, requestSignal, requestStarted, waitForQuiet, WORK_SLICE_MS } from "./quiet";

describe("the count of requests in flight", () => {
  it("counts a request in and out once, however often its end is reported, and stays active QUIET_MS after the last", () => {
    const sab = requestSignal();
    const signal = { count: new Int32Array(sab, 0, 1), ended: new Float64Array(sab, 8, 1) };
    const before = Atomics.load(signal.count, 0);
    const one = requestStarted();
    const two = requestStarted();
    expect(Atomics.load(signal.count, 0)).toBe(before + 2);
    expect(requestsActive(signal)).toBe(true);
    one();
    one();
    expect(Atomics.load(signal.count, 0)).toBe(before + 1);
    two();
    expect(Atomics.load(signal.count, 0)).toBe(before);
    // Just ended: still active for QUIET_MS, then quiet.
    expect(requestsActive(signal)).toBe(true);
    signal.ended[0] = Date.now() - QUIET_MS - 1;
    expect(requestsActive(signal)).toBe(before > 0);
  });

  it("is the same memory for every copy of the module (the server's and the Remix build's)", () => {
    expect(requestSignal()).toBe(requestSignal());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("patternhouse.quiet")]).toBe(requestSignal());
  });
});

describe("a search with a share of the time", () => {
  it("sleeps (1 - share) / share slices when a request comes in flight", () => {
    const sab = requestSignal();
    try {
      giveWayTo(sab, PLAN_SHARE);
      const request = requestStarted();
      const start = Date.now();
      try {
        // The first call under requests sleeps (1 - share) / share slices.
        waitForQuiet();
      } finally {
        request();
      }
      expect(Date.now() - start).toBeGreaterThanOrEqual((WORK_SLICE_MS * (1 - PLAN_SHARE)) / PLAN_SHARE - 1);
    } finally {
      giveWayTo(null);
    }
  });
});

describe("a background layout search gives way to requests", { timeout: 180_000 }, () => {
  const lane = new PatternPool({ threads: 1, maxQueue: 4, giveWay: true, queueWaitMs: 600_000 });
  afterAll(() => lane.destroy());
  const file = cadFixtures().find((f) => f.name === "GMH1006F18_AAMA.DXF")!;
  const read = readPattern(file.bytes);
  if (!read.ok) throw new Error(read.message);
  const pattern = read.pattern;
  const size = pattern.sampleSize ?? pattern.sizes[0]!;
  const task = { kind: "improveLayout", data: JSON.stringify(pattern), size, material: mainMaterial(pattern, size)!, widthMm: 1400, gapMm: 5, evaluations: 100_000 } as const;

  it("sleeps while a request is in flight and finishes after it, with the same layout as when nobody asks", async () => {
    const free = await lane.run(task);
    if (!free.ok) throw new Error("no layout");

    const request = requestStarted();
    let settledAt = 0;
    const held = lane.run(task).then((r) => ((settledAt = Date.now()), r));
    // Without the pause this search takes a fraction of a second; it must still be waiting after 2 s.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(settledAt).toBe(0);
    const releasedAt = Date.now();
    request();
    const after = await held;
    expect(settledAt).toBeGreaterThanOrEqual(releasedAt);
    if (!after.ok) throw new Error("no layout");
    expect(after.layout.lengthMm).toBe(free.layout.lengthMm);
    expect(after.layout.placements.map((p) => p.polygon)).toEqual(free.layout.placements.map((p) => p.polygon));
  });

  it("does not sleep for a task run with giveWay false (a cut plan's marker: someone waits for it)", async () => {
    const request = requestStarted();
    try {
      const result = await lane.run(task, { giveWay: false });
      expect(result.ok).toBe(true);
    } finally {
      request();
    }
  });

  it("works a share of the time for a task run with a share (a cut plan's marker): it ends while requests never stop", async () => {
    const free = await lane.run(task);
    if (!free.ok) throw new Error("no layout");
    const request = requestStarted();
    try {
      const result = await lane.run(task, { giveWay: { share: PLAN_SHARE } });
      if (!result.ok) throw new Error("no layout");
      expect(result.layout.lengthMm).toBe(free.layout.lengthMm);
    } finally {
      request();
    }
  });

  it("gives its thread up at once when a cut plan holds the lane, also while asleep for a request", async () => {
    const request = requestStarted();
    try {
      const sleeping = lane.run(task).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 500));
      const release = lane.reserve();
      try {
        const error = await sleeping;
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toContain(GAVE_WAY);
        // The plan's own task (giveWay false) then has the thread.
        expect((await lane.run(task, { giveWay: false })).ok).toBe(true);
      } finally {
        release();
      }
      // Released: a search that gives way runs again (it sleeps for the request, then ends).
      const again = lane.run(task);
      request();
      expect((await again).ok).toBe(true);
    } finally {
      request();
    }
  });

  it("never holds up the background lane: a request's layout there is laid while an idle search sleeps for that request", async () => {
    const request = requestStarted();
    let settled = false;
    const sleeping = runPatternTask(task, "idle").finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 500));
    await expect(runPatternTask({ kind: "test", behave: "echo", value: "the visitor's layout" }, "background")).resolves.toBe("the visitor's layout");
    expect(settled).toBe(false);
    request();
    expect((await sleeping).ok).toBe(true);
  });
});
