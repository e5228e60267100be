// Seeds the demo data plus N extra products into a DATA_DIR: `tsx bench/seed.ts <dataDir> <extraProducts>`.
import path from "node:path";

import { openDatabase } from "../db/client";
import { seedDemoData } from "../db/seed";

const [dataDir, extra = "10000"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: tsx bench/seed.ts <dataDir> [extraProducts]");
const db = openDatabase(path.join(dataDir, "marketplace.db"));
const started = Date.now();
const { seeded } = await seedDemoData({ db, dataDir, extraProducts: Number(extra) });
db.$client.pragma("wal_checkpoint(TRUNCATE)");
db.$client.close();
console.log(`[bench] ${seeded ? "seeded" : "already seeded"} ${extra} extra products in ${Date.now() - started} ms`);
