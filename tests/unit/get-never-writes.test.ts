/**
 * Issue 50, item 2: a GET never writes. Every route of the route table (route-table.json, which
 * route-table.test.ts keeps equal to the build's) is asked for a GET, as a visitor, a buyer, a seller and an
 * administrator, with real ids of a seeded marketplace (a sold shop, a conversation, a help request, a make, a
 * tester call...), on a connection that refuses writes: on SQLite `PRAGMA query_only = ON`, the connection a
 * PostgreSQL standby would give; on PostgreSQL (`TEST_DATABASE=postgres`) a pool on the seeded database whose sessions
 * are read-only (`default_transaction_read_only`), refusing writes with a standby's SQLSTATE 25006. Any statement that
 * would change the database fails the test, also one whose error a loader swallows (SQLite: every statement prepared
 * during the walk is checked with SQLite's own "is this read-only?"; PostgreSQL: every statement refused with 25006
 * is recorded as the connection answers it), and so do a 5xx answer and a thrown error. A route must be walked or be
 * on SKIPPED with its reason, and a route with parameters must have them in PARAMS: a new GET route cannot escape.
 * See docs/decisions/161-get-never-writes.md.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type Db } from "../../db/client";
import { openPgPool } from "../../db/client.pg";

import { conversations, helpRequests, makes, stores, testerCalls } from "../../db/tables";
import { startFakeStripe } from "../fakes/stripe";
import { buyAndPay, useTestEnv } from "./buying-fixtures";
import { closeTestDbs, createSharedTestDb, makeUser } from "./helpers";
import { testEngine } from "./test-engine";
import { saveMeasurements, shopWithGradedPattern } from "./mtm-order-fixtures";
import { makeSoldShop } from "./selling-fixtures";
import { createSession } from "~/models/accounts/sessions.server";
import { sendMessage } from "~/models/messaging/messages.server";
import { createOnboardingLink } from "~/models/payments/onboarding.server";
import { action as conversationAction } from "~/routes/_messaging+/message.$id";
import { first, isPg } from "../../app/utils/db.server";

type Row = { file: string; path: string | null; index: boolean; parent: string | null };
type Params = Record<string, string>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const table = JSON.parse(fs.readFileSync(path.join(root, "tests/unit/route-table.json"), "utf8")) as Row[];

/** Routes not walked, each with why. */
const SKIPPED: Record<string, string> = {};

/**
 * GETs the product spec defines as writing (7.3): on a seller's first call they create the store's Stripe account and
 * store its id. The spec's contract stands, so only that first call (the seller without an account) is not walked;
 * as the seller with an account they are walked like every other GET and must not write.
 */
const SPEC_WRITES: { file: string; who: Who; why: string }[] = [
  "app/routes/_api+/_user+/api.user.stripe-onboarding.ts",
  "app/routes/_api+/_user+/api.user.get-stripe-account-link.ts",
].map((file) => ({
  file,
  who: "seller without a Stripe account",
  why: "the spec defines this GET as creating the payment account on first call; on a read replica it must be sent to the primary, issue 50 item 1",
}));

/**
 * Statements a GET may run although they write (best effort, allowed to fail on a read-only database), as Drizzle
 * writes them on either engine (SQLite's `?` placeholders, PostgreSQL's `$1`).
 */
const TOLERATED_WRITES: { sql: RegExp; why: string }[] = [
  { sql: /^insert into "downloads"/, why: "a download's log line (personal-data export only): unlessReadOnly skips it on a read-only database" },
  { sql: /^update "pattern_versions" set "data" = (\?|\$1), "reader_version" = (\?|\$2)/, why: "the cached reading of a pattern: kept in memory, stored by the reread job" },
];

