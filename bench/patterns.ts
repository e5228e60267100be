// Pattern files benchmark (issue 12): `npx tsx bench/patterns.ts [runs]`. Times, as the p50 of several runs after
// one warm-up: reading a 150-block ASTM DXF (10 pieces x 15 sizes, about 1 MB), building the piece preview SVG,
// the fabric estimate, stamping the DXF, and building the A4 and projector PDFs of all 15 sizes. Prints a markdown
// table; targets from the issue: read < 1 s, A4 PDF < 3 s.
import os from "node:os";
import { performance } from "node:perf_hooks";

import { readPattern } from "../app/models/patterns/dxf.server";
import { fabricEstimate } from "../app/models/patterns/fabric.server";
import { DEFAULT_SIZES, makeAstmDxf } from "../app/models/patterns/fixtures.server";
import { buildPrintPdf } from "../app/models/patterns/pdf.server";
import { previewSvg } from "../app/models/patterns/preview.server";
import { stampDxf } from "../app/models/patterns/stamp.server";
import type { Pattern } from "../app/models/patterns/types";

const RUNS = Math.max(1, Number(process.argv[2] ?? process.env.BENCH_PATTERN_RUNS ?? 7));
const STAMP = "Order #123 · buyer@example.com";

async function measure<T>(fn: () => T | Promise<T>): Promise<{ p50: number; min: number; max: number; last: T }> {
  let last = await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    last = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor((times.length - 1) / 2)], min: times[0], max: times[times.length - 1], last };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const dxf = makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES });
const rows: [string, string, string, string, string][] = [];

const read = await measure(() => readPattern(Buffer.from(dxf)));
if (!read.last.ok) throw new Error(read.last.message);
const pattern: Pattern = read.last.pattern;
rows.push(["Read 150-block DXF (10 pieces x 15 sizes)", ms(read.p50), ms(read.min), ms(read.max), `${kb(dxf.length)} in, ${kb(JSON.stringify(pattern).length)} JSON`]);

const preview = await measure(() => previewSvg(pattern, "48"));
rows.push(["Preview SVG (one size, 10 pieces)", ms(preview.p50), ms(preview.min), ms(preview.max), kb(preview.last.length)]);

const fabric = await measure(() => DEFAULT_SIZES.map((s) => fabricEstimate(pattern, s)));
rows.push(["Fabric estimate (all 15 sizes)", ms(fabric.p50), ms(fabric.min), ms(fabric.max), ""]);

const stamp = await measure(() => stampDxf(dxf, STAMP));
rows.push(["Stamp the DXF", ms(stamp.p50), ms(stamp.min), ms(stamp.max), kb(stamp.last.length)]);

const options = { sizes: [], stamp: STAMP, title: "Benchmark shirt" };
const a4 = await measure(() => buildPrintPdf(pattern, { ...options, format: "A4" }));
rows.push(["A4 PDF (15 sizes, stamped)", ms(a4.p50), ms(a4.min), ms(a4.max), kb(a4.last.length)]);

const projector = await measure(() => buildPrintPdf(pattern, { ...options, format: "projector" }));
rows.push(["Projector PDF (15 sizes, stamped)", ms(projector.p50), ms(projector.min), ms(projector.max), kb(projector.last.length)]);

console.log(`\n### Pattern files (${RUNS} runs after a warm-up, ${os.cpus().length} CPUs, Node ${process.version})\n`);
console.log("| Step | p50 | min | max | Size |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
const slow = [read.p50 > 1000 && "reading the DXF took over 1 s", a4.p50 > 3000 && "the A4 PDF took over 3 s"].filter(Boolean);
if (slow.length) {
  console.log(`\nOver target: ${slow.join("; ")}.`);
  process.exitCode = 1;
}
