/**
 * One schema, two dialects, proven equal (issue 49, item 3; decision 158): a fresh SQLite database migrated from
 * drizzle/ and a fresh PostgreSQL database migrated from drizzle-pg/ (in a throwaway cluster of this file's own,
 * tests/pg/cluster.ts), each read back from the live database (tests/pg/schema-shape.ts), must have the same tables,
 * columns (type family, nullability, default, identity), primary keys, indexes, foreign keys and checks. Left out, as
 * each engine's counterpart of the other: see EXCLUDED (FTS5's tables against products.search and its GIN index,
 * sqlite_sequence, drizzle's table of migrations).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createPgDatabase, pgBinDir, startPgCluster, type PgCluster } from "../tests/pg/cluster";
import { canonicalExpressions, diffShapes, EXCLUDED, pgShape, sqliteShape, type SchemaShape } from "../tests/pg/schema-shape";
import { openDatabase, type Db } from "./client";
import { openPgDatabase, type PgDb } from "./client.pg";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./schema.pg";

let cluster: PgCluster;
let postgres: PgDb;
let client: pg.PoolClient;
let sqlite: Db;
let folder: string;

beforeAll(async () => {
  cluster = await startPgCluster();
  postgres = await openPgDatabase(await createPgDatabase(cluster.url));
  client = await postgres.$client.connect();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "schema-compare-"));
  sqlite = openDatabase(path.join(folder, "app.db"));
});

afterAll(async () => {
  client?.release();
  await postgres?.$client.end();
  sqlite?.$client.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  await cluster?.stop();
});

async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    return await work();
  } finally {
    await client.query("ROLLBACK");
  }
}

/** Both schemas read with `change` made first on the one side (in a transaction, rolled back after). */
async function compare(change: { sqlite?: string; postgres?: string } = {}): Promise<string[]> {
  sqlite.$client.exec("BEGIN");
  await client.query("BEGIN");
  try {
    if (change.sqlite) sqlite.$client.exec(change.sqlite);
    if (change.postgres) await client.query(change.postgres);
    return diffShapes(await canonicalExpressions(sqliteShape(sqlite.$client), client), await canonicalExpressions(await pgShape(client), client));
  } finally {
    sqlite.$client.exec("ROLLBACK");
    await client.query("ROLLBACK");
  }
}

