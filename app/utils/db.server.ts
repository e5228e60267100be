import path from "node:path";

import { openDatabase, type Db } from "../../db/client";
import { getEnv } from "~/utils/env.server";

export type { Db };

declare global {
  var __db: Db | undefined;
}

/** The process-wide database (one SQLite file in DATA_DIR), migrated on first use. */
export function getDb(): Db {
  globalThis.__db ??= openDatabase(path.join(getEnv().DATA_DIR, "marketplace.db"));
  return globalThis.__db;
}

/** The handle a Drizzle transaction callback receives; model helpers accept it or the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;
