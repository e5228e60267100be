import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

import { checkStripSolution } from "./strip-check.server";
import { parseStripInstance, type StripInstance } from "./strip-instance";
import { nestStrip } from "./strip-nest.server";
import { searchStrip } from "./strip.server";

const poly = (data: number[][], id = 0, demand = 1, allowed_orientations = [0, 180]) => ({
  id,
  demand,
  allowed_orientations,
  shape: { type: "simple_polygon", data },
});
const instance = (items: unknown[], strip_height = 10) => JSON.stringify({ name: "t", strip_height, items });
const parsed = (text: string): StripInstance => {
  const r = parseStripInstance(text);
  if (!r.ok) throw new Error(r.error);
  return r.instance;
};

/** Triangles and L shapes: pairs of triangles fill a rectangle only when one is turned. */
const small = parsed(
  instance(
    [
      poly([[0, 0], [4, 0], [0, 5]], 0, 4),
      poly([[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]], 1, 3, [0, 90, 180, 270]),
      poly([[0, 0], [2, 0], [2, 2], [0, 2]], 2, 2),
    ],
    6,
  ),
);

describe("strip instances (issue 47)", () => {
  it("keeps a piece marked atEdge against the strip's lower edge, and the check refuses one that left it", () => {
    // Two squares at the edge (the halves of on-fold pieces on a folded fabric) and triangles free to go anywhere.
    const base = parsed(instance([poly([[0, 0], [3, 0], [3, 3], [0, 3]], 0, 2, [0]), poly([[0, 0], [4, 0], [0, 5]], 1, 4)], 8));
    const edged: StripInstance = { ...base, items: base.items.map((it) => (it.id === 0 ? { ...it, atEdge: true } : it)) };
    const { solution } = nestStrip(edged, { evaluations: 60_000, seed: 1 });
    expect(checkStripSolution(edged, solution)).toEqual({ ok: true });
    const squares = solution.placements.filter((pl) => pl.item_id === 0);
    expect(squares).toHaveLength(2);
    for (const pl of squares) expect(pl.translation[1]).toBeCloseTo(0, 9);
    const moved = { ...solution, length: solution.length + 10, placements: solution.placements.map((pl) => (pl.item_id === 0 ? { ...pl, translation: [pl.translation[0], 1] as [number, number] } : pl)) };
    expect(checkStripSolution(edged, moved)).toEqual({ ok: false, error: expect.stringContaining("is not at the strip's edge") });
  });

  it("refuses a malformed instance, naming the item", () => {
    const square = [[0, 0], [1, 0], [1, 1], [0, 1]];
    expect(parseStripInstance("{not json")).toEqual({ ok: false, error: "the instance is not JSON" });
    expect(parseStripInstance(instance([poly(square), poly([[0, 0], [1, 0], [0, 0]], 7)]))).toEqual({ ok: false, error: "item 7: a polygon needs at least 3 points" });
    expect(parseStripInstance(instance([poly([[0, 0], [2, 2], [2, 0], [0, 2]], 3)]))).toEqual({ ok: false, error: "item 3: the polygon crosses itself" });
    expect(parseStripInstance(instance([poly([[0, 0], [1, 0], [1, 20], [0, 20]], 4)]))).toEqual({
      ok: false,
      error: "item 4: fits the strip (height 10) in none of its orientations",
    });
    // Turned by 90 degrees it fits.
    expect(parseStripInstance(instance([poly([[0, 0], [1, 0], [1, 20], [0, 20]], 4, 1, [0, 90])])).ok).toBe(true);
    expect(parseStripInstance(instance([poly(square, 0, 1500), poly(square, 1, 501)]))).toEqual({ ok: false, error: "more than 2000 pieces (at item 1)" });
    expect(parseStripInstance(instance([poly(square, 2, 0)]))).toEqual({ ok: false, error: "item 2: demand must be a whole number of at least 1" });
  });

  it("the exact check refuses overlaps, pieces outside the strip, wrong rotations and counts", () => {
    const inst = parsed(instance([poly([[0, 0], [2, 0], [2, 2], [0, 2]], 0, 2)], 4));
    const sol = (placements: [number, number, number][], length = 4) => ({
      name: "t",
      strip_height: 4,
      length,
      density: 0,
      placements: placements.map(([rotation, x, y]) => ({ item_id: 0, rotation, translation: [x, y] as [number, number] })),
    });
    expect(checkStripSolution(inst, sol([[0, 0, 0], [0, 2, 0]]))).toEqual({ ok: true });
    expect(checkStripSolution(inst, sol([[0, 0, 0], [0, 1.9, 0]])).ok).toBe(false);
    expect(checkStripSolution(inst, sol([[0, 0, 0], [0, 2, 2.5]])).ok).toBe(false);
    expect(checkStripSolution(inst, sol([[0, 0, 0], [90, 4, 0]])).ok).toBe(false);
    expect(checkStripSolution(inst, sol([[0, 0, 0]])).ok).toBe(false);
    // Turned 180 degrees about the origin, the square lies in [-2, 0]²: moved by (4, 2) it is in [2, 4] × [0, 2].
    expect(checkStripSolution(inst, sol([[0, 0, 0], [180, 4, 2]]))).toEqual({ ok: true });
  });

  it("the search shortens the first layout, every layout valid, the same for the same seed and budget", () => {
    const lengths: number[] = [];
    const run = (seed: number) =>
      searchStrip(small, { budget: 60_000, seed, onImprove: (s) => lengths.push(s.length) }, (s) => checkStripSolution(small, s).ok);
    const a = run(1);
    expect(checkStripSolution(small, a)).toEqual({ ok: true });
    expect(a.length).toBeLessThan(lengths[0]! * 0.95);
    expect(a.density).toBeGreaterThan(0.7);
    expect(run(1)).toEqual(a);
    expect(run(2)).not.toEqual(a);
  });

  it("a layout that fails the exact check is never returned", () => {
    let calls = 0;
    // Only the first layout passes: whatever the search finds after it is refused.
    const first = searchStrip(small, { budget: 20_000, seed: 1 }, () => calls++ === 0);
    const free = searchStrip(small, { budget: 20_000, seed: 1 }, () => true);
    expect(calls).toBeGreaterThan(1);
    expect(first.length).toBeGreaterThan(free.length);
    expect(checkStripSolution(small, first)).toEqual({ ok: true });
  });

  it("npm run nest: writes the exchange format, refuses a malformed instance with exit code 2", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nest-"));
    const run = promisify(execFile);
    const tsx = path.resolve("node_modules/.bin/tsx");
    fs.writeFileSync(path.join(dir, "bad.json"), instance([poly([[0, 0], [1, 0], [1, 1], [0, 1]]), poly([[0, 0], [2, 2], [2, 0], [0, 2]], 5)]));
    const bad = await run(tsx, ["scripts/nest.ts", path.join(dir, "bad.json")]).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("item 5: the polygon crosses itself") });
    fs.writeFileSync(path.join(dir, "ok.json"), instance([poly([[0, 0], [4, 0], [0, 5]], 9, 4)], 6));
    await run(tsx, ["scripts/nest.ts", path.join(dir, "ok.json"), "--seconds", "0.05", "--seed", "3", "--out", path.join(dir, "out.json")]);
    const out = JSON.parse(fs.readFileSync(path.join(dir, "out.json"), "utf8"));
    expect(Object.keys(out)).toEqual(["name", "strip_height", "length", "density", "placements"]);
    expect(out.placements).toHaveLength(4);
    expect(out.placements[0]).toEqual({ item_id: 9, rotation: expect.any(Number), translation: [expect.any(Number), expect.any(Number)] });
    const inst = parsed(fs.readFileSync(path.join(dir, "ok.json"), "utf8"));
    expect(checkStripSolution(inst, out)).toEqual({ ok: true });
    expect(out).toEqual(nestStrip(inst, { seconds: 0.05, seed: 3 }).solution);
  }, 20_000);
});
