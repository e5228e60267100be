import fs from "node:fs";
import path from "node:path";

import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, files, makes, orders, products, sizeChartRows } from "../../../db/tables";
import { buyAndPay, makeBuyer, makeShop, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { exportUserData } from "~/models/privacy/personal-data.server";
import { listReportedMakes, removeMake } from "~/models/admin/makes.server";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { canSeeProductMakes, listOwnMakes, listProductMakes, listSellerMakes, listStoreMakes, makeJson } from "~/models/makes/gallery.server";
import { createMake, deleteMake, makePhotoRows, updateMake, type MakeInput } from "~/models/makes/makes.server";
import { hideMake, notifyMakeReport, reportableMake, reportMake, REPORTS_LIMIT } from "~/models/makes/moderation.server";
import { type Db, first as firstRow } from "~/utils/db.server";
import type { TempFile } from "~/utils/multipart.server";

let dataDir = "";
beforeAll(() => {
  dataDir = useTestEnv();
});

let n = 0;
/** A temp file as the multipart reader leaves it. */
async function temp(originalName: string, bytes: Buffer | Promise<Buffer>): Promise<TempFile> {
  n += 1;
  const file = path.join(dataDir, `make-${n}.part`);
  fs.writeFileSync(file, await bytes);
  return { field: "photos", originalName, declaredType: "image/jpeg", path: file, size: fs.statSync(file).size };
}

/** A JPEG carrying EXIF (a camera's make and model), as phones upload them. */
const jpegWithExif = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#c05050" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo", Model: "Snap 9", Copyright: "Ada Lovelace" } })
    .toBuffer();
const photos = (k: number) => Promise.all(Array.from({ length: k }, (_, i) => temp(`make-${i}.jpg`, jpegWithExif())));

const input = (over: Partial<MakeInput> = {}): MakeInput => ({
  size: "M",
  fabric: "Linen",
  notes: "Shortened by 2 cm",
  fit: { bust: "right", waist: "loose", hip: null, length: "tight" },
  shareMeasurements: false,
  ...over,
});

async function setup() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const buyer = await makeBuyer(db);
  const stranger = await makeBuyer(db);
  await buyAndPay(db, buyer, shop.digital.id);
  return { db, shop, buyer, stranger, productId: shop.digital.id };
}

async function fileCount(db: Db) {
  return (await firstRow(db.select({ n: count() }).from(files).limit(1)))!.n;
}

async function posted(db: Db, userId: number, productId: number, k = 1, over: Partial<MakeInput> = {}) {
  const result = await createMake({ db, userId, productId, input: input(over), photos: await photos(k) });
  if (!result.ok) throw new Error(result.error);
  return result.make;
}

