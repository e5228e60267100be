// Cutting layouts at the state of the art (issue 47): `npm run bench:nest`. The strip search on the ESICUP instances
// of ../shared/esicup (override with NEST_DIR), one after the other on one core, NEST_SECONDS each (default 60, in
// evaluations: see EVALUATIONS_PER_SECOND), seed NEST_SEED (default 0); NEST_ONLY=shirts,swim for a subset. Per
// instance: pieces, length, density, CPU seconds and evaluations, beside the engine before issue 47 (the issue's
// measurement of layoutPieces) and the published figures (sparrow, 1,200 s × 3 threads, mean / best). Every layout is
// validated again by the exact check (strip-check.server.ts: clipper intersection of every pair, every vertex in the
// strip, each piece rebuilt from its item so congruent by construction, demands and orientations), and written as
// JSON to bench/nest/<instance>.json. Writes bench/NEST-RESULTS.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { checkStripSolution, OVERLAP_TOLERANCE } from "../app/models/patterns/strip-check.server";
import { parseStripInstance } from "../app/models/patterns/strip-instance";
import { nestStrip } from "../app/models/patterns/strip-nest.server";
import { EVALUATIONS_PER_SECOND } from "../app/models/patterns/strip.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = process.env.NEST_DIR ?? path.resolve(root, "../../shared/esicup");
const seconds = Number(process.env.NEST_SECONDS ?? 60);
const seed = Number(process.env.NEST_SEED ?? 0);
const only = process.env.NEST_ONLY?.split(",");
/** Issue 47's measurement of the engine before it (layoutPieces, gap 0): density, CPU s. */
const BEFORE: Record<string, [number, number]> = {
  shirts: [0.829, 3.4],
  swim: [0.62, 7.2],
  trousers: [0.865, 1.8],
  albano: [0.816, 1.0],
  dagli: [0.8, 1.0],
  mao: [0.775, 1.1],
  marques: [0.833, 1.0],
};
/** sparrow's published figures (../shared/esicup/README.md), mean / best, and the acceptance figures of issue 47. */
const PUBLISHED: Record<string, [number, number, number]> = {
  shirts: [0.8966, 0.9087, 0.866],
  swim: [0.7826, 0.7983, 0.733],
  trousers: [0.9173, 0.9229, 0.895],
  albano: [0.8947, 0.8968, 0.875],
  dagli: [0.8926, 0.9017, 0.855],
  mao: [0.8614, 0.8683, 0.82],
  marques: [0.9093, 0.9142, 0.892],
};
const names = Object.keys(PUBLISHED).filter((n) => !only || only.includes(n));
const pct = (n: number) => (n * 100).toFixed(1);
const rows: string[] = [];
fs.mkdirSync(path.join(root, "bench", "nest"), { recursive: true });
const started = Date.now();
let allValid = true;
for (const name of names) {
  const parsed = parseStripInstance(fs.readFileSync(path.join(dir, `${name}.json`), "utf8"));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.error}`);
  const cpu = process.cpuUsage();
  const { solution, evaluations } = nestStrip(parsed.instance, { seconds, seed });
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  const check = checkStripSolution(parsed.instance, solution);
  allValid &&= check.ok;
  fs.writeFileSync(path.join(root, "bench", "nest", `${name}.json`), JSON.stringify(solution) + "\n");
  const [before, beforeS] = BEFORE[name]!;
  const [mean, best, target] = PUBLISHED[name]!;
  const row =
    `| ${name} | ${solution.placements.length} | ${solution.length.toFixed(2)} | ${pct(before)} (${beforeS} s) | **${pct(solution.density)}** | ` +
    `${cpuS.toFixed(1)} | ${(evaluations / 1e6).toFixed(1)} M | ${pct(target)} ${solution.density >= target ? "✓" : "✗"} | ${pct(mean)} / ${pct(best)} | ${check.ok ? "valid" : `INVALID: ${check.error}`} |`;
  rows.push(row);
  console.log(row);
}
const lines = [
  "## Cutting layouts at the state of the art (issue 47, `npm run bench:nest`)",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)} at the end ` +
    `(${Math.round((Date.now() - started) / 1000)} s). Budget: --seconds ${seconds} = ${(seconds * EVALUATIONS_PER_SECOND / 1e6).toFixed(1)} M evaluations ` +
    `(${EVALUATIONS_PER_SECOND.toLocaleString("en")} a second, the reference rate), seed ${seed}, one thread.`,
  "Density = item area / (strip height × length). Before: issue 47's measurement of the engine before it (layoutPieces, gap 0).",
  "Target: issue 47's acceptance figure at --seconds 60 (sparrow's public build, 30 s on one thread on this machine). Published: sparrow,",
  "1,200 s × 3 threads, mean / best (../shared/esicup/README.md).",
  `Valid: the exact check of every layout (every pair's clipper intersection ≤ ${OVERLAP_TOLERANCE} of the smaller piece, every vertex in`,
  "the strip, each piece its item turned by an allowed rotation and moved, each item placed its demand times). Layouts: bench/nest/*.json.",
  "",
  "| Instance | Pieces | Length | Before: density % (CPU) | After: density % | CPU s | Evaluations | Target % | Published % mean / best | Check |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ...rows,
];
fs.writeFileSync(path.join(root, "bench", "NEST-RESULTS.md"), lines.join("\n") + "\n");
console.log("\n" + lines.join("\n"));
if (!allValid) process.exitCode = 1;
