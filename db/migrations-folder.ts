import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where drizzle-kit writes a dialect's migrations (`drizzle/` for SQLite, `drizzle-pg/` for PostgreSQL); found from
 * the source tree or from the built server. MIGRATIONS_DIR (SQLite) and MIGRATIONS_PG_DIR (PostgreSQL) override it.
 */
export function migrationsFolder(folder: "drizzle" | "drizzle-pg" = "drizzle"): string {
  const fromEnv = folder === "drizzle" ? process.env.MIGRATIONS_DIR : process.env.MIGRATIONS_PG_DIR;
  if (fromEnv) return fromEnv;
  const here = path.dirname(fileURLToPath(import.meta.url));
  // db/*.ts -> ../drizzle ; build/*.js -> ../drizzle ; build/server/index.js (Vite's server build) -> ../../drizzle
  const up = path.basename(here) === "server" && path.basename(path.dirname(here)) === "build" ? "../.." : "..";
  return path.resolve(here, up, folder);
}
