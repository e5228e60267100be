/**
 * One withdrawal from its own thread and its own connection (SQLite) or pool (PostgreSQL), released together with the others by a
 * shared flag, for the race test in app/models/payments/ledger.server.test.ts.
 */
import { parentPort, workerData } from "node:worker_threads";

import { closeTestDbs, openTestDbAt } from "./helpers";
import { requestWithdrawal } from "../../app/models/payments/ledger.server";

const { file, storeId, barrier } = workerData as { file: string; storeId: number; barrier: SharedArrayBuffer };
const db = await openTestDbAt(file);
const flag = new Int32Array(barrier);
Atomics.add(flag, 1, 1);
Atomics.wait(flag, 0, 0);
const result = await requestWithdrawal({ db, storeId });
await closeTestDbs(db);
parentPort!.postMessage(result.ok ? "ok" : result.error);
