import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as sqliteSchema from "../../../db/schema";
import * as schema from "../../../db/tables";
import {
  cutPlanMarkers,
  cutPlans,
  makePhotos,
  makeReports,
  makes,
  testerApplications,
  testerCalls,
  auditLog,
  checkouts,
  conversations,
  downloads,
  files,
  favorites,
  follows,
  helpRequests,
  messages,
  orders,
  passwordResetTokens,
  patternVersions,
  productMedia,
  products,
  refundRequests,
  reviews,
  sessions,
  storeMedia,
  stores,
  transactions,
  userBlocks,
  userMeasurements,
  users,
} from "../../../db/tables";
import type { Db } from "../../../db/client";
import { paidShop, fulfil, pendingTransfer } from "../../../tests/unit/admin-fixtures";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { createStripeClient } from "~/models/payments/stripe.server";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createSession, getSessionUser } from "~/models/accounts/sessions.server";
import { verifyLogin } from "~/models/accounts/users.server";
import { recordAudit } from "~/models/platform/audit.server";
import { uploadsDir } from "~/models/files/store.server";
import { sendMessage } from "~/models/messaging/messages.server";
import { encryptSecret } from "~/utils/crypto.server";
import { DELETED_NAME, deleteAccount, deletedEmail } from "./deletion.server";
import { PERSONAL_DATA_COVERAGE } from "./personal-data-export.server";
import { exportUserData, exportUserDataFor } from "~/models/privacy/personal-data.server";
import { first } from "~/utils/db.server";

let dataDir = "";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  dataDir = useTestEnv();
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

/** A stored upload: the bytes in the file store and its `files` row. */
async function upload(db: Db, ownerId: number, kind: (typeof schema.FILE_KINDS)[number], originalName: string) {
  const name = `${crypto.randomBytes(16).toString("hex")}.png`;
  fs.mkdirSync(uploadsDir(dataDir), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir(dataDir), name), "bytes");
  await db.insert(files).values({ name, originalName, contentType: "image/png", size: 5, kind, ownerId });
  return name;
}
const onDisk = (name: string) => fs.existsSync(path.join(uploadsDir(dataDir), name));

/** The columns of the schema that point at users: a foreign key to `users`, or a user-ish name. */
function userColumns(): string[] {
  const found = new Set<string>();
  // SQLite's table definitions (db/schema.ts), whatever the engine: db/schema-compare.test.ts keeps PostgreSQL's equal.
  for (const value of Object.values(sqliteSchema)) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = getTableConfig(value);
    if (config.name === "users") continue;
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== "users") continue;
      for (const column of ref.columns) found.add(`${config.name}.${column.name}`);
    }
    for (const column of config.columns) {
      if (/(^|_)(user|buyer|sender|owner|admin|blocker|blocked)(_id)?$|^user_[ab]$/.test(column.name)) found.add(`${config.name}.${column.name}`);
    }
  }
  return [...found].sort();
}

/**
 * A user with a row in every table that can hold one about them: a store with a product, orders bought and sold,
 * messages, a review, follows, a block, a help request, sessions, a reset token, a cart, files, audit entries.
 */