describe("posting a make", () => {
  it("lets a buyer post a make with photos, stored without their EXIF", async () => {
    const { db, buyer, productId } = await setup();
    const make = await posted(db, buyer.id, productId, 3);
    const rows = await makePhotoRows({ db, makeId: make.id });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const meta = await sharp(path.join(dataDir, "uploads", row.file)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.format).toBe("jpeg");
    }
    expect(make).toMatchObject({ size: "M", fabric: "Linen", fitBust: "right", fitWaist: "loose", fitHip: null, fitLength: "tight", tester: false, measurements: null });
  });

  it("refuses someone who did not buy, the seller, a refunded buyer, and a draft", async () => {
    const { db, shop, buyer, stranger, productId } = await setup();
    for (const userId of [stranger.id, shop.seller.id]) {
      const result = await createMake({ db, userId, productId, input: input(), photos: await photos(1) });
      expect(result).toMatchObject({ ok: false, error: "not-allowed" });
    }
    expect(MAKES_ERRORS.make["not-allowed"].status).toBe(403);
    await db.update(orders).set({ status: "Refunded" }).where(eq(orders.buyerId, buyer.id));
    expect(await createMake({ db, userId: buyer.id, productId, input: input(), photos: await photos(1) })).toMatchObject({ ok: false, error: "not-allowed" });
    await db.update(orders).set({ status: "Pending" }).where(eq(orders.buyerId, buyer.id));
    await db.update(products).set({ status: "draft" }).where(eq(products.id, productId));
    expect(await createMake({ db, userId: buyer.id, productId, input: input(), photos: await photos(1) })).toMatchObject({ ok: false, error: "product-not-found" });
    // A product that is not a pattern has no makes.
    expect(await createMake({ db, userId: buyer.id, productId: shop.bag.id, input: input(), photos: await photos(1) })).toMatchObject({ ok: false, error: "product-not-found" });
    expect((await firstRow(db.select({ n: count() }).from(makes).limit(1)))!.n).toBe(0);
    expect(await fileCount(db)).toBe(1); // the pattern's own file only
  });

  it("refuses a file that is not an image at the photos field, and stores nothing", async () => {
    const { db, buyer, productId } = await setup();
    const before = await fileCount(db);
    const uploads = () => (fs.existsSync(path.join(dataDir, "uploads")) ? fs.readdirSync(path.join(dataDir, "uploads")).length : 0);
    const uploadsBefore = uploads();
    const good = await photos(2);
    const bad = await temp("notes.jpg", Buffer.from("this is not an image at all"));
    const result = await createMake({ db, userId: buyer.id, productId, input: input(), photos: [...good, bad] });
    expect(result).toMatchObject({ ok: false, error: "photos", errors: { photos: ["notes.jpg is not an image (JPEG, PNG, GIF, WebP or BMP)."] } });
    expect(await fileCount(db)).toBe(before);
    expect(uploads()).toBe(uploadsBefore);
    expect((await firstRow(db.select({ n: count() }).from(makes).limit(1)))!.n).toBe(0);
  });

  it("takes one to six photos, and a size of the chart when the design has one", async () => {
    const { db, buyer, productId } = await setup();
    expect(await createMake({ db, userId: buyer.id, productId, input: input(), photos: [] })).toMatchObject({ ok: false, error: "no-photos" });
    expect(await createMake({ db, userId: buyer.id, productId, input: input(), photos: await photos(7) })).toMatchObject({ ok: false, error: "too-many-photos" });
    await db.insert(sizeChartRows).values([{ productId, size: "S", position: 0 }, { productId, size: "L", position: 1 }]);
    expect(await createMake({ db, userId: buyer.id, productId, input: input({ size: "M" }), photos: await photos(1) })).toMatchObject({ ok: false, error: "invalid-size", errors: { size: expect.any(Array) } });
    expect((await createMake({ db, userId: buyer.id, productId, input: input({ size: "L" }), photos: await photos(6) })).ok).toBe(true);
  });

  it("keeps measurements only with the tick, and never shows them or the maker's email", async () => {
    const { db, buyer, productId } = await setup();
    await saveMeasurements({ db, userId: buyer.id, measurements: { unit: "cm", height: 1650, high_bust: null, bust: 920, waist: 760, hip: 1000, inseam: null, arm: null } });
    const plain = await posted(db, buyer.id, productId, 1);
    const shared = await posted(db, buyer.id, productId, 1, { shareMeasurements: true });
    expect(plain.measurements).toBeNull();
    expect(JSON.parse(shared.measurements!)).toMatchObject({ bust: 920, waist: 760, hip: 1000 });
    const json = JSON.stringify((await listProductMakes({ db, productId, viewerId: null })).makes.map(makeJson));
    expect(json).not.toContain(buyer.email);
    expect(json).not.toContain("920");
    expect(json).not.toContain("measurements");
    expect(json).toContain(`${buyer.firstName} ${buyer.lastName.slice(0, 1)}.`);
  });
});

