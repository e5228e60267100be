// npm run db:seed — seeds the demo data into DATA_DIR's database when it is empty.
import { getDb } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";
import { seedDemoData } from "./seed";

const started = Date.now();
const { seeded } = await seedDemoData({ db: getDb(), dataDir: getEnv().DATA_DIR });
console.log(seeded ? `Seeded demo data in ${Date.now() - started} ms` : "The database is not empty: nothing seeded");
