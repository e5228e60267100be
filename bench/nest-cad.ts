// The strip search on the real garment files (issue 47): `npx tsx bench/nest-cad.ts`. Every graded CAD export of
// tests/fixtures/cad-dxf, its sample size's main fabric on 1400 mm with a 5 mm gap, laid as the product shows it
// (fold "auto") before and after the background improvement (layoutPieces' `improve`: NEST_CAD_SECONDS, default 30,
// of evaluations, as LAYOUT_IMPROVE_SECONDS in the product). Per file: cuts, efficiency before and after, CPU
// seconds of the improved layout; the medians (issue 47's target: at least 75 % after). Beside them each file's ceiling:
// with the grain along the length (0 or 180 degrees only) a layout is at least as long as its longest cut, open or
// folded, and a folded one at least as long as its on-fold pieces' fold edges end to end (they all lie on the one fold
// and cannot share a stretch of it): the efficiency can be no more than area / (width × that length).
// Writes bench/NEST-CAD-RESULTS.md (NEST_CAD_OUT: another name; NEST_CAD_FILES: only the files named).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { readPattern } from "../app/models/patterns/dxf.server";
import { mainMaterial } from "../app/models/patterns/fabric.server";
import { layoutPieces } from "../app/models/patterns/nest.server";
import { cutCount, piecesToCut, shapeOf } from "../app/models/patterns/shapes.server";
import { EVALUATIONS_PER_SECOND } from "../app/models/patterns/strip.server";
import { cadFixtures } from "../tests/unit/cad-fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.NEST_CAD_SECONDS ?? 30);
const improve = Math.round(seconds * EVALUATIONS_PER_SECOND);
/** NEST_CAD_FILES: only these files (comma-separated names); NEST_CAD_OUT: the results' file name in bench/. */
const only = process.env.NEST_CAD_FILES?.split(",");
const out = process.env.NEST_CAD_OUT ?? "NEST-CAD-RESULTS.md";
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const rows: string[] = [];
const before: number[] = [];
const after: number[] = [];
const ceilings: number[] = [];
const started = Date.now();
for (const { name, bytes } of cadFixtures()) {
  if (only && !only.includes(name)) continue;
  const read = readPattern(bytes);
  if (!read.ok || read.pattern.sizes.length < 2) continue;
  const p = read.pattern;
  const sample = p.sampleSize && p.sizes.includes(p.sampleSize) ? p.sampleSize : p.sizes[Math.floor((p.sizes.length - 1) / 2)]!;
  const material = mainMaterial(p, sample);
  if (material === null) continue;
  const pieces = piecesToCut(p, sample, material);
  // The ceilings (see the top): the longest cut along the grain, and the on-fold pieces' fold edges end to end.
  let longest = 0;
  let foldEdges = 0;
  for (const piece of pieces) {
    const shape = shapeOf(piece, 5);
    if (!shape || cutCount(piece, material) < 1) continue;
    longest = Math.max(longest, shape.height);
    if (piece.onFold && piece.fold) foldEdges += Math.hypot(piece.fold[1][0] - piece.fold[0][0], piece.fold[1][1] - piece.fold[0][1]);
  }
  const greedy = layoutPieces({ pieces, material, widthMm: 1400, gapMm: 5 });
  const cpu = process.cpuUsage();
  const improved = layoutPieces({ pieces, material, widthMm: 1400, gapMm: 5, improve });
  const used = process.cpuUsage(cpu);
  if (!greedy.ok || !improved.ok) continue;
  const [a, b] = [greedy.layout, improved.layout];
  before.push(a.efficiency);
  after.push(b.efficiency);
  const ceiling = a.areaMm2 / (1400 * longest);
  ceilings.push(ceiling);
  const foldedCeiling = foldEdges > 0 ? pct(a.areaMm2 / (1400 * Math.max(longest, foldEdges))) : "–";
  const row = `| ${name} | ${b.placements.length} | ${Math.round(a.lengthMm)} / ${pct(a.efficiency)}${a.folded ? " F" : ""} | ${Math.round(b.lengthMm)} / ${pct(b.efficiency)}${b.folded ? " F" : ""} | ${((used.user + used.system) / 1e6).toFixed(1)} | ${pct(ceiling)} | ${foldedCeiling} |`;
  rows.push(row);
  console.log(row);
}
const low = ceilings.filter((c) => c < 0.75).length;
const need = after.length - Math.ceil(after.length / 2) + 1;
const lines = [
  "## The strip search on the real garment files (issue 47, `npx tsx bench/nest-cad.ts`)",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)} at the end (${Math.round((Date.now() - started) / 1000)} s).`,
  `Sample size, main fabric, 1400 mm, 5 mm gap, fold "auto" (F: folded). Before: the greedy layout shown at once; after: with the background`,
  `improvement of ${seconds} s (${(improve / 1e6).toFixed(1)} M evaluations: the shorter greedy layout, open or folded, searched from itself, kept when shorter).`,
  "CPU: the improved layout's. Ceiling: area / (1400 mm × the longest cut); folded: × the longer of that and the on-fold pieces' fold edges end to end.",
  "",
  "| File | Cuts | Before: length mm / efficiency | After: length mm / efficiency | CPU s | Ceiling | Ceiling folded |",
  "|---|---:|---|---|---:|---:|---:|",
  ...rows,
  "",
  `**Median efficiency** over the ${after.length} graded files: before ${pct(median(before))}, after **${pct(median(after))}** (issue 47's target: ≥ 75 %).`,
  `Ceilings: ${low} files cannot reach 75 % in any layout (ceiling ${pct(Math.min(...ceilings))} to ${pct(Math.max(...ceilings.filter((c) => c < 0.75)))}). A median of 75 % needs ${need} files at`,
  `75 % or more (at most ${after.length - need} below), so ${need} of the other ${after.length - low}: ${after.filter((e) => e >= 0.75).length} are now.`,
];
fs.writeFileSync(path.join(root, "bench", out), lines.join("\n") + "\n");
console.log("\n" + lines.join("\n"));
