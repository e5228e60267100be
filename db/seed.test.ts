import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import DxfParser from "dxf-parser";
import { count, eq, notExists } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { getSizeChart } from "../app/models/fit/chart.server";
import { checkSizeChart } from "../app/models/fit/size-chart.server";
import { readPattern } from "../app/models/patterns/dxf.server";
import type { Pattern } from "../app/models/patterns/types";
import { DESIGN_CATEGORIES, subcategoriesFor } from "../app/utils/catalog";
import { validateDesign } from "../app/schemas/selling";
import { decryptSecret, verifyPassword } from "../app/utils/crypto.server";
import { loadDataKey } from "../app/utils/env.server";
import { closeTestDbs, createSharedTestDb } from "../tests/unit/helpers";
import type { Db } from "./client";
import {
  files,
  follows,
  patternVersions,
  platformSettings,
  productMedia,
  products,
  reviews,
  storeMedia,
  stores,
  users,
  variants,
} from "./schema";
import { isDatabaseEmpty, seedDemoData } from "./seed";
import { DEMO_ACCOUNTS, DEMO_ACCOUNT_NUMBER } from "./seed/words";
import { first, isPg } from "../app/utils/db.server";

const tempDirs: string[] = [];

function freshDatabase(): { db: Db; dataDir: string; location: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-seed-"));
  tempDirs.push(dataDir);
  const shared = createSharedTestDb();
  return { db: shared.open(), dataDir, location: shared.location };
}

