/**
 * SQL fragments that SQLite and PostgreSQL write differently (issue 49, decision 160), for the models' raw SQL: each
 * helper takes the handle the query runs on and returns the fragment for its engine, so a model is written once.
 * Timestamps are milliseconds since the epoch in SQLite (integer columns in mode `timestamp_ms`) and
 * `timestamp(3) with time zone` in PostgreSQL (decision 158); a number compared with or stored in a timestamp column
 * goes through `atTime`. What both engines write alike needs no helper: `count(*) FILTER (WHERE ...)`, `coalesce`,
 * `||`, `lower(trim(...))`, `INSERT ... ON CONFLICT ... DO UPDATE/NOTHING` and `RETURNING` (through drizzle's
 * builders or raw SQL), `NULLS FIRST/LAST`.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

import { inTransaction, isPg, rawRow, rawRows, type DbOrTx } from "~/utils/db.server";

/** The database's clock in milliseconds since the epoch, as a number (the statement's time on both engines). */
export function nowMs(db: DbOrTx): SQL<number> {
  return isPg(db)
    ? sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`
    : sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`;
}

/**
 * A point in time as a parameter to compare with or store in a timestamp column in raw SQL: milliseconds on
 * SQLite, a timestamptz on PostgreSQL (which refuses to compare a timestamp with a number).
 */
export function atTime(db: DbOrTx, when: Date | number): SQL {
  const ms = typeof when === "number" ? when : when.getTime();
  return isPg(db) ? sql`${new Date(ms).toISOString()}::timestamptz` : sql`${ms}`;
}

/** A timestamp column (or expression) as milliseconds since the epoch, a number on both engines. */
export function epochMs(db: DbOrTx, timestamp: SQLWrapper): SQL<number> {
  return isPg(db) ? sql<number>`(extract(epoch from ${timestamp}) * 1000)::bigint` : sql<number>`${timestamp}`;
}

/** A timestamp column (or expression) moved by a number of milliseconds (negative: earlier), still a timestamp. */
export function plusMs(db: DbOrTx, timestamp: SQLWrapper, ms: number | SQLWrapper): SQL {
  return isPg(db)
    ? sql`(${timestamp} + (${ms})::double precision * interval '1 millisecond')`
    : sql`(${timestamp} + ${ms})`;
}

/** The UTC calendar day of a timestamp, as text 'YYYY-MM-DD' on both engines. */
export function utcDay(db: DbOrTx, timestamp: SQLWrapper): SQL<string> {
  return isPg(db)
    ? sql<string>`to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', ${timestamp} / 1000, 'unixepoch')`;
}

/** SQLite's JSON path of a top-level key (a plain name: SQLite's paths cannot quote every character). */
function jsonPath(key: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`JSON key ${JSON.stringify(key)} is not a plain name`);
  return `$.${key}`;
}

/** A key of a JSON object kept in a text column, as text (strings and numbers; null when missing). */
export function jsonText(db: DbOrTx, json: SQLWrapper, key: string): SQL<string | null> {
  const path = jsonPath(key);
  return isPg(db) ? sql<string | null>`((${json})::jsonb ->> ${key})` : sql<string | null>`CAST(json_extract(${json}, ${path}) AS TEXT)`;
}

/** A numeric key of a JSON object kept in a text column, as a number (null when missing). */
export function jsonNumber(db: DbOrTx, json: SQLWrapper, key: string): SQL<number | null> {
  const path = jsonPath(key);
  return isPg(db) ? sql<number | null>`((${json})::jsonb ->> ${key})::double precision` : sql<number | null>`json_extract(${json}, ${path})`;
}

/**
 * `column IN (ids)` with the list as one parameter (one statement text for every length): SQLite's json_each over
 * a JSON array, PostgreSQL's `= ANY` of an integer array.
 */
