import type { Db } from "../utils/db.server";

/** The handle a Drizzle transaction callback receives; model helpers accept it or the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;
