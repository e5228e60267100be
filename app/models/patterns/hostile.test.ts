import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { readPattern } from "./dxf.server";
import { MAX_EXPANDED_ENTITIES, MAX_PRINT_PAGES } from "./limits";
import { PatternPool } from "./pool.server";
import type { ReadPatternResult } from "./types";
import {
  bigDxf,
  deepInsertChain,
  goodSquare,
  insertFanOut,
  manyVertexPiece,
  onlyText,
  polylineWithoutVertices,
  selfInsertingBlock,
  blockCycle,
  square,
  vertexOf,
} from "../../../tests/fixtures/hostile-dxf";

const refused = (result: ReadPatternResult) => (result.ok ? { ok: true } : { error: result.error, message: result.message });

describe("the reader's guards refuse hostile DXF files with a message that names the problem", () => {
  it("a POLYLINE without vertices (it made the parser spin forever)", () => {
    const text = polylineWithoutVertices();
    expect(text.length).toBeLessThan(200);
    expect(refused(readPattern(text))).toEqual({
      error: "not_dxf",
      message: "This file is not a readable DXF file: a POLYLINE is followed by LINE on line 14 instead of its vertices.",
    });
  });

  it("INSERTs that fan out into millions of copies, counted as copies and stopped at the limit", { timeout: 60_000 }, () => {
    const text = insertFanOut();
    expect(text.length).toBeLessThan(5_000);
    const started = performance.now();
    expect(refused(readPattern(text))).toEqual({
      error: "too_complex",
      message: `This DXF is too large or too complex to read: its blocks expand to more than ${MAX_EXPANDED_ENTITIES.toLocaleString("en-US")} entities (each INSERT copies its block), the most a pattern may have.`,
    });
    // Counting stops the expansion early: far from the 8 million copies (this is no timing assertion of the
    // product, just proof the guard cut the work short; the bench measures speed).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("a 1 km square and a 0.5 mm square: pieces whose size means wrong units", () => {
    expect(refused(readPattern(square(1_000_000)))).toEqual({
      error: "piece_size",
      message:
        'Piece "Piece 1" would be 1,000 m long, and a pattern piece can be at most 5 m. The file says it is in millimetres: if it was drawn in another unit, export it again with its units set.',
    });
    expect(refused(readPattern(square(0.5)))).toMatchObject({ error: "piece_size", message: expect.stringContaining('would be only 0.5 mm across') });
    // Inches: 300 in is 7.6 m.
    expect(refused(readPattern(square(300, 1)))).toMatchObject({ error: "piece_size", message: expect.stringContaining("The file says it is in inches") });
  });

  it("numbers that are not finite, or absurdly large, with the line they are on", () => {
    expect(refused(readPattern(vertexOf("inf")))).toEqual({ error: "bad_number", message: 'This DXF has a number that cannot be drawn: "inf" on line 22.' });
    expect(refused(readPattern(vertexOf("NaN")))).toMatchObject({ error: "bad_number", message: expect.stringContaining('"NaN"') });
    expect(refused(readPattern(vertexOf("1e999")))).toMatchObject({ error: "bad_number" });
    expect(refused(readPattern(vertexOf("1e300")))).toEqual({
      error: "bad_number",
      message: "This DXF has a coordinate of 1e300 on line 22, beyond the 1e+9 a drawing may use.",
    });
    expect(refused(readPattern(square("1e300")))).toMatchObject({ error: "bad_number" });
  });

  it("a DXF of only TEXT has no drawing", () => {
    expect(refused(readPattern(onlyText()))).toMatchObject({ error: "no_entities" });
  });

  it("deep chains end at the depth limit; a block that inserts itself is refused by name (issue 34 item 3)", () => {
    // Blocks nested deeper than the reader follows (4) hold no drawing it can use.
    expect(refused(readPattern(deepInsertChain(200)))).toMatchObject({ error: "no_entities" });
    expect(refused(readPattern(selfInsertingBlock()))).toEqual({
      error: "bad_block",
      message: 'This DXF cannot be read: its block "SELF" inserts itself ("SELF" inserts "SELF"), so its drawing never ends. Export the pattern again from your CAD program.',
    });
    expect(refused(readPattern(blockCycle()))).toEqual({
      error: "bad_block",
      message: 'This DXF cannot be read: its block "LOOP_A" inserts itself ("LOOP_A" inserts "LOOP_B" inserts "LOOP_A"), so its drawing never ends. Export the pattern again from your CAD program.',
    });
  });

  it("a piece of 100,000 vertices is within the limits and reads", { timeout: 60_000 }, () => {
    const result = readPattern(manyVertexPiece(100_000));
    expect(result.ok && result.pattern.pieces[0]!.boundary.length).toBeGreaterThan(99_000);
  });

  it("a 24 MB DXF of lines is refused by counting, before it is parsed", { timeout: 60_000 }, () => {
    const text = bigDxf(24);
    expect(text.length).toBeGreaterThan(24 * 1024 * 1024);
    expect(refused(readPattern(text))).toEqual({
      error: "too_complex",
      message: "This DXF is too large or too complex to read: it has more than 150,000 entities, the most a pattern file may have.",
    });
  });

  it("the control file reads", () => {
    expect(readPattern(goodSquare()).ok).toBe(true);
  });
});

describe("hostile files through the worker pool", () => {
  const pool = new PatternPool({ threads: 1, maxQueue: 8, queueWaitMs: 600_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  afterAll(async () => {
    await pool.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A low-priority thread on a busy machine: seconds per file, so this test has room (it asserts results, not time).
  it("reads each hostile file to a refusal in a worker, and the pool keeps answering", { timeout: 180_000 }, async () => {
    const files = {
      hang: write("hang.dxf", polylineWithoutVertices()),
      fanOut: write("fan.dxf", insertFanOut()),
      km: write("km.dxf", square(1_000_000)),
      big: write("big.dxf", bigDxf(24)),
      inf: write("inf.dxf", vertexOf("inf")),
    };
    const results = await Promise.all(Object.values(files).map((file) => pool.run({ kind: "read", file })));
    expect(results.map((r) => (r.ok ? "ok" : r.error))).toEqual(["not_dxf", "too_complex", "piece_size", "too_complex", "bad_number"]);
    const good = await pool.run({ kind: "read", file: write("good.dxf", goodSquare()) });
    expect(good.ok).toBe(true);
  });

  it("refuses a print file of more pages than the limit before drawing it", async () => {
    // Twenty 4.9 m squares, one per size: each is within the piece limit, together far beyond the page limit.
    const read = readPattern(square(4_900));
    if (!read.ok) throw new Error(read.message);
    const piece = read.pattern.pieces[0]!;
    const sizes = Array.from({ length: 20 }, (_, i) => String(30 + i * 2));
    const pattern = { ...read.pattern, sizes, pieces: sizes.map((size) => ({ ...piece, name: `P${size}`, size })) };
    const target = path.join(dir, "big.pdf");
    const result = await pool.run({
      kind: "print",
      data: JSON.stringify(pattern),
      options: { format: "A4", sizes: [], stamp: null, title: "Big" },
      target,
    });
    expect(result.ok).toBe(false);
    expect(result.pages).toBeGreaterThan(MAX_PRINT_PAGES);
    expect(fs.existsSync(target)).toBe(false);
  });
});
