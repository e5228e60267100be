// The command-line nester (issue 47): `npm run nest -- <instance.json> [--seconds N] [--seed S] [--out layout.json]`.
// Reads an instance in the sparrow/jagua-rs exchange format (../shared/esicup/), lays it out with the product's strip
// search (app/models/patterns/strip.server.ts) and writes the solution JSON to --out, else to standard output; a
// summary goes to standard error. The budget is counted in evaluations (--seconds × EVALUATIONS_PER_SECOND, the rate
// of the reference machine), so the same seed and seconds give the same layout on any machine. A malformed instance
// or bad arguments: a message naming the problem (the item) and exit code 2.
import fs from "node:fs";

import { nestStrip } from "../app/models/patterns/strip-nest.server";
import { parseStripInstance } from "../app/models/patterns/strip-instance";

function fail(message: string): never {
  process.stderr.write(`nest: ${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let file: string | undefined;
let seconds = 60;
let seed = 0;
let out: string | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const value = () => args[++i] ?? fail(`${a} needs a value`);
  if (a === "--seconds") {
    seconds = Number(value());
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) fail("--seconds must be a number from 0 to 3600");
  } else if (a === "--seed") {
    seed = Number(value());
    if (!Number.isInteger(seed) || seed < 0) fail("--seed must be a whole number");
  } else if (a === "--out") out = value();
  else if (a.startsWith("--")) fail(`unknown option ${a}`);
  else if (file) fail("one instance file only");
  else file = a;
}
if (!file) fail("usage: npm run nest -- <instance.json> [--seconds N] [--seed S] [--out layout.json]");
let text: string;
try {
  text = fs.readFileSync(file, "utf8");
} catch {
  fail(`cannot read ${file}`);
}
const parsed = parseStripInstance(text);
if (!parsed.ok) fail(`${file}: ${parsed.error}`);
const started = process.cpuUsage();
const result = nestStrip(parsed.instance, { seconds, seed });
const used = process.cpuUsage(started);
const json = JSON.stringify(result.solution, null, 1);
if (out) fs.writeFileSync(out, json + "\n");
else process.stdout.write(json + "\n");
process.stderr.write(
  `nest: ${parsed.instance.name}: ${result.solution.placements.length} pieces, length ${result.solution.length.toFixed(3)}, density ` +
    `${result.solution.density.toFixed(4)}, ${result.evaluations} evaluations, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU\n`,
);
