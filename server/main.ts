/**
 * The entry of build/server.js: the primary process supervises WEB_CONCURRENCY workers (server/cluster.ts, at
 * least one, started again when one dies); each worker runs the app (server.ts, bundled as build/app.js).
 * SUPERVISE=off runs the app in this process alone (for profiling).
 */
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";

import { superviseWorkers, workerCount } from "./cluster";

const app = new URL("./app.js", import.meta.url);
const count = workerCount();

if (cluster.isPrimary && process.env.SUPERVISE !== "off") {
  superviseWorkers({ count, exec: fileURLToPath(import.meta.url) });
} else {
  await import(app.href);
}
