// npm run db:seed — seeds the demo data into the database (DATA_DIR's, or DATABASE_URL's) when it is empty.
import { closeDb, openDb } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";
import { seedDemoData } from "./seed";

const started = Date.now();
const { seeded } = await seedDemoData({ db: await openDb(), dataDir: getEnv().DATA_DIR });
await closeDb();
console.log(seeded ? `Seeded demo data in ${Date.now() - started} ms` : "The database is not empty: nothing seeded");
