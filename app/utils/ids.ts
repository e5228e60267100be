/**
 * Row ids as the app receives them (paths, forms, JSON bodies). Every id column is a 4-byte integer on PostgreSQL
 * (decision 158): a larger number, like a malformed one, names no row, and must be answered as "not found" rather
 * than sent to the database, which refuses it (SQLSTATE 22003/22P02) where SQLite finds nothing.
 */
export const MAX_ID = 2_147_483_647;

/** Whether a value is a possible row id: a whole number from 1 to MAX_ID. */
export function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}

/** A path or query parameter as an id to look up: the id, or 0 (which names no row) when it is none. */
export function lookupId(param: string | null | undefined): number {
  const id = Number(param);
  return param && isId(id) ? id : 0;
}

/**
 * A validated positive whole number as the id to look up (a schema's transform): itself, or 0 (no row) past MAX_ID,
 * so a form or JSON body naming a larger id finds nothing on PostgreSQL as on SQLite (the same not-found answer).
 */
export function rowId(id: number): number {
  return id <= MAX_ID ? id : 0;
}
