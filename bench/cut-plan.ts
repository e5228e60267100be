// Production markers (issue 48): `npx tsx bench/cut-plan.ts`. On every graded CAD export of tests/fixtures/cad-dxf
// with at least four sizes, a run of four consecutive sizes (around the sample size) with quantities 2/4/4/2 of the
// main fabric, 1500 mm wide, a 6 m table, 40 plies at most, a 5 mm gap, 10 mm selvedge margins and 20 mm end
// allowances, two-way, planned as the product plans it (runCutPlan, markers nested directly here instead of in the
// pool) with CUT_PLAN_SECONDS (default 30, the product's LAYOUT_IMPROVE_SECONDS) of strip search per marker, at most PLAN_SEARCH_SECONDS for a plan's markers together. Each marker checked on its own: no two
// outlines overlapping (clipper, at 0.01 mm), inside the width less the margins, turned 0 or 180 degrees only
// (0 only one-way), length plus both end allowances within the table, plies within the most, and every ordered
// piece exactly once across the plan's plies. Writes bench/CUT-PLAN-RESULTS.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import ClipperLib, { type Path } from "clipper-lib";

import { checkCutOrder, CUT_ORDER_DEFAULT_GAP_MM, type CutOrder } from "../app/models/layout/cut-plan";
import { PLAN_DEADLINE_SECONDS, PLAN_SEARCH_SECONDS, runCutPlan } from "../app/models/layout/cut-plan-run.server";
import { readPattern } from "../app/models/patterns/dxf.server";
import { mainMaterial } from "../app/models/patterns/fabric.server";
import { nestMarker, type Marker } from "../app/models/patterns/marker.server";
import { cutCount, piecesToCut } from "../app/models/patterns/shapes.server";
import { EVALUATIONS_PER_SECOND } from "../app/models/patterns/strip.server";
import type { Pattern } from "../app/models/patterns/types";
import { cadFixtures } from "../tests/unit/cad-fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.CUT_PLAN_SECONDS ?? 30);
const only = process.env.CUT_PLAN_FILES?.split(",");
const gapMm = Number(process.env.CUT_PLAN_GAP ?? CUT_ORDER_DEFAULT_GAP_MM);
const marginMm = Number(process.env.CUT_PLAN_MARGIN ?? 10);
const out = process.env.CUT_PLAN_OUT ?? "CUT-PLAN-RESULTS.md";
/** CUT_PLAN_ALL=n: every size of the file, n garments each (the acceptance's largest file at 5), instead of 2/4/4/2. */
const all = Number(process.env.CUT_PLAN_ALL ?? 0);
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The faults of one marker (empty: valid). */
function markerFaults(marker: Marker, order: CutOrder): string[] {
  const faults: string[] = [];
  const S = 100;
  const lo = order.marginMm - 1e-6;
  const hi = order.widthMm - order.marginMm + 1e-6;
  const paths = marker.placements.map((p) => p.polygon.map(([x, y]) => ({ X: Math.round(x * S), Y: Math.round(y * S) })));
  const boxes = marker.placements.map((p) => {
    const xs = p.polygon.map((q) => q[0]);
    const ys = p.polygon.map((q) => q[1]);
    return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  });
  marker.placements.forEach((p, i) => {
    const b = boxes[i]!;
    if (b.x0 < lo || b.x1 > hi || b.y0 < -1e-6) faults.push(`${p.size} ${p.name} outside the width less the margins`);
    if (order.nap === "one-way" ? p.rotation !== 0 : p.rotation !== 0 && p.rotation !== 180) faults.push(`${p.size} ${p.name} turned ${p.rotation}`);
  });
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0) continue;
      const c = new ClipperLib.Clipper();
      c.AddPath(paths[i]!, ClipperLib.PolyType.ptSubject, true);
      c.AddPath(paths[j]!, ClipperLib.PolyType.ptClip, true);
      const out: Path[] = [];
      c.Execute(ClipperLib.ClipType.ctIntersection, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
      const area = out.reduce((s, q) => s + Math.abs(ClipperLib.Clipper.Area(q)), 0) / (S * S);
      // A few 0.01 mm² of rounding where two outlines lie a gap apart is not an overlap: 1 mm² is.
      if (area > 1) faults.push(`${marker.placements[i]!.size} ${marker.placements[i]!.name} overlaps ${marker.placements[j]!.size} ${marker.placements[j]!.name} by ${area.toFixed(1)} mm²`);
    }
  }
  return faults;
}

