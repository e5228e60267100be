/**
 * The models on the engine this thread's DATABASE_URL names (unset: SQLite in DATA_DIR), for
 * tests/unit/engine-models.test.ts: a thread of its own because the models' tables are chosen when db/tables loads
 * (decision 160). Seeds the demo, then runs the models whose SQL differs by engine (decision 160's list) and posts
 * what each answered, in a form that must be the same on both engines.
 */
import { parentPort, workerData } from "node:worker_threads";

import { and, eq } from "drizzle-orm";

import { makeReports, makes, products, stores, users } from "../../db/tables";
import { seedDemoData } from "../../db/seed";
import { DEMO_ACCOUNTS } from "../../db/seed/words";
import { createSession, getSessionUser, getSessionViewer } from "../../app/models/accounts/sessions.server";
import { registerUser } from "../../app/models/accounts/users.server";
import { financialRowsJson, listFinancialRows, revenuePerDay } from "../../app/models/admin/financial.server";
import { listReportedMakes } from "../../app/models/admin/makes.server";
import { listAdminOrders } from "../../app/models/admin/orders.server";
import { listAdminStores } from "../../app/models/admin/stores.server";
import { listAdminUsers } from "../../app/models/admin/users.server";
import { addToCart } from "../../app/models/buying/cart.server";
import { createCheckout } from "../../app/models/buying/checkout.server";
import { fulfilCheckout } from "../../app/models/buying/fulfilment.server";
import { createLocalProvider } from "../../app/models/payments/local.server";
import { getBuyerOrder } from "../../app/models/buying/orders.server";
import { refundOrder } from "../../app/models/buying/refunds.server";
import { favoriteIdsAmong, setFavorite } from "../../app/models/catalog/favorites.server";
import { listProducts } from "../../app/models/catalog/listing.server";
import { getExternalProduct, variantsOf } from "../../app/models/catalog/products.server";
import { getMeasurements, getSizeChart } from "../../app/models/fit/chart.server";
import { listSellerMakes } from "../../app/models/makes/gallery.server";
import { countUnreadConversations, listConversations, markConversationRead } from "../../app/models/messaging/conversations.server";
import { sendMessage } from "../../app/models/messaging/messages.server";
import { patternBuyers } from "../../app/models/patterns/updates.server";
import { closeDb, first, isClosed, openDb } from "../../app/utils/db.server";
import { parseEnv } from "../../app/utils/env.server";
import { lookupId } from "../../app/utils/ids";
import { hit, peek, release } from "../../app/utils/rate-limit.server";

const { dataDir } = workerData as { dataDir: string };
globalThis.__env = parseEnv({ ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "unit-test-secret-0123456789", LAYOUT_WARMING: "off" });

const answers: Record<string, unknown> = {};
// A model that forgets to await a query fails its check, not the whole thread.
process.on("unhandledRejection", (error) => {
  answers["unhandled rejections"] = [...((answers["unhandled rejections"] as string[] | undefined) ?? []), String((error as Error)?.message ?? error).split("\n")[0]];
});
/** Runs one check; its answer, or the error it threw (as text), under its name. */
async function check(name: string, run: () => Promise<unknown>) {
  try {
    answers[name] = await run();
  } catch (error) {
    answers[name] = { error: String((error as Error)?.message ?? error).split("\n")[0] };
  }
}

const db = await openDb();
const table = { q: "", sort: "name" as const, dir: "asc" as const, page: 1, size: 5 };
await check("the demo seeds", async () => (await seedDemoData({ db, dataDir })).seeded);
await check("a user registered after the seed gets an id of their own", async () => {
  const registered = await registerUser({ db, email: "after-seed@example.test", password: "correct horse battery", firstName: "Ann", lastName: "After" });
  return registered.ok;
});
const userByEmail = async (email: string) => (await first(db.select().from(users).where(eq(users.email, email)).limit(1)))!;
const buyer = await userByEmail(DEMO_ACCOUNTS.buyer.email);
const seller = await userByEmail(DEMO_ACCOUNTS.seller.email);
const admin = await userByEmail(DEMO_ACCOUNTS.admin.email);
const store = (await first(db.select().from(stores).where(eq(stores.userId, seller.id)).limit(1)))!;
const storeProducts = await db.select().from(products).where(and(eq(products.storeId, store.id), eq(products.status, "published"))).orderBy(products.id);
const digital = storeProducts.find((p) => p.type === "Pattern" && p.delivery === "Digital")!;
const withChart = storeProducts.find((p) => p.madeToMeasure) ?? storeProducts.find((p) => p.type === "Pattern")!;