/** The URL pattern of a row: its own path under its parents'. */
function pattern(row: Row): string {
  const parts: string[] = [];
  for (let r: Row | undefined = row; r; r = table.find((p) => p.file === r!.parent)) if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

type Seed = Awaited<ReturnType<typeof seed>>;
type Who = keyof Seed["tokens"];

async function seed(db: Db) {
  const shop = await makeSoldShop(db);
  const admin = await makeUser(db, { role: "admin", firstName: "Ada" });
  // The seller went through Stripe's onboarding (a connected account, not finished: the return screen asks Stripe);
  // a second seller has a store but no account yet.
  const linked = await createOnboardingLink({ db, storeId: shop.store.id, origin: "http://localhost" });
  if (!linked.ok) throw new Error(linked.error);
  await db.update(stores).set({ stripeOnboarded: false }).where(eq(stores.id, shop.store.id));
  const newSeller = await makeUser(db, { firstName: "Nell" });
  await db.insert(stores).values({ userId: newSeller.id, name: "Nell's Notions" });
  const sent = await sendMessage({ db, senderId: shop.buyer.id, to: shop.seller.id, content: "Is the dress lined?", orderId: shop.dressOrder.id });
  if (!sent.ok) throw new Error(sent.error);
  await sendMessage({ db, senderId: shop.seller.id, to: shop.buyer.id, content: "Yes, fully." });
  const help = (await db.insert(helpRequests).values({ userId: shop.buyer.id, name: "Bea", email: "bea@example.test", message: "Where is my parcel?" }).returning())[0];
  const make = (await db.insert(makes).values({ productId: shop.digital.id, userId: shop.buyer.id, size: "M", fabric: "linen", notes: "Sewed well" }).returning())[0];
  const call = (await db
    .insert(testerCalls)
    .values({ productId: shop.printed.id, sizes: '["S"]', testers: 2, closesOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), brief: "Test the collar" })
    .returning())[0];
  // A graded pattern with its size chart, bought by the buyer (whose measurements are saved), with makes of three
  // makers in the buyer's steps: the product page compares with them (sizes from makes), layouts and downloads read it.
  const graded = await shopWithGradedPattern(db);
  await saveMeasurements(db, shop.buyer.id, { bustMm: 900, hipMm: 960 });
  const gradedOrder = await buyAndPay(db, shop.buyer, graded.productId);
  const body = JSON.stringify({ unit: "cm", height: null, high_bust: null, bust: 900, waist: null, hip: 960, inseam: null, arm: null });
  for (const name of ["Mia", "Noa", "Ola"]) {
    const maker = await makeUser(db, { firstName: name });
    await db.insert(makes).values({ productId: graded.productId, userId: maker.id, size: "M", measurements: body });
  }
  const tokens = {
    visitor: null,
    buyer: await createSession({ db, userId: shop.buyer.id }),
    seller: await createSession({ db, userId: shop.seller.id }),
    admin: await createSession({ db, userId: admin.id }),
    "seller without a Stripe account": await createSession({ db, userId: newSeller.id }),
  };
  return { ...shop, admin, graded: graded.productId, gradedOrder, conversationId: sent.conversationId, help, make, call, tokens };
}

