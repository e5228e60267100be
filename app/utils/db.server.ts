import path from "node:path";

import { openDatabase, type Db } from "../../db/client";
import { getEnv } from "./env.server";

export type { Db };

declare global {
  var __db: Db | undefined;
}

/** The process-wide database (one SQLite file in DATA_DIR), migrated on first use. */
export function getDb(): Db {
  globalThis.__db ??= openDatabase(path.join(getEnv().DATA_DIR, "marketplace.db"));
  return globalThis.__db;
}
