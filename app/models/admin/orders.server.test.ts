import { beforeAll, describe, expect, it, vi } from "vitest";

import { productMedia } from "../../../db/tables";
import { fulfil, paidShop } from "../../../tests/unit/admin-fixtures";
import { makeBuyer, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { isPg, type Db } from "~/utils/db.server";
import { getAdminOrder, listAdminOrderViews } from "./orders.server";
import { toAdminOrderJson } from "./views.server";

beforeAll(() => {
  useTestEnv();
});

const query = { q: "", sort: "id" as const, dir: "asc" as const, page: 1, size: 100 };

/**
 * How many statements a call executes. On SQLite counted on better-sqlite3's Statement prototype, so statements prepared once
 * per database (and reused from a cache) count each time they run, like any other.
 */
async function queriesOf(db: Db, run: () => Promise<unknown>): Promise<number> {
  if (isPg(db)) {
    // PostgreSQL: every statement outside a transaction goes through the pool's query.
    const spy = vi.spyOn((db as unknown as { $client: { query: () => unknown } }).$client, "query");
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }
  const proto = Object.getPrototypeOf(db.$client.prepare("select 1")) as Record<"all" | "get" | "run" | "iterate", () => unknown>;
  const spies = (["all", "get", "run", "iterate"] as const).map((name) => vi.spyOn(proto, name));
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

async function shopWithOrders(db: Db) {
  const { shop, checkout } = await paidShop(db);
  for (const [i, product] of [shop.dress, shop.digital, shop.printed].entries()) {
    await db.insert(productMedia).values([
      { productId: product.id, media: `p${product.id}-front.jpg`, position: 0 },
      { productId: product.id, media: `p${product.id}-back.jpg`, position: 1 + i },
    ]);
  }
  return { shop, orders: await fulfil(db, checkout.id) };
}

type Shop = Awaited<ReturnType<typeof shopWithOrders>>["shop"];

/** Another buyer's paid checkout of the shop's tote, digital pattern and printed pattern: three more orders. */
async function moreOrders(db: Db, shop: Shop) {
  const buyer = await makeBuyer(db);
  const owner = { userId: buyer.id };
  for (const productId of [shop.bag.id, shop.digital.id]) await addToCart({ db, owner, productId });
  await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id });
  const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true });
  if (!result.ok) throw new Error(result.error);
  expect((await fulfilCheckout({ db, checkoutId: result.checkout.id })).status).toBe("fulfilled");
}

describe("listAdminOrderViews (GET /api/admin/get-orders)", () => {
  it("answers each row as the one-order admin view, with every item's media", async () => {
    const db = createTestDb();
    const { shop, orders } = await shopWithOrders(db);
    const page = await listAdminOrderViews({ db, query });
    expect(page.total).toBe(3);
    const rows = page.rows.map(toAdminOrderJson);
    expect(rows.map((r) => r.orderId)).toEqual([orders.dress.id, orders.digital.id, orders.printed.id]);
    for (const row of rows) expect(row).toEqual(toAdminOrderJson((await getAdminOrder({ db, orderId: row.orderId }))!));
    expect(rows[0]!.items[0]!.mediaUrls).toEqual([`p${shop.dress.id}-front.jpg`, `p${shop.dress.id}-back.jpg`]);
    expect(rows[0]).toMatchObject({ productName: "Wrap Dress", SellerFirstName: "Sally", Selleremail: shop.seller.email, orderType: "Ready", tax: 0, reviewed: false });
    expect(rows[1]).toMatchObject({ orderType: "Pattern (Digital)", pattern_url: "abc123.dxf", items: [{ pattern_url: "abc123.dxf" }] });
  });

  it("reads a page in a fixed number of queries, however many orders it holds (no query per row)", async () => {
    const db = createTestDb();
    const { shop } = await shopWithOrders(db);
    const three = await queriesOf(db, async () => listAdminOrderViews({ db, query }));
    await moreOrders(db, shop);
    await moreOrders(db, shop);
    let rows = 0;
    const nine = await queriesOf(db, async () => (rows = (await listAdminOrderViews({ db, query })).rows.length));
    expect(rows).toBe(9);
    expect(nine).toBe(three);
    expect(three).toBeLessThanOrEqual(6);
  });
});
