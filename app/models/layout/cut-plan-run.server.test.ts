import { describe, expect, it } from "vitest";

import type { Marker } from "../patterns/marker.server";
import { runCutPlan } from "./cut-plan-run.server";
import type { CutOrder, SizeCounts } from "./cut-plan";

/** A garment 1,000 mm long and 1,000,000 mm² on 1500 mm; the search shortens a marker by 10 %. */
function fakeMarker(sizes: SizeCounts, evaluations: number): Marker {
  const garments = Object.values(sizes).reduce((a, b) => a + b, 0);
  const lengthMm = garments * 800 * (evaluations > 0 ? 0.9 : 1) + 200;
  const areaMm2 = garments * 1_000_000;
  return { widthMm: 1500, gapMm: 5, lengthMm, lowerBoundMm: areaMm2 / 1480, areaMm2, efficiency: areaMm2 / (1480 * lengthMm), placements: [] };
}

const order: CutOrder = { sizes: { "38": 2, "40": 4, "42": 4, "44": 2 }, widthMm: 1500, tableMm: 6000, maxPlies: 40, nap: "two-way", gapMm: 5, marginMm: 10, endMm: 20, materials: ["Fabric"] };

async function plan(search: { perMarker: number; total: number }, progress?: (done: number, steps: number) => void) {
  const calls: { sizes: SizeCounts; evaluations: number }[] = [];
  const result = await runCutPlan({
    order,
    cutsPerGarment: () => 10,
    search,
    progress,
    nest: async (sizes, _material, evaluations) => {
      calls.push({ sizes, evaluations });
      return { ok: true, marker: fakeMarker(sizes, evaluations) };
    },
  });
  if (!result.ok) throw new Error(result.message);
  return { result, calls };
}

describe("a cut plan's strip search (issue 48)", () => {
  it("searches the rounds' markers a little, then only the plan's own markers fully, each as long as the search made it", async () => {
    const { result, calls } = await plan({ perMarker: 1_000, total: 1_000_000 });
    const sizesAlone = calls.filter((c) => c.evaluations === 0);
    const rounds = calls.filter((c) => c.evaluations === 100);
    const final = calls.filter((c) => c.evaluations === 1_000);
    expect(sizesAlone.length).toBe(4);
    expect(rounds.length).toBeGreaterThan(0);
    expect(sizesAlone.length + rounds.length + final.length).toBe(calls.length);
    expect(final.map((c) => c.sizes)).toEqual(result.markers.map((m) => m.sizes));
    for (const m of result.markers) expect(m.marker.lengthMm).toBeCloseTo(fakeMarker(m.sizes, 1).lengthMm, 6);
    expect(result.totalMm).toBeCloseTo(result.markers.reduce((s, m) => s + m.marker.lengthMm * m.plies, 0), 6);
  });

  it("keeps within the plan's budget: the rounds at most a quarter of it, the plan's markers sharing what is left", async () => {
    const { result, calls } = await plan({ perMarker: 1_000, total: 1_000 });
    const n = result.markers.length;
    expect(n).toBeGreaterThan(1);
    const final = calls.slice(-n);
    const rounds = calls.slice(0, -n).reduce((s, c) => s + c.evaluations, 0);
    expect(rounds).toBeLessThanOrEqual(250);
    expect(final.map((c) => c.sizes)).toEqual(result.markers.map((m) => m.sizes));
    expect(final.every((c) => c.evaluations === Math.floor((1_000 - rounds) / n))).toBe(true);
    expect(calls.reduce((s, c) => s + c.evaluations, 0)).toBeLessThanOrEqual(1_000);
  });

  it("never shows all steps done before the plan's markers are searched: the last step is the last marker's search", async () => {
    const seen: [number, number][] = [];
    const { calls } = await plan({ perMarker: 1_000, total: 1_000_000 }, (done, steps) => seen.push([done, steps]));
    expect(seen.length).toBe(calls.length);
    for (const [done, steps] of seen.slice(0, -1)) expect(done).toBeLessThan(steps);
    const [done, steps] = seen.at(-1)!;
    expect(done).toBe(steps);
  });

  it("keeps to its deadline: no new round past it, and the plan's markers searched only as far as the time left allows", async () => {
    // A clock that a nest call moves on by 1 ms per 1,000 evaluations, plus 1 ms.
    let clock = 0;
    const calls: { sizes: SizeCounts; evaluations: number; at: number }[] = [];
    const run = (deadline: number) =>
      runCutPlan({
        order,
        cutsPerGarment: () => 10,
        search: { perMarker: 100_000, total: 10_000_000 },
        deadline,
        now: () => clock,
        nest: async (sizes, _material, evaluations) => {
          calls.push({ sizes, evaluations, at: clock });
          clock += 1 + evaluations / 1_000;
          return { ok: true, marker: fakeMarker(sizes, evaluations) };
        },
      });
    const free = await run(Infinity);
    if (!free.ok) throw new Error(free.message);
    const freeCalls = calls.length;
    const freeEnd = clock;

    // Half that time: the plan still cuts every garment, ends by its deadline plus one search, with fewer evaluations.
    clock = 0;
    calls.length = 0;
    const deadline = freeEnd / 2;
    const tight = await run(deadline);
    if (!tight.ok) throw new Error(tight.message);
    const cut: Record<string, number> = {};
    for (const m of tight.markers) for (const [size, n] of Object.entries(m.sizes)) cut[size] = (cut[size] ?? 0) + n * m.plies;
    expect(cut).toEqual(order.sizes);
    expect(calls.reduce((s, c) => s + c.evaluations, 0)).toBeLessThan(free.markers.length * 100_000);
    expect(calls.filter((c) => c.at >= deadline && c.evaluations > 0)).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(freeCalls);
  });

  it("searches nothing without a budget", async () => {
    const seen: [number, number][] = [];
    const { calls } = await plan({ perMarker: 0, total: 1_000 }, (done, steps) => seen.push([done, steps]));
    expect(calls.every((c) => c.evaluations === 0)).toBe(true);
    // Every step done at the end all the same.
    expect(seen.at(-1)![0]).toBe(seen.at(-1)![1]);
  });
});