describe("the maker's own make", () => {
  it("is edited and deleted by its maker only; removed photos leave the file store", async () => {
    const { db, buyer, stranger, productId } = await setup();
    const make = await posted(db, buyer.id, productId, 2);
    const [first, second] = await makePhotoRows({ db, makeId: make.id });
    expect(await updateMake({ db, userId: stranger.id, makeId: make.id, input: input({ size: "XL" }), keep: null, photos: [] })).toEqual({ ok: false, error: "make-not-found" });
    expect(await deleteMake({ db, userId: stranger.id, makeId: make.id })).toEqual({ ok: false, error: "make-not-found" });
    expect(await updateMake({ db, userId: buyer.id, makeId: make.id, input: input(), keep: [], photos: [] })).toMatchObject({ ok: false, error: "no-photos" });

    const updated = await updateMake({ db, userId: buyer.id, makeId: make.id, input: input({ size: "L", fabric: "Wool" }), keep: [second!.id], photos: await photos(1) });
    expect(updated).toMatchObject({ ok: true, make: { size: "L", fabric: "Wool" } });
    const rows = await makePhotoRows({ db, makeId: make.id });
    expect(rows.map((r) => r.id)[0]).toBe(second!.id);
    expect(rows).toHaveLength(2);
    expect(await firstRow(db.select().from(files).where(eq(files.name, first!.file)).limit(1))).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, "uploads", first!.file))).toBe(false);

    expect(await deleteMake({ db, userId: buyer.id, makeId: make.id })).toEqual({ ok: true });
    expect(await firstRow(db.select().from(makes).where(eq(makes.id, make.id)).limit(1))).toBeUndefined();
    for (const r of rows) expect(fs.existsSync(path.join(dataDir, "uploads", r.file))).toBe(false);
  });
});

