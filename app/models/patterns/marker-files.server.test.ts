import zlib from "node:zlib";

import { beforeAll, describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import { parseDxf } from "./dxf-raw.server";
import { nestMarker, type Marker } from "./marker.server";
import { markerDxf, markerHpgl, markerPdf, pieceLabel, sizeLayer, storedZip } from "./marker-files.server";
import type { Pattern, Pt } from "./types";

/** HPGL's plotter unit, as the issue states it: 0.025 mm. */
const MM_PER_UNIT = 0.025;

let pattern: Pattern;
let marker: Marker;
beforeAll(() => {
  const read = readPattern(cadFixtures().find((f) => f.name === "DEEP_ARMHOLE_RACER.DXF")!.bytes);
  if (!read.ok) throw new Error("unreadable fixture");
  pattern = read.pattern;
  const result = nestMarker(pattern, { sizes: { [pattern.sizes[0]!]: 2, [pattern.sizes[1]!]: 1 }, material: "fabric", widthMm: 1500, gapMm: 5, marginMm: 10, nap: "one-way", evaluations: 0 });
  if (!result.ok) throw new Error(result.error);
  marker = result.marker;
});

/**
 * An HPGL reader of its own (not the writer's code): instructions end at ';' (a label at ETX); PU and PD take pairs of
 * integers; the strokes drawn with the pen down, each from the point the pen was lifted at, in plotter units.
 */
function readHpgl(text: string): { strokes: [number, number][][]; labels: string[]; pens: number[]; started: boolean } {
  const strokes: [number, number][][] = [];
  const labels: string[] = [];
  const pens: number[] = [];
  let started = false;
  let at: [number, number] = [0, 0];
  let current: [number, number][] | null = null;
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    const op = text.slice(i, i + 2).toUpperCase();
    i += 2;
    const stop = op === "LB" ? text.indexOf("\x03", i) : text.indexOf(";", i);
    const body = text.slice(i, stop < 0 ? text.length : stop);
    i = stop < 0 ? text.length : stop + 1;
    const nums = body.split(",").filter((s) => s.trim() !== "").map(Number);
    if (op === "IN") started = true;
    else if (op === "SP") pens.push(nums[0] ?? 0);
    else if (op === "LB") labels.push(body);
    else if (op === "PU") {
      current = null;
      if (nums.length >= 2) at = [nums[nums.length - 2]!, nums[nums.length - 1]!];
    } else if (op === "PD") {
      if (!current) strokes.push((current = [at]));
      for (let k = 0; k + 1 < nums.length; k += 2) current.push((at = [nums[k]!, nums[k + 1]!]));
    }
  }
  return { strokes, labels, pens, started };
}

describe("a production marker's files", () => {
  it("nests several sizes together, one-way: no piece turned, every garment's pieces once", () => {
    expect(marker.placements.every((p) => p.rotation === 0)).toBe(true);
    const sizes = marker.placements.map((p) => p.size);
    const one = sizes.filter((s) => s === pattern.sizes[1]).length;
    expect(sizes.filter((s) => s === pattern.sizes[0]).length).toBe(2 * one);
    const xs = marker.placements.flatMap((p) => p.polygon.map(([x]) => x));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(10 - 1e-6);
    expect(Math.max(...xs)).toBeLessThanOrEqual(1490 + 1e-6);
  });

  it("HPGL read back by an independent reader gives every piece's outline within 0.1 mm, its label, in 0.025 mm units", () => {
    const text = markerHpgl(marker);
    expect(text.startsWith("IN;")).toBe(true);
    const read = readHpgl(text);
    expect(read.started).toBe(true);
    expect(read.pens[0]).toBe(1);
    // Closed strokes are the outlines, in the plan's order; plotter x along the length, y across the width.
    const outlines = read.strokes.filter((s) => s.length > 3 && s[0]![0] === s[s.length - 1]![0] && s[0]![1] === s[s.length - 1]![1]);
    expect(outlines).toHaveLength(marker.placements.length);
    marker.placements.forEach((p, k) => {
      const ring = outlines[k]!.slice(0, -1).map(([X, Y]): Pt => [Y * MM_PER_UNIT, X * MM_PER_UNIT]);
      expect(ring).toHaveLength(p.polygon.length);
      ring.forEach((q, j) => expect(Math.hypot(q[0] - p.polygon[j]![0], q[1] - p.polygon[j]![1])).toBeLessThanOrEqual(0.1));
    });
    expect(read.labels).toEqual(marker.placements.map(pieceLabel));
    expect(read.labels[0]).toBe(`${marker.placements[0]!.size} ${marker.placements[0]!.name}`);
    // Drill holes and notches are drawn (open strokes besides the grain lines).
    const marks = marker.placements.reduce((s, p) => s + 2 * (p.drill?.length ?? 0) + (p.notches?.length ?? 0) + (p.grain ? 1 : 0), 0);
    expect(marks).toBeGreaterThan(marker.placements.length);
    expect(read.strokes.length - outlines.length).toBe(marks);
  });

  it("DXF reads back in the project's reader with one layer per size, the outlines in mm and the names as text", () => {
    const { dxf } = parseDxf(markerDxf(marker));
    expect(dxf).not.toBeNull();
    const entities = dxf!.entities ?? [];
    const sizes = [...new Set(marker.placements.map((p) => p.size))];
    const layers = [...new Set(entities.filter((e) => e.type === "POLYLINE" && e.layer !== "0").map((e) => e.layer))];
    expect(layers.sort()).toEqual(sizes.map(sizeLayer).sort());
    const polylines = entities.filter((e) => e.type === "POLYLINE" && e.layer !== "0");
    expect(polylines).toHaveLength(marker.placements.length);
    polylines.forEach((e, k) => {
      const p = marker.placements[k]!;
      expect(e.layer).toBe(sizeLayer(p.size));
      (e.vertices ?? []).forEach((v, j) => expect(Math.hypot(v.x - p.polygon[j]![0], v.y - p.polygon[j]![1])).toBeLessThanOrEqual(0.001));
    });
    const texts = entities.filter((e) => e.type === "TEXT").map((e) => e.text);
    expect(texts).toEqual(marker.placements.map((p) => `${p.name} (${p.size})`));
  });

  it("the PDF has the overview and the marker at 1:1 on roll pages; the zip stores every file whole", async () => {
    const pdf = await markerPdf(marker, { title: "Racer", lines: ["Marker 1"] });
    const pages = Math.ceil(1500 / 894.4) * Math.ceil(marker.lengthMm / 1199.2);
    expect(Buffer.from(pdf).toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1 + pages);
    const zip = storedZip([
      { name: "marker-1.plt", data: "IN;" },
      { name: "marker-1.pdf", data: pdf },
    ]);
    // The local header of the first file: signature, stored, its CRC and sizes; the end record counts two files.
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(8)).toBe(0);
    expect(zip.readUInt32LE(14)).toBe(zlib.crc32(Buffer.from("IN;")) >>> 0);
    expect(zip.subarray(30, 42).toString()).toBe("marker-1.plt");
    expect(zip.subarray(42, 45).toString()).toBe("IN;");
    expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(2);
  });
});
