/**
 * How the browser tests start their processes (playwright.config.ts's webServer and own-server.ts), in plain
 * JavaScript so nothing is compiled on the way:
 *
 *   node tests/e2e/start.mjs app                   build/server.js on DATA_DIR, which first gets a copy of the demo data
 *   node tests/e2e/start.mjs fake FILE.ts ARGS...  a fake (Stripe, EasyPost), bundled once with esbuild, then run
 *
 * The demo data comes from demo-data.mjs: seeded once per run, copied for each server.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { bundleEntry } from "../bundle.mjs";
import { copyDemoData } from "./demo-data.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const [command, ...rest] = process.argv.slice(2);

if (command === "app") {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("start.mjs app: DATA_DIR is not set");
  await copyDemoData(dataDir);
  await import(pathToFileURL(path.join(root, "build/server.js")).href);
} else if (command === "fake") {
  const [file, ...args] = rest;
  const bundle = await bundled(file);
  process.argv = [process.argv[0], bundle, ...args];
  await import(pathToFileURL(bundle).href);
} else {
  console.error("usage: node tests/e2e/start.mjs app | fake FILE.ts [ARGS...]");
  process.exit(2);
}

/** A TypeScript entry bundled to one ES module in node_modules/.cache, rebuilt each start. */
async function bundled(file) {
  const out = path.join(root, "node_modules/.cache/e2e-start", `${path.basename(file, ".ts")}-${process.pid}.mjs`);
  await bundleEntry(file, out);
  process.once("exit", () => fs.rmSync(out, { force: true }));
  return out;
}