describe("the SQLite and PostgreSQL schemas", () => {
  it("are equal: tables, columns, types, nullability, defaults, keys, indexes, foreign keys and checks", async () => {
    expect(await compare()).toEqual([]);
    // Not equal by being empty: every table of db/schema.ts is there, with what the comparison looks at.
    const shape: SchemaShape = await inTransaction(() => canonicalExpressions(sqliteShape(sqlite.$client), client));
    expect(Object.keys(shape)).toHaveLength(Object.values(sqliteSchema).filter((v) => is(v, SQLiteTable)).length);
    expect(shape.users!.columns.created_at).toEqual({ type: "timestamp", notNull: true, default: "now()", identity: false });
    expect(shape.users!.columns.message_emails).toEqual({ type: "boolean", notNull: true, default: "true", identity: false });
    expect(shape.users!.columns.id!.identity).toBe(true);
    expect(shape.stores!.indexes.stores_name_unique).toEqual({
      columns: ["lower(TRIM(BOTH FROM name))"],
      unique: true,
      where: "TRIM(BOTH FROM name) <> ''::text",
      method: "btree",
    });
    expect(shape.cart_items!.foreignKeys).toContain("variant_id -> variants(id) on delete cascade on update no action");
    expect(shape.reviews!.checks.reviews_star_range).toBe("star >= 1 AND star <= 5");
  });

  it("differ when a column is added on one side only", async () => {
    expect(await compare({ postgres: "ALTER TABLE users ADD COLUMN extra text" })).toEqual([
      "users.extra: column only on PostgreSQL",
    ]);
    expect(await compare({ sqlite: "ALTER TABLE users ADD COLUMN extra text" })).toEqual([
      "users.extra: column only on SQLite",
    ]);
  });

  it("differ when an index is missing on one side", async () => {
    expect(await compare({ postgres: "DROP INDEX orders_fee_idx" })).toEqual(["orders: index orders_fee_idx only on SQLite"]);
    expect(await compare({ sqlite: "DROP INDEX refund_requests_open_order_unique" })).toEqual([
      "refund_requests: index refund_requests_open_order_unique only on PostgreSQL",
    ]);
  });

  it("differ on a column's type, nullability or default, an index's predicate, a foreign key's action and a check", async () => {
    expect(
      await compare({
        postgres: [
          "ALTER TABLE stores ALTER COLUMN bio DROP NOT NULL",
          "ALTER TABLE stores ALTER COLUMN account_type SET DEFAULT 'savings'",
          "ALTER TABLE stores ALTER COLUMN avatar TYPE integer USING NULL",
          "DROP INDEX invoices_one_per_checkout",
          "CREATE UNIQUE INDEX invoices_one_per_checkout ON invoices (checkout_id) WHERE kind = 'receipt'",
          "ALTER TABLE sessions DROP CONSTRAINT sessions_user_id_users_id_fk",
          "ALTER TABLE sessions ADD FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL",
          "ALTER TABLE variants DROP CONSTRAINT variants_inventory_non_negative",
          "ALTER TABLE variants ADD CONSTRAINT variants_inventory_non_negative CHECK (inventory > 0)",
        ].join(";\n"),
      }),
    ).toEqual([
      'invoices: index invoices_one_per_checkout: SQLite {"columns":["checkout_id"],"unique":true,"where":"kind = \'invoice\'::text","method":"btree"}, PostgreSQL {"columns":["checkout_id"],"unique":true,"where":"kind = \'receipt\'::text","method":"btree"}',
      "sessions: foreign key user_id -> users(id) on delete cascade on update no action only on SQLite",
      "sessions: foreign key user_id -> users(id) on delete set null on update no action only on PostgreSQL",
      'stores.account_type: SQLite {"type":"text","notNull":true,"default":"\'checking\'","identity":false}, PostgreSQL {"type":"text","notNull":true,"default":"\'savings\'","identity":false}',
      'stores.avatar: SQLite {"type":"text","notNull":false,"default":null,"identity":false}, PostgreSQL {"type":"integer","notNull":false,"default":null,"identity":false}',
      'stores.bio: SQLite {"type":"text","notNull":true,"default":"\'\'","identity":false}, PostgreSQL {"type":"text","notNull":false,"default":"\'\'","identity":false}',
      'variants: check variants_inventory_non_negative: SQLite "inventory >= 0", PostgreSQL "inventory > 0"',
    ]);
  });

  it("leave out only the documented counterparts, which exist on their side", async () => {
    // eslint-disable-next-line no-restricted-syntax -- reads SQLite's catalogue through better-sqlite3
    const tables = sqlite.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...EXCLUDED.sqliteTables]));
    const { rows } = await client.query(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname = ANY($1::text[])",
      [EXCLUDED.pgIndexes],
    );
    expect(rows).toEqual([{ indexdef: "CREATE INDEX products_search_idx ON public.products USING gin (search)" }]);
    const search = await client.query(
      "SELECT data_type FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'search'",
    );
    expect(search.rows).toEqual([{ data_type: "tsvector" }]);
  });

  it("declare the same tables in db/schema.ts and db/schema.pg.ts, with the same rows in TypeScript", () => {
    const names = (schema: Record<string, unknown>, table: typeof SQLiteTable | typeof PgTable) =>
      Object.entries(schema)
        .filter(([, v]) => is(v, table))
        .map(([k]) => k)
        .sort();
    expect(names(pgSchema, PgTable)).toEqual(names(sqliteSchema, SQLiteTable));
    // The compile-time half (tsc): each table's select and insert rows are the same types on both engines.
    const rowsAlike: Record<keyof SqliteTables, true> = null as unknown as RowsAlike;
    expect(rowsAlike).toBeNull();
  });
});

