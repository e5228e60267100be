/**
 * A migrated database's schema read from the live database, on SQLite and on PostgreSQL, in one shape that the two
 * engines can be compared in (issue 49, decision 158; db/schema-compare.test.ts): per table its columns (type family,
 * nullability, default, identity), primary key, indexes (columns or expressions, uniqueness, partial predicate, method),
 * foreign keys (columns, target, on delete / on update) and checks (name, expression).
 *
 * Each engine prints an expression its own way (SQLite keeps the migration's text, with table-qualified names;
 * PostgreSQL its parse tree: parentheses and casts added, BETWEEN as >= AND <=, trim(x) as TRIM(BOTH FROM x)):
 * canonicalExpressions() has PostgreSQL parse both sides' checks, index expressions and predicates and print them
 * alike. Defaults are compared after dropping casts and outer parentheses (and SQLite's
 * `unixepoch('subsec') * 1000` is PostgreSQL's `now()`).
 */
import type Database from "better-sqlite3";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { is } from "drizzle-orm";
import type pg from "pg";

import * as sqliteSchema from "../../db/schema";

export type ColumnShape = { type: string; notNull: boolean; default: string | null; identity: boolean };
export type IndexShape = { columns: string[]; unique: boolean; where: string | null; method: string };
export type TableShape = {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  indexes: Record<string, IndexShape>;
  /** "user_id -> users(id) on delete cascade on update no action", sorted. */
  foreignKeys: string[];
  checks: Record<string, string>;
};
export type SchemaShape = Record<string, TableShape>;

/**
 * What is left out of the comparison: each engine's own counterpart of one feature, and drizzle's bookkeeping.
 * - SQLite's FTS5 table products_fts and the shadow tables FTS5 keeps for it, against PostgreSQL's products.search
 *   (a tsvector) and its GIN index products_search_idx (drizzle-pg/0001_engine_counterparts.sql); the triggers that
 *   keep either are not compared (neither side's are read);
 * - sqlite_sequence (AUTOINCREMENT's counters; identity sequences on PostgreSQL);
 * - drizzle's table of applied migrations (`__drizzle_migrations` on SQLite, the `drizzle` schema on PostgreSQL,
 *   which is not read: only `public` is).
 */
export const EXCLUDED = {
  sqliteTables: [
    "products_fts",
    "products_fts_data",
    "products_fts_idx",
    "products_fts_content",
    "products_fts_docsize",
    "products_fts_config",
    "sqlite_sequence",
    "__drizzle_migrations",
  ],
  pgColumns: ["products.search"],
  pgIndexes: ["products_search_idx"],
} as const;

/** An expression as SQLite keeps it (a migration's text) without its table qualifiers and backticks. */
function unqualified(text: string): string {
  return text
    .split(/('(?:[^']|'')*')/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(?:"[^"]+"|`[^`]+`|\b[a-z_]\w*)\.(?=["`]?[a-z_])/gi, "").replace(/`/g, '"')))
    .join("")
    .trim();
}

/** A column default as either engine prints it, reduced to one spelling (casts and outer parentheses dropped). */
function normaliseDefault(text: string | null): string | null {
  if (text == null) return null;
  let value = text.replace(/::[a-z ]+$/i, "").trim();
  while (/^\(.*\)$/.test(value)) value = value.slice(1, -1).trim();
  // SQLite's milliseconds of now (db/schema.ts) and PostgreSQL's now() for a timestamp column: one meaning.
  if (/^unixepoch\('subsec'\)\s*\*\s*1000$/i.test(value) || /^(now\(\)|current_timestamp)$/i.test(value)) return "now()";
  return value;
}

/** A check's expression from PostgreSQL's `CHECK (...)`. */
const checkExpression = (def: string) => def.replace(/^CHECK \(([^]*)\)$/, "$1");

/**
 * Every check, index expression and index predicate of `shape` as PostgreSQL prints it after parsing it against the
 * PostgreSQL table of the same name (a temporary copy of its columns), so that the two engines' spellings of one
 * expression compare equal and any other difference (grouping, operators, constants) shows. An expression PostgreSQL
 * cannot parse (a SQLite-only function, a column it does not have) stays as written, so it differs. Runs in the
 * caller's transaction (savepoints; nothing is left behind).
 */
