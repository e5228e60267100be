// The fast inner loop (`npm run test:changed [-- BASE]`): what a change touches, before the full `npm test`.
//   - the type check and lint of the changed files,
//   - the Vitest files related to the changed modules (Vitest's own import graph: `vitest run --changed BASE`),
//   - the browser specs of the touched area: changed specs, specs that import a changed e2e helper, and the specs
//     named after the domain of a changed model, route or component (AREAS below), after a build when app code changed.
// BASE is a commit (default HEAD: the uncommitted changes, new files included); `--no-browser` skips the specs.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
if (args.includes("-h") || args.includes("--help")) {
  console.log("usage: npm run test:changed [-- [BASE] [--no-browser]]   (BASE: a commit, default HEAD)");
  process.exit(0);
}
const browser = !args.includes("--no-browser");
const base = args.find((a) => !a.startsWith("--")) ?? "HEAD";

const git = (...a) => execFileSync("git", a, { encoding: "utf8" }).split("\n").filter(Boolean);
const changed = [...new Set([...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")])].filter((f) => fs.existsSync(f));
if (!changed.length) {
  console.log(`[test:changed] nothing changed since ${base}`);
  process.exit(0);
}
console.log(`[test:changed] ${changed.length} files changed since ${base}`);

/** Spec files by the words in their names, for each domain of app/models, app/routes/_x+ and app/components. */
const AREAS = {
  accounts: ["auth", "settings", "personal-data", "measurements", "store-settings"],
  account: ["auth", "settings", "personal-data", "measurements"],
  admin: ["admin"],
  buying: ["buying", "money", "digital-consent", "refund", "favourites", "shipping", "made-to-measure"],
  catalog: ["catalog", "product", "store", "favourites"],
  files: ["files", "hostile", "file-store"],
  fit: ["fit", "measurements", "size-charts", "made-to-measure", "design-sizes"],
  layout: ["layout"],
  messaging: ["messaging"],
  patterns: ["patterns", "pattern-reading", "cad-renders", "hostile", "design-sizes"],
  payments: ["stripe", "money", "buying"],
  platform: ["admin", "settings"],
  selling: ["selling", "seller", "store", "drafts", "design-sizes", "discount"],
  shipping: ["shipping"],
  pages: ["a11y", "console-sweep", "phone"],
};

const specs = fs.readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts"));
const chosen = new Set();
for (const file of changed) {
  if (file.startsWith("tests/e2e/") && file.endsWith(".spec.ts")) chosen.add(path.basename(file));
  if (file.startsWith("tests/e2e/") && !file.endsWith(".spec.ts")) {
    const name = path.basename(file).replace(/\.(ts|mjs)$/, "");
    for (const spec of specs) if (fs.readFileSync(path.join("tests/e2e", spec), "utf8").includes(`"./${name}"`)) chosen.add(spec);
  }
  const domain =
    /^app\/models\/([^/]+)\//.exec(file)?.[1] ??
    /^app\/routes\/_([a-z]+)\+/.exec(file)?.[1] ??
    (/^app\/components\/([^/.]+)/.exec(file)?.[1] ?? "").split("-")[0];
  for (const word of AREAS[domain] ?? []) for (const spec of specs) if (spec.includes(word)) chosen.add(spec);
}

const run = (label, cmd, cmdArgs, env = {}) => {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, cmdArgs, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`--- ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${result.status}`);
  return result.status === 0;
};

let ok = run("typecheck", "npx", ["tsc", "-p", "."]);
const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
if (lintable.length) ok = run("lint (changed files)", "npx", ["eslint", "--max-warnings", "0", ...lintable]) && ok;
ok = run(`unit tests related to the changes (vitest --changed ${base})`, "npx", ["vitest", "run", "--changed", base, "--passWithNoTests"]) && ok;

if (browser && chosen.size) {
  const appChanged = changed.some((f) => /^(app|server|db)\//.test(f) || f === "server.ts") || !fs.existsSync("build/server.js");
  if (appChanged) ok = run("build", "npm", ["run", "build", "--silent"]) && ok;
  const list = [...chosen].sort().map((s) => `tests/e2e/${s}`);
  console.log(`\nbrowser specs of the touched area: ${list.join(" ")}`);
  // A fresh data folder (and demo data template) for this run, removed afterwards.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-changed-"));
  ok = run("browser tests (playwright)", "npx", ["playwright", "test", ...list], { E2E_PORT: process.env.E2E_PORT ?? "4610", E2E_DATA_DIR: dataDir }) && ok;
  for (const dir of [dataDir, ...fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith(`${path.basename(dataDir)}-demo`)).map((d) => path.join(os.tmpdir(), d))]) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
} else if (browser) {
  console.log("\nno browser spec belongs to the touched area");
}
console.log(ok ? "\n[test:changed] passed: now the full `npm test`" : "\n[test:changed] failed");
process.exit(ok ? 0 : 1);
