// The Vitest run on PostgreSQL in `npm test` (scripts/test.sh, issue 49): passes when every failing test is on the
// list of known failures (tests/unit/pg-known-failures.txt: models still being moved onto PostgreSQL), fails on any
// other failure, and names the listed tests that pass now (to be taken off the list; not a failure).
//   node scripts/vitest-known-failures.mjs VITEST_JSON LIST [--write]
// --write: makes LIST the report's failures (keeping its header comment), e.g. after a model moved onto PostgreSQL.
import fs from "node:fs";
import path from "node:path";

const [reportFile, listFile, option] = process.argv.slice(2);
if (!reportFile || !listFile) {
  console.error("usage: node scripts/vitest-known-failures.mjs VITEST_JSON LIST");
  process.exit(2);
}
if (!fs.existsSync(reportFile)) {
  console.error(`[pg] no Vitest report at ${reportFile}: the run did not finish`);
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
const listText = fs.existsSync(listFile) ? fs.readFileSync(listFile, "utf8") : "";
const known = new Set(
  listText
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);
const root = process.cwd() + path.sep;
const failing = [];
const passing = new Set();
for (const file of report.testResults) {
  const name = file.name.replace(root, "");
  const failedTests = file.assertionResults.filter((t) => t.status === "failed");
  // A file that failed outside its tests (an import, a hook) counts as one failure under its own name.
  if (file.status === "failed" && failedTests.length === 0) failing.push(name);
  for (const test of file.assertionResults) {
    const id = `${name} > ${test.fullName}`;
    if (test.status === "failed") failing.push(id);
    else if (test.status === "passed") passing.add(id);
  }
}
if (option === "--write") {
  const header = listText.split("\n").filter((line) => line.startsWith("#"));
  fs.writeFileSync(listFile, [...header, ...[...new Set(failing)].sort()].join("\n") + "\n");
  console.log(`[pg] ${listFile}: ${new Set(failing).size} known failures`);
  process.exit(0);
}
const unexpected = failing.filter((id) => !known.has(id));
const fixed = [...known].filter((id) => passing.has(id));
console.log(
  `[pg] vitest on PostgreSQL: ${report.numPassedTests} passed, ${failing.length} failed (${failing.length - unexpected.length} known, listed in ${listFile}), ${report.numPendingTests} skipped`,
);
if (fixed.length) {
  console.log(`[pg] ${fixed.length} listed test(s) pass now on PostgreSQL: take them off ${listFile} once they pass every run`);
  for (const id of fixed) console.log(`  ${id}`);
}
if (unexpected.length) {
  console.log(`[pg] ${unexpected.length} failure(s) not on the list:`);
  for (const id of unexpected) console.log(`  ${id}`);
  process.exit(1);
}
