/**
 * The pattern worker (decision 090): every piece of pattern work that may take long or much memory runs here, in a
 * thread of the pool in pool.server.ts, never on the thread that answers requests. It is bundled on its own as
 * build/server/pattern-worker.js. Inputs are plain data (paths, stored pattern JSON); outputs are plain data or a file
 * written to the path the caller chose, so nothing large is copied between threads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import type { MessagePort } from "node:worker_threads";

import { readPattern } from "./dxf.server";
import { buildPrintPdf, printLayout, type PrintOptions } from "./pdf.server";
import { compareSvg, customPreviewSvg, previewSvg } from "./preview.server";
import { stampDxf } from "./stamp.server";
import { MAX_PRINT_PAGES } from "./limits";
import { customPiecesDxf } from "./dxf-writer.server";
import { layoutPieces, type LayoutResult } from "./nest.server";
import { piecesToCut } from "./shapes.server";
import { giveWayTo } from "./quiet";
import { nestMarker, type MarkerInput, type MarkerResult } from "./marker.server";
import { CUSTOM_SIZE, customPieces, withCustomSize, type CustomError } from "./interpolate";
import type { Measurements, SizeChart } from "~/utils/measurements";
import type { Pattern, PatternUnits, ReadPatternResult } from "./types";

export type PatternTask =
  /** Reads a DXF upload (the upload check and the stored reading are this one call). */
  | { kind: "read"; file: string; units?: PatternUnits }
  /**
   * The same, answering the reading as the JSON text that is stored (no object graph to copy between threads).
   * `units`: the seller's choice for this file (readPattern's option; the reading's unitsSource is then 'seller').
   */
  | { kind: "readJson"; file: string; units?: PatternUnits }
  | { kind: "preview"; data: string; size: string; title: string }
  | { kind: "compare"; before: string; now: string; size: string }
  /** Writes the print PDF to `target`; refuses a file of more than MAX_PRINT_PAGES pages. */
  | { kind: "print"; data: string; options: PrintOptions; target: string }
  /** Writes the stamped copy of the DXF at `source` to `target`. */
  | { kind: "stamp"; source: string; stamp: string; target: string }
  /**
   * The buyer's own size (made to measure, decision 114) from the stored pattern, the design's size chart and the
   * order's measurements: its DXF (`options` null) or a print file with it as one more layer over the chosen sizes.
   */
  | { kind: "custom"; data: string; chart: SizeChart; measurements: Measurements; options: PrintOptions | null; stamp: string | null; target: string }
  /** The product page's preview of a buyer's own size over the graded sizes (made to measure): the SVG, or why not. */
  | { kind: "customPreview"; data: string; chart: SizeChart; measurements: Measurements; title: string }
  /**
   * A cutting layout (issue 25, decision 130): the pieces of `size` cut from `material` nested on `widthMm` of fabric.
   * With `custom`, the buyer's own size (made to measure) built from the chart and the measurements, as "customPreview".
   */
  | {
      kind: "layout";
      data: string;
      size: string;
      material: string;
      widthMm: number;
      gapMm: number;
      /** Kept free at each edge (issue 47); absent: 0. */
      selvedgeMm?: number;
      custom?: { chart: SizeChart; measurements: Measurements };
    }
  /**
   * A graded layout laid again with the strip search after the greedy passes (issue 47, decision 155): `evaluations`
   * of it (LAYOUT_IMPROVE_SECONDS × EVALUATIONS_PER_SECOND); the background lane runs it.
   */
  | { kind: "improveLayout"; data: string; size: string; material: string; widthMm: number; gapMm: number; selvedgeMm?: number; evaluations: number }
  /** A production marker (issue 48): garments of several sizes of one material nested together (marker.server.ts). */
  | ({ kind: "marker"; data: string } & MarkerInput)
  /** For the pool's own tests: spins, allocates or throws as told. */
  | { kind: "test"; behave: "spin" | "allocate" | "throw" | "echo" | "policy"; value?: string };

/** A reading as stored: the pattern's JSON and what the upload answer needs of it. */
export type ReadPatternJson = { ok: true; data: string; sizes: string[]; unitsAssumed: boolean; warnings: string[] } | Extract<ReadPatternResult, { ok: false }>;

export type PatternTaskResult = {
  read: ReadPatternResult;
  readJson: ReadPatternJson;
  preview: string;
  compare: string;
  print: { ok: true; pages: number } | { ok: false; pages: number };
  stamp: { ok: true };
  custom: { ok: true; pages: number } | { ok: false; pages: number } | { ok: false; error: CustomError; message: string };
  customPreview: { ok: true; svg: string } | { ok: false; error: CustomError; message: string };
  layout: LayoutResult | { ok: false; error: "custom"; custom: CustomError; message: string };
  improveLayout: LayoutResult;
  marker: MarkerResult;
  test: string;
};

