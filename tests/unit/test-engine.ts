/**
 * The engine a Vitest run tests on (issue 49): SQLite unless `TEST_DATABASE=postgres` (`npm run test:unit:pg`).
 * Read by vitest.config.ts, the global setup and createTestDb; it imports nothing of the app.
 */
export function testEngine(): "sqlite" | "postgres" {
  const name = process.env.TEST_DATABASE?.trim().toLowerCase() ?? "";
  if (name === "" || name === "sqlite") return "sqlite";
  if (name === "postgres" || name === "postgresql") return "postgres";
  throw new Error(`TEST_DATABASE=${process.env.TEST_DATABASE}: expected sqlite (the default) or postgres`);
}

/** The migrated database in the run's cluster that each test's database is copied from. */
export const PG_TEMPLATE = "vitest_template";