async function rowCount(db: Db, table: SQLiteTable): Promise<number> {
  return (await first(db.select({ n: count() }).from(table).limit(1)))!.n;
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("seedDemoData", () => {
  let db: Db;
  let dataDir: string;
  let location: string;
  let result: { seeded: boolean };

  beforeAll(async () => {
    ({ db, dataDir, location } = freshDatabase());
    expect(await isDatabaseEmpty(db)).toBe(true);
    result = await seedDemoData({ db, dataDir });
  }, 60_000);

  afterAll(() => closeTestDbs(db));

  const uploadPath = (name: string) => path.join(dataDir, "uploads", name);

  test("seeds stores and products over every category and availability", async () => {
    expect(result).toEqual({ seeded: true });
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await rowCount(db, stores)).toBeGreaterThanOrEqual(8);

    const all = await db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(80);

    expect(new Set(all.map((p) => p.category1))).toEqual(new Set(DESIGN_CATEGORIES.map((c) => c.id)));
    const availabilities = new Set(all.map((p) => `${p.type}/${p.delivery ?? "-"}`));
    expect(availabilities).toEqual(new Set(["Pattern/Digital", "Pattern/Print", "Made/-", "Ready/-"]));

    for (const category of DESIGN_CATEGORIES) {
      const valid = new Set<string>(subcategoriesFor(category.id).map((s) => s.id));
      const used = new Set(all.filter((p) => p.category1 === category.id).map((p) => p.category2));
      for (const category2 of used) expect(valid).toContain(category2);
      expect(used.size).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(all.map((p) => p.category2)).size).toBeGreaterThanOrEqual(10);
  });

  test("products respect the design rules", async () => {
    for (const p of await db.select().from(products)) {
      expect(p.name.length).toBeLessThanOrEqual(50);
      expect(p.description.length).toBeLessThanOrEqual(250);
      expect(p.priceCents).toBeGreaterThanOrEqual(500);
      expect(p.terms).not.toBe("");
      expect(p.sizeChart).toBeTruthy();
      expect(p.sold).toBeGreaterThanOrEqual(0);
      expect(p.sold).toBeLessThanOrEqual(500);
      if (p.type === "Pattern") {
        expect(p.parcelSize).toBeNull();
        expect(p.patternFile).toBeTruthy();
      } else {
        expect(p.delivery).toBeNull();
        expect(p.parcelSize).toMatch(/^(Small|Medium|Large)$/);
      }
      const mediaCount = (await first(db.select({ n: count() }).from(productMedia).where(eq(productMedia.productId, p.id)).limit(1)))!.n;
      expect(mediaCount).toBeGreaterThanOrEqual(1);
      expect(mediaCount).toBeLessThanOrEqual(4);
    }
    const created = (await db.select({ createdAt: products.createdAt }).from(products)).map((p) => p.createdAt.getTime());
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(60 * 86_400_000);
  });

  test("variants include out-of-stock sizes, and some products have none", async () => {
    const all = await db.select().from(variants);
    expect(all.some((v) => v.inventory === 0)).toBe(true);
    expect(all.some((v) => v.inventory > 0)).toBe(true);
    expect(all.every((v) => v.name === "Size" && v.sku !== "")).toBe(true);

    const withVariants = new Set(all.map((v) => v.productId));
    const apparel = (await db.select().from(products)).filter((p) => p.type !== "Pattern");
    expect(apparel.some((p) => !withVariants.has(p.id))).toBe(true);

    const patternIds = new Set((await db.select({ id: products.id }).from(products).where(eq(products.type, "Pattern"))).map((p) => p.id));
    expect(all.filter((v) => patternIds.has(v.productId)).every((v) => v.inventory === 0)).toBe(true);
  });

  test("every referenced media file is registered and on disk; a sample decodes", async () => {
    const referenced = new Set<string>([
      ...(await db.select({ m: productMedia.media }).from(productMedia)).map((r) => r.m),
      ...(await db.select({ m: storeMedia.media }).from(storeMedia)).map((r) => r.m),
      ...(await db.select({ m: products.sizeChart }).from(products)).map((r) => r.m!),
      ...(await db.select({ m: stores.avatar }).from(stores)).map((r) => r.m!),
    ]);
    const registered = new Map((await db.select().from(files)).map((f) => [f.name, f]));
    for (const name of referenced) {
      expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
      const file = registered.get(name);
      expect(file?.kind).toBe("media");
      expect(file?.contentType).toBe("image/webp");
      expect(fs.statSync(uploadPath(name)).size).toBe(file?.size);
    }

    const sample = [...referenced].filter((_, i) => i % 7 === 0);
    for (const name of sample) {
      const meta = await sharp(uploadPath(name)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBeGreaterThan(100);
    }
    const firstStore = (await first(db.select().from(stores).orderBy(stores.id).limit(1)))!;
    expect((await sharp(uploadPath(firstStore.avatar!)).metadata()).width).toBe(256);
    const chart = await sharp(uploadPath((await first(db.select().from(products).limit(1)))!.sizeChart!)).metadata();
    expect([chart.width, chart.height]).toEqual([600, 600]);
  });

  test("every Digital pattern has a parseable DXF owned by its seller", async () => {
    const digital = await db
      .select({ file: products.patternFile, ownerId: stores.userId })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(eq(products.delivery, "Digital"));
    expect(digital.length).toBeGreaterThan(0);
    const parser = new DxfParser();
    for (const { file, ownerId } of digital) {
      expect(file).toMatch(/^[0-9a-f]{32}\.dxf$/);
      const row = await first(db.select().from(files).where(eq(files.name, file!)).limit(1));
      expect(row).toMatchObject({ kind: "pattern", contentType: "application/dxf", ownerId });
      const dxf = parser.parseSync(fs.readFileSync(uploadPath(file!), "utf8"));
      expect(dxf?.entities.length).toBeGreaterThan(0);
      // ASTM-style graded files: one block per piece and size, placed by INSERTs.
      expect(dxf?.entities.some((e) => e.type === "INSERT")).toBe(true);
    }
  });

  test("every pattern product has version 1 holding the pattern read from its graded file", async () => {
    const rows = await db
      .select({ productId: products.id, file: products.patternFile, version: patternVersions })
      .from(products)
      .leftJoin(patternVersions, eq(patternVersions.productId, products.id))
      .where(eq(products.type, "Pattern"));
    expect(rows.length).toBeGreaterThan(0);
    const units = new Set<string>();
    const readByContent = new Map<string, ReturnType<typeof readPattern>>();
    for (const { file, version } of rows) {
      expect(version).toMatchObject({ version: 1, file });
      const stored = JSON.parse(version!.data) as Pattern;
      // Stores hold copies of the same few files: read each distinct content once.
      const content = fs.readFileSync(uploadPath(file!), "latin1");
      const read = readByContent.get(content) ?? readPattern(content);
      readByContent.set(content, read);
      expect(read.ok).toBe(true);
      expect(stored).toEqual(read.ok ? read.pattern : null);
      expect(stored.sizes.length).toBeGreaterThanOrEqual(3);
      expect(stored.pieces.length).toBeGreaterThanOrEqual(stored.sizes.length * 2);
      units.add(stored.units);
    }
    expect([...units].sort()).toEqual(["in", "mm"]);
  });

  test("the demo patterns with a reading have a size chart of their sizes that the seller's form would accept", async () => {
    const rows = (await db
      .select({ productId: products.id, type: products.type, data: patternVersions.data })
      .from(products)
      .innerJoin(patternVersions, eq(patternVersions.productId, products.id))
      .where(eq(products.type, "Pattern")))
      .filter((r) => r.data !== "{}");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const sizes = (JSON.parse(row.data) as Pattern).sizes;
      const chart = await getSizeChart({ db }, row.productId);
      expect(chart?.rows.map((r) => r.size), `product ${row.productId}`).toEqual(sizes);
      expect(checkSizeChart({ rows: chart!.rows, madeToMeasure: false }, { kind: "pattern", sizes }, row.type)).toEqual([]);
    }
  });

  test("reviews, follows and platform settings exist", async () => {
    const allReviews = await db.select().from(reviews);
    expect(new Set(allReviews.map((r) => r.productId)).size).toBeGreaterThanOrEqual(25);
    expect(allReviews.every((r) => r.star >= 1 && r.star <= 5)).toBe(true);

    const buyer = (await first(db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer.email)).limit(1)))!;
    expect(await db.select().from(follows).where(eq(follows.userId, buyer.id))).toHaveLength(2);
    expect(await rowCount(db, follows)).toBeGreaterThan(2);

    expect(await first(db.select().from(platformSettings).limit(1))).toMatchObject({
      id: 1,
      pssCents: 1000,
      marginBp: 1500,
      flatFeeCents: 500,
      autoApproveTransfers: false,
      city: "Los Angeles",
      country: "US",
    });
  });

  test("demo accounts log in; the buyer can check out; the seller's store is onboarded", async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await first(db.select().from(users).where(eq(users.email, account.email)).limit(1));
      expect(user, account.email).toBeDefined();
      expect(await verifyPassword(user!.passwordHash, account.password)).toBe(true);
    }
    const buyer = (await first(db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer.email)).limit(1)))!;
    expect(buyer).toMatchObject({ firstName: "Bailey", lastName: "Buyer", country: "US", role: "user" });
    for (const field of ["phone", "street", "city", "state", "postalCode"] as const) expect(buyer[field]).not.toBe("");

    const admin = (await first(db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)).limit(1)))!;
    expect(admin.role).toBe("admin");

    const seller = (await first(db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email)).limit(1)))!;
    const store = (await first(db.select().from(stores).where(eq(stores.userId, seller.id)).limit(1)))!;
    expect(store).toMatchObject({ stripeOnboarded: true, stripeAccountId: "acct_local_demo" });
    const own = await db.select().from(products).where(eq(products.storeId, store.id));
    expect(own.length).toBeGreaterThan(5);
  });

  test("the demo seller can edit every design it owns: each passes the design form's rules; the buyer has no store", async () => {
    const seller = (await first(db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email)).limit(1)))!;
    const store = (await first(db.select().from(stores).where(eq(stores.userId, seller.id)).limit(1)))!;
    const own = await db.select().from(products).where(eq(products.storeId, store.id));
    for (const p of own) {
      const rows = await db.select().from(variants).where(eq(variants.productId, p.id));
      const checked = validateDesign({
        name: p.name,
        desc: p.description,
        price: (p.priceCents / 100).toFixed(2),
        type: p.type,
        delivery: p.delivery ?? undefined,
        category1: p.category1,
        category2: p.category2,
        terms: p.terms,
        parcel_size: p.parcelSize ?? undefined,
        variants: rows.map((v) => ({ id: String(v.id), value: v.value, sku: v.sku, inventory: String(v.inventory) })),
      });
      expect(checked.ok ? null : checked.errors, `${p.id} ${p.name}`).toBeNull();
      const media = await db.select().from(productMedia).where(eq(productMedia.productId, p.id));
      expect(media.length, p.name).toBeGreaterThanOrEqual(1);
      expect(media.length, p.name).toBeLessThanOrEqual(10);
      expect(p.sizeChart, p.name).toBeTruthy();
      if (p.type === "Pattern") expect(p.patternFile, p.name).toBeTruthy();
    }
    const buyer = (await first(db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer.email)).limit(1)))!;
    expect(await first(db.select().from(stores).where(eq(stores.userId, buyer.id)).limit(1))).toBeUndefined();
  });

  test("bank account numbers are stored encrypted with the data folder's key, never plain", async () => {
    const key = loadDataKey({ DATA_KEY: undefined, DATA_DIR: dataDir });
    const withPayout = (await db.select().from(stores)).filter((s) => s.accountLast4 !== "");
    expect(withPayout.length).toBeGreaterThan(0);
    for (const s of withPayout) {
      expect(s.accountNumber).not.toContain(DEMO_ACCOUNT_NUMBER);
      expect(decryptSecret(s.accountNumber, key)).toBe(DEMO_ACCOUNT_NUMBER);
      expect(s.accountLast4).toBe("6789");
    }
    if (!isPg(db)) {
      db.$client.pragma("wal_checkpoint(TRUNCATE)");
      expect(fs.readFileSync(location).includes(Buffer.from(DEMO_ACCOUNT_NUMBER))).toBe(false);
    }
  });

  test("seeding again does nothing", async () => {
    const before = await Promise.all([products, stores, users, files, variants, reviews].map(async (t) => rowCount(db, t)));
    const filesOnDisk = fs.readdirSync(path.join(dataDir, "uploads")).length;
    expect(await seedDemoData({ db, dataDir })).toEqual({ seeded: false });
    expect(await Promise.all([products, stores, users, files, variants, reviews].map(async (t) => rowCount(db, t)))).toEqual(before);
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toHaveLength(filesOnDisk);
  });

  test("extraProducts adds that many products over 40 extra stores", async () => {
    const demoProducts = await rowCount(db, products);
    const demoStores = await rowCount(db, stores);
    const extra = freshDatabase();
    try {
      expect(await seedDemoData({ db: extra.db, dataDir: extra.dataDir, extraProducts: 500 })).toEqual({ seeded: true });
      expect(await rowCount(extra.db, products)).toBe(demoProducts + 500);
      expect(await rowCount(extra.db, stores)).toBe(demoStores + 40);
      // Store names are unique whatever their case and surrounding spaces (decision 092), the demo ones included.
      const names = (await extra.db.select({ name: stores.name }).from(stores)).map((s) => s.name.trim().toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      expect(names).not.toContain("");

      // Deterministic: the demo part is the same data with or without the extra products.
      const summary = async (d: Db) =>
        await d
          .select({ name: products.name, price: products.priceCents, type: products.type, c2: products.category2, sold: products.sold })
          .from(products)
          .orderBy(products.id)
          .limit(demoProducts);
      expect(await summary(extra.db)).toEqual(await summary(db));
      const withoutMedia = (await first(extra.db
        .select({ n: count() })
        .from(products)
        .where(
          notExists(extra.db.select().from(productMedia).where(eq(productMedia.productId, products.id))),
        ).limit(1)))!.n;
      expect(withoutMedia).toBe(0);
    } finally {
      await closeTestDbs(extra.db);
    }
  }, 60_000);
});