function run(task: PatternTask): unknown {
  switch (task.kind) {
    case "read":
      return readPattern(fs.readFileSync(task.file), { units: task.units });
    case "readJson": {
      const result = readPattern(fs.readFileSync(task.file), { units: task.units });
      return result.ok
        ? { ok: true, data: JSON.stringify(result.pattern), sizes: result.pattern.sizes, unitsAssumed: result.pattern.unitsAssumed, warnings: result.pattern.warnings ?? [] }
        : result;
    }
    case "preview":
      return previewSvg(JSON.parse(task.data) as Pattern, task.size, { title: task.title });
    case "compare":
      return compareSvg(JSON.parse(task.before) as Pattern, JSON.parse(task.now) as Pattern, task.size);
    case "print":
      return print(task);
    case "stamp":
      fs.writeFileSync(task.target, stampDxf(new Uint8Array(fs.readFileSync(task.source)), task.stamp));
      return { ok: true };
    case "custom":
      return custom(task);
    case "customPreview":
      return customPreview(task);
    case "layout":
      return layout(task);
    case "improveLayout": {
      const { material, widthMm, gapMm, selvedgeMm, evaluations } = task;
      return layoutPieces({ pieces: piecesToCut(JSON.parse(task.data) as Pattern, task.size, material), material, widthMm, gapMm, selvedgeMm, improve: evaluations });
    }
    case "marker": {
      const { kind: _kind, data, ...input } = task;
      return nestMarker(JSON.parse(data) as Pattern, input);
    }
    case "test":
      return testTask(task);
  }
}

async function print(task: Extract<PatternTask, { kind: "print" }>) {
  return printPattern(JSON.parse(task.data) as Pattern, task.options, task.target);
}

async function printPattern(pattern: Pattern, options: PrintOptions, target: string) {
  const { pages } = printLayout(pattern, options);
  if (pages > MAX_PRINT_PAGES) return { ok: false, pages };
  fs.writeFileSync(target, await buildPrintPdf(pattern, options));
  return { ok: true, pages };
}

async function custom(task: Extract<PatternTask, { kind: "custom" }>) {
  const pattern = JSON.parse(task.data) as Pattern;
  const result = customPieces(pattern, task.chart, task.measurements);
  if (!result.ok) return result;
  if (!task.options) {
    fs.writeFileSync(task.target, customPiecesDxf(result.pieces, task.stamp));
    return { ok: true, pages: 0 };
  }
  return printPattern(withCustomSize(pattern, result.pieces), { ...task.options, sizes: [...task.options.sizes, CUSTOM_SIZE] }, task.target);
}

function customPreview(task: Extract<PatternTask, { kind: "customPreview" }>) {
  const pattern = JSON.parse(task.data) as Pattern;
  const result = customPieces(pattern, task.chart, task.measurements);
  if (!result.ok) return result;
  return { ok: true, svg: customPreviewSvg(withCustomSize(pattern, result.pieces), { title: task.title }) };
}

function layout(task: Extract<PatternTask, { kind: "layout" }>): PatternTaskResult["layout"] {
  let pattern = JSON.parse(task.data) as Pattern;
  let size = task.size;
  if (task.custom) {
    const result = customPieces(pattern, task.custom.chart, task.custom.measurements);
    if (!result.ok) return { ok: false, error: "custom", custom: result.error, message: result.message };
    pattern = withCustomSize(pattern, result.pieces);
    size = CUSTOM_SIZE;
  }
  const { material, widthMm, gapMm, selvedgeMm } = task;
  return layoutPieces({ pieces: piecesToCut(pattern, size, material), material, widthMm, gapMm, selvedgeMm });
}

function testTask(task: Extract<PatternTask, { kind: "test" }>): string {
  if (task.behave === "spin") for (;;);
  if (task.behave === "allocate") {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(1_000_000).fill(kept.length));
  }
  if (task.behave === "throw") throw new Error(task.value ?? "thrown in the worker");
  // The thread's scheduling policy (/proc's field 41: 0 normal, 5 idle).
  if (task.behave === "policy") return fs.readFileSync("/proc/thread-self/stat", "latin1").split(") ")[1]!.split(" ")[38]!;
  return task.value ?? "";
}

/** This thread's id for the kernel (Linux), so the pool can read its CPU time; 0 elsewhere. */
function threadId(): number {
  try {
    return Number(fs.readFileSync("/proc/thread-self/stat", "latin1").split(" ")[0]) || 0;
  } catch {
    return 0;
  }
}
const tid = threadId();

/**
 * The background lane's thread (nice 19: nobody waits for its work) also takes Linux's idle scheduling class
 * (SCHED_IDLE, set by util-linux's chrt): it runs only on a core nothing else wants, and a request thread that wakes
 * takes the core at once, where at nice 19 it may wait out the running slice. Once per thread, before its first task;
 * without chrt or /proc the thread stays at nice 19.
 */
let schedulingChecked = false;
function idleWhenInBackground() {
  if (schedulingChecked || !tid) return;
  schedulingChecked = true;
  try {
    if (os.getPriority() >= 19) execFileSync("chrt", ["--idle", "--pid", "0", String(tid)], { stdio: "ignore", timeout: 5_000 });
  } catch {
    // no chrt, or not allowed: nice 19 only
  }
}

/** Piscina's entry: the first message tells the pool the task has started (and on which thread), so its limit counts from here. */
export default async function patternWorker({ task, started, quiet, share }: { task: PatternTask; started: MessagePort; quiet?: SharedArrayBuffer | null; share?: number }) {
  idleWhenInBackground();
  started.postMessage({ tid });
  started.close();
  // In the background lane, searches sleep while the process answers requests (quiet.ts).
  giveWayTo(quiet, share);
  try {
    return await run(task);
  } finally {
    giveWayTo(null);
  }
}
