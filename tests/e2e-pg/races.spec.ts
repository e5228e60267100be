/**
 * The money rules across two app processes on one PostgreSQL primary (issue 49's acceptance): the same request sent
 * to process A and process B at once, through the JSON API (the `Authorization` header). Each race has exactly one
 * winner, and the database shows it once: one settlement per checkout, one refund per request, stock never below
 * zero, and the per-account login limit counted over both processes.
 */
import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";

import { pgE2e } from "./env";

const { apps, primaryDb } = pgE2e();
const [A, B] = apps;
const tag = `${Date.now().toString(36)}${process.pid}`;
let n = 0;
const email = (who: string) => `pg-race-${who}-${tag}-${++n}@example.test`;
const ADDRESS = { first_name: "Ada", last_name: "Racer", street: "1 Main St", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0100" };

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: primaryDb });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function json(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A new account with a US address (registered on A): its token. */
async function account(who: string, password = "race-password-1"): Promise<{ token: string; email: string }> {
  const address = email(who);
  const registered = await json(A, "/api/auth/register", { email: address, password, firstname: "Ada", lastname: "Racer" });
  expect(registered.status).toBe(201);
  const token = registered.body!.token as string;
  expect((await json(B, "/api/user/update-profile", ADDRESS, token)).status).toBe(200);
  return { token, email: address };
}

/** A seller's store and a Ready design with `inventory` units of one size (the JSON API, on B): its product and variant. */
async function readyDesign(inventory: number) {
  const seller = await account("seller");
  const store = new FormData();
  store.set("store", JSON.stringify({ name: `Race Store ${tag} ${n}`, bio: "Racing" }));
  store.set("pdetails", JSON.stringify({ accountname: "Ada Racer", accountnumber: "123456789012", accountrouting: "110000000", accounttype: "checking" }));
  expect((await fetch(`${B}/api/user/update-store`, { method: "POST", headers: { Authorization: seller.token }, body: store })).status).toBeLessThan(202);
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } }).png().toBuffer();
  const design = new FormData();
  design.set(
    "product",
    JSON.stringify({ name: `Last Unit ${tag} ${n}`, desc: "One left.", price: 30, type: "Ready", category1: "women", category2: "dresses", terms: "", parcel_size: "Small" }),
  );
  design.set("variants", JSON.stringify([{ value: "M", sku: "", inventory }]));
  design.set("images", new Blob([new Uint8Array(image)], { type: "image/png" }), "dress.png");
  design.set("sizeChart", new Blob([new Uint8Array(image)], { type: "image/png" }), "sizes.png");
  const created = await fetch(`${A}/api/user/update-product`, { method: "POST", headers: { Authorization: seller.token }, body: design });
  expect(created.status, await created.clone().text()).toBe(201);
  const productId = ((await created.json()) as { product: { id: number } }).product.id;
  const [variant] = await query<{ id: number }>("SELECT id FROM variants WHERE product_id = $1", [productId]);
  return { seller, productId, variantId: variant.id };
}

/** A checkout of the design by a new buyer (on A): the local provider's payment page's path. */
async function checkout(productId: number, variantId: number, token: string) {
  return json(A, "/api/user/checkout", { digital_consent: true, items: [{ productId, variantId }] }, token);
}

const pay = (base: string, payPath: string, token: string) =>
  fetch(base + payPath, { method: "POST", headers: { Authorization: token, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=pay", redirect: "manual" });

test("one checkout paid on both processes at once is settled once: one order, one sale in the ledger", async () => {
  const { productId, variantId } = await readyDesign(5);
  const buyer = await account("buyer");
  const started = await checkout(productId, variantId, buyer.token);
  expect(started.status).toBe(200);
  const payPath = new URL(started.body!.url as string).pathname;
  const answers = await Promise.all([pay(A, payPath, buyer.token), pay(B, payPath, buyer.token), pay(A, payPath, buyer.token), pay(B, payPath, buyer.token)]);
  for (const answer of answers) expect(answer.status).toBeLessThan(500);
  const orders = await query<{ id: number }>("SELECT o.id FROM orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = $1", [buyer.email]);
  expect(orders).toHaveLength(1);
  const sales = await query<{ n: string }>("SELECT count(*)::text AS n FROM transactions WHERE order_id = $1 AND tx_type = 'Sale'", [orders[0].id]);
  expect(sales).toEqual([{ n: "1" }]);
  const [stock] = await query<{ inventory: number }>("SELECT inventory FROM variants WHERE id = $1", [variantId]);
  expect(stock.inventory).toBe(4);
});

test("two buyers on two processes racing for the last unit: one reserves it, the other is refused, stock is 0", async () => {
  const { productId, variantId } = await readyDesign(1);
  const buyers = await Promise.all([account("buyer-a"), account("buyer-b")]);
  const results = await Promise.all([
    json(A, "/api/user/checkout", { items: [{ productId, variantId }] }, buyers[0].token),
    json(B, "/api/user/checkout", { items: [{ productId, variantId }] }, buyers[1].token),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  expect(results.find((r) => r.status === 409)!.body!.error).toMatch(/out of stock/);
  const [stock] = await query<{ inventory: number }>("SELECT inventory FROM variants WHERE id = $1", [variantId]);
  expect(stock.inventory).toBe(0);
});

test("a refund request accepted on both processes at once refunds once", async () => {
  const { seller, productId, variantId } = await readyDesign(3);
  const buyer = await account("buyer");
  const started = await checkout(productId, variantId, buyer.token);
  expect((await pay(B, new URL(started.body!.url as string).pathname, buyer.token)).status).toBe(302);
  const [order] = await query<{ id: number }>("SELECT o.id FROM orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = $1", [buyer.email]);
  const asked = await json(B, "/api/user/request-refund", { order_id: order.id, kind: "refund", reason: "Wrong size" }, buyer.token);
  expect(asked.status).toBe(201);
  const id = (asked.body!.refund_request as { id: number }).id;
  const answers = await Promise.all([A, B, A, B].map((base) => json(base, "/api/user/answer-refund-request", { id, accept: true, answer: "Sorry" }, seller.token)));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  const refunds = await query<{ n: string }>("SELECT count(*)::text AS n FROM transactions WHERE order_id = $1 AND tx_type = 'Refund'", [order.id]);
  expect(refunds).toEqual([{ n: "1" }]);
  const [refunded] = await query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [order.id]);
  expect(refunded.status).toBe("Refunded");
});

test("wrong passwords sent to both processes at once: the account's limit (5) holds over both, then even the right one is refused", async () => {
  const user = await account("login");
  const attempts = await Promise.all(
    Array.from({ length: 12 }, (_, i) => json(i % 2 ? A : B, "/api/auth/login", { email: user.email, password: "not-the-password" })),
  );
  const statuses = attempts.map((a) => a.status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  expect((await json(A, "/api/auth/login", { email: user.email, password: "race-password-1" })).status).toBe(429);
  expect((await json(B, "/api/auth/login", { email: user.email, password: "race-password-1" })).status).toBe(429);
});