describe("galleries and moderation", () => {
  it("lists newest first; a hidden make stays visible to its maker only; only the pattern's seller hides", async () => {
    const { db, shop, buyer, stranger, productId } = await setup();
    const older = await posted(db, buyer.id, productId, 1, { size: "S" });
    const make = await posted(db, buyer.id, productId, 1, { size: "L" });
    await db.update(makes).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(makes.id, older.id));
    expect((await listProductMakes({ db, productId, viewerId: null })).makes.map((m) => m.id)).toEqual([make.id, older.id]);

    expect(await hideMake({ db, makeId: make.id, sellerId: stranger.id, hidden: true })).toEqual({ ok: false, error: "not-seller" });
    expect(await hideMake({ db, makeId: make.id, sellerId: buyer.id, hidden: true })).toEqual({ ok: false, error: "not-seller" });
    expect(await hideMake({ db, makeId: make.id, sellerId: shop.seller.id, hidden: true })).toEqual({ ok: true, hidden: true });

    const ids = async (viewerId: number | null) => (await listProductMakes({ db, productId, viewerId })).makes.map((m) => m.id);
    expect(await ids(null)).toEqual([older.id]);
    expect(await ids(stranger.id)).toEqual([older.id]);
    expect(await ids(shop.seller.id)).toEqual([older.id]);
    expect(await ids(buyer.id)).toEqual([make.id, older.id]);
    expect((await listProductMakes({ db, productId, viewerId: null })).total).toBe(1);
    expect((await listStoreMakes({ db, storeId: shop.store.id, viewerId: null })).makes.map((m) => m.id)).toEqual([older.id]);
    expect((await listOwnMakes({ db, userId: buyer.id })).makes.find((m) => m.id === make.id)?.hidden).toBe(true);
    // The seller's moderation list keeps it, to show it again.
    expect((await listSellerMakes({ db, sellerId: shop.seller.id })).makes.map((m) => m.id)).toContain(make.id);
    // Hidden from the stranger: reporting or hiding it finds nothing.
    expect(await reportMake({ db, makeId: make.id, reporterId: stranger.id, reason: "spam" })).toEqual({ ok: false, error: "make-not-found" });
    expect(await hideMake({ db, makeId: make.id, sellerId: stranger.id, hidden: false })).toEqual({ ok: false, error: "make-not-found" });

    expect(await hideMake({ db, makeId: make.id, sellerId: shop.seller.id, hidden: false })).toEqual({ ok: true, hidden: false });
    expect(await ids(null)).toEqual([make.id, older.id]);
  });

  it("are a pattern's only: another product's makes are not found (issue 46, item 16)", async () => {
    const { db, shop, buyer, productId } = await setup();
    expect(await canSeeProductMakes({ db, productId, viewerId: buyer.id })).toBe(true);
    for (const other of [shop.dress, shop.bag]) expect(await canSeeProductMakes({ db, productId: other.id, viewerId: buyer.id })).toBe(false);
    expect(await canSeeProductMakes({ db, productId: shop.dress.id, viewerId: shop.seller.id })).toBe(false);
  });

  it("takes one report per user, not of one's own make, and emails the seller and the platform", async () => {
    const { db, shop, buyer, stranger, productId } = await setup();
    const admin = await makeUser(db, { role: "admin" });
    const make = await posted(db, buyer.id, productId);
    expect(await reportMake({ db, makeId: make.id, reporterId: buyer.id, reason: "mine" })).toEqual({ ok: false, error: "own-make" });
    const reported = await reportMake({ db, makeId: make.id, reporterId: stranger.id, reason: "Not this pattern" });
    if (!reported.ok) throw new Error(reported.error);
    expect(reported.notice.to.sort()).toEqual([shop.seller.email, admin.email].sort());
    expect(await reportMake({ db, makeId: make.id, reporterId: stranger.id, reason: "again" })).toEqual({ ok: false, error: "already-reported" });
    expect(MAKES_ERRORS.report["already-reported"].status).toBe(409);
    await notifyMakeReport({ notice: reported.notice, origin: "http://x.test" });
    const mails = outbox(dataDir).filter((m) => m.text.includes(`/product/${productId}#make-${make.id}`));
    expect(mails.map((m) => m.to).sort()).toEqual([shop.seller.email, admin.email].sort());
    expect(await listReportedMakes({ db })).toMatchObject([{ id: make.id, reports: 1, reasons: ["Not this pattern"] }]);
  });

  it("takes a few reports a day per account, and the report page knows one has reported (issue 46, item 9)", async () => {
    const { db, buyer, stranger, productId } = await setup();
    const first = await posted(db, buyer.id, productId);
    expect((await reportableMake({ db, makeId: first.id, viewerId: stranger.id }))?.reportedAt).toBeNull();
    const now = Date.now();
    const reported = (makeId: number, at = now) => reportMake({ db, makeId, reporterId: stranger.id, reason: "x".repeat(1500), now: at });
    expect((await reported(first.id)).ok).toBe(true);
    expect((await reportableMake({ db, makeId: first.id, viewerId: stranger.id }))?.reportedAt).toEqual(new Date(now));
    // Reporting the same make again does not use up the day's reports.
    expect(await reported(first.id)).toEqual({ ok: false, error: "already-reported" });
    const others = [];
    for (let i = 0; i < REPORTS_LIMIT.reports; i += 1) {
      const maker = await makeBuyer(db);
      await buyAndPay(db, maker, productId);
      others.push(await posted(db, maker.id, productId));
    }
    for (const make of others.slice(0, REPORTS_LIMIT.reports - 1)) expect((await reported(make.id)).ok).toBe(true);
    expect(await reported(others.at(-1)!.id)).toEqual({ ok: false, error: "rate-limited" });
    expect(MAKES_ERRORS.report["rate-limited"].status).toBe(429);
    expect((await reported(others.at(-1)!.id, now + REPORTS_LIMIT.windowMs)).ok).toBe(true);
  });

  it("lists the makes of a seller's patterns with their reports' reasons, reported first (issue 46, item 12)", async () => {
    const { db, shop, buyer, stranger, productId } = await setup();
    const quiet = await posted(db, buyer.id, productId);
    const reported = await posted(db, buyer.id, productId);
    await db.update(makes).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(makes.id, reported.id));
    const other = await makeBuyer(db);
    expect((await reportMake({ db, makeId: reported.id, reporterId: stranger.id, reason: "Not this pattern" })).ok).toBe(true);
    expect((await reportMake({ db, makeId: reported.id, reporterId: other.id, reason: "A shop's photo" })).ok).toBe(true);
    const list = await listSellerMakes({ db, sellerId: shop.seller.id });
    expect(list.makes.map((m) => m.id)).toEqual([reported.id, quiet.id]);
    expect(list.reports).toEqual({ [reported.id]: { count: 2, reasons: ["Not this pattern", "A shop's photo"] } });
    expect(JSON.stringify(list.reports)).not.toContain(stranger.email);
    // Another user's list is empty: no store, no makes.
    expect(await listSellerMakes({ db, sellerId: buyer.id })).toMatchObject({ makes: [], reports: {} });
  });

  it("lets an administrator remove a make, recorded in the audit log, its photos deleted", async () => {
    const { db, buyer, productId } = await setup();
    const admin = await makeUser(db, { role: "admin" });
    const make = await posted(db, buyer.id, productId, 2);
    const names = (await makePhotoRows({ db, makeId: make.id })).map((p) => p.file);
    expect(await removeMake({ db, makeId: make.id, adminId: admin.id, reason: "Not a make" })).toEqual({ ok: true });
    expect(await removeMake({ db, makeId: make.id, adminId: admin.id, reason: "again" })).toEqual({ ok: false, error: "make-not-found" });
    expect(await firstRow(db.select().from(makes).where(eq(makes.id, make.id)).limit(1))).toBeUndefined();
    const entry = (await db.select().from(auditLog).where(eq(auditLog.targetId, make.id))).find((e) => e.targetType === "make");
    expect(entry).toMatchObject({ adminId: admin.id, action: "remove-make" });
    expect(JSON.parse(entry!.details)).toMatchObject({ reason: "Not a make", productId, makerId: buyer.id, photos: names });
    for (const name of names) expect(fs.existsSync(path.join(dataDir, "uploads", name))).toBe(false);
  });
});

