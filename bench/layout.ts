// Cutting layouts benchmark (issue 25, decision 116): `npx tsx bench/layout.ts`. Every graded real CAD export of
// tests/fixtures/cad-dxf (all of ../shared/cad-dxf), its main fabric laid out with a 5 mm gap at 1120, 1400 and
// 1500 mm for a spread of sizes (the smallest, the sample and the largest; LAYOUT_SIZES=all for every size): per file
// the sample size's length, lower bound (area / width) and efficiency, and the range of efficiency over the spread;
// the median efficiency at 1400 mm over the corpus (target >= 70 %); and the time per size of the largest file at
// 1400 mm, every size (target < 2 s), CPU and wall time in this process (the pool runs the same code on one thread).
// Layouts as the product shows them (fold "auto": when a piece is cut on the fold, laid folded and open and the shorter
// returned), and beside them at 1400 mm the same sample size laid open (fold "open", on-fold pieces unfolded) and
// folded (fold "folded": on the fabric folded lengthwise where it can). Time per size: the largest file, and the
// largest file laid both ways by auto (a piece on the fold that can fold).
// Writes bench/LAYOUT-RESULTS.md (npm run bench folds it into bench/RESULTS.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { layoutPieces } from "../app/models/patterns/nest.server";
import { piecesToCut } from "../app/models/patterns/shapes.server";
import { readPattern } from "../app/models/patterns/dxf.server";
import { mainMaterial } from "../app/models/patterns/fabric.server";
import { PatternPool } from "../app/models/patterns/pool.server";
import type { Pattern } from "../app/models/patterns/types";
import { cadFixtures } from "../tests/unit/cad-fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WIDTHS = [1120, 1400, 1500];
const GAP = 5;
const ALL = process.env.LAYOUT_SIZES === "all";
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function lay(pattern: Pattern, size: string, widthMm: number, fold: "auto" | "open" | "folded" = "auto") {
  const material = mainMaterial(pattern, size);
  if (material === null) return null;
  const c = process.cpuUsage();
  const t = performance.now();
  const result = layoutPieces({ pieces: piecesToCut(pattern, size, material), material, widthMm, gapMm: GAP, fold });
  const wall = performance.now() - t;
  const used = process.cpuUsage(c);
  return { result, wall, cpu: (used.user + used.system) / 1000, material };
}

const fixtures = cadFixtures();
const rows: string[] = [];
const at1400: number[] = [];
const open1400: number[] = [];
const folded1400: number[] = [];
const bothWays: { name: string; bytes: Buffer | Uint8Array; pattern: Pattern }[] = [];
const foldedFiles: string[] = [];
const started = Date.now();
for (const { name, bytes } of fixtures) {
  const read = readPattern(bytes);
  if (!read.ok || read.pattern.sizes.length < 2) continue;
  const p = read.pattern;
  const sample = p.sampleSize && p.sizes.includes(p.sampleSize) ? p.sampleSize : p.sizes[Math.floor((p.sizes.length - 1) / 2)]!;
  const sizes = ALL ? p.sizes : [...new Set([p.sizes[0]!, sample, p.sizes[p.sizes.length - 1]!])];
  const cells: string[] = [];
  for (const widthMm of WIDTHS) {
    const effs: number[] = [];
    let cell = "";
    for (const size of sizes) {
      const out = lay(p, size, widthMm);
      if (!out) continue;
      if (!out.result.ok) {
        if (size === sample) cell = `${out.result.error}`;
        continue;
      }
      const l = out.result.layout;
      effs.push(l.efficiency);
      if (size === sample) {
        cell = `${Math.round(l.lengthMm)} / ${Math.round(l.lowerBoundMm)} / ${pct(l.efficiency)}${l.folded ? " F" : ""}`;
        if (widthMm === 1400) at1400.push(l.efficiency);
        if (widthMm === 1400 && l.folded) foldedFiles.push(name);
      }
    }
    const range = effs.length > 1 ? ` (${pct(Math.min(...effs))}-${pct(Math.max(...effs))})` : "";
    cells.push(cell + range);
    console.log(`[layout] ${name} ${widthMm}: ${cell}${range}`);
  }
  const open = lay(p, sample, 1400, "open");
  let openCell = "";
  if (open?.result.ok) {
    const l = open.result.layout;
    open1400.push(l.efficiency);
    openCell = `${Math.round(l.lengthMm)} / ${pct(l.efficiency)}`;
    console.log(`[layout] ${name} 1400 open: ${openCell}`);
  } else if (open) openCell = open.result.ok ? "" : open.result.error;
  const fold = lay(p, sample, 1400, "folded");
  let foldCell = "";
  if (fold?.result.ok) {
    const l = fold.result.layout;
    folded1400.push(l.efficiency);
    foldCell = `${Math.round(l.lengthMm)} / ${pct(l.efficiency)}${l.folded ? " F" : ""}`;
    if (l.folded) bothWays.push({ name, bytes, pattern: p });
    console.log(`[layout] ${name} 1400 folded: ${foldCell}`);
  } else if (fold) foldCell = fold.result.ok ? "" : fold.result.error;
  rows.push(`| ${name} | ${p.sizes.length} | ${sample} | ${cells.join(" | ")} | ${openCell} | ${foldCell} |`);
}

