/**
 * The demo data of the browser tests, seeded once per run and copied: the template folder is seeded by the app's own
 * start (build/server.js with SEED=demo, as `npm start` seeds), and every test server (start.mjs app, own-server.ts)
 * starts on a copy of it, where it finds a non-empty database and seeds nothing. The first process that needs the
 * template builds it (a lock folder); the others wait for it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The template of this build: one folder per build of the app, beside the run's data folder. */
export function templateDir() {
  const stamp = Math.round(fs.statSync(path.join(root, "build/app.js")).mtimeMs);
  return process.env.E2E_TEMPLATE_DIR ?? `${path.resolve(process.env.E2E_DATA_DIR ?? "/tmp/patternhouse-e2e")}-demo-${stamp}`;
}

/** Copies the demo data into an empty data folder (a folder with a database is left as it is). */
export async function copyDemoData(dataDir) {
  if (fs.existsSync(path.join(dataDir, "marketplace.db"))) return;
  const template = await ensureTemplate(templateDir());
  fs.mkdirSync(dataDir, { recursive: true });
  for (const entry of fs.readdirSync(template)) {
    if (entry === ".ready") continue;
    fs.cpSync(path.join(template, entry), path.join(dataDir, entry), { recursive: true });
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ensureTemplate(template) {
  const ready = path.join(template, ".ready");
  if (fs.existsSync(ready)) return template;
  const lock = `${template}.lock`;
  try {
    fs.mkdirSync(lock);
  } catch {
    // Another process builds it.
    const deadline = Date.now() + 180_000;
    while (!fs.existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`the demo data template ${template} was not ready within 3 minutes`);
      await sleep(100);
    }
    return template;
  }
  try {
    fs.rmSync(template, { recursive: true, force: true });
    fs.mkdirSync(template, { recursive: true });
    const port = String(Number(process.env.E2E_PORT ?? 4310) + 41);
    const server = spawn(process.execPath, [path.join(root, "build/server.js")], {
      cwd: root,
      env: { ...process.env, DATA_DIR: template, SEED: "demo", PORT: port, HOST: "127.0.0.1", SUPERVISE: "off", NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    server.stderr.on("data", (d) => (errors += d));
    const exited = new Promise((resolve) => server.once("exit", resolve));
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`seeding the demo data template failed:\n${errors}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`seeding the demo data template took over 3 minutes:\n${errors}`);
      await sleep(100);
    }
    // A clean stop closes the database (its write-ahead log folded into the file).
    server.kill("SIGTERM");
    await exited;
    fs.writeFileSync(ready, new Date().toISOString());
    return template;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