/** The parameters of each route with parameters: real ids of the seed (a route missing here fails the walk). */
function paramsFor(s: Seed): Record<string, Params[]> {
  const order = String(s.dressOrder.id);
  const digitalOrder = String(s.digitalOrder.id);
  const product = String(s.digital.id);
  const store = String(s.store.id);
  const user = String(s.buyer.id);
  const make = String(s.make.id);
  const call = String(s.call.id);
  const checkout = String(s.dressOrder.checkoutId);
  const conversation = String(s.conversationId);
  const graded = String(s.graded);
  const gradedOrder = String(s.gradedOrder.id);
  return {
    "app/routes/_pages+/$.tsx": [{ "*": "no-such-page" }],
    "app/routes/_admin+/admin.help.$id.tsx": [{ id: String(s.help.id) }],
    "app/routes/_admin+/admin.order.$id.tsx": [{ id: order }],
    "app/routes/_admin+/admin.store.$id.tsx": [{ id: store }],
    "app/routes/_admin+/admin.user.$id.tsx": [{ id: user }],
    "app/routes/_admin+/admin.user.$id_.data[.]json.ts": [{ id: user }],
    "app/routes/_api+/api.$.ts": [{ "*": "no-such-call" }],
    "app/routes/_api+/_admin+/api.admin.$.ts": [{ "*": "no-such-call" }],
    "app/routes/_api+/_admin+/api.admin.get-order.$id.ts": [{ id: order }],
    "app/routes/_api+/_admin+/api.admin.get-store.$id.ts": [{ id: store }],
    "app/routes/_api+/_admin+/api.admin.get-user.$id.ts": [{ id: user }],
    "app/routes/_api+/_admin+/api.admin.refund-order.$id.ts": [{ id: order }],
    "app/routes/_api+/api.files.$filename.ts": [{ filename: "abc123.dxf" }],
    "app/routes/_api+/_user+/api.user.follow-store.$id/route.ts": [{ id: store }],
    "app/routes/_api+/_user+/api.user.get-external-product.$id.ts": [{ id: product }],
    "app/routes/_api+/_user+/api.user.get-messages.$id.ts": [{ id: conversation }],
    "app/routes/_api+/_user+/api.user.read-conversation.$id.ts": [{ id: conversation }],
    "app/routes/_api+/_user+/api.user.get-order.$id.ts": [{ id: order }],
    "app/routes/_api+/_user+/api.user.get-own-order.$id.ts": [{ id: order }],
    "app/routes/_api+/_user+/api.user.get-product.$id.ts": [{ id: product }],
    "app/routes/_api+/_user+/api.user.get-store.$id.ts": [{ id: store }],
    "app/routes/_api+/_user+/api.user.unfollow-store.$id.ts": [{ id: store }],
    "app/routes/_selling+/become-seller.($mode).tsx": [{}, { mode: "return" }, { mode: "refresh" }],
    "app/routes/_buying+/checkout.$id.tsx": [{ id: checkout }],
    "app/routes/_buying+/download.$orderId.ts": [{ orderId: digitalOrder }, { orderId: gradedOrder }],
    "app/routes/_selling+/edit-product.$id.compare[.]svg.ts": [{ id: product }],
    "app/routes/_selling+/edit-product.$id/route.tsx": [{ id: product }],
    "app/routes/_messaging+/message.$id.tsx": [{ id: conversation }],
    "app/routes/_buying+/pay.$id.tsx": [{ id: checkout }],
    "app/routes/_catalog+/product.$id.preview[.]svg.ts": [{ id: product }, { id: graded }],
    "app/routes/_catalog+/product.$id.tsx": [{ id: product }, { id: String(s.dress.id) }, { id: graded }],
    "app/routes/_buying+/purchase.$id.tsx": [{ id: order }, { id: digitalOrder }, { id: gradedOrder }],
    "app/routes/_buying+/purchases.($status).tsx": [{}, { status: "pending" }, { status: "completed" }],
    "app/routes/_selling+/sale.$id_.label.ts": [{ id: order }],
    "app/routes/_selling+/sale.$id.tsx": [{ id: order }],
    "app/routes/_catalog+/store.$id.tsx": [{ id: store }],
    "app/routes/_api+/_user+/api.user.favorite.$id.ts": [{ id: product }],
    "app/routes/_api+/_user+/api.user.unfavorite.$id.ts": [{ id: product }],
    "app/routes/_api+/_user+/api.user.size-advice.$productId.ts": [{ productId: product }, { productId: graded }],
    "app/routes/_api+/_user+/api.user.layout.$productId.ts": [{ productId: product }, { productId: graded }],
    "app/routes/_api+/_user+/api.user.get-invoice.$orderId.ts": [{ orderId: order }],
    "app/routes/_api+/_user+/api.user.get-receipt.$orderId.ts": [{ orderId: order }, { orderId: gradedOrder }],
    "app/routes/_buying+/purchase.$id_.invoice[.]pdf.ts": [{ id: order }],
    "app/routes/_buying+/purchase.$id_.receipt[.]pdf.ts": [{ id: order }],
    "app/routes/_buying+/purchase.$id_.credit-note[.]pdf.ts": [{ id: order }],
    "app/routes/_api+/_user+/api.user.delete-make.$id.ts": [{ id: make }],
    "app/routes/_api+/_user+/api.user.hide-make.$id.ts": [{ id: make }],
    "app/routes/_api+/_user+/api.user.makes.$productId.ts": [{ productId: product }, { productId: graded }],
    "app/routes/_api+/_user+/api.user.report-make.$id.ts": [{ id: make }],
    "app/routes/_api+/_user+/api.user.update-make.$id.ts": [{ id: make }],
    "app/routes/_buying+/my-makes_.$id.tsx": [{ id: make }],
    "app/routes/_buying+/my-makes_.new.$productId.tsx": [{ productId: product }, { productId: graded }],
    "app/routes/_catalog+/report-make.$id.tsx": [{ id: make }],
    "app/routes/_api+/_user+/api.user.apply-tester-call.$id.ts": [{ id: call }],
    "app/routes/_api+/_user+/api.user.choose-testers.$id.ts": [{ id: call }],
    "app/routes/_catalog+/tester-call.$id.tsx": [{ id: call }],
    "app/routes/_api+/_user+/api.user.update-tester-call.$id.ts": [{ id: call }],
    "app/routes/_api+/_user+/api.user.close-tester-call.$id.ts": [{ id: call }],
    "app/routes/_api+/_user+/api.user.cut-plan.$id.ts": [{ id: "1" }],
    "app/routes/_api+/_user+/api.user.cut-plan.$id.files.$file.ts": [{ id: "1", file: "plan.pdf" }],
    "app/routes/_api+/_user+/api.user.delete-cut-plan.$id.ts": [{ id: "1" }],
    "app/routes/_buying+/purchase.$id_.cut-plan.tsx": [{ id: digitalOrder }, { id: gradedOrder }],
    "app/routes/_buying+/purchase.$id_.cut-plan_.$planId.$file.ts": [{ id: digitalOrder, planId: "1", file: "plan.pdf" }],
    "app/routes/_selling+/my-designs_.$id.cut-plan.tsx": [{ id: product }],
    "app/routes/_selling+/my-designs_.$id.cut-plan_.$planId.$file.ts": [{ id: product, planId: "1", file: "plan.pdf" }],
  };
}