// Every size at 1400 mm of the largest real file, and of the largest file laid both ways (folded and open) by auto.
type Timed = { size: string; cpu: number; wall: number; cuts: number; folded: boolean };
function timeSizes(name: string, pattern: Pattern): Timed[] {
  const times: Timed[] = [];
  for (const size of pattern.sizes) {
    const out = lay(pattern, size, 1400);
    if (!out || !out.result.ok) continue;
    times.push({ size, cpu: out.cpu, wall: out.wall, cuts: out.result.layout.placements.length, folded: !!out.result.layout.folded });
    console.log(`[layout] ${name} ${size}: ${Math.round(out.cpu)} ms CPU, ${Math.round(out.wall)} ms wall`);
  }
  return times;
}
const largest = [...fixtures].sort((a, b) => b.bytes.length - a.bytes.length)[0]!;
const big = readPattern(largest.bytes);
const times = big.ok ? timeSizes(largest.name, big.pattern) : [];
const largestBoth = [...bothWays].sort((a, b) => b.bytes.length - a.bytes.length)[0];
const timesBoth = largestBoth ? timeSizes(largestBoth.name, largestBoth.pattern) : [];
// The largest file again through the worker pool, as the app lays it (one thread, the pool's limits, the pattern's JSON
// parsed in the worker): wall time per size, after a first task that starts the worker (timed apart).
const pooled: number[] = [];
let coldMs = 0;
if (big.ok) {
  const pool = new PatternPool({ threads: 1 });
  try {
    const data = JSON.stringify(big.pattern);
    const first = big.pattern.sizes[0]!;
    const t0 = performance.now();
    await pool.run({ kind: "layout", data, size: first, material: mainMaterial(big.pattern, first) ?? "fabric", widthMm: 1120, gapMm: GAP });
    coldMs = performance.now() - t0;
    for (const size of big.pattern.sizes) {
      const material = mainMaterial(big.pattern, size);
      if (material === null) continue;
      const t = performance.now();
      const out = await pool.run({ kind: "layout", data, size, material, widthMm: 1400, gapMm: GAP });
      if (!out.ok) throw new Error(`${size}: ${out.error}`);
      pooled.push(performance.now() - t);
      console.log(`[layout] ${largest.name} ${size} in the pool: ${Math.round(pooled[pooled.length - 1]!)} ms`);
    }
  } finally {
    await pool.destroy();
  }
}

const timeLine = (name: string, how: string, ts: Timed[]) =>
  `**Time per size on ${name}** (${how}, ${ts.length} sizes, ${Math.min(...ts.map((t) => t.cuts))}-${Math.max(...ts.map((t) => t.cuts))} cuts, 1400 mm): ` +
  `CPU median ${Math.round(median(ts.map((t) => t.cpu)))} ms, max ${Math.round(Math.max(...ts.map((t) => t.cpu)))} ms; wall median ` +
  `${Math.round(median(ts.map((t) => t.wall)))} ms, max ${Math.round(Math.max(...ts.map((t) => t.wall)))} ms (target < 2 s).`;

const lines = [
  "## Cutting layouts (issue 25, `npx tsx bench/layout.ts`)",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)} at the end (${Math.round((Date.now() - started) / 1000)} s).`,
  `Main fabric, ${GAP} mm gap, no selvedge. Each cell: the sample size's length / lower bound (area / width) in mm / efficiency,`,
  `then the range of efficiency over ${ALL ? "every size" : "the smallest, sample and largest sizes"}. Laid as the product shows them (fold "auto");`,
  "F: on the fabric folded lengthwise (a piece is cut on the fold; the length is the folded one, the efficiency over the whole width).",
  'Last columns: the sample size at 1400 mm laid open (fold "open", on-fold pieces unfolded) and folded (fold "folded", F where it folds): length / efficiency.',
  "",
  "| File | Sizes | Sample | 1120 mm | 1400 mm | 1500 mm | 1400 mm open | 1400 mm folded |",
  "|---|---:|---:|---|---|---|---|---|",
  ...rows,
  "",
  `**Median efficiency at 1400 mm** over the ${at1400.length} graded files (sample size), as the product shows them (auto, the shorter of folded and open; ${foldedFiles.length} folded): **${pct(median(at1400))}** (target ≥ 70 %); ` +
    `all laid open: ${pct(median(open1400))}; folded where they can (${bothWays.length} folded): ${pct(median(folded1400))}.`,
  "",
  `Folded as returned by auto at 1400 mm (sample size): ${foldedFiles.join(", ") || "none"}.`,
  "",
  "Files of 2-4 pieces (DEEP_ARMHOLE_RACER, GLX0924/0926, ORILEGWB, WM_LOOSE_SHAPE_TANK, simple) are as long as their tallest " +
    "piece (open) or their on-fold halves end to end (folded) whatever the nesting: no ordering or rule can raise them.",
  "",
  times.length ? timeLine(largest.name, `the largest file, ${times.some((t) => t.folded) ? "folded" : "open"} as auto returns it`, times) : `The largest file (${largest.name}) gave no layout.`,
  "",
  pooled.length
    ? `**In the worker pool** (${largest.name}, one thread, every size at 1400 mm, the task as the app sends it): wall median ` +
      `${Math.round(median(pooled))} ms, max ${Math.round(Math.max(...pooled))} ms per size (target < 2 s); the first task, which starts the ` +
      `worker (size ${big.ok ? big.pattern.sizes[0] : "?"} on 1120 mm, not counted), ${Math.round(coldMs)} ms.`
    : "The worker pool gave no layout.",
  "",
  timesBoth.length && largestBoth
    ? timeLine(largestBoth.name, "the largest file with on-fold pieces that fold: auto lays every size both ways", timesBoth)
    : "No file is laid both ways.",
];
fs.writeFileSync(path.join(root, "bench", "LAYOUT-RESULTS.md"), lines.join("\n") + "\n");
console.log("\n" + lines.join("\n"));
