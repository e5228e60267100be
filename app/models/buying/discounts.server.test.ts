import { fileURLToPath } from "node:url";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { checkouts, discountCodes, discountRedemptions, orders, transactions, type User } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { closeTestDbs, createSharedTestDb, createTestDb } from "../../../tests/unit/helpers";
import { raceWorkers } from "../../../tests/unit/race-workers";
import { addToCart, applyDiscountCode, getCartView } from "~/models/buying/cart.server";
import { createCheckout, sessionLines } from "~/models/buying/checkout.server";
import { allocateDiscount, checkCode } from "~/models/buying/discounts.server";
import { discountedLineFeeCents } from "~/models/buying/fees.server";
import { releaseCheckout } from "~/models/buying/fulfilment.server";
import { payLocalCheckout } from "~/models/buying/local-checkout.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { createDiscountCode, listDiscountCodes, removeDiscountCode } from "~/models/selling/discount-codes.server";
import { ApiCheckoutSchema } from "~/schemas/buying";
import { ApiCreateDiscountCodeSchema, CreateDiscountCodeSchema } from "~/schemas/discounts";
import { first as firstRow } from "~/utils/db.server";

beforeAll(() => {
  useTestEnv();
});

const provider = createLocalProvider();
const origin = "http://shop.test";

/** A code of the store through the seller's own schema and model (the form's and the JSON face's path). */
async function makeCode(db: Db, storeId: number, fields: Record<string, unknown>) {
  const input = CreateDiscountCodeSchema.parse(fields);
  // Made in 2020: some of these codes have ended since (a code whose end date is past cannot be made today).
  const result = await createDiscountCode({ db, storeId, input, now: new Date("2020-01-01T12:00:00Z") });
  if (!result.ok) throw new Error(result.error);
  return result.code;
}

/** A buyer's cart of two bags and the digital pattern of a fresh shop. */
async function cartOfTwoBagsAndAPattern() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const buyer = await makeBuyer(db);
  const owner = { userId: buyer.id };
  await addToCart({ db, owner, productId: shop.bag.id, quantity: 2 });
  await addToCart({ db, owner, productId: shop.digital.id });
  return { db, shop, buyer, owner };
}

async function checkout(db: Db, buyer: User) {
  const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
  if (!result.ok) throw new Error(result.error);
  return result.checkout;
}

