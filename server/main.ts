/**
 * The entry of build/server.js: the primary process supervises WEB_CONCURRENCY workers (server/cluster.ts, at
 * least one, started again when one dies); each worker runs the app (server.ts, bundled as build/app.js).
 * SUPERVISE=off runs the app in this process alone (for profiling).
 */
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";

import path from "node:path";

import { backupTarget, startBackup } from "./backup";
import { superviseWorkers, workerCount } from "./cluster";
import { log } from "../app/utils/log.server";

const app = new URL("./app.js", import.meta.url);
const count = workerCount();

if (cluster.isPrimary && process.env.SUPERVISE !== "off") {
  // BACKUP_URL (decision 101): Litestream and the file copies run beside the workers, from the supervisor.
  let target: ReturnType<typeof backupTarget> = null;
  try {
    target = backupTarget();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
  let backup: ReturnType<typeof startBackup> | null = null;
  superviseWorkers({
    count,
    exec: fileURLToPath(import.meta.url),
    onReady: () => {
      if (target) backup = startBackup({ dataDir, dbFile: path.join(dataDir, "marketplace.db"), target, log });
    },
    beforeExit: async () => {
      await backup?.stop();
    },
  });
} else {
  await import(app.href);
}