/** Query strings a route is also asked with (searches, filters, return links). */
const QUERIES: Record<string, string[]> = {
  "app/routes/_catalog+/_index/route.tsx": ["?q=dress", "?category=women&sort=price"],
  "app/routes/_selling+/my-finance-stripe.tsx": ["?return=1", "?refresh=1"],
  "app/routes/_admin+/admin.users.tsx": ["?q=sally"],
};

function fill(urlPattern: string, params: Params): string {
  return urlPattern.replace(/:(\w+)\??|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined && !whole.endsWith("?")) throw new Error(`no value for ${whole} in ${urlPattern}`);
    return value ?? "";
  }).replace(/\/+$/, "") || "/";
}

/** What a loader answered: the status of its Response or `data()`, or the error it threw. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number } | { error: unknown }> {
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    result = error;
    if (!(error instanceof Response) && !(error && typeof error === "object" && "init" in error && "data" in error)) return { error };
  }
  if (result instanceof Response) {
    // A streamed body runs to its end: work done while streaming is part of the GET.
    await result.arrayBuffer();
    return { status: result.status };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result && (result as { type?: string }).type === "DataWithResponseInit") {
    return { status: (result as { init: ResponseInit | null }).init?.status ?? 200 };
  }
  if (result && typeof result === "object") await Promise.all(Object.values(result).map((v) => (v instanceof Promise ? v.catch(() => null) : v)));
  return { status: 200 };
}

/**
 * Watches `client` for statements that write: every statement prepared (Drizzle prepares each query) or executed
 * from now on that SQLite does not call read-only. Transaction control (BEGIN, SAVEPOINT...) is not a write.
 */
function watchWrites(client: Database.Database, onWrite: (sql: string) => void) {
  const prepare = client.prepare.bind(client);
  const exec = client.exec.bind(client);
  const control = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;
  client.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!statement.readonly && !control.test(source)) onWrite(source);
    return statement;
  }) as typeof client.prepare;
  client.exec = ((source: string) => {
    if (!control.test(source)) onWrite(source);
    return exec(source);
  }) as typeof client.exec;
  return () => {
    client.prepare = prepare as typeof client.prepare;
    client.exec = exec as typeof client.exec;
  };
}