describe("allocating a discount", () => {
  it("percent off: each line rounded half up on its own", () => {
    expect(allocateDiscount({ percentOffBp: 2000, amountOffCents: null }, [8999, 9100, 0])).toEqual([1800, 1820, 0]);
    expect(allocateDiscount({ percentOffBp: 10000, amountOffCents: null }, [1250])).toEqual([1250]);
  });

  it("amount off: by largest remainder over the lines, never more than they cost", () => {
    expect(allocateDiscount({ percentOffBp: null, amountOffCents: 1000 }, [9100, 1250])).toEqual([879, 121]);
    expect(allocateDiscount({ percentOffBp: null, amountOffCents: 100 }, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocateDiscount({ percentOffBp: null, amountOffCents: 2 }, [100, 100, 100])).toEqual([1, 1, 0]);
    expect(allocateDiscount({ percentOffBp: null, amountOffCents: 500 }, [0, 0])).toEqual([0, 0]);
  });

  it("the fee is computed on each unit's discounted price", () => {
    const settings = { marginBp: 1500, minFeeCents: 200, marginPatternBp: 1000, minFeePatternCents: 100, flatFeeCents: 500 };
    // 2 totes at 45.50 with 8.79 off: units at 41.11 and 41.10, fees 6.17 + 6.17 (6.165 rounds half up).
    expect(discountedLineFeeCents({ unitPriceCents: 4550, quantity: 2, type: "Made", delivery: null }, 879, settings)).toBe(1234);
    expect(discountedLineFeeCents({ unitPriceCents: 4550, quantity: 2, type: "Made", delivery: null }, 0, settings)).toBe(1366);
    // Free: the fee is never above the price.
    expect(discountedLineFeeCents({ unitPriceCents: 1250, quantity: 1, type: "Pattern", delivery: "Digital" }, 1250, settings)).toBe(0);
  });
});

describe("a code on the cart", () => {
  it("applies case-insensitively, shows per line and in the total; the refusals change nothing", async () => {
    const { db, shop, owner } = await cartOfTwoBagsAndAPattern();
    await makeCode(db, shop.store.id, { code: "Spring20", percent_off: "20" });
    await makeCode(db, shop.store.id, { code: "SOON", percent_off: "10", starts: "2999-01-01" });
    await makeCode(db, shop.store.id, { code: "OVER", percent_off: "10", ends: "2020-12-31" });
    await makeCode(db, shop.store.id, { code: "DRESS", amount_off: "5", product_ids: String(shop.dress.id) });
    const other = await makeShop(db);
    await makeCode(db, other.store.id, { code: "ELSEWHERE", percent_off: "10" });

    for (const [text, error] of [
      ["NOPE", "unknown-code"],
      ["soon", "not-started"],
      ["over", "expired"],
      ["dress", "not-applicable"],
      // Another store's code answers as no code at all (a guesser learns nothing).
      ["elsewhere", "unknown-code"],
    ] as const) {
      expect(await applyDiscountCode({ db, owner, text })).toEqual({ ok: false, error });
      expect((await getCartView({ db, owner })).discount).toBeNull();
    }
    expect(await applyDiscountCode({ db, owner, text: "  spring20 " })).toEqual({ ok: true });
    const cart = await getCartView({ db, owner });
    expect(cart.discount).toMatchObject({ code: "Spring20", cents: 1820 + 250, error: null });
    expect(cart.lines.map((l) => l.discountCents)).toEqual([1820, 250]);
    expect(cart.totalCents).toBe(9100 + 1250 - 2070);
    expect(await applyDiscountCode({ db, owner, text: "" })).toEqual({ ok: true });
    expect((await getCartView({ db, owner })).discount).toBeNull();
  });

  it("holds a guesser: 10 refused codes per buyer, 50 per address, then every code is refused unchecked for 15 minutes", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    await makeCode(db, shop.store.id, { code: "REAL10", percent_off: "10" });
    const guesser = { userId: (await makeBuyer(db)).id };
    await addToCart({ db, owner: guesser, productId: shop.bag.id });
    for (let i = 0; i < 10; i++) expect(await applyDiscountCode({ db, owner: guesser, text: `GUESS${i}`, clientKey: "203.0.113.7" })).toEqual({ ok: false, error: "unknown-code" });
    expect(await applyDiscountCode({ db, owner: guesser, text: "REAL10", clientKey: "203.0.113.7" })).toEqual({ ok: false, error: "rate-limited" });
    expect((await getCartView({ db, owner: guesser })).discount).toBeNull();
    // Other buyers from the same address share its 50; a right code costs nothing.
    let refused = 10;
    while (refused < 50) {
      const other = { userId: (await makeBuyer(db)).id };
      await addToCart({ db, owner: other, productId: shop.bag.id });
      expect(await applyDiscountCode({ db, owner: other, text: "real10", clientKey: "203.0.113.7" })).toEqual({ ok: true });
      for (let i = 0; i < 10 && refused < 50; i++, refused++) await applyDiscountCode({ db, owner: other, text: `NO${refused}`, clientKey: "203.0.113.7" });
    }
    const late = { userId: (await makeBuyer(db)).id };
    await addToCart({ db, owner: late, productId: shop.bag.id });
    expect(await applyDiscountCode({ db, owner: late, text: "REAL10", clientKey: "203.0.113.7" })).toEqual({ ok: false, error: "rate-limited" });
    expect(await applyDiscountCode({ db, owner: late, text: "REAL10", clientKey: "198.51.100.2" })).toEqual({ ok: true });
  });

  it("dates are UTC days, both ends inclusive", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const lines = [{ productId: shop.bag.id, storeId: shop.store.id, quantity: 1, unitPriceCents: 4550 }];
    await makeCode(db, shop.store.id, { code: "JUNE", percent_off: "10", starts: "2026-06-01", ends: "2026-06-30" });
    const at = (iso: string) => checkCode({ db, text: "june", lines, now: new Date(iso) });
    expect(await at("2026-05-31T23:59:59Z")).toEqual({ ok: false, error: "not-started" });
    expect((await at("2026-06-01T00:00:00Z")).ok).toBe(true);
    expect((await at("2026-06-30T23:59:59Z")).ok).toBe(true);
    expect(await at("2026-07-01T00:00:00Z")).toEqual({ ok: false, error: "expired" });
  });
});

