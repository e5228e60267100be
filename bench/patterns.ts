// Pattern files benchmark (issue 12): `npx tsx bench/patterns.ts [runs]`. Times, as the p50 of several runs after
// one warm-up: reading a 150-block ASTM DXF (10 pieces x 15 sizes, about 1 MB), building the piece preview SVG,
// the fabric estimate, stamping the DXF, and building the A4 and projector PDFs of all 15 sizes. Prints a markdown
// table; targets from the issue: read < 1 s, A4 PDF < 3 s.
import os from "node:os";
import { performance } from "node:perf_hooks";

import { readPattern } from "../app/models/patterns/dxf.server";
import { fabricEstimate } from "../app/models/patterns/fabric.server";
import { DEFAULT_SIZES, makeAstmDxf } from "../app/models/patterns/demo.server";
import { buildPrintPdf } from "../app/models/patterns/pdf.server";
import { previewSvg } from "../app/models/patterns/preview.server";
import { stampDxf } from "../app/models/patterns/stamp.server";
import type { Pattern } from "../app/models/patterns/types";

const RUNS = Math.max(1, Number(process.argv[2] ?? process.env.BENCH_PATTERN_RUNS ?? 7));
const STAMP = "Order #123 · buyer@example.com";

/** Wall time (p50, min, max) and the p50 of the process's CPU time, which other load on the machine inflates less. */
async function measure<T>(fn: () => T | Promise<T>): Promise<{ p50: number; min: number; max: number; cpu: number; last: T }> {
  let last = await fn(); // warm-up
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    last = await fn();
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpus.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const mid = Math.floor((times.length - 1) / 2);
  return { p50: times[mid], min: times[0], max: times[times.length - 1], cpu: cpus[mid], last };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const dxf = makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES });
const rows: string[][] = [];
const row = (label: string, m: { p50: number; min: number; max: number; cpu: number }, size: string) =>
  rows.push([label, ms(m.p50), ms(m.min), ms(m.max), ms(m.cpu), size]);

const read = await measure(() => readPattern(Buffer.from(dxf)));
if (!read.last.ok) throw new Error(read.last.message);
const pattern: Pattern = read.last.pattern;
row("Read 150-block DXF (10 pieces x 15 sizes)", read, `${kb(dxf.length)} in, ${kb(JSON.stringify(pattern).length)} JSON`);

const preview = await measure(() => previewSvg(pattern, "48"));
row("Preview SVG (one size, 10 pieces)", preview, kb(preview.last.length));

const fabric = await measure(() => DEFAULT_SIZES.map((s) => fabricEstimate(pattern, s)));
row("Fabric estimate (all 15 sizes)", fabric, "");

const stamp = await measure(() => stampDxf(dxf, STAMP));
row("Stamp the DXF", stamp, kb(stamp.last.length));

const options = { sizes: [], stamp: STAMP, title: "Benchmark shirt" };
const a4 = await measure(() => buildPrintPdf(pattern, { ...options, format: "A4" }));
row("A4 PDF (15 sizes, stamped)", a4, kb(a4.last.length));

const a0 = await measure(() => buildPrintPdf(pattern, { ...options, format: "A0" }));
row("A0 PDF (15 sizes, stamped)", a0, kb(a0.last.length));

const projector = await measure(() => buildPrintPdf(pattern, { ...options, format: "projector" }));
row("Projector PDF (15 sizes, stamped)", projector, kb(projector.last.length));

const load = os.loadavg()[0].toFixed(1);
console.log(`\n### Pattern files (${RUNS} runs after a warm-up, ${os.cpus().length} CPUs, load ${load}, Node ${process.version})\n`);
console.log("| Step | p50 | min | max | CPU p50 | Size |");
console.log("| --- | ---: | ---: | ---: | ---: | --- |");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
const slow = [read.p50 > 1000 && "reading the DXF took over 1 s", a4.p50 > 3000 && "the A4 PDF took over 3 s"].filter(Boolean);
if (slow.length) {
  console.log(`\nOver target: ${slow.join("; ")}.`);
  process.exitCode = 1;
}
