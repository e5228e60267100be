import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

import * as pgSchema from "./schema.pg";
import * as sqliteSchema from "./schema";
import * as tables from "./tables";
import { engineOf } from "./tables";

describe("db/tables", () => {
  it("passes on every table of both schemas, by the same names", () => {
    const names = (schema: object, isTable: (v: unknown) => boolean) =>
      Object.entries(schema)
        .filter(([, v]) => isTable(v))
        .map(([k]) => k)
        .sort();
    const sqliteNames = names(sqliteSchema, (v) => is(v, SQLiteTable));
    expect(sqliteNames.length).toBeGreaterThan(40);
    expect(names(pgSchema, (v) => typeof v === "object" && v !== null && Symbol.for("drizzle:IsDrizzleTable") in v)).toEqual(sqliteNames);
    // The process's engine's tables: SQLite's, or PostgreSQL's on a run with DATABASE_URL (TEST_DATABASE=postgres).
    const engineSchema = engineOf(process.env.DATABASE_URL) === "postgres" ? pgSchema : sqliteSchema;
    for (const name of sqliteNames) {
      const table = (tables as Record<string, unknown>)[name];
      expect(table, name).toBe((engineSchema as Record<string, unknown>)[name]);
      expect(getTableName(table as SQLiteTable)).toBe(getTableName((pgSchema as Record<string, SQLiteTable>)[name]!));
    }
  });

  it("reads the engine from DATABASE_URL", () => {
    expect(engineOf(undefined)).toBe("sqlite");
    expect(engineOf("")).toBe("sqlite");
    expect(engineOf("postgres://u@127.0.0.1:5432/app")).toBe("postgres");
    expect(engineOf(" postgresql://u@host/app ")).toBe("postgres");
  });
});