describe("a code through checkout and payment", () => {
  it("20 % off: discounted session lines, orders, fees and Sale credits to the cent; the use counts once paid", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    const owner = { userId: buyer.id };
    await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id });
    await addToCart({ db, owner, productId: shop.bag.id, quantity: 2 });
    await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id });
    const code = await makeCode(db, shop.store.id, { code: "LAUNCH", percent_off: "20", max_uses: "5", once_per_buyer: "on" });
    expect(await applyDiscountCode({ db, owner, text: "launch" })).toEqual({ ok: true });

    const cart = await getCartView({ db, owner });
    // The printing-and-shipping line is not discounted.
    expect(sessionLines(cart.lines, cart.pssCents).map((l) => [l.unitAmountCents, l.quantity])).toEqual([
      [7199, 1],
      [3640, 2],
      [1600, 1],
      [1000, 1],
    ]);
    const opened = await checkout(db, buyer);
    expect(opened).toMatchObject({ subtotalCents: 8999 + 9100 + 2000, shippingCents: 1000, discountCents: 1800 + 1820 + 400, discountCodeId: code.id });
    expect(opened.totalCents).toBe(8999 + 9100 + 2000 + 1000 - 4020);
    expect((await firstRow(db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).limit(1)))!.uses).toBe(1);

    const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: opened.id, origin });
    expect(paid.ok).toBe(true);
    const created = await db.select().from(orders).where(eq(orders.checkoutId, opened.id));
    // Fees on the discounted unit prices: 7199 -> 1080 (15 %, half up), 3640 -> 546 each, 1600 -> 160 + 500.
    expect(created.map((o) => [o.productName, o.amountCents, o.discountCents, o.feeCents])).toEqual([
      ["Wrap Dress", 7199, 1800, 1080],
      ["Canvas Tote", 7280, 1820, 1092],
      ["Printed Shirt Pattern", 1600, 400, 660],
    ]);
    const sales = await db.select().from(transactions).where(eq(transactions.storeId, shop.store.id));
    expect(sales.map((t) => t.amountCents)).toEqual([7199 - 1080, 7280 - 1092, 1600 - 660]);
    // What the buyer paid is what the orders and their shipping add up to.
    expect(created.reduce((s, o) => s + o.amountCents + o.shippingCents, 0)).toBe(opened.totalCents);
    expect((await db.select().from(discountRedemptions)).map((r) => r.status)).toEqual(["used"]);
    expect((await listDiscountCodes({ db, storeId: shop.store.id }))[0]).toMatchObject({ used: 1, reserved: 0, uses: 1 });
    expect((await getCartView({ db, owner })).discount).toBeNull();

    // Once per buyer: the same buyer cannot use it again, on the cart or at checkout.
    await addToCart({ db, owner, productId: shop.bag.id });
    expect(await applyDiscountCode({ db, owner, text: "LAUNCH" })).toEqual({ ok: false, error: "already-used" });
  });

  it("an amount off split over a line of two: the session's lines add up to the checkout's total", async () => {
    const { db, shop, buyer, owner } = await cartOfTwoBagsAndAPattern();
    await makeCode(db, shop.store.id, { code: "TENOFF", amount_off: "10" });
    await applyDiscountCode({ db, owner, text: "tenoff" });
    const cart = await getCartView({ db, owner });
    const lines = sessionLines(cart.lines, cart.pssCents);
    expect(lines.map((l) => [l.unitAmountCents, l.quantity])).toEqual([
      [4111, 1],
      [4110, 1],
      [1129, 1],
    ]);
    const opened = await checkout(db, buyer);
    expect(lines.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0)).toBe(opened.totalCents);
    await payLocalCheckout({ db, userId: buyer.id, checkoutId: opened.id, origin });
    const created = await db.select().from(orders).where(eq(orders.checkoutId, opened.id));
    expect(created.map((o) => [o.amountCents, o.discountCents, o.feeCents])).toEqual([
      [8221, 879, 1234],
      [1129, 121, 113],
    ]);
  });

  it("a checkout that expires or is cancelled gives its use back; a used-up code is refused and reserves nothing", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const [a, b] = [await makeBuyer(db), await makeBuyer(db)];
    const code = await makeCode(db, shop.store.id, { code: "ONE", percent_off: "50", max_uses: "1" });
    for (const buyer of [a, b]) {
      await addToCart({ db, owner: { userId: buyer.id }, productId: shop.dress.id, variantId: shop.dressM.id });
      expect(await applyDiscountCode({ db, owner: { userId: buyer.id }, text: "one" })).toEqual({ ok: true });
    }
    const first = await checkout(db, a);
    expect((await getCartView({ db, owner: { userId: b.id } })).discount?.error).toBe("used-up");
    expect(await createCheckout({ db, user: b, origin, provider })).toEqual({ ok: false, error: "used-up" });
    // Nothing of b's was reserved: the dress's last unit is a's, the code's one use too.
    expect(await db.select().from(checkouts).where(eq(checkouts.userId, b.id))).toHaveLength(0);
    expect(await releaseCheckout({ db, checkoutId: first.id, status: "expired" })).toBe("released");
    expect((await firstRow(db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).limit(1)))!.uses).toBe(0);
    expect((await db.select().from(discountRedemptions)).map((r) => r.status)).toEqual(["released"]);
    const second = await checkout(db, b);
    expect(second.discountCents).toBe(4500);
  });
});

