import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { orders, refundRequests, transactions } from "../../../db/tables";
import { balanceOf, fulfil, ledgerOf, orderById, paidShop } from "../../../tests/unit/admin-fixtures";
import { makeBuyer, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { refundOrder } from "~/models/buying/refunds.server";
import { getBuyerOrder } from "~/models/buying/orders.server";
import { toBuyerOrderJson } from "~/models/buying/views.server";
import { getStoreOrder } from "~/models/selling/orders.server";
import { toSellerOrderJson } from "~/models/selling/views.server";
import { answerRefundRequest, countOpenRefundRequests, listStoreRefundRequests, requestRefund } from "./refund-requests.server";
import { first as firstRow } from "~/utils/db.server";

let dir: string;
beforeAll(() => {
  dir = useTestEnv();
});

async function shopWithOrders() {
  const db = createTestDb();
  const paid = await paidShop(db);
  const placed = await fulfil(db, paid.checkout.id);
  const seller = { storeId: paid.shop.store.id, userId: paid.shop.seller.id };
  return { db, ...paid, ...placed, seller };
}

describe("requestRefund", () => {
  it("opens one request per order: a second is refused, also when two arrive at once; the seller is mailed", async () => {
    const { db, buyer, dress, shop } = await shopWithOrders();
    const results = await Promise.all(
      [1, 2, 3].map(() => requestRefund({ db, buyerId: buyer.id, orderId: dress.id, kind: "refund", reason: "  Too small  " })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, error: "already-open" });
    const rows = await db.select().from(refundRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: dress.id, buyerId: buyer.id, kind: "refund", reason: "Too small", status: "open", answer: "" });
    expect(await countOpenRefundRequests({ db, storeId: shop.store.id })).toBe(1);
    const mail = outbox(dir).find((m) => m.to === shop.seller.email && m.subject === `A refund request for order #${dress.id}`);
    expect(mail?.text).toContain("Too small");
    expect(mail?.text).toContain(`/sale/${dress.id}`);
  });

  it("refuses another buyer's order, a refunded order, a cancellation after shipping and of a download", async () => {
    const { db, buyer, admin, dress, digital, printed } = await shopWithOrders();
    const stranger = await makeBuyer(db, { email: "stranger@example.com" });
    expect(await requestRefund({ db, buyerId: stranger.id, orderId: dress.id, kind: "refund", reason: "x" })).toEqual({ ok: false, error: "not-found" });
    expect(await requestRefund({ db, buyerId: buyer.id, orderId: digital.id, kind: "cancel", reason: "x" })).toEqual({ ok: false, error: "cancel-digital" });
    await db.update(orders).set({ status: "Shipped" }).where(eq(orders.id, printed.id));
    expect(await requestRefund({ db, buyerId: buyer.id, orderId: printed.id, kind: "cancel", reason: "x" })).toEqual({ ok: false, error: "cancel-shipped" });
    expect((await requestRefund({ db, buyerId: buyer.id, orderId: printed.id, kind: "refund", reason: "Torn" })).ok).toBe(true);
    expect((await refundOrder({ db, orderId: dress.id, adminId: admin.id, stripe: null })).ok).toBe(true);
    expect(await requestRefund({ db, buyerId: buyer.id, orderId: dress.id, kind: "refund", reason: "x" })).toEqual({ ok: false, error: "refunded" });
  });
});