async function everything(db: Db) {
  const { shop, buyer, admin, checkout } = await paidShop(db);
  const bought = await fulfil(db, checkout.id);
  const user = buyer;
  // The buyer is also a seller: a store, a product, a sale to the shop's owner.
  const store = (await db
    .insert(stores)
    .values({ userId: user.id, name: "Buyer Makes", bio: "I sew", accountNumber: encryptSecret("000123456789"), accountLast4: "6789", accountRouting: "110000000", accountName: "B. Uyer" })
    .returning())[0];
  const logo = await upload(db, user.id, "media", "logo.png");
  await db.update(stores).set({ avatar: logo }).where(eq(stores.id, store.id));
  const product = (await db.insert(products).values({ storeId: store.id, name: "Buyer Bag", description: "A bag", priceCents: 3000, type: "Made", category1: "women", category2: "bags" }).returning())[0];
  await db.insert(productMedia).values({ productId: product.id, media: await upload(db, user.id, "media", "bag.png") });
  await db.insert(storeMedia).values({ storeId: store.id, media: await upload(db, user.id, "media", "studio.png") });
  await addToCart({ db, owner: { userId: shop.seller.id }, productId: product.id });
  const sale = (await db
    .insert(orders)
    .values({ checkoutId: checkout.id, buyerId: shop.seller.id, storeId: store.id, productId: product.id, productName: product.name, productType: "Made", quantity: 1, amountCents: 3000, feeCents: 450, status: "Shipped" })
    .returning())[0];
  await db.insert(transactions).values({ storeId: store.id, txType: "Sale", orderId: sale.id, amountCents: 2550, feeCents: 450 });
  await db.insert(transactions).values({ storeId: store.id, txType: "Transfer", amountCents: -2550, status: "Completed" });

  const avatar = await upload(db, user.id, "avatar", "me.png");
  await db.update(users).set({ avatar, bio: "Hello", phone: "+1 555 0199" }).where(eq(users.id, user.id));
  await createSession({ db, userId: user.id, userAgent: "vitest" });
  await db.insert(passwordResetTokens).values({ tokenHash: "f".repeat(64), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
  await addToCart({ db, owner: { userId: user.id }, productId: shop.bag.id });
  await db.insert(follows).values({ userId: user.id, storeId: shop.store.id });
  await db.insert(favorites).values({ userId: user.id, productId: shop.dress.id });
  await db.insert(userMeasurements).values({ userId: user.id, unit: "in", bustMm: 965, waistMm: 762 });
  await db.insert(userBlocks).values({ blockerId: user.id, blockedId: admin.id });
  const sent = await sendMessage({ db, senderId: user.id, to: shop.seller.id, content: "Is the dress lined?" });
  if (!sent.ok) throw new Error(sent.error);
  const reply = await sendMessage({ db, senderId: shop.seller.id, to: user.id, content: "Yes, fully." });
  if (!reply.ok) throw new Error(reply.error);
  await db.insert(reviews).values({ productId: shop.digital.id, orderId: bought.digital.id, userId: user.id, name: `${user.firstName} ${user.lastName}`, star: 5, comment: "Great" });
  await db.insert(downloads).values({ orderId: bought.digital.id, userId: user.id, file: "abc123.dxf" });
  const resume = await upload(db, user.id, "resume", "cv.png");
  await db.insert(helpRequests).values({ userId: user.id, name: "B. Uyer", email: user.email, message: "Hire me", resumeFile: resume });
  await recordAudit(db, { adminId: admin.id, action: "edit-user", targetType: "user", targetId: user.id, details: { changes: {} } });
  // A refund the user asked for, and one they declined as the seller of `sale`.
  await db.insert(refundRequests).values({ orderId: bought.digital.id, buyerId: user.id, kind: "refund", reason: "Wrong size range" });
  await db.insert(refundRequests)
    .values({ orderId: sale.id, buyerId: shop.seller.id, kind: "refund", reason: "Changed my mind", status: "declined", answer: "Made to order", answeredBy: user.id, answeredAt: new Date() });
  // An administrator's adjustment: the admin's own ledger actions and audit rows are the admin's data.
  await db.insert(transactions).values({ storeId: shop.store.id, txType: "Adjustment", amountCents: 100, reason: "goodwill", adminId: user.id });
  await recordAudit(db, { adminId: user.id, action: "adjust-balance", targetType: "store", targetId: shop.store.id, details: {} });
  // Issue 37: a make of the bought pattern with a photo, a report of the seller's make, an application to a call.
  const make = (await db.insert(makes).values({ productId: shop.digital.id, userId: user.id, size: "M", measurements: JSON.stringify({ unit: "cm", bust: 900 }) }).returning())[0];
  await db.insert(makePhotos).values({ makeId: make.id, file: await upload(db, user.id, "media", "make.png") });
  const theirs = (await db.insert(makes).values({ productId: shop.digital.id, userId: shop.seller.id, size: "S" }).returning())[0];
  await db.insert(makeReports).values({ makeId: theirs.id, reporterId: user.id, reason: "Not this pattern" });
  const call = (await db.insert(testerCalls).values({ productId: product.id, sizes: '["M"]', testers: 1, closesOn: "2999-01-01" }).returning())[0];
  await db.insert(testerApplications).values({ callId: call.id, userId: user.id, note: "Me please" });
  // Issue 48: a production cut plan of the bought pattern, with a marker.
  const version = (await db.insert(patternVersions).values({ productId: shop.digital.id, version: 99, file: "cut.dxf" }).returning())[0];
  const plan = (await db
    .insert(cutPlans)
    .values({ userId: user.id, productId: shop.digital.id, orderId: bought.digital.id, versionId: version.id, key: "k", input: JSON.stringify({ sizes: { M: 2 } }), status: "done" })
    .returning())[0];
  await db.insert(cutPlanMarkers).values({ planId: plan.id, position: 0, material: "main", sizes: JSON.stringify({ M: 2 }), plies: 1, lengthMm: 1200, efficiency: 0.8, layout: "{}" });
  return { shop, user, admin, store, product, bought, sale, files: { logo, avatar, resume } };
}

describe("PERSONAL_DATA_COVERAGE", () => {
  it("names every column of the schema that points at a user, and nothing else", () => {
    const columns = userColumns();
    // The schema is read, not listed: a new table with a user_id column fails here until the export covers it.
    expect(columns.length).toBeGreaterThanOrEqual(18);
    expect(Object.keys(PERSONAL_DATA_COVERAGE).sort()).toEqual(columns);
  });

  it("a section named by the coverage is filled for a user who has a row in every table", async () => {
    const db = createTestDb();
    const { user } = await everything(db);
    const data = (await exportUserData({ db, userId: user.id }))! as unknown as Record<string, unknown>;
    for (const [column, entry] of Object.entries(PERSONAL_DATA_COVERAGE)) {
      if (!("section" in entry)) continue;
      const section = data[entry.section];
      expect(section, `${column} -> ${entry.section}`).toBeTruthy();
      if (Array.isArray(section)) expect(section.length, `${column} -> ${entry.section}`).toBeGreaterThan(0);
    }
  });
});

describe("exportUserData", () => {
  it("holds every row about the user, with a version and a date, and no secret", async () => {
    const db = createTestDb();
    const { user, shop, store, product, sale } = await everything(db);
    const now = new Date("2026-11-26T10:00:00Z");
    const data = (await exportUserData({ db, userId: user.id, now }))!;
    expect(data.schema_version).toBe(1);
    expect(data.generated_at).toBe("2026-11-26T10:00:00.000Z");
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, phone: "+1 555 0199", bio: "Hello", street: "1 Main St" });
    expect(data.store).toMatchObject({ id: store.id, name: "Buyer Makes", payout_details: { account_number: "****6789", account_routing: "****0000" } });
    expect(data.products.map((p) => p.id)).toEqual([product.id]);
    expect(data.products[0]!.media).toHaveLength(1);
    expect(data.products[0]).toMatchObject({ size_chart_table: [], size_chart_unit: "cm", made_to_measure: false });
    expect(data.orders_bought.map((o) => o.product_name).sort()).toEqual(["Printed Shirt Pattern", "Tote Pattern", "Wrap Dress"]);
    expect(data.orders_sold.map((o) => o.id)).toEqual([sale.id]);
    expect(data.ledger.map((t) => t.tx_type)).toEqual(["Sale", "Transfer"]);
    expect(data.conversations[0]!.messages.map((m) => [m.from, m.content])).toEqual([
      ["me", "Is the dress lined?"],
      ["other", "Yes, fully."],
    ]);
    expect(data.conversations[0]!.other_party.id).toBe(shop.seller.id);
    expect(data.follows[0]!.store_id).toBe(shop.store.id);
    expect(data.favorites).toEqual([{ product_id: shop.dress.id, product_name: shop.dress.name, created_at: expect.any(String) }]);
    expect(data.files.every((f) => f.url === `/api/files/${f.name}`)).toBe(true);
    expect(data.files.map((f) => f.original_name).sort()).toEqual(["bag.png", "cv.png", "logo.png", "make.png", "me.png", "studio.png"]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(user.passwordHash);
    expect(text).not.toContain("000123456789");
    expect(text).not.toContain("110000000");
    expect(text).not.toContain("f".repeat(64));
    const storedNumber = (await first(db.select({ n: stores.accountNumber }).from(stores).where(eq(stores.id, store.id)).limit(1)))!.n;
    expect(text).not.toContain(storedNumber);
    expect(text).not.toMatch(/password_hash|token_hash|passwordHash|tokenHash/);
  });

  it("is undefined for an unknown user, and exportUserDataFor writes who asked to the audit log", async () => {
    const db = createTestDb();
    const user = await makeUser(db);
    const admin = await makeUser(db, { role: "admin" });
    expect(await exportUserData({ db, userId: 999_999 })).toBeUndefined();
    await exportUserDataFor({ db, userId: user.id, actor: { kind: "user", userId: user.id } });
    await exportUserDataFor({ db, userId: user.id, actor: { kind: "admin", adminId: admin.id, reason: "Emailed request #12" } });
    const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, user.id)).orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.adminId, JSON.parse(r.details)])).toEqual([
      ["export-data", user.id, { by: "user" }],
      ["export-data", admin.id, { by: "admin", reason: "Emailed request #12" }],
    ]);
  });
});