describe("the seller's codes", () => {
  it("creates (unique per store, case-insensitive; own designs only), lists with uses, removes", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const other = await makeShop(db);
    await makeCode(db, shop.store.id, { code: "Sale", percent_off: "15" });
    const input = (fields: Record<string, unknown>) => CreateDiscountCodeSchema.parse(fields);
    expect(await createDiscountCode({ db, storeId: shop.store.id, input: input({ code: "SALE", amount_off: "3" }) })).toEqual({ ok: false, error: "code-taken" });
    expect((await createDiscountCode({ db, storeId: other.store.id, input: input({ code: "SALE", amount_off: "3" }) })).ok).toBe(true);
    expect(await createDiscountCode({ db, storeId: shop.store.id, input: input({ code: "THEIRS", amount_off: "3", product_ids: String(other.bag.id) }) })).toEqual({
      ok: false,
      error: "unknown-product",
    });
    const listed = await listDiscountCodes({ db, storeId: shop.store.id });
    expect(listed.map((c) => [c.code, c.percentOffBp, c.used])).toEqual([["Sale", 1500, 0]]);
    expect(await removeDiscountCode({ db, storeId: other.store.id, codeId: listed[0]!.id })).toEqual({ ok: false, error: "not-found" });
    expect(await removeDiscountCode({ db, storeId: shop.store.id, codeId: listed[0]!.id })).toEqual({ ok: true });
    expect(await listDiscountCodes({ db, storeId: shop.store.id })).toEqual([]);
    // A removed code is no code; its text can be used again.
    const lines = [{ productId: shop.bag.id, storeId: shop.store.id, quantity: 1, unitPriceCents: 4550 }];
    expect(await checkCode({ db, text: "sale", lines })).toEqual({ ok: false, error: "unknown-code" });
    expect((await createDiscountCode({ db, storeId: shop.store.id, input: input({ code: "sale", amount_off: "3" }) })).ok).toBe(true);
  });

  it("refuses a code whose end date (a UTC day, inclusive) has already passed: nobody could use it (issue 46 item 24)", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const now = new Date("2026-06-15T23:30:00Z");
    const make = (code: string, ends: string) => createDiscountCode({ db, storeId: shop.store.id, now, input: CreateDiscountCodeSchema.parse({ code, percent_off: "10", ends }) });
    expect(await make("LATE", "2026-06-14")).toEqual({ ok: false, error: "ended" });
    expect((await make("TODAY", "2026-06-15")).ok).toBe(true);
    expect((await listDiscountCodes({ db, storeId: shop.store.id })).map((c) => c.code)).toEqual(["TODAY"]);
  });

  it("the schema refuses a code without exactly one kind, bad dates and bad limits", () => {
    const errors = (fields: Record<string, unknown>) => CreateDiscountCodeSchema.safeParse(fields).error?.issues.map((i) => i.message);
    expect(errors({ code: "X1Y", percent_off: "10", amount_off: "5" })).toEqual(["Give either a percent off or an amount off"]);
    expect(errors({ code: "X1Y" })).toEqual(["Give either a percent off or an amount off"]);
    expect(errors({ code: "X1Y", percent_off: "101" })).toEqual(["Percent off must be a number from 0.01 to 100"]);
    expect(errors({ code: "X1Y", percent_off: "10", starts: "2026-02-30" })).toEqual(["Start date must be a real date"]);
    expect(errors({ code: "X1Y", percent_off: "10", starts: "2026-03-02", ends: "2026-03-01" })).toEqual(["The end date is before the start date"]);
    expect(errors({ code: "X1Y", percent_off: "10", max_uses: "0" })).toEqual(["Use limit must be a whole number from 1 to 1000000"]);
    expect(errors({ code: "no spaces", percent_off: "10" })).toEqual(["Code may hold letters, digits, '-' and '_' only"]);
  });
});

