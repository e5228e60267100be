// npm run db:migrate — applies the migrations (drizzle/, or drizzle-pg/ with DATABASE_URL) to the database.
import { closeDb, openDb } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";

await openDb();
await closeDb();
const env = getEnv();
console.log(`Migrated ${env.DATABASE_URL ? "the PostgreSQL database of DATABASE_URL" : `${env.DATA_DIR}/marketplace.db`}`);