describe("answerRefundRequest", () => {
  it("accepts through the refund path once under a race: Refunded, one Refund debit, the request accepted", async () => {
    const { db, buyer, dress, shop, seller } = await shopWithOrders();
    const asked = await requestRefund({ db, buyerId: buyer.id, orderId: dress.id, kind: "cancel", reason: "Ordered the wrong size" });
    if (!asked.ok) throw new Error(asked.error);
    const before = await balanceOf(db, shop.store.id);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => answerRefundRequest({ db, requestId: asked.request.id, actor: seller, accept: true, answer: "Sure", stripe: null })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, error: "already-answered" });
    expect((await orderById(db, dress.id)).status).toBe("Refunded");
    // The dress: 8999, fee 1350 (15 %): the sale credited 7649, the refund debits it once.
    expect(await balanceOf(db, shop.store.id)).toBe(before - 7649);
    expect((await ledgerOf(db, shop.store.id)).filter((t) => t.txType === "Refund")).toHaveLength(1);
    expect((await firstRow(db.select().from(transactions).where(eq(transactions.txType, "Refund")).limit(1)))?.adminId).toBeNull();
    const row = (await firstRow(db.select().from(refundRequests).where(eq(refundRequests.id, asked.request.id)).limit(1)))!;
    expect(row).toMatchObject({ status: "accepted", answer: "Sure", answeredBy: shop.seller.id });
    expect(row.answeredAt).toBeInstanceOf(Date);
    // A late double post changes nothing.
    expect(await answerRefundRequest({ db, requestId: asked.request.id, actor: seller, accept: true, answer: "", stripe: null })).toEqual({
      ok: false,
      error: "already-answered",
    });
    expect((await ledgerOf(db, shop.store.id)).filter((t) => t.txType === "Refund")).toHaveLength(1);
    const sellerMail = outbox(dir).find((m) => m.to === shop.seller.email && m.subject === `Order #${dress.id} was refunded`);
    expect(sellerMail?.text).toContain("the buyer's request was accepted");
    // Every face's order JSON carries it.
    expect(toBuyerOrderJson((await getBuyerOrder({ db, userId: buyer.id, orderId: dress.id }))!).refund_request).toEqual({
      id: asked.request.id,
      kind: "cancel",
      reason: "Ordered the wrong size",
      status: "accepted",
      answer: "Sure",
    });
    expect(toSellerOrderJson((await getStoreOrder({ db, storeId: shop.store.id, orderId: dress.id }))!).refund_request?.status).toBe("accepted");
  });

  it("declines with the seller's answer mailed to the buyer; no answer, another store or twice is refused", async () => {
    const { db, buyer, printed, shop, seller } = await shopWithOrders();
    const asked = await requestRefund({ db, buyerId: buyer.id, orderId: printed.id, kind: "refund", reason: "Changed my mind" });
    if (!asked.ok) throw new Error(asked.error);
    const requestId = asked.request.id;
    expect(await answerRefundRequest({ db, requestId, actor: seller, accept: false, answer: "   ", stripe: null })).toEqual({ ok: false, error: "answer-required" });
    expect(await answerRefundRequest({ db, requestId, actor: { storeId: shop.store.id + 99, userId: 1 }, accept: false, answer: "No", stripe: null })).toEqual({
      ok: false,
      error: "not-found",
    });
    const declined = await answerRefundRequest({ db, requestId, actor: seller, accept: false, answer: "Printed to order, sorry.", stripe: null });
    expect(declined).toMatchObject({ ok: true, request: { status: "declined", answer: "Printed to order, sorry." } });
    expect(await answerRefundRequest({ db, requestId, actor: seller, accept: true, answer: "", stripe: null })).toEqual({ ok: false, error: "already-answered" });
    expect((await orderById(db, printed.id)).status).toBe("Pending");
    expect((await ledgerOf(db, shop.store.id)).filter((t) => t.txType === "Refund")).toHaveLength(0);
    const mail = outbox(dir).find((m) => m.to === buyer.email && m.subject === `Your refund request for order #${printed.id} was declined`);
    expect(mail?.text).toContain("Printed to order, sorry.");
    expect(await countOpenRefundRequests({ db, storeId: shop.store.id })).toBe(0);
    expect(await listStoreRefundRequests({ db, storeId: shop.store.id })).toMatchObject([{ id: requestId, status: "declined", productName: "Printed Shirt Pattern" }]);
    // After a decline the buyer may ask again (one open request at a time).
    expect((await requestRefund({ db, buyerId: buyer.id, orderId: printed.id, kind: "refund", reason: "It arrived torn" })).ok).toBe(true);
  });

  it("an administrator answers too, and an administrator's refund of the order accepts its open request", async () => {
    const { db, buyer, admin, dress, digital } = await shopWithOrders();
    const first = await requestRefund({ db, buyerId: buyer.id, orderId: dress.id, kind: "refund", reason: "Late" });
    const second = await requestRefund({ db, buyerId: buyer.id, orderId: digital.id, kind: "refund", reason: "Wrong file" });
    if (!first.ok || !second.ok) throw new Error("not asked");
    const accepted = await answerRefundRequest({ db, requestId: first.request.id, actor: { admin: true, userId: admin.id }, accept: true, answer: "", stripe: null });
    expect(accepted).toMatchObject({ ok: true, request: { status: "accepted", answeredBy: admin.id } });
    expect((await orderById(db, dress.id)).status).toBe("Refunded");
    expect((await refundOrder({ db, orderId: digital.id, adminId: admin.id, stripe: null })).ok).toBe(true);
    expect(await firstRow(db.select().from(refundRequests).where(eq(refundRequests.id, second.request.id)).limit(1))).toMatchObject({ status: "accepted", answeredBy: admin.id });
  });
});
