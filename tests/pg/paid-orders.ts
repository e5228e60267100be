/**
 * "Paid orders" for the PostgreSQL drills (decision 162): a paid checkout and its order written in one transaction
 * through drizzle and the real PostgreSQL schema (db/schema.pg.ts), as the payment webhook will once the checkout
 * model runs on PostgreSQL (issue 49; today it runs on SQLite only). Each checkout carries a key of its own in
 * `provider_session_id` (unique, as Stripe's session id is): writing the same key again after an error whose
 * outcome is unknown finds it already there instead of charging twice.
 */
import { eq, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";

import type { PgDb } from "../../db/client.pg";
import * as schema from "../../db/schema.pg";

export type Shop = { buyerId: number; storeId: number; productId: number };

export async function seedShop(db: PgDb): Promise<Shop> {
  const [buyer] = await db.insert(schema.users).values({ email: "buyer@example.com", passwordHash: "x", firstName: "Ada", lastName: "Buyer" }).returning();
  const [seller] = await db.insert(schema.users).values({ email: "seller@example.com", passwordHash: "x", firstName: "Sam", lastName: "Seller" }).returning();
  const [store] = await db.insert(schema.stores).values({ userId: seller.id, name: "Drill Patterns" }).returning();
  const [product] = await db
    .insert(schema.products)
    .values({ storeId: store.id, name: "Wrap dress", description: "A wrap dress pattern", priceCents: 1200, type: "Pattern", delivery: "Digital", category1: "Women", category2: "Dresses" })
    .returning();
  return { buyerId: buyer.id, storeId: store.id, productId: product.id };
}

/**
 * Writes paid order `key` (checkout + order, one transaction). Returns "written", or "already" when a checkout
 * with that key exists (an earlier attempt committed but its answer was lost).
 */
export async function writePaidOrder(db: PgDb, shop: Shop, key: string): Promise<"written" | "already"> {
  // A connection of our own, released (destroyed after an error) whatever happens: drizzle's transaction() on a
  // pool (0.45) sends BEGIN before its try, so a BEGIN failing on a dead server never gives the connection back, and
  // after as many failovers as the pool has connections every query would wait forever (decision 162).
  const client = await db.$client.connect();
  let failure: Error | undefined;
  try {
    return await paidOrderIn(drizzle(client, { schema }), shop, key);
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    client.release(failure);
  }
}

async function paidOrderIn(db: NodePgDatabase<typeof schema>, shop: Shop, key: string): Promise<"written" | "already"> {
  const now = new Date();
  // drizzle's own transaction on a client checked out above (a pg database, not the app's handle): see paidOrder.
  // eslint-disable-next-line no-restricted-syntax -- a NodePgDatabase on one checked-out client, outside the app's model layer
  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .insert(schema.checkouts)
      .values({
        userId: shop.buyerId,
        provider: "local",
        providerSessionId: key,
        status: "paid",
        subtotalCents: 1200,
        shippingCents: 0,
        totalCents: 1200,
        shippingAddress: "{}",
        expiresAt: new Date(now.getTime() + 3_600_000),
        paidAt: now,
      })
      .onConflictDoNothing({ target: schema.checkouts.providerSessionId })
      .returning({ id: schema.checkouts.id });
    if (!checkout) return "already";
    await tx.insert(schema.orders).values({
      checkoutId: checkout.id,
      buyerId: shop.buyerId,
      storeId: shop.storeId,
      productId: shop.productId,
      productName: "Wrap dress",
      productType: "Pattern",
      delivery: "Digital",
      quantity: 1,
      amountCents: 1200,
      feeCents: 120,
    });
    return "written";
  });
}

/** Every paid order's key in the database, with how many orders its checkout has (each must have exactly one). */
export async function paidOrderKeys(db: PgDb): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: schema.checkouts.providerSessionId, orders: sql<number>`count(${schema.orders.id})::int` })
    .from(schema.checkouts)
    .leftJoin(schema.orders, eq(schema.orders.checkoutId, schema.checkouts.id))
    .groupBy(schema.checkouts.providerSessionId);
  return new Map(rows.map((r) => [r.key ?? "", r.orders]));
}
