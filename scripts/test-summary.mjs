// Prints one closing line over both runners: "tests: N passed, N failed, N skipped".
import fs from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(fs.readFileSync(vitestFile, "utf8"));
const playwright = JSON.parse(fs.readFileSync(playwrightFile, "utf8"));

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats.skipped ?? 0);
console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
console.log(`playwright: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0) process.exit(1);
