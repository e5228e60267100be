// The end of `npm test`: where the time went (each phase, the 15 slowest browser spec files and Vitest files) and one
// closing line over both runners: "tests: N passed, N failed, N skipped".
//   node scripts/test-summary.mjs REPORTS_DIR   (vitest.json, vitest-pg.json, playwright.json, playwright-pg.json and phases.tsv of scripts/test.sh)
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
};
const vitest = read("vitest.json");
// The same suite on PostgreSQL (issue 49); its known failures are judged by scripts/vitest-known-failures.mjs.
const vitestPg = read("vitest-pg.json");
const playwrightPg = read("playwright-pg.json");
const playwright = read("playwright.json");
const phasesFile = path.join(dir, "phases.tsv");
const phases = fs.existsSync(phasesFile)
  ? fs
      .readFileSync(phasesFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("\t"))
  : [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const table = (title, rows) => {
  if (!rows.length) return;
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
};

table(
  "Phases (wall time)",
  phases.map(([name, secs, status, note]) => [name, `${secs.padStart(5)} s${status && status !== "0" ? `  (exit ${status})` : ""}${note ? `  (${note})` : ""}`]),
);

if (vitest) {
  const root = process.cwd() + path.sep;
  const files = vitest.testResults
    .map((f) => [f.name.replace(root, ""), (f.endTime ?? 0) - (f.startTime ?? 0)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15);
  table("The 15 slowest Vitest files (time from the file's start to its end)", files.map(([n, ms]) => [n, seconds(ms)]));
}

let pwCounts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
if (playwright) {
  pwCounts = { ...pwCounts, ...playwright.stats };
  /** file -> project -> summed test time */
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        const perProject = byFile.get(here) ?? new Map();
        perProject.set(t.projectName, (perProject.get(t.projectName) ?? 0) + ms);
        byFile.set(here, perProject);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwright.suites ?? []) walk(suite, suite.file);
  const rows = [...byFile]
    .map(([file, perProject]) => {
      const total = [...perProject.values()].reduce((a, b) => a + b, 0);
      const parts = [...perProject].filter(([, ms]) => ms > 0).map(([p, ms]) => `${p} ${seconds(ms)}`).join(", ");
      return [file, total, parts];
    })
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15);
  table(
    "The 15 slowest browser spec files (summed test time over the projects that ran them)",
    rows.map(([file, ms, parts]) => [file, `${seconds(ms).padStart(8)}  (${parts})`]),
  );
}

const vPassed = vitest?.numPassedTests ?? 0;
const vFailed = vitest ? vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0) : 0;
const pgPassed = vitestPg?.numPassedTests ?? 0;
const pgFailed = vitestPg ? vitestPg.numFailedTests + (vitestPg.numFailedTestSuites ?? 0) : 0;
const pwPg = { expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...(playwrightPg?.stats ?? {}) };
const passed = vPassed + pgPassed + pwCounts.expected + pwPg.expected;
const failed = vFailed + pgFailed + pwCounts.unexpected + pwCounts.flaky + pwPg.unexpected + pwPg.flaky;
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (vitestPg?.numPendingTests ?? 0) + (vitestPg?.numTodoTests ?? 0) + pwCounts.skipped + pwPg.skipped;
console.log();
if (vitest) console.log(`vitest: ${vPassed} passed, ${vFailed} failed`);
if (vitestPg) console.log(`vitest on PostgreSQL: ${pgPassed} passed, ${pgFailed} failed, ${vitestPg.numPendingTests} skipped`);
if (playwright) console.log(`playwright: ${pwCounts.expected} passed, ${pwCounts.unexpected} failed, ${pwCounts.flaky} flaky, ${pwCounts.skipped} skipped`);
if (playwrightPg) console.log(`playwright on PostgreSQL, two processes: ${pwPg.expected} passed, ${pwPg.unexpected} failed, ${pwPg.flaky} flaky, ${pwPg.skipped} skipped`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || !vitest || !vitestPg || !playwright || !playwrightPg) process.exit(1);
