/**
 * Threads for the race tests (a discount code's last use, a withdrawal of the last balance): each thread opens its own
 * SQLite connection and waits on a shared flag, so all are released at once. The worker's TypeScript is bundled with
 * esbuild first (packages stay external and load from node_modules as in the app), so twenty threads start from
 * plain JavaScript instead of each compiling the checkout's module graph through tsx (40 s of the unit tests).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

import { bundleEntry } from "../bundle.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The worker file bundled to one ES module inside the project (so its bare imports resolve); the caller removes it. */
async function bundle(entry: string): Promise<string> {
  const cache = path.join(root, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "race-"));
  const outfile = path.join(dir, `${path.basename(entry, ".ts")}.mjs`);
  await bundleEntry(entry, outfile);
  return outfile;
}

/**
 * Starts `count` threads of a worker (each given `data(i)` and the shared barrier), waits until every one has opened
 * its connection and stands at the flag, releases them together, and answers each thread's message.
 */
export async function raceWorkers<T extends object>(entry: string, count: number, data: (i: number) => T): Promise<string[]> {
  const file = await bundle(entry);
  const barrier = new SharedArrayBuffer(8);
  const flag = new Int32Array(barrier);
  const workers = Array.from({ length: count }, (_, i) => new Worker(file, { workerData: { ...data(i), barrier } }));
  try {
    let failure: unknown = null;
    const answers = workers.map(
      (w) =>
        new Promise<string>((resolve, reject) =>
          w.once("message", resolve).once("error", (error) => {
            failure ??= error;
            reject(error);
          }),
        ),
    );
    for (const answer of answers) answer.catch(() => undefined);
    while (Atomics.load(flag, 1) < workers.length) {
      if (failure) throw failure;
      await new Promise((r) => setTimeout(r, 20));
    }
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    return await Promise.all(answers);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