describe("a maker's personal data", () => {
  it("exports their makes and reports; deleting the account deletes them and the photos", async () => {
    const { db, buyer, stranger, productId } = await setup();
    const admin = await makeUser(db, { role: "admin" });
    const make = await posted(db, buyer.id, productId, 2);
    const theirs = await posted(db, stranger.id, productId, 1).catch(() => null);
    expect(theirs).toBeNull(); // the stranger did not buy
    await buyAndPay(db, stranger, productId);
    const other = await posted(db, stranger.id, productId, 1);
    expect((await reportMake({ db, makeId: other.id, reporterId: buyer.id, reason: "Blurry" })).ok).toBe(true);
    const names = (await makePhotoRows({ db, makeId: make.id })).map((p) => p.file);
    const exported = (await exportUserData({ db, userId: buyer.id }))!;
    expect(exported.makes).toMatchObject([{ id: make.id, size: "M", photos: names.map((file) => ({ file })) }]);
    expect(exported.make_reports).toMatchObject([{ make_id: other.id, reason: "Blurry" }]);

    const deleted = await deleteAccount({ db, userId: buyer.id, actor: { kind: "admin", adminId: admin.id, reason: "asked" }, stripe: null });
    expect(deleted.ok).toBe(true);
    expect(await db.select().from(makes).where(eq(makes.userId, buyer.id))).toEqual([]);
    for (const name of names) expect(fs.existsSync(path.join(dataDir, "uploads", name))).toBe(false);
    expect(await listReportedMakes({ db })).toEqual([]);
    // The other maker's make and photo stay.
    expect(await makePhotoRows({ db, makeId: other.id })).toHaveLength(1);
  });
});
