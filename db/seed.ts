/**
 * Demo data: the three demo accounts, eight stores with ~96 products over every category and
 * availability, images and DXF pattern files generated locally, follows, reviews and the
 * platform settings. Optionally thousands of extra products for benchmarks.
 *
 * Everything but the file names (random, like real uploads) and the timestamps (relative to
 * now) is deterministic: a seeded PRNG drives every choice.
 *
 * Files are written before the single synchronous transaction. Each store owns its own copy of
 * every image or pattern file it uses (rendered once, written once per store), so a seller
 * editing or deleting media never touches another store's files.
 *
 * One job per file in db/seed/: the word lists (words.ts), the seeded PRNG (random.ts), the drawings and the
 * asset library (drawings.ts, assets.ts), the uploaded files (uploads.ts), the plan (plan.ts) and its inserts
 * (inserts.ts).
 */
import path from "node:path";

import { hashPassword } from "../app/utils/crypto.server";
import { loadDataKey } from "../app/utils/env.server";
import type { Db } from "./client";
import { users } from "./tables";
import { renderAssets } from "./seed/assets";
import { writePlan, type Tx } from "./seed/inserts";
import { buildPlan, type SeedContext } from "./seed/plan";
import { mulberry32, SEED } from "./seed/random";
import { Uploads } from "./seed/uploads";
import { DEMO_ACCOUNTS } from "./seed/words";
import { first, transaction } from "../app/utils/db.server";

export async function isDatabaseEmpty(db: Db | Tx): Promise<boolean> {
  return !await first(db.select({ id: users.id }).from(users).limit(1));
}

export async function seedDemoData({
  db,
  dataDir,
  extraProducts = 0,
}: {
  db: Db;
  dataDir: string;
  extraProducts?: number;
}): Promise<{ seeded: boolean }> {
  if (!await isDatabaseEmpty(db)) return { seeded: false };

  const [buyerHash, sellerHash, adminHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.buyer.password),
    hashPassword(DEMO_ACCOUNTS.seller.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
  ]);
  const uploads = new Uploads(path.join(dataDir, "uploads"));
  // The key the app itself uses for this data folder (DATA_KEY, or DATA_DIR/data-key): bank account numbers
  // are stored encrypted, never plain.
  const dataKey = loadDataKey({ DATA_KEY: process.env.DATA_KEY?.trim() || undefined, DATA_DIR: dataDir });
  try {
    const assets = await renderAssets();
    const ctx: SeedContext = { rng: mulberry32(SEED), now: Date.now(), uploads, assets };
    const plan = await buildPlan(ctx, { buyerHash, sellerHash, adminHash }, Math.max(0, Math.floor(extraProducts)));
    const seeded = await transaction(db, async (tx) => {
      // Another process may have seeded while the files were being rendered.
      if (!await isDatabaseEmpty(tx)) return false;
      await writePlan(tx, plan, uploads.rows, dataKey);
      return true;
    });
    if (!seeded) uploads.removeWritten();
    return { seeded };
  } catch (error) {
    uploads.removeWritten();
    throw error;
  }
}