export async function canonicalExpressions(shape: SchemaShape, client: pg.ClientBase): Promise<SchemaShape> {
  const cache = new Map<string, string>();
  const parse = async (table: string, kind: "check" | "index" | "where", expression: string): Promise<string> => {
    const key = `${table}\0${kind}\0${expression}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    // A plain column name needs no parser (PostgreSQL quotes a keyword such as "position"; SQLite's text may quote any).
    const plain = /^"?([a-z_][a-z0-9_]*)"?$/.exec(expression);
    if (plain) return plain[1]!;
    let printed = expression;
    await client.query("SAVEPOINT canonical");
    try {
      await client.query(`CREATE TEMP TABLE canonical (LIKE public.${client.escapeIdentifier(table)})`);
      if (kind === "check") {
        await client.query(`ALTER TABLE canonical ADD CONSTRAINT canonical CHECK (${expression}) NOT VALID`);
        const { rows } = await client.query(
          "SELECT pg_get_constraintdef(oid, true) AS def FROM pg_constraint WHERE conname = 'canonical' AND conrelid = 'canonical'::regclass",
        );
        printed = checkExpression((rows[0] as { def: string }).def.replace(/\s+NOT VALID$/, ""));
      } else {
        await client.query(
          kind === "index" ? `CREATE INDEX canonical_index ON canonical ((${expression}))` : `CREATE INDEX canonical_index ON canonical ((1)) WHERE ${expression}`,
        );
        const { rows } = await client.query(
          "SELECT pg_get_indexdef(indexrelid, 1, true) AS expression, pg_get_expr(indpred, indrelid, true) AS predicate FROM pg_index WHERE indexrelid = 'canonical_index'::regclass",
        );
        const row = rows[0] as { expression: string; predicate: string };
        printed = kind === "index" ? row.expression : row.predicate;
      }
    } catch {
      // Not PostgreSQL's SQL, or not this table's columns: left as written.
    } finally {
      await client.query("ROLLBACK TO SAVEPOINT canonical");
      await client.query("RELEASE SAVEPOINT canonical");
    }
    cache.set(key, printed);
    return printed;
  };
  const out: SchemaShape = {};
  for (const [table, t] of Object.entries(shape)) {
    const indexes: Record<string, IndexShape> = {};
    for (const [name, ix] of Object.entries(t.indexes)) {
      const columns: string[] = [];
      for (const column of ix.columns) columns.push(await parse(table, "index", column));
      indexes[name] = { ...ix, columns, where: ix.where == null ? null : await parse(table, "where", ix.where) };
    }
    const checks: Record<string, string> = {};
    for (const [name, check] of Object.entries(t.checks)) checks[name] = await parse(table, "check", check);
    out[table] = { ...t, indexes, checks };
  }
  return out;
}

const byName = <T>(entries: [string, T][]): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The parenthesised list that starts at `open` (an index of "("), split at its top-level commas. */
function parenthesised(text: string, open: number): { items: string[]; end: number } {
  const items: string[] = [];
  let depth = 0;
  let start = open + 1;
  let quote = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quote = !quote;
    if (quote) continue;
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) {
      items.push(text.slice(start, i).trim());
      return { items, end: i };
    } else if (c === "," && depth === 1) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  throw new Error(`Unbalanced parentheses in: ${text}`);
}

/** How db/schema.ts reads each SQLite integer column (boolean, milliseconds as Date, number): its type family. */
function sqliteModes(): Map<string, string> {
  const modes = new Map<string, string>();
  for (const value of Object.values(sqliteSchema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    for (const column of config.columns) {
      const family =
        column.columnType === "SQLiteBoolean"
          ? "boolean"
          : column.columnType === "SQLiteTimestamp"
            ? `timestamp_${(column as unknown as { mode: string }).mode}`
            : null;
      if (family) modes.set(`${config.name}.${column.name}`, family);
    }
  }
  return modes;
}

/**
 * The type family of a live SQLite column: its declared type, and for an integer what db/schema.ts reads it as
 * (SQLite stores booleans and milliseconds as integers; the mode is all there is to tell them apart).
 */
function sqliteFamily(modes: Map<string, string>, table: string, column: string, declared: string): string {
  const type = declared.toLowerCase();
  if (type !== "integer") return type;
  const mode = modes.get(`${table}.${column}`);
  return mode === "timestamp_timestamp_ms" ? "timestamp" : (mode ?? "integer");
}

export function sqliteShape(sqlite: Database.Database): SchemaShape {
  const modes = sqliteModes();
  // eslint-disable-next-line no-restricted-syntax -- reads SQLite's catalogue through better-sqlite3
  const tables = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string; sql: string }[];
  const shape: [string, TableShape][] = [];
  for (const { name: table, sql: tableSql } of tables) {
    if ((EXCLUDED.sqliteTables as readonly string[]).includes(table)) continue;
    const info = sqlite.pragma(`table_info(${JSON.stringify(table)})`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const autoincrement = /\bAUTOINCREMENT\b/i.test(tableSql);
    const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const columns = byName(
      info.map((c) => {
        const type = sqliteFamily(modes, table, c.name, c.type);
        let dflt = normaliseDefault(c.dflt_value);
        if (type === "boolean" && (dflt === "0" || dflt === "1")) dflt = dflt === "1" ? "true" : "false";
        return [
          c.name,
          { type, notNull: c.notnull === 1, default: dflt, identity: autoincrement && primaryKey.length === 1 && c.pk === 1 },
        ];
      }),
    );
    const indexList = sqlite.pragma(`index_list(${JSON.stringify(table)})`) as {
      name: string;
      unique: number;
      origin: string;
    }[];
    const indexes = byName(
      indexList
        .filter((ix) => ix.origin !== "pk")
        .map((ix): [string, IndexShape] => {
          const row = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(ix.name) as
            | { sql: string | null }
            | undefined;
          if (!row?.sql) {
            const cols = sqlite.pragma(`index_info(${JSON.stringify(ix.name)})`) as { name: string }[];
            return [ix.name, { columns: cols.map((c) => c.name), unique: ix.unique === 1, where: null, method: "btree" }];
          }
          const on = row.sql.search(/\bON\s+["`]?\w+["`]?\s*\(/i);
          const { items, end } = parenthesised(row.sql, row.sql.indexOf("(", on));
          const where = /^\s*WHERE\s+([^]*)$/i.exec(row.sql.slice(end + 1));
          return [
            ix.name,
            {
              columns: items.map(unqualified),
              unique: ix.unique === 1,
              where: where ? unqualified(where[1]!) : null,
              method: "btree",
            },
          ];
        }),
    );
    const fkRows = sqlite.pragma(`foreign_key_list(${JSON.stringify(table)})`) as {
      id: number;
      table: string;
      from: string;
      to: string | null;
      on_update: string;
      on_delete: string;
    }[];
    const foreignKeys = [...new Set(fkRows.map((r) => r.id))]
      .map((id) => {
        const rows = fkRows.filter((r) => r.id === id);
        const target = rows[0]!.table;
        const to = rows.map((r) =>
          r.to ?? (sqlite.pragma(`table_info(${JSON.stringify(target)})`) as { name: string; pk: number }[]).find((c) => c.pk === 1)!.name,
        );
        return foreignKey(rows.map((r) => r.from), target, to, rows[0]!.on_delete, rows[0]!.on_update);
      })
      .sort();
    const checks: [string, string][] = [];
    for (const match of tableSql.matchAll(/CONSTRAINT\s+["`](\w+)["`]\s+CHECK\s*\(/gi)) {
      const { items } = parenthesised(tableSql, match.index + match[0].length - 1);
      checks.push([match[1]!, unqualified(items.join(", "))]);
    }
    shape.push([table, { columns, primaryKey, indexes, foreignKeys, checks: byName(checks) }]);
  }
  return byName(shape);
}

function foreignKey(from: string[], target: string, to: string[], onDelete: string, onUpdate: string): string {
  return `${from.join(", ")} -> ${target}(${to.join(", ")}) on delete ${onDelete.toLowerCase()} on update ${onUpdate.toLowerCase()}`;
}

const PG_FAMILIES: Record<string, string> = {
  integer: "integer",
  bigint: "integer",
  boolean: "boolean",
  "timestamp with time zone": "timestamp",
  text: "text",
  "double precision": "real",
};

const PG_ACTIONS: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

/** Reads the `public` schema of a PostgreSQL database (through `client`, so inside its transaction if it has one). */
export async function pgShape(client: pg.ClientBase): Promise<SchemaShape> {
  const q = async <T>(text: string): Promise<T[]> => (await client.query(text)).rows as T[];
  const tables = await q<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const columns = await q<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(
    "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity FROM information_schema.columns WHERE table_schema = 'public'",
  );
  const constraints = await q<{ table: string; name: string; type: string; columns: string[]; target: string | null; target_columns: string[] | null; on_delete: string; on_update: string; def: string }>(`
    SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type,
      ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
      c.confrelid::regclass::text AS target,
      ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS target_columns,
      c.confdeltype AS on_delete, c.confupdtype AS on_update, pg_get_constraintdef(c.oid, true) AS def
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = 'public' AND c.contype IN ('p', 'f', 'c')`);
  const indexes = await q<{ table: string; name: string; unique: boolean; method: string; columns: string[]; predicate: string | null }>(`
    SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique, am.amname AS method,
      ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(1, x.indnkeyatts) k ORDER BY k)::text[] AS columns,
      pg_get_expr(x.indpred, x.indrelid, true) AS predicate
    FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_am am ON am.oid = i.relam
    WHERE n.nspname = 'public' AND NOT x.indisprimary`);
  const shape: [string, TableShape][] = tables.map(({ table_name: table }) => {
    const mine = constraints.filter((c) => c.table === table);
    return [
      table,
      {
        columns: byName(
          columns
            .filter((c) => c.table_name === table && !(EXCLUDED.pgColumns as readonly string[]).includes(`${table}.${c.column_name}`))
            .map((c) => [
              c.column_name,
              {
                type: PG_FAMILIES[c.data_type] ?? c.data_type,
                notNull: c.is_nullable === "NO",
                default: normaliseDefault(c.column_default),
                identity: c.is_identity === "YES",
              },
            ]),
        ),
        primaryKey: mine.find((c) => c.type === "p")?.columns ?? [],
        indexes: byName(
          indexes
            .filter((ix) => ix.table === table && !(EXCLUDED.pgIndexes as readonly string[]).includes(ix.name))
            .map((ix) => [
              ix.name,
              {
                columns: ix.columns,
                unique: ix.unique,
                where: ix.predicate,
                method: ix.method,
              },
            ]),
        ),
        foreignKeys: mine
          .filter((c) => c.type === "f")
          .map((c) => foreignKey(c.columns, c.target!, c.target_columns!, PG_ACTIONS[c.on_delete]!, PG_ACTIONS[c.on_update]!))
          .sort(),
        checks: byName(mine.filter((c) => c.type === "c").map((c) => [c.name, checkExpression(c.def)])),
      },
    ];
  });
  return byName(shape);
}

/** Every difference between two shapes, one readable line each (empty: equal). */
export function diffShapes(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const out: string[] = [];
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const side = (inSqlite: boolean) => (inSqlite ? "only on SQLite" : "only on PostgreSQL");
  const show = (v: unknown) => JSON.stringify(v);
  for (const table of keys(sqlite, postgres)) {
    const a = sqlite[table];
    const b = postgres[table];
    if (!a || !b) {
      out.push(`${table}: table ${side(!!a)}`);
      continue;
    }
    for (const column of keys(a.columns, b.columns)) {
      const ca = a.columns[column];
      const cb = b.columns[column];
      if (!ca || !cb) out.push(`${table}.${column}: column ${side(!!ca)}`);
      else if (show(ca) !== show(cb)) out.push(`${table}.${column}: SQLite ${show(ca)}, PostgreSQL ${show(cb)}`);
    }
    if (show(a.primaryKey) !== show(b.primaryKey)) {
      out.push(`${table}: primary key SQLite ${show(a.primaryKey)}, PostgreSQL ${show(b.primaryKey)}`);
    }
    for (const index of keys(a.indexes, b.indexes)) {
      const ia = a.indexes[index];
      const ib = b.indexes[index];
      if (!ia || !ib) out.push(`${table}: index ${index} ${side(!!ia)}`);
      else if (show(ia) !== show(ib)) out.push(`${table}: index ${index}: SQLite ${show(ia)}, PostgreSQL ${show(ib)}`);
    }
    for (const fk of a.foreignKeys) if (!b.foreignKeys.includes(fk)) out.push(`${table}: foreign key ${fk} ${side(true)}`);
    for (const fk of b.foreignKeys) if (!a.foreignKeys.includes(fk)) out.push(`${table}: foreign key ${fk} ${side(false)}`);
    for (const check of keys(a.checks, b.checks)) {
      const xa = a.checks[check];
      const xb = b.checks[check];
      if (xa === undefined || xb === undefined) out.push(`${table}: check ${check} ${side(xa !== undefined)}`);
      else if (xa !== xb) out.push(`${table}: check ${check}: SQLite ${show(xa)}, PostgreSQL ${show(xb)}`);
    }
  }
  return out;
}