export function inIntegers(db: DbOrTx, column: SQLWrapper, ids: readonly number[]): SQL {
  return isPg(db)
    ? sql`${column} = ANY(${sql.param([...ids])}::integer[])`
    : sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** The largest of values (SQLite's scalar max(a, b), PostgreSQL's greatest). */
export function greatest(db: DbOrTx, ...values: Array<SQLWrapper | number>): SQL<number> {
  return sql<number>`${sql.raw(isPg(db) ? "greatest" : "max")}(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
}

/** The smallest of values (SQLite's scalar min(a, b), PostgreSQL's least). */
export function least(db: DbOrTx, ...values: Array<SQLWrapper | number>): SQL<number> {
  return sql<number>`${sql.raw(isPg(db) ? "least" : "min")}(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
}

/** A text column to order by without regard to (ASCII) case: SQLite's COLLATE NOCASE, PostgreSQL's lower(). */
export function caseless(db: DbOrTx, text: SQLWrapper): SQL {
  return isPg(db) ? sql`lower(${text})` : sql`${text} COLLATE NOCASE`;
}

/**
 * `text LIKE pattern ESCAPE '\'` ignoring (ASCII) case, as SQLite's LIKE does: PostgreSQL's LIKE heeds case, its
 * ILIKE does not.
 */
export function likeCaseless(db: DbOrTx, text: SQLWrapper, pattern: string): SQL {
  return isPg(db) ? sql`${text} ILIKE ${pattern} ESCAPE '\\'` : sql`${text} LIKE ${pattern} ESCAPE '\\'`;
}

/** A number as floating point, for a ratio of integers (SQLite's REAL, PostgreSQL's double precision). */
export function asReal(db: DbOrTx, value: SQLWrapper): SQL<number> {
  return isPg(db) ? sql<number>`CAST(${value} AS double precision)` : sql<number>`CAST(${value} AS REAL)`;
}

/**
 * The catalogue search (decision 158): products whose name, description or store name has every word as a prefix
 * (words as listing's ftsQuery keeps them: letters and digits only). SQLite: the FTS5 table products_fts; PostgreSQL:
 * the tsvector column products.search through its GIN index, in the text search configuration catalogue_search.
 */
export function catalogueMatch(db: DbOrTx, productId: SQLWrapper, words: readonly string[]): SQL {
  const clean = words.map((w) => w.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.join("") ?? "").filter(Boolean);
  if (clean.length === 0) return sql`1 = 0`;
  return isPg(db)
    ? sql`${productId} IN (SELECT id FROM products WHERE search @@ to_tsquery('catalogue_search', ${clean.map((w) => `${w}:*`).join(" & ")}))`
    : sql`${productId} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${clean.map((w) => `"${w}"*`).join(" ")})`;
}

/**
 * `count` new ids for rows of `table` that the caller inserts with explicit ids (the seed plans its rows by id), in
 * ascending order, that the table never hands out again. PostgreSQL: taken from the identity column's own sequence
 * (an explicit id that bypassed it would later collide with a generated one, decision 158). SQLite: the ids after
 * the highest ever used (AUTOINCREMENT's sqlite_sequence, or max(id)); they are the caller's only inside the write
 * transaction that inserts them, so it must be called inside `transaction`.
 */
export async function reserveIds(db: DbOrTx, table: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (isPg(db)) {
    const rows = await rawRows<{ id: number }>(
      db,
      sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::integer AS id FROM generate_series(1, ${count}::integer)`,
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }
  if (!inTransaction(db)) throw new Error("reserveIds on SQLite holds only inside the transaction that inserts the rows");
  const row = await rawRow<{ id: number | null }>(
    db,
    sql`SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${table}), 0),
                   coalesce((SELECT max(id) FROM ${sql.identifier(table)}), 0)) AS id`,
  );
  const last = row?.id ?? 0;
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}

/**
 * Whether a failed statement broke a unique key or primary key, on either engine (SQLite's SQLITE_CONSTRAINT_UNIQUE
 * or _PRIMARYKEY, PostgreSQL's SQLSTATE 23505), also wrapped by drizzle. On PostgreSQL the failure aborts the
 * transaction it happened in: a model that goes on after catching it runs the statement in a nested `transaction`
 * (a savepoint).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code);
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  }
  return false;
}
