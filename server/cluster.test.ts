import os from "node:os";

import { describe, expect, it } from "vitest";

import { restartDelay, runsPeriodicJobs, workerCount } from "./cluster";

describe("WEB_CONCURRENCY", () => {
  it("is one process when unset or empty", () => {
    expect(workerCount(undefined)).toBe(1);
    expect(workerCount("")).toBe(1);
    expect(workerCount(" ")).toBe(1);
  });

  it("takes a whole number, or auto for one per core", () => {
    expect(workerCount("2")).toBe(2);
    expect(workerCount("auto")).toBe(os.availableParallelism());
  });

  it("refuses anything else, naming the variable", () => {
    for (const bad of ["0", "-1", "1.5", "two", "65"]) expect(() => workerCount(bad)).toThrow(/WEB_CONCURRENCY/);
  });
});

describe("periodic jobs", () => {
  it("run in a single process and in the worker the supervisor gives them to, nowhere else", () => {
    expect(runsPeriodicJobs({})).toBe(true);
    expect(runsPeriodicJobs({ PERIODIC_JOBS: "on" })).toBe(true);
    expect(runsPeriodicJobs({ PERIODIC_JOBS: "off" })).toBe(false);
  });
});

describe("restarts", () => {
  it("start a dead worker again at once, then back off while it keeps dying quickly", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(restartDelay)).toEqual([0, 0, 500, 1000, 2000, 4000, 30_000]);
  });
});