/**
 * Watches `pool` (whose sessions are read-only) for statements that write: every statement PostgreSQL refuses with
 * SQLSTATE 25006 (read_only_sql_transaction) from now on, whether or not the caller swallows the error. Each
 * connection's `query` is wrapped as the pool opens it: pool.query, drizzle's queries and the transactions' all
 * reach the server through it.
 */
function watchRefusedWrites(pool: pg.Pool, onWrite: (sql: string) => void) {
  let watching = true;
  const refused = (text: string) => (error: unknown) => {
    if (watching && (error as { code?: unknown } | null)?.code === "25006") onWrite(text);
  };
  const wrap = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: unknown } | null)?.text);
      const callback = args.at(-1);
      if (typeof callback === "function") {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          if (error) refused(text)(error);
          return (callback as (...a: unknown[]) => unknown)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      (result as Promise<unknown> | undefined)?.then?.(undefined, refused(text));
      return result;
    }) as typeof client.query;
  };
  pool.on("connect", wrap);
  return () => {
    watching = false;
    pool.off("connect", wrap);
  };
}

describe("a GET never writes (issue 50, item 2)", () => {
  let db: Db;
  /** The handle the walk's loaders get: SQLite's connection (query_only during the walk), or a read-only pool on PostgreSQL. */
  let walker: Db;
  let s: Seed;
  let dir: string;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    dir = useTestEnv({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test", STRIPE_API_URL: stripe.url });
    fs.mkdirSync(path.join(dir, "uploads"));
    if (testEngine() === "postgres") {
      // Seeded through a normal pool; walked through another on the same database whose sessions refuse writes.
      const shared = createSharedTestDb();
      db = shared.open();
      walker = openPgPool(shared.location, { max: 4, readOnly: true }) as unknown as Db;
    } else {
      db = openDatabase(path.join(dir, "marketplace.db"));
      walker = db;
    }
    globalThis.__db = db;
    s = await seed(db);
  });
  afterAll(async () => {
    await stripe.close();
    if (isPg(db)) await closeTestDbs(walker, db);
    else db.$client.close();
    globalThis.__db = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("walks every GET route of the route table, as visitor, buyer, sellers and admin, on a read-only connection, and none writes or fails", async () => {
    const params = paramsFor(s);
    const problems: string[] = [];
    const walked: string[] = [];
    let current = "";
    const onWrite = (sql: string) => {
      if (!TOLERATED_WRITES.some((t) => t.sql.test(sql))) problems.push(`${current}: writes ${sql.replace(/\s+/g, " ").slice(0, 160)}`);
    };
    const unwatch = isPg(walker) ? watchRefusedWrites(walker.$client as unknown as pg.Pool, onWrite) : watchWrites(walker.$client, onWrite);
    // Vite's define (vite.config.ts), which the health page shows.
    (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ ??= "test";
    if (!isPg(walker)) walker.$client.pragma("query_only = ON");
    globalThis.__db = walker;
    try {
      for (const row of table) {
        if (SKIPPED[row.file]) continue;
        const urlPattern = pattern(row);
        const hasParams = /[:*]/.test(urlPattern);
        const sets = hasParams ? params[row.file] : [{}];
        if (!sets) {
          problems.push(`${row.file} (${urlPattern}) has parameters but no entry in PARAMS nor in SKIPPED`);
          continue;
        }
        const mod = (await import(/* @vite-ignore */ path.join(root, row.file))) as { loader?: (args: unknown) => Promise<unknown> };
        walked.push(row.file);
        if (!mod.loader) continue;
        for (const set of sets) {
          const urls = [fill(urlPattern, set), ...(QUERIES[row.file] ?? []).map((q) => fill(urlPattern, set) + q)];
          for (const url of urls) {
            for (const [who, token] of Object.entries(s.tokens)) {
              if (SPEC_WRITES.some((w) => w.file === row.file && w.who === who)) continue;
              current = `GET ${url} as ${who}`;
              const request = new Request(`http://localhost${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
              const result = await answer(() => mod.loader!({ request, params: set, context: { cspNonce: "" } }));
              if ("error" in result) problems.push(`${current}: threw ${String((result.error as Error)?.stack ?? result.error).split("\n").slice(0, 3).join(" | ")}`);
              else if (result.status >= 500) problems.push(`${current}: answered ${result.status}`);
            }
          }
        }
      }
    } finally {
      globalThis.__db = db;
      if (!isPg(walker)) walker.$client.pragma("query_only = OFF");
      unwatch();
    }
    expect(problems).toEqual([]);
    expect(walked.length + Object.keys(SKIPPED).length).toBe(table.length);
    for (const exception of SPEC_WRITES) expect(walked).toContain(exception.file);
  }, 120_000);

  it("keeps the spec's GETs that create the seller's Stripe account on first call (walked only once it exists)", async () => {
    const [onboarding, accountLink] = SPEC_WRITES;
    for (const [file, url, linkOf] of [
      [onboarding!.file, "/api/user/stripe-onboarding", (body: { account: { accountLink: { url: string } } }) => body.account.accountLink.url],
      [accountLink!.file, "/api/user/get-stripe-account-link", (body: { url: string }) => body.url],
    ] as const) {
      const seller = await makeUser(db, { firstName: "Flo" });
      const store = (await db.insert(stores).values({ userId: seller.id, name: `Flo's Fabrics ${url}` }).returning())[0];
      const token = await createSession({ db, userId: seller.id });
      const mod = (await import(/* @vite-ignore */ path.join(root, file))) as { loader: (args: unknown) => Promise<Response> };
      const get = async () => {
        const response = await mod.loader({ request: new Request(`http://localhost${url}`, { headers: { Authorization: `Bearer ${token}` } }), params: {}, context: {} });
        expect(response.status).toBe(200);
        return response.json();
      };
      const accountId = async () => (await first(db.select().from(stores).where(eq(stores.id, store.id)).limit(1)))!.stripeAccountId;
      expect(await accountId()).toBeNull();
      const answer = await get();
      expect(linkOf(answer)).toMatch(/^https:\/\//);
      expect(await accountId()).toMatch(/^acct_/);
      if ("account" in answer) expect(answer.account.id).toBe(await accountId());
      const created = await accountId();
      expect(linkOf(await get())).toMatch(/^https:\/\//);
      expect(await accountId()).toBe(created);
    }
  });

  it("marks a conversation read by its post, not by opening it", async () => {
    const readAt = async () => (await first(db.select().from(conversations).where(eq(conversations.id, s.conversationId)).limit(1)))!;
    const buyerIsA = (await readAt()).userA === s.buyer.id;
    const buyerRead = async () => (buyerIsA ? (await readAt()).aReadAt : (await readAt()).bReadAt);
    const before = await buyerRead();
    const page = (await import("~/routes/_messaging+/message.$id")).loader;
    const url = `http://localhost/message/${s.conversationId}`;
    const opened = await page({ request: new Request(url, { headers: { Authorization: `Bearer ${s.tokens.buyer}` } }), params: { id: String(s.conversationId) }, context: { cspNonce: "" } });
    expect(opened.wasUnread).toBe(true);
    expect(await buyerRead()).toEqual(before);
    const post = (via?: string) =>
      new Request(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${s.tokens.buyer}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "read", ...(via ? { via } : {}) }).toString(),
      });
    const answered = await conversationAction({ request: post(), params: { id: String(s.conversationId) }, context: { cspNonce: "" } });
    expect(answered).toBeInstanceOf(Response);
    expect((answered as Response).headers.get("Location")).toBe(`/message/${s.conversationId}`);
    expect(await buyerRead()).not.toEqual(before);
    expect(await conversationAction({ request: post("script"), params: { id: String(s.conversationId) }, context: { cspNonce: "" } })).toBeNull();
  });
});