const rows: string[] = [];
const efficiencies: number[] = [];
const spread: number[] = [];
let invalid = 0;
let plans = 0;
const started = Date.now();
for (const { name, bytes } of cadFixtures()) {
  if (only && !only.includes(name)) continue;
  const read = readPattern(bytes);
  if (!read.ok || read.pattern.sizes.length < 4) continue;
  const p: Pattern = read.pattern;
  const sampleAt = Math.max(0, p.sampleSize ? p.sizes.indexOf(p.sampleSize) : Math.floor(p.sizes.length / 2));
  const first = Math.max(0, Math.min(sampleAt - 1, p.sizes.length - 4));
  const run = all > 0 ? p.sizes : p.sizes.slice(first, first + 4);
  const material = mainMaterial(p, run[Math.min(1, run.length - 1)]!);
  if (material === null) continue;
  const sizes = Object.fromEntries(run.map((s, i) => [s, all > 0 ? all : [2, 4, 4, 2][i]!]));
  const pieces = p.pieces.map((q) => ({ size: q.size, material: q.material ?? "fabric", name: q.name, width: 0, length: 0 }));
  const checked = checkCutOrder(
    { sizes, width_mm: 1500, table_mm: 6000, max_plies: 40, nap: "two-way", gap_mm: gapMm, margin_mm: marginMm, end_mm: 20, materials: [material] },
    { sizes: p.sizes, materials: [material], pieces },
    { min: 500, max: 3200 },
  );
  if (!checked.ok) throw new Error(`${name}: ${checked.message}`);
  const order = checked.order;
  const cpu = process.cpuUsage();
  const result = await runCutPlan({
    order,
    cutsPerGarment: (size, m) => piecesToCut(p, size, m).reduce((s, q) => s + cutCount(q, m), 0),
    search: { perMarker: Math.round(seconds * EVALUATIONS_PER_SECOND), total: Math.round(PLAN_SEARCH_SECONDS * EVALUATIONS_PER_SECOND) },
    deadline: Date.now() + PLAN_DEADLINE_SECONDS * 1000,
    nest: async (counts, m, evaluations) =>
      nestMarker(p, { sizes: counts, material: m, widthMm: order.widthMm, gapMm: order.gapMm, marginMm: order.marginMm, nap: order.nap, evaluations }),
  });
  const used = process.cpuUsage(cpu);
  plans++;
  if (!result.ok) {
    invalid++;
    rows.push(`| ${name} | ${run.join(", ")} | failed: ${result.message} | | | | |`);
    console.log(rows.at(-1));
    continue;
  }
  // Every ordered piece exactly once over the plan's plies.
  const cut = new Map<string, number>();
  const faults: string[] = [];
  for (const m of result.markers) {
    faults.push(...markerFaults(m.marker, order));
    if (m.plies > order.maxPlies) faults.push(`${m.plies} plies`);
    if (m.marker.lengthMm + 2 * order.endMm > order.tableMm) faults.push(`marker of ${m.marker.lengthMm} mm`);
    for (const q of m.marker.placements) cut.set(`${q.size}|${q.name}`, (cut.get(`${q.size}|${q.name}`) ?? 0) + m.plies);
    efficiencies.push(m.marker.efficiency);
    spread.push(m.marker.areaMm2 / (order.widthMm * m.marker.lengthMm));
  }
  const ordered = new Map<string, number>();
  for (const s of run) for (const q of piecesToCut(p, s, material)) ordered.set(`${s}|${q.name}`, (ordered.get(`${s}|${q.name}`) ?? 0) + cutCount(q, material) * sizes[s]!);
  for (const [key, want] of ordered) if ((cut.get(key) ?? 0) !== want) faults.push(`${key.replace("|", " ")}: ${cut.get(key) ?? 0} cut, ${want} ordered`);
  for (const key of cut.keys()) if (!ordered.has(key)) faults.push(`${key.replace("|", " ")} not ordered`);
  if (faults.length) invalid++;
  const markers = result.markers.map((m) => `${Object.entries(m.sizes).map(([s, n]) => (n > 1 ? `${n}×${s}` : s)).join("+")} ×${m.plies}: ${Math.round(m.marker.lengthMm)} mm, ${pct(m.marker.efficiency)}`).join("; ");
  rows.push(
    `| ${name} | ${run.join(", ")} | ${markers} | ${(result.totalMm / 1000).toFixed(2)} | ${(result.boundMm / 1000).toFixed(2)} | ${faults.length ? faults.slice(0, 3).join("; ") : "valid"} | ${((used.user + used.system) / 1e6).toFixed(0)} |`,
  );
  console.log(rows.at(-1));
}
const lines = [
  "## Production markers (issue 48, `npx tsx bench/cut-plan.ts`)",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)} at the end (${Math.round((Date.now() - started) / 1000)} s).`,
  `Four consecutive sizes around the sample size, 2/4/4/2 garments, main fabric, 1500 mm wide, 6 m table, 40 plies at most, ${gapMm} mm gap,`,
  `${marginMm} mm selvedge margins, 20 mm end allowances, two-way; ${seconds} s of strip search per marker (${((seconds * EVALUATIONS_PER_SECOND) / 1e6).toFixed(1)} M evaluations),`,
  `at most ${PLAN_SEARCH_SECONDS} s for a plan's markers together. Efficiency: the pieces' area over the marker's length times its width (the usable width, less both margins).`,
  "",
  "| File | Sizes | Markers: sizes × plies: length, efficiency | Total m | Bound m | Check | CPU s |",
  "|---|---|---|---:|---:|---|---:|",
  ...rows,
  "",
  `**${plans - invalid} of ${plans} plans valid; median marker efficiency ${pct(median(efficiencies))}** over ${efficiencies.length} markers (issue 48's acceptance: every marker valid, median ≥ 80 %); over the whole spread width (margins included) ${pct(median(spread))}.`,
];
fs.writeFileSync(path.resolve(root, "bench", out), lines.join("\n") + "\n");
console.log("\n" + lines.join("\n"));