describe("deleteAccount", () => {
  it("refuses while printed or apparel orders to the buyer have not shipped, and a wrong password", async () => {
    const db = createTestDb();
    const { buyer, checkout } = await paidShop(db);
    const bought = await fulfil(db, checkout.id);
    const actor = { kind: "user", userId: buyer.id } as const;
    expect(await deleteAccount({ db, userId: buyer.id, actor, password: "wrong password" })).toEqual({ ok: false, error: "wrong-password" });
    expect(await deleteAccount({ db, userId: buyer.id, actor, password: "correct horse battery" })).toEqual({ ok: false, error: "orders-in-flight" });
    await db.update(orders).set({ status: "Shipped" }).where(eq(orders.id, bought.dress.id));
    expect(await deleteAccount({ db, userId: buyer.id, actor, password: "correct horse battery" })).toEqual({ ok: false, error: "orders-in-flight" });
    await db.update(orders).set({ status: "Shipped" }).where(eq(orders.id, bought.printed.id));
    // A digital pattern never ships: a Pending one does not hold the account.
    expect(await deleteAccount({ db, userId: buyer.id, actor, password: "correct horse battery" })).toMatchObject({ ok: true });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "delete-account"))).toHaveLength(1);
  });

  it("refuses a store balance not paid out, a pending payout, an administrator, an open checkout, and needs an admin's reason", async () => {
    const db = createTestDb();
    const { shop, admin, checkout, buyer } = await paidShop(db);
    const seller = shop.seller;
    const byAdmin = { kind: "admin", adminId: admin.id, reason: "Request by email" } as const;
    expect(await deleteAccount({ db, userId: buyer.id, actor: byAdmin })).toEqual({ ok: false, error: "checkout-open" });
    await fulfil(db, checkout.id);
    expect(await deleteAccount({ db, userId: seller.id, actor: { ...byAdmin, reason: "  " } })).toEqual({ ok: false, error: "reason-required" });
    expect(await deleteAccount({ db, userId: seller.id, actor: byAdmin })).toEqual({ ok: false, error: "store-balance" });
    const balance = (await first(db.select({ b: stores.balanceCents }).from(stores).where(eq(stores.id, shop.store.id)).limit(1)))!.b;
    await pendingTransfer(db, shop.store.id, balance);
    expect(await deleteAccount({ db, userId: seller.id, actor: byAdmin })).toEqual({ ok: false, error: "payout-pending" });
    await db.update(transactions).set({ status: "Completed" }).where(eq(transactions.txType, "Transfer"));
    // The dress is Ready apparel the seller ships.
    expect(await deleteAccount({ db, userId: seller.id, actor: byAdmin })).toEqual({ ok: false, error: "store-orders-open" });
    expect(await deleteAccount({ db, userId: admin.id, actor: byAdmin })).toEqual({ ok: false, error: "administrator" });
    expect(await deleteAccount({ db, userId: 999_999, actor: byAdmin })).toEqual({ ok: false, error: "not-found" });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "delete-account"))).toHaveLength(0);
  });

  it("replaces personal data, ends sessions, closes the store and keeps orders, ledger and messages", async () => {
    const db = createTestDb();
    const { user, shop, admin, store, product, sale, files: uploaded } = await everything(db);
    await db.update(orders).set({ status: "Shipped" }).where(eq(orders.buyerId, user.id));
    const token = await createSession({ db, userId: user.id });
    const ordersBefore = await db.select().from(orders).orderBy(orders.id);
    const ledgerBefore = await db.select().from(transactions).orderBy(transactions.id);

    const result = await deleteAccount({ db, userId: user.id, actor: { kind: "admin", adminId: admin.id, reason: "Asked by phone" }, dataDir });
    expect(result).toMatchObject({ ok: true, userId: user.id });

    const row = (await first(db.select().from(users).where(eq(users.id, user.id)).limit(1)))!;
    expect(row).toMatchObject({
      email: deletedEmail(user.id),
      passwordHash: "",
      firstName: "Deleted",
      lastName: "user",
      status: "Inactive",
      phone: "",
      street: "",
      city: "",
      postalCode: "",
      avatar: null,
      bio: "",
    });
    expect(await getSessionUser({ db, token })).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
    expect(await verifyLogin({ db, email: user.email, password: "correct horse battery" })).toMatchObject({ ok: false });

    // Orders and ledger rows stay, amounts untouched; the buyer's address snapshot keeps only the tax jurisdiction.
    const ordersAfter = await db.select().from(orders).orderBy(orders.id);
    expect(ordersAfter.map((o) => [o.id, o.amountCents, o.feeCents, o.shippingCents, o.taxCents, o.status])).toEqual(
      ordersBefore.map((o) => [o.id, o.amountCents, o.feeCents, o.shippingCents, o.taxCents, o.status]),
    );
    expect(await db.select().from(transactions).orderBy(transactions.id)).toEqual(ledgerBefore);
    for (const order of ordersAfter.filter((o) => o.buyerId === user.id)) {
      expect(JSON.parse(order.shippingInfo)).toMatchObject({ first_name: "Deleted", last_name: "user", street: "", phone: "", city: "Springfield", postal_code: "62701", email: deletedEmail(user.id) });
      expect(order.shippingInfo).not.toContain("1 Main St");
    }
    for (const c of await db.select().from(checkouts).where(eq(checkouts.userId, user.id))) expect(c.shippingAddress).not.toContain("1 Main St");

    // The store is closed: products unlisted, not deleted; bank details and media gone; followers let go.
    const closed = (await first(db.select().from(stores).where(eq(stores.id, store.id)).limit(1)))!;
    expect(closed).toMatchObject({ name: `Closed store ${store.id}`, bio: "", avatar: null, accountNumber: "", accountLast4: "", accountRouting: "", accountName: "" });
    expect((await first(db.select().from(products).where(eq(products.id, product.id)).limit(1)))!.removedAt).not.toBeNull();
    expect(await db.select().from(productMedia).where(eq(productMedia.productId, product.id))).toHaveLength(1);
    expect(await db.select().from(storeMedia).where(eq(storeMedia.storeId, store.id))).toEqual([]);
    expect((await first(db.select().from(orders).where(eq(orders.id, sale.id)).limit(1)))!.productId).toBe(product.id);

    // Messages stay for the other party, shown under "Deleted user"; reviews keep their words under that name.
    expect((await db.select({ content: messages.content }).from(messages)).map((m) => m.content).sort()).toEqual(["Is the dress lined?", "Yes, fully."]);
    expect(await db.select().from(conversations)).toHaveLength(1);
    expect(await first(db.select().from(reviews).where(eq(reviews.userId, user.id)).limit(1))).toMatchObject({ name: DELETED_NAME, comment: "Great", star: 5 });
    expect(await db.select().from(follows).where(eq(follows.userId, user.id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, user.id))).toEqual([]);
    expect(await db.select().from(userBlocks)).toEqual([]);
    expect(await db.select().from(helpRequests)).toEqual([]);

    // Files nothing refers to any more are gone from disk and the table; the product's image stays (orders show it).
    for (const name of [uploaded.logo, uploaded.avatar, uploaded.resume]) {
      expect(onDisk(name), name).toBe(false);
      expect(await first(db.select().from(files).where(eq(files.name, name)).limit(1))).toBeUndefined();
    }
    const productImage = (await first(db.select().from(productMedia).where(eq(productMedia.productId, product.id)).limit(1)))!.media;
    expect(onDisk(productImage)).toBe(true);
    // One more than before issue 37: the make's photo (the user's makes and reports go; applications keep no note).
    expect(result.ok && result.filesDeleted).toBe(5);
    expect(await db.select().from(makes).where(eq(makes.userId, user.id))).toEqual([]);
    expect(await db.select().from(makeReports).where(eq(makeReports.reporterId, user.id))).toEqual([]);
    expect(await first(db.select().from(testerApplications).where(eq(testerApplications.userId, user.id)).limit(1))).toMatchObject({ note: "", measurements: null });
    // Issue 48: the user's cut plans and their markers go.
    expect(await db.select().from(cutPlans).where(eq(cutPlans.userId, user.id))).toEqual([]);
    expect(await db.select().from(cutPlanMarkers)).toEqual([]);

    // The audit log says who deleted it and why; deleting again is refused.
    const audit = (await first(db.select().from(auditLog).where(eq(auditLog.action, "delete-account")).limit(1)))!;
    expect([audit.adminId, audit.targetId, JSON.parse(audit.details)]).toEqual([admin.id, user.id, { by: "admin", reason: "Asked by phone" }]);
    expect(await deleteAccount({ db, userId: user.id, actor: { kind: "admin", adminId: admin.id, reason: "again" } })).toEqual({ ok: false, error: "already-deleted" });
    // The seller's side is unchanged: the shop's owner still sees the conversation and can still sell.
    expect((await first(db.select().from(users).where(eq(users.id, shop.seller.id)).limit(1)))!.status).toBe("Active");
    // The export of a deleted account holds what was kept: the orders and the ledger, no address.
    const after = (await exportUserData({ db, userId: user.id }))!;
    expect(after.orders_bought).toHaveLength(3);
    expect(after.profile.street).toBe("");
  });

  it("lets a user delete their own account with their password; the deleted address cannot log in or be registered over", async () => {
    const db = createTestDb();
    const user = await makeBuyer(db);
    const result = await deleteAccount({ db, userId: user.id, actor: { kind: "user", userId: user.id }, password: "correct horse battery" });
    expect(result).toMatchObject({ ok: true });
    const audit = (await first(db.select().from(auditLog).where(eq(auditLog.targetId, user.id)).limit(1)))!;
    expect([audit.action, audit.adminId, JSON.parse(audit.details)]).toEqual(["delete-account", user.id, { by: "user" }]);
    // The old address is free again (a new account may use it); the deleted row keeps its unusable one.
    const again = await makeUser(db, { email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it("closes the store's connected account at Stripe; a refusal there is logged and the deletion stands", async () => {
    const db = createTestDb();
    const stripe = createStripeClient({ secretKey: "sk_test_fake", apiUrl: fake.url });
    const { seller, store } = await makeShop(db);
    const account = await stripe.accounts.create({ type: "express" });
    await db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, store.id));
    const closed = await deleteAccount({ db, userId: seller.id, actor: { kind: "user", userId: seller.id }, password: "correct horse battery", stripe });
    expect(closed).toMatchObject({ ok: true, stripeAccount: "closed" });
    expect(fake.accounts.has(account.id)).toBe(false);
    expect(fake.requests).toContainEqual(expect.objectContaining({ method: "DELETE", path: `/v1/accounts/${account.id}` }));

    // An account Stripe no longer knows: the local deletion is done all the same.
    const other = await makeShop(db);
    await db.update(stores).set({ stripeAccountId: "acct_gone" }).where(eq(stores.id, other.store.id));
    const refused = await deleteAccount({ db, userId: other.seller.id, actor: { kind: "user", userId: other.seller.id }, password: "correct horse battery", stripe });
    expect(refused).toMatchObject({ ok: true, stripeAccount: "not-closed" });
    expect(await first(db.select().from(stores).where(eq(stores.id, other.store.id)).limit(1))).toMatchObject({ stripeAccountId: null, name: `Closed store ${other.store.id}` });
    expect((await first(db.select().from(users).where(eq(users.id, other.seller.id)).limit(1)))!.email).toBe(deletedEmail(other.seller.id));
  });
});
