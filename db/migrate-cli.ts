// npm run db:migrate — applies the migrations in drizzle/ to DATA_DIR's database.
import { getDb } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";

getDb();
console.log(`Migrated ${getEnv().DATA_DIR}/marketplace.db`);