await check("sessions: the viewer and the user of a token; an expired one is nobody", async () => {
  const token = await createSession({ db, userId: seller.id });
  const viewer = await getSessionViewer({ db, token });
  const user = await getSessionUser({ db, token });
  const later = new Date(Date.now() + 400 * 86_400_000);
  return {
    viewer: viewer && { email: viewer.user.email, hasStore: viewer.hasStore, onboarded: viewer.onboarded, cartCount: viewer.cartCount, unread: viewer.user.unreadConversations },
    user: user?.email,
    expired: [await getSessionViewer({ db, token, now: later }), await getSessionUser({ db, token, now: later })],
  };
});
await check("the product page's prepared queries", async () => {
  const found = await getExternalProduct({ db, productId: digital.id, viewerId: buyer.id });
  return {
    name: found?.product.name,
    store: found?.store.name,
    media: found?.media.length,
    variants: found?.variants.length,
    reviews: found?.reviews.length,
    rating: found?.rating,
    variantsOf: (await variantsOf(db, withChart.id)).map((v) => v.value),
    missing: await getExternalProduct({ db, productId: lookupId("99999999999") }),
  };
});
await check("the size chart and measurements", async () => {
  const chart = await getSizeChart({ db }, withChart.id);
  return { unit: chart?.unit, rows: chart?.rows.map((r) => r.size), none: await getSizeChart({ db }, 0), measurements: await getMeasurements({ db }, buyer.id) };
});
await check("the catalogue search (FTS5 / tsvector) and its count", async () => {
  const search = async (q: string) => {
    const page = await listProducts({ db, query: { category1: "all", category2: [], category3: [], q, sort: "newest", page: 1 } });
    return { total: page.total, first: page.items.slice(0, 3).map((p) => p.name) };
  };
  return { dress: await search("dress"), prefix: await search("dre"), store: await search(store.name.split(" ")[0]!), nothing: await search("zzqx") };
});
await check("favourites among a page of products (json_each / integer array)", async () => {
  await setFavorite({ db, userId: buyer.id, productId: digital.id, favorite: true });
  return [...(await favoriteIdsAmong({ db, userId: buyer.id, productIds: storeProducts.map((p) => p.id) }))].map((id) => id === digital.id);
});
await check("the admin's stores and users, searched and sorted by name without regard to case", async () => {
  const storesPage = await listAdminStores({ db, query: { ...table, q: "A" } });
  const usersPage = await listAdminUsers({ db, query: { ...table, q: "PATTERNHOUSE" } });
  const byId = await listAdminUsers({ db, query: { ...table, q: "99999999999" } });
  return { stores: storesPage.rows.map((r) => r.name), storesTotal: storesPage.total, users: usersPage.rows.map((r) => r.email), usersTotal: usersPage.total, byHugeId: byId.total };
});
/** The buyer buys one of the digital pattern (its first size) and pays on the local provider: the paid order. */
async function buyDigital() {
  const [variant] = await variantsOf(db, digital.id);
  const added = await addToCart({ db, owner: { userId: buyer.id }, productId: digital.id, variantId: variant?.id });
  if (!added.ok) throw new Error(`cannot add ${digital.name} to the cart: ${added.error}`);
  const checkout = await createCheckout({ db, user: buyer, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
  if (!checkout.ok) throw new Error(checkout.error);
  const fulfilled = await fulfilCheckout({ db, checkoutId: checkout.checkout.id });
  if (fulfilled.status !== "fulfilled") throw new Error(fulfilled.status);
  return fulfilled.orders[0]!;
}
let order: Awaited<ReturnType<typeof buyDigital>> | undefined;
await check("a digital pattern bought and paid on the local provider", async () => {
  order = await buyDigital();
  return order.productName;
});
await check("a paid order, read back; an id past 32 bits finds nothing", async () => ({
  found: (await getBuyerOrder({ db, userId: buyer.id, orderId: order!.id }))?.productName,
  huge: await getBuyerOrder({ db, userId: buyer.id, orderId: lookupId("99999999999") }),
}));
await check("the admin's orders searched: a name, nothing, a huge number", async () => {
  const search = async (q: string) => (await listAdminOrders({ db, query: { q, sort: "date", dir: "desc", page: 1, size: 10 } })).total;
  return { name: await search(digital.name.toUpperCase()), nothing: await search("zzqx"), huge: await search("99999999999") };
});
await check("the financial report: rows, JSON rows, revenue per day, margin sort, store sales", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const range = { start_date: today, end_date: today };
  const rows = await listFinancialRows({ db, range, query: { q: "", sort: "margin", dir: "desc", page: 1, size: 10 } });
  const json = await financialRowsJson({ db, range });
  const days = await revenuePerDay({ db, range });
  const sales = await listAdminStores({ db, query: { ...table, sort: "sales", dir: "desc" } });
  return { rows: rows.rows.map((r) => r.amountCents), sales: rows.overview.sales, json: json.map((r) => [r.amount, r.status]), days, topStoreSales: sales.rows[0]?.salesCents };
});
await check("the buyers of a pattern, one row each", async () => (await patternBuyers({ db, productId: digital.id })).map((b) => b.email));
await check("messages: unread counted, listed and read (timestamps compared on both engines)", async () => {
  const sent = await sendMessage({ db, senderId: buyer.id, to: seller.id, content: "Is it lined?" });
  if (!sent.ok) return sent;
  await sendMessage({ db, senderId: buyer.id, to: seller.id, content: "And the sizes?" });
  const before = { count: await countUnreadConversations({ db, userId: seller.id }), listed: (await listConversations({ db, userId: seller.id })).map((c) => c.unread) };
  const marked = await markConversationRead({ db, conversationId: sent.conversationId, userId: seller.id, now: new Date(Date.now() + 1000) });
  const after = { count: await countUnreadConversations({ db, userId: seller.id }), listed: (await listConversations({ db, userId: seller.id })).map((c) => c.unread) };
  return { before, marked, after, buyerUnread: await countUnreadConversations({ db, userId: buyer.id }) };
});
await check("the rate limiter: counted, capped, released", async () => {
  const at = 1_000_000;
  const hits = [];
  for (let i = 0; i < 4; i++) hits.push((await hit({ db, key: "engine-check", limit: 2, windowMs: 60_000, now: at + i })).count);
  await release({ db, key: "engine-check", now: at + 10 });
  return { hits, afterRelease: (await peek({ db, key: "engine-check", limit: 2, now: at + 11 })).count };
});
await check("reported makes: grouped per make, the reported first", async () => {
  const make = (await db.insert(makes).values({ productId: digital.id, userId: buyer.id, size: "M", fabric: "linen", notes: "Sewed well" }).returning())[0]!;
  await db.insert(makes).values({ productId: digital.id, userId: admin.id, size: "S", fabric: "cotton", notes: "Not reported" });
  await db.insert(makeReports).values({ makeId: make.id, reporterId: admin.id, reason: "Not a make" });
  const reported = await listReportedMakes({ db });
  const sellers = await listSellerMakes({ db, sellerId: seller.id });
  return { reported: reported.map((r) => [r.productName, r.reports]), sellerFirst: sellers.makes.map((m) => m.notes) };
});
await check("a refund takes the sale out of the sold count", async () => {
  const before = (await first(db.select({ sold: products.sold }).from(products).where(eq(products.id, digital.id)).limit(1)))!.sold;
  const refunded = await refundOrder({ db, orderId: order!.id, adminId: admin.id, stripe: null });
  const after = (await first(db.select({ sold: products.sold }).from(products).where(eq(products.id, digital.id)).limit(1)))!.sold;
  return { ok: refunded.ok, change: after - before };
});
await closeDb();
answers["closed"] = isClosed(db);
parentPort!.postMessage(answers);
