/**
 * The entry of build/server.js: with WEB_CONCURRENCY > 1 it supervises that many workers
 * (server/cluster.ts), otherwise it is the app itself (server.ts, bundled as build/app.js).
 */
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";

import { superviseWorkers, workerCount } from "./cluster";
import { forwardRouterMatchingOnLoad } from "./router-patch";

const app = new URL("./app.js", import.meta.url);
const count = workerCount();

if (cluster.isPrimary && count > 1) {
  // Each worker runs this file too, so the route-matching rewrite is installed before its app loads.
  superviseWorkers({ count, exec: fileURLToPath(import.meta.url) });
} else {
  forwardRouterMatchingOnLoad();
  await import(app.href);
}
