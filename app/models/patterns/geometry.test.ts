import { describe, expect, it } from "vitest";

import { bboxOf, bulgePoints, chainIntoRings, filledArea, pointInRing, polygonArea, shelfPack, signedArea, simplify, simplifyRing, sortSizes } from "./geometry";
import type { Pt } from "./types";

const square: Pt[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
];

describe("geometry", () => {
  it("measures area with its sign and the bounding box", () => {
    expect(signedArea(square)).toBe(100);
    expect(signedArea([...square].reverse())).toBe(-100);
    expect(polygonArea([...square].reverse())).toBe(100);
    expect(bboxOf(square)).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10, width: 10, height: 10 });
    expect(bboxOf([])).toMatchObject({ width: 0, height: 0 });
  });

  it("turns a bulge into arc points on the correct side", () => {
    const ccw = bulgePoints([0, 0], [10, 0], 1); // half circle counter-clockwise from (0,0) to (10,0): below
    expect(ccw.length).toBeGreaterThan(10);
    expect(Math.min(...ccw.map((p) => p[1]))).toBeCloseTo(-5, 1);
    const cw = bulgePoints([0, 0], [10, 0], -1);
    expect(Math.max(...cw.map((p) => p[1]))).toBeCloseTo(5, 1);
    expect(bulgePoints([0, 0], [10, 0], 0)).toEqual([]);
  });

  it("chains segments into rings and leaves open chains out", () => {
    const rings = chainIntoRings(
      [
        [[10, 0], [10, 10]],
        [[0, 0], [10, 0]],
        [[0, 10], [0, 0]],
        [[0, 10], [10, 10]],
        [[50, 50], [60, 60]],
      ] as Pt[][],
      0.01,
    );
    expect(rings).toHaveLength(1);
    expect(polygonArea(rings[0])).toBe(100);
  });

  it("simplifies collinear points away but keeps corners", () => {
    const line: Pt[] = [[0, 0], [1, 0.01], [2, 0], [3, 0], [3, 5]];
    expect(simplify(line, 0.1)).toEqual([[0, 0], [3, 0], [3, 5]]);
    const dense: Pt[] = [];
    for (let i = 0; i < 40; i++) dense.push([i, 0]);
    dense.push([39, 10], [0, 10]);
    expect(simplifyRing(dense, 0.1)).toHaveLength(4);
  });

  it("shelf-packs by height and turns items only as asked", () => {
    const items = [
      { item: "a", width: 60, height: 20 },
      { item: "b", width: 30, height: 50 },
      { item: "c", width: 50, height: 10 },
    ];
    const none = shelfPack(items, 100, { gap: 0 });
    expect(none.placed.map((p) => [p.item, p.x, p.y])).toEqual([
      ["b", 0, 0],
      ["a", 30, 0],
      ["c", 0, 50],
    ]);
    expect(none.height).toBe(60);
    const flat = shelfPack(items, 100, { rotate: "flat" });
    expect(flat.placed.find((p) => p.item === "b")).toMatchObject({ rotated: true, width: 50, height: 30 });
    const fit = shelfPack([{ item: "long", width: 150, height: 20 }], 100, { rotate: "fit" });
    expect(fit.placed[0]).toMatchObject({ rotated: true, width: 20, height: 150 });
  });

  it("sorts sizes naturally", () => {
    expect(sortSizes(["10", "8", "12", "6", "8"])).toEqual(["6", "8", "10", "12"]);
    expect(sortSizes(["XL", "s", "M", "XXL", "XS", "L"])).toEqual(["XS", "s", "M", "L", "XL", "XXL"]);
    expect(sortSizes(["Size 10", "Size 8", "Petite 2"])).toEqual(["Petite 2", "Size 8", "Size 10"]);
  });
});

describe("chainIntoRings at scale", () => {
  it("joins 20,000 shuffled segments of a polygon into one ring", () => {
    const n = 20_000;
    const ring: Pt[] = Array.from({ length: n }, (_, i) => [Math.cos((2 * Math.PI * i) / n) * 1000, Math.sin((2 * Math.PI * i) / n) * 1000]);
    const segments: Pt[][] = ring.map((p, i) => (i % 3 === 0 ? [ring[(i + 1) % n], p] : [p, ring[(i + 1) % n]]));
    // Deterministic shuffle.
    for (let i = segments.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [segments[i], segments[j]] = [segments[j], segments[i]];
    }
    const rings = chainIntoRings(segments, 0.01);
    expect(rings).toHaveLength(1);
    expect(rings[0]).toHaveLength(n);
    expect(polygonArea(rings[0])).toBeCloseTo(polygonArea(ring), 0);
  });
});

describe("pointInRing", () => {
  it("tells inside from outside, also in a notch of a concave ring and whatever the ring's orientation", () => {
    const u: Pt[] = [[0, 0], [30, 0], [30, 30], [20, 30], [20, 10], [10, 10], [10, 30], [0, 30]];
    for (const ring of [u, [...u].reverse()]) {
      expect(pointInRing([5, 20], ring)).toBe(true);
      expect(pointInRing([15, 5], ring)).toBe(true);
      expect(pointInRing([15, 20], ring)).toBe(false);
      expect(pointInRing([-1, 5], ring)).toBe(false);
      expect(pointInRing([5, 31], ring)).toBe(false);
    }
  });
});

describe("filledArea", () => {
  it("measures a ring that crosses itself as a reader fills it, where the shoelace sum cancels the loops", () => {
    // A bow tie: two 100 x 50 triangles, turning opposite ways (shoelace 0).
    const bowTie: Pt[] = [
      [0, 0],
      [100, 100],
      [100, 0],
      [0, 100],
    ];
    expect(polygonArea(bowTie)).toBeCloseTo(0, 6);
    expect(filledArea(bowTie, 0.1)).toBeCloseTo(5000, -1);
    // A plain square: the same as the shoelace area.
    expect(filledArea([[0, 0], [200, 0], [200, 100], [0, 100]], 0.5)).toBeCloseTo(20000, 0);
  });
});