describe("canonicalExpressions", () => {
  it("prints each engine's spelling of one expression alike, and tells a regrouped one apart", async () => {
    const table = (checks: Record<string, string>, where: string): SchemaShape => ({
      discount_codes: {
        columns: {},
        primaryKey: [],
        indexes: { ix: { columns: ['lower("code")', "store_id"], unique: true, where, method: "btree" } },
        foreignKeys: [],
        checks,
      },
    });
    const fromSqlite = table(
      { one_kind: `("percent_off_bp" is null) <> ("amount_off_cents" is null)`, limit: `"uses" >= 0 and ("max_uses" is null or "uses" <= "max_uses")` },
      `"removed_at" is null`,
    );
    const fromPostgres = table(
      { one_kind: "(percent_off_bp IS NULL) <> (amount_off_cents IS NULL)", limit: "uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)" },
      "(removed_at IS NULL)",
    );
    const regrouped = table({ ...fromPostgres.discount_codes!.checks, limit: "(uses >= 0 AND max_uses IS NULL) OR uses <= max_uses" }, "removed_at IS NULL");
    const [a, b, c] = await inTransaction(async () => [
      await canonicalExpressions(fromSqlite, client),
      await canonicalExpressions(fromPostgres, client),
      await canonicalExpressions(regrouped, client),
    ]);
    expect(diffShapes(a!, b!)).toEqual([]);
    expect(a!.discount_codes!.indexes.ix!.columns).toEqual(["lower(code)", "store_id"]);
    expect(diffShapes(a!, c!)).toEqual([
      'discount_codes: check limit: SQLite "uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)", PostgreSQL "uses >= 0 AND max_uses IS NULL OR uses <= max_uses"',
    ]);
  });
});

describe("the throwaway PostgreSQL cluster (tests/pg/cluster.ts)", () => {
  it("listens on loopback only, at its own port and socket folder, with durability off", async () => {
    const { rows } = await client.query(
      "SELECT current_setting('listen_addresses') AS listen, current_setting('port') AS port, current_setting('unix_socket_directories') AS socket, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sync, current_setting('full_page_writes') AS fpw",
    );
    expect(rows[0]).toMatchObject({ listen: "127.0.0.1", port: new URL(cluster.url).port, fsync: "off", sync: "off", fpw: "off" });
    expect((rows[0] as { socket: string }).socket).toMatch(new RegExp(`^${os.tmpdir()}/patternhouse-pg-\\w+/socket$`));
  });

  it("names the Debian package when PostgreSQL's binaries are missing", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-postgres-"));
    const before = process.env.PG_BIN;
    process.env.PG_BIN = empty;
    try {
      expect(pgBinDir()).toBe(empty);
      await expect(startPgCluster()).rejects.toThrow(/install Debian's package `postgresql`/);
    } finally {
      if (before === undefined) delete process.env.PG_BIN;
      else process.env.PG_BIN = before;
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

type TablesOf<S> = { [K in keyof S as S[K] extends SQLiteTable | PgTable ? K : never]: S[K] };
type SqliteTables = TablesOf<typeof sqliteSchema>;
type PgTables = TablesOf<typeof pgSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Row<T, Kind extends "$inferSelect" | "$inferInsert"> = T extends Record<Kind, infer R> ? Omit<R, "search"> : never;
/**
 * Rows read: the same. Rows written: the same value types; which keys may be left out differs in one place, SQLite's
 * INTEGER PRIMARY KEY (a rowid, numbered by SQLite when not given: shipping_rates.store_id, user_measurements.user_id,
 * platform_settings.id), which PostgreSQL rightly asks for.
 */
type RowsAlike = {
  [K in keyof SqliteTables]: K extends keyof PgTables
    ? Same<Row<SqliteTables[K], "$inferSelect">, Row<PgTables[K], "$inferSelect">> extends true
      ? Same<Required<Row<SqliteTables[K], "$inferInsert">>, Required<Row<PgTables[K], "$inferInsert">>>
      : false
    : false;
};