describe("the JSON face's inputs", () => {
  it("numbers are JSON numbers; product_ids a list of ids or null; discount_code text", () => {
    expect(ApiCreateDiscountCodeSchema.parse({ code: "SPRING", percent_off: 20, product_ids: [3, 1], starts: "2026-03-01", ends: "2026-03-31", max_uses: 100, once_per_buyer: true })).toEqual({
      code: "SPRING",
      percent_off: 2000,
      amount_off: null,
      product_ids: [3, 1],
      starts: "2026-03-01",
      ends: "2026-03-31",
      max_uses: 100,
      once_per_buyer: true,
    });
    expect(ApiCreateDiscountCodeSchema.parse({ code: "FIVE", amount_off: 5.5, product_ids: null })).toMatchObject({ amount_off: 550, product_ids: null, max_uses: null });
    const first = (body: unknown) => ApiCreateDiscountCodeSchema.safeParse(body).error?.issues[0]?.message;
    expect(first({ code: "FIVE", amount_off: "5" })).toBe("amount_off must be a JSON number, not a string");
    expect(first({ code: "FIVE", amount_off: 5, product_ids: "all" })).toBe("product_ids must be a JSON list of design ids, or null for the whole store");
    expect(first({ code: "FIVE", amount_off: 5, product_ids: ["3"] })).toBe("product_ids[0] must be a JSON number, not a string");
    expect(first({ code: "FIVE", amount_off: 5, once_per_buyer: "yes" })).toBe("once_per_buyer must be true or false");
    expect(first({ code: "FIVE", amount_off: 5, once_per_buyer: 1 })).toBe("once_per_buyer must be true or false");
    expect(first({ code: "FIVE", amount_off: 5, max_uses: 1.5 })).toBe("Use limit must be a whole number from 1 to 1000000");
    expect(ApiCheckoutSchema.parse({ discount_code: "spring" })).toEqual({ discount_code: "spring" });
    expect(ApiCheckoutSchema.safeParse({ discount_code: 5 }).success).toBe(false);
  });
});

const WORKER = fileURLToPath(new URL("../../../tests/unit/discount-checkout-worker.ts", import.meta.url));

describe("twenty buyers racing for a code's last use", () => {
  it("twenty threads with their own connections to one file, released at once: exactly one checkout gets the use", { timeout: 300_000 }, async () => {
    const shared = createSharedTestDb();
    const file = shared.location;
    const db = shared.open();
    const shop = await makeShop(db);
    const code = await makeCode(db, shop.store.id, { code: "LAST", percent_off: "25", max_uses: "3" });
    // Two uses are gone already (paid by earlier buyers): one is left.
    await db.update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.id, code.id));
    const buyers: User[] = [];
    for (let i = 0; i < 20; i += 1) {
      const buyer = await makeBuyer(db);
      await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
      expect(await applyDiscountCode({ db, owner: { userId: buyer.id }, text: "last" })).toEqual({ ok: true });
      buyers.push(buyer);
    }
    const results = await raceWorkers(WORKER, buyers.length, (i) => ({ file, userId: buyers[i]!.id }));

    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "used-up")).toHaveLength(19);
    expect((await firstRow(db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).limit(1)))!.uses).toBe(3);
    expect(await db.select().from(discountRedemptions)).toHaveLength(1);
    const opened = await db.select().from(checkouts);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ discountCodeId: code.id, discountCents: 1138, totalCents: 4550 - 1138 });
    await closeTestDbs(db);
  });
});
