/**
 * One buyer's checkout from its own thread and its own connection (SQLite) or pool (PostgreSQL), released together with the others by a
 * shared flag, for the race for a discount code's last use in app/models/buying/discounts.server.test.ts.
 */
import { parentPort, workerData } from "node:worker_threads";

import { eq } from "drizzle-orm";

import { users } from "../../db/tables";
import { createCheckout } from "../../app/models/buying/checkout.server";
import { createLocalProvider } from "../../app/models/payments/local.server";
import { first } from "../../app/utils/db.server";
import { closeTestDbs, openTestDbAt } from "./helpers";

const { file, userId, barrier } = workerData as { file: string; userId: number; barrier: SharedArrayBuffer };
const db = await openTestDbAt(file);
const user = (await first(db.select().from(users).where(eq(users.id, userId)).limit(1)))!;
const provider = createLocalProvider();
const flag = new Int32Array(barrier);
Atomics.add(flag, 1, 1);
Atomics.wait(flag, 0, 0);
createCheckout({ db, user, origin: "http://shop.test", provider })
  .then((result) => parentPort!.postMessage(result.ok ? "ok" : result.error))
  .catch((error: unknown) => parentPort!.postMessage(`threw: ${error instanceof Error ? error.message : String(error)}`))
  .finally(() => closeTestDbs(db));
