import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { messages, orders, patternVersions, productMedia, products, transactions } from "../../../db/tables";
import { buyAndPay, makeBuyer, makeShop, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { photoFile } from "../../../tests/unit/upload-fixtures";
import { allFinancialRows, financialRowsJson, getFinancialOverview, revenuePerDay } from "~/models/admin/financial.server";
import { refundOrder } from "~/models/buying/refunds.server";
import { getAdminStore } from "~/models/admin/stores.server";
import { requestRefund } from "~/models/buying/refund-requests.server";
import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { listBuyerOrders, rateOrder } from "~/models/buying/orders.server";
import { getPurchase } from "~/models/buying/purchases.server";
import { toBuyerOrderJson, toPurchaseRowView, toPurchaseView } from "~/models/buying/views.server";
import { externalProductJson, getExternalProduct, productPageView } from "~/models/catalog/products.server";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { listProductMakes } from "~/models/makes/gallery.server";
import { createMake } from "~/models/makes/makes.server";
import { bestSellingDesigns, salesSeries } from "~/models/selling/finance.server";
import { listStoreOrders } from "~/models/selling/orders.server";
import { orderDocuments } from "~/models/tax/invoices.server";
import { applyToTesterCall, chooseTesters, sendNotices } from "~/models/testing/applications.server";
import {
  applicantJson,
  callableDrafts,
  closeTesterCall,
  editTesterCall,
  getTesterCall,
  listSellerCalls,
  listUserApplications,
  openTesterCall,
  testerCallJson,
  utcDay,
} from "~/models/testing/calls.server";
import { TESTING_ERRORS, unknownSizesMessage } from "~/models/testing/errors";
import { sendTesterFeedback, testedBy, testedByLine } from "~/models/testing/feedback.server";
import { type Db, first } from "~/utils/db.server";

let dataDir = "";
beforeAll(() => {
  dataDir = useTestEnv();
});

const tomorrow = () => utcDay(new Date(Date.now() + 86_400_000));
const input = (over: Partial<{ sizes: string[]; testers: number; closesOn: string; brief: string }> = {}) => ({
  sizes: ["S", "M", "L"],
  testers: 1,
  closesOn: tomorrow(),
  brief: "Photos front and back, fit notes per size.",
  ...over,
});

async function setup() {
  const db = createTestDb();
  const shop = await makeShop(db);
  await db.update(products).set({ status: "draft" }).where(eq(products.id, shop.digital.id));
  const ann = await makeBuyer(db);
  const bob = await makeBuyer(db);
  const opened = await openTesterCall({ db, sellerId: shop.seller.id, productId: shop.digital.id, input: input() });
  if (!opened.ok) throw new Error(opened.error);
  return { db, shop, ann, bob, productId: shop.digital.id, callId: opened.call.id };
}

async function testerOrder(db: Db, buyerId: number) {
  return await first(db.select().from(orders).where(and(eq(orders.buyerId, buyerId), eq(orders.testerCopy, true))).limit(1));
}

describe("tester calls", () => {
  it("opens only on the caller's own draft Digital pattern, closing today or later", async () => {
    const { db, shop, ann } = await setup();
    expect(await openTesterCall({ db, sellerId: ann.id, productId: shop.digital.id, input: input() })).toEqual({ ok: false, error: "product-not-found" });
    expect(await openTesterCall({ db, sellerId: shop.seller.id, productId: shop.printed.id, input: input() })).toEqual({ ok: false, error: "not-a-draft" });
    await db.update(products).set({ status: "draft" }).where(eq(products.id, shop.printed.id));
    expect(await openTesterCall({ db, sellerId: shop.seller.id, productId: shop.printed.id, input: input() })).toEqual({ ok: false, error: "not-downloadable" });
    expect(await openTesterCall({ db, sellerId: shop.seller.id, productId: shop.digital.id, input: input({ closesOn: "2020-01-01" }) })).toEqual({ ok: false, error: "closes-in-past" });
    expect(TESTING_ERRORS.open["not-a-draft"].status).toBe(409);
  });

  it("takes one application per user, not the seller's, measurements only with the tick, until the closing day", async () => {
    const { db, shop, ann, bob, callId } = await setup();
    await saveMeasurements({ db, userId: ann.id, measurements: { unit: "cm", height: null, high_bust: null, bust: 900, waist: 740, hip: 980, inseam: null, arm: null } });
    await saveMeasurements({ db, userId: bob.id, measurements: { unit: "cm", height: null, high_bust: null, bust: 950, waist: 800, hip: 1020, inseam: null, arm: null } });
    expect(await applyToTesterCall({ db, callId, userId: shop.seller.id, size: "M", note: "", shareMeasurements: false })).toEqual({ ok: false, error: "own-call" });
    const applied = await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "I sew a size M", shareMeasurements: true });
    expect(applied).toMatchObject({ ok: true, notice: { to: shop.seller.email, link: "/my-tester-calls" } });
    expect(await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "again", shareMeasurements: true })).toEqual({ ok: false, error: "already-applied" });
    expect((await applyToTesterCall({ db, callId, userId: bob.id, size: "M", note: "", shareMeasurements: false })).ok).toBe(true);
    const [call] = await listSellerCalls({ db, sellerId: shop.seller.id });
    expect(call!.applicants.map((a) => [a.userId, a.note, a.measurements?.bust ?? null])).toEqual([
      [ann.id, "I sew a size M", 900],
      [bob.id, "", null],
    ]);
    // After its closing day, or once the design is published, it takes no application.
    const late = await makeBuyer(db);
    expect(await applyToTesterCall({ db, callId, userId: late.id, size: "M", note: "", shareMeasurements: false, now: new Date(Date.now() + 3 * 86_400_000) })).toEqual({ ok: false, error: "closed" });
    expect((await getTesterCall({ db, callId }))?.open).toBe(true);
  });

  it("gives a chosen tester a $0 tester copy and a thread, never a sale, a fee, a ledger entry or a sold count", async () => {
    const { db, shop, ann, bob, callId, productId } = await setup();
    await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "", shareMeasurements: false });
    await applyToTesterCall({ db, callId, userId: bob.id, size: "M", note: "", shareMeasurements: false });
    const stranger = await makeBuyer(db);
    expect(await chooseTesters({ db, callId, sellerId: ann.id, userIds: [ann.id] })).toEqual({ ok: false, error: "call-not-found" });
    expect(await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [stranger.id] })).toEqual({ ok: false, error: "not-applicants" });
    expect(await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [ann.id, bob.id] })).toEqual({ ok: false, error: "too-many-testers" });
    const ledgerBefore = (await first(db.select({ n: count() }).from(transactions).limit(1)))!.n;
    const chosen = await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [ann.id] });
    if (!chosen.ok) throw new Error(chosen.error);
    expect(chosen.chosen).toEqual([ann.id]);
    // Choosing her again changes nothing; a second tester is over the call's one.
    expect(await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [ann.id] })).toMatchObject({ ok: true, chosen: [] });
    expect(await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [bob.id] })).toEqual({ ok: false, error: "too-many-testers" });

    const order = (await testerOrder(db, ann.id))!;
    expect(order).toMatchObject({ productId, amountCents: 0, feeCents: 0, taxCents: 0, testerCopy: true, status: "Pending" });
    expect((await first(db.select({ n: count() }).from(transactions).limit(1)))!.n).toBe(ledgerBefore);
    expect((await first(db.select().from(products).where(eq(products.id, productId)).limit(1)))!.sold).toBe(0);
    expect(await first(db.select().from(messages).where(eq(messages.orderId, order.id)).limit(1))).toMatchObject({ senderId: shop.seller.id });
    expect(toBuyerOrderJson((await listBuyerOrders({ db, userId: ann.id }))[0]!)).toMatchObject({ tester_copy: true, amount: 0 });
    expect((await downloadOrderPattern({ db, userId: ann.id, orderId: order.id })).ok).toBe(true);
    // Never paid: nothing to refund, nothing to ask a refund of.
    expect(await refundOrder({ db, orderId: order.id, adminId: shop.seller.id, stripe: null })).toEqual({ ok: false, error: "not-refundable" });
    expect(await requestRefund({ db, buyerId: ann.id, orderId: order.id, kind: "refund", reason: "free" })).toEqual({ ok: false, error: "not-found" });
    expect(await listUserApplications({ db, userId: ann.id })).toMatchObject([{ id: callId, chosen: true, orderId: order.id }]);
    expect(await listUserApplications({ db, userId: bob.id })).toMatchObject([{ id: callId, chosen: false, orderId: null }]);
    await sendNotices({ notices: chosen.notices, origin: "http://x.test" });
    expect(outbox(dataDir).some((m) => m.to === ann.email && m.subject.includes("You are a tester"))).toBe(true);

    // A real sale beside it: only the sale counts anywhere.
    await db.update(products).set({ status: "published" }).where(eq(products.id, productId));
    const buyer = await makeBuyer(db);
    const sale = await buyAndPay(db, buyer, productId);
    const today = utcDay(new Date());
    const range = { start_date: today, end_date: today };
    expect((await allFinancialRows({ db, range })).map((r) => r.orderId)).toEqual([sale.id]);
    expect((await financialRowsJson({ db, range })).map((r) => r.order_id)).toEqual([sale.id]);
    expect(await getFinancialOverview({ db, range })).toMatchObject({ sales: 1, revenueCents: sale.amountCents, gpCents: sale.feeCents });
    expect((await revenuePerDay({ db, range })).find((d) => d.day === today)).toMatchObject({ sales: 1 });
    expect((await listStoreOrders({ db, storeId: shop.store.id })).orders.map((o) => o.id)).toEqual([sale.id]);
    expect((await salesSeries({ db, storeId: shop.store.id })).find((d) => d.date === today)).toMatchObject({ orders: 1, amountCents: sale.amountCents });
    expect(await bestSellingDesigns({ db, storeId: shop.store.id })).toMatchObject([{ productId, units: 1 }]);
    expect(await getAdminStore({ db, storeId: shop.store.id })).toMatchObject({ orderCount: 1 });
    expect((await first(db.select().from(products).where(eq(products.id, productId)).limit(1)))!.sold).toBe(1);
  });

  it("lets a tester send feedback per size and post makes on the draft; the published design says who tested it", async () => {
    const { db, shop, ann, bob, callId, productId } = await setup();
    await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "", shareMeasurements: false });
    await applyToTesterCall({ db, callId, userId: bob.id, size: "M", note: "", shareMeasurements: false });
    await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [ann.id] });
    expect(await sendTesterFeedback({ db, callId, userId: bob.id, size: "M", notes: "x" })).toEqual({ ok: false, error: "not-a-tester" });
    expect(await sendTesterFeedback({ db, callId, userId: ann.id, size: "XL", notes: "x" })).toEqual({ ok: false, error: "invalid-size" });
    expect(await sendTesterFeedback({ db, callId, userId: ann.id, size: "M", notes: "Bust a bit tight" })).toEqual({ ok: true });
    expect(await sendTesterFeedback({ db, callId, userId: ann.id, size: "M", notes: "Bust a bit tight; fixed by 1 cm" })).toEqual({ ok: true });
    expect(await testedBy({ db, productId })).toEqual({ count: 1, sizes: ["M"] });

    const fields = { fabric: "Cotton", notes: "", fit: { bust: "tight" as const, waist: "right" as const, hip: null, length: null }, shareMeasurements: false };
    // The tester posts a make on the draft; someone who is neither buyer nor tester is refused.
    const make = await createMake({ db, userId: ann.id, productId, input: { size: "S", ...fields }, photos: [await photoFile(dataDir)] });
    expect(make).toMatchObject({ ok: true, make: { tester: true } });
    expect(await createMake({ db, userId: bob.id, productId, input: { size: "S", ...fields }, photos: [await photoFile(dataDir)] })).toMatchObject({ ok: false, error: "product-not-found" });
    await db.update(products).set({ status: "published" }).where(eq(products.id, productId));
    expect(await createMake({ db, userId: bob.id, productId, input: { size: "S", ...fields }, photos: [await photoFile(dataDir)] })).toMatchObject({ ok: false, error: "not-allowed" });
    expect(await testedBy({ db, productId })).toEqual({ count: 1, sizes: ["M", "S"] });
    expect(testedByLine({ count: 1, sizes: ["M"] })).toBe("Tested by 1 sewist in size M");
    expect(testedByLine({ count: 3, sizes: ["S", "M", "L"] })).toBe("Tested by 3 sewists in sizes S, M and L");
    // A buyer's later make comes after the testers' in the gallery.
    const buyer = await makeBuyer(db);
    await buyAndPay(db, buyer, productId);
    const later = await createMake({ db, userId: buyer.id, productId, input: { size: "L", ...fields }, photos: [await photoFile(dataDir)] });
    expect(later.ok).toBe(true);
    expect((await listProductMakes({ db, productId, viewerId: null })).makes.map((m) => [m.maker.length > 0, m.tester])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [bob.id] })).toEqual({ ok: false, error: "closed" });
  });

  it("opens and edits calls in the pattern's sizes only, one open call a draft, edited or closed before choosing (issue 46, item 10)", async () => {
    const { db, shop, ann, bob, callId, productId } = await setup();
    // The draft's pattern is read in XS to XL.
    await db.insert(patternVersions).values({ productId, version: 1, file: "abc123.dxf", data: JSON.stringify({ pieces: [], sizes: ["XS", "S", "M", "L", "XL"], units: "mm" }) });
    await db.insert(productMedia).values({ productId, media: "draft-front.jpg", position: 0 });
    // One open call a draft: it is not offered for another.
    expect((await callableDrafts({ db, sellerId: shop.seller.id })).map((d) => d.id)).not.toContain(productId);
    expect(await openTesterCall({ db, sellerId: shop.seller.id, productId, input: input({ sizes: ["M"] }) })).toEqual({ ok: false, error: "call-open" });
    expect(TESTING_ERRORS.open["call-open"].status).toBe(409);
    // A size the pattern does not have is refused, named with the pattern's sizes.
    const unknown = await editTesterCall({ db, sellerId: shop.seller.id, callId, input: input({ sizes: ["M", "XXL"] }) });
    expect(unknown).toEqual({ ok: false, error: "unknown-sizes", unknown: ["XXL"], allowed: ["XS", "S", "M", "L", "XL"] });
    expect(unknownSizesMessage(unknown as { unknown: string[]; allowed: string[] })).toBe("XXL is not a size of this pattern: choose among XS, S, M, L, XL.");
    expect(await editTesterCall({ db, sellerId: ann.id, callId, input: input() })).toEqual({ ok: false, error: "call-not-found" });
    expect(await editTesterCall({ db, sellerId: shop.seller.id, callId, input: input({ sizes: ["L", "S"], testers: 2, brief: "Fit notes" }) })).toEqual({ ok: true });
    // The call's page shows the design: its picture, description and sizes (in the pattern's order).
    const call = (await getTesterCall({ db, callId }))!;
    expect(call).toMatchObject({ sizes: ["S", "L"], testers: 2, brief: "Fit notes", description: "A design", media: "draft-front.jpg", open: true });
    expect(testerCallJson(call)).toMatchObject({ sizes: ["S", "L"], description: "A design", media: "draft-front.jpg", closed_by_seller: false });

    // An applicant says which of the call's sizes they would sew; the seller sees it.
    expect(await applyToTesterCall({ db, callId, userId: ann.id, size: "XXL", note: "", shareMeasurements: false })).toEqual({ ok: false, error: "invalid-size" });
    expect(await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "", shareMeasurements: false })).toEqual({ ok: false, error: "invalid-size" });
    expect((await applyToTesterCall({ db, callId, userId: ann.id, size: "L", note: "", shareMeasurements: false })).ok).toBe(true);
    const [own] = await listSellerCalls({ db, sellerId: shop.seller.id });
    expect(own!.applicants.map((a) => [a.userId, a.size])).toEqual([[ann.id, "L"]]);
    expect(applicantJson(own!.applicants[0]!)).toMatchObject({ user_id: ann.id, size: "L" });
    expect(await listUserApplications({ db, userId: ann.id })).toMatchObject([{ id: callId, size: "L" }]);

    // The seller closes it: no more applications, edits or closing; a new call may open.
    expect(await closeTesterCall({ db, sellerId: ann.id, callId })).toEqual({ ok: false, error: "call-not-found" });
    expect(await closeTesterCall({ db, sellerId: shop.seller.id, callId })).toEqual({ ok: true });
    expect(await getTesterCall({ db, callId })).toMatchObject({ open: false, closedBySeller: true });
    expect(await applyToTesterCall({ db, callId, userId: bob.id, size: "S", note: "", shareMeasurements: false })).toEqual({ ok: false, error: "closed" });
    expect(await closeTesterCall({ db, sellerId: shop.seller.id, callId })).toEqual({ ok: false, error: "closed" });
    expect(await editTesterCall({ db, sellerId: shop.seller.id, callId, input: input({ sizes: ["M"] }) })).toEqual({ ok: false, error: "closed" });
    expect(await openTesterCall({ db, sellerId: shop.seller.id, productId, input: input({ sizes: ["XXL"] }) })).toMatchObject({ ok: false, error: "unknown-sizes" });
    expect((await callableDrafts({ db, sellerId: shop.seller.id })).map((d) => d.id)).toContain(productId);
    const next = await openTesterCall({ db, sellerId: shop.seller.id, productId, input: input({ sizes: ["M"] }) });
    if (!next.ok) throw new Error(next.error);
    // Once a tester is chosen, the call is no longer edited.
    await applyToTesterCall({ db, callId: next.call.id, userId: bob.id, size: "M", note: "", shareMeasurements: false });
    await chooseTesters({ db, callId: next.call.id, sellerId: shop.seller.id, userIds: [bob.id] });
    expect(await editTesterCall({ db, sellerId: shop.seller.id, callId: next.call.id, input: input({ sizes: ["M"], testers: 3 }) })).toEqual({ ok: false, error: "testers-chosen" });
  });

  it("shows a tester's review marked and leaves it out of the rating (issue 46, item 3)", async () => {
    const { db, shop, ann, callId, productId } = await setup();
    await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "", shareMeasurements: false });
    await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [ann.id] });
    expect(await rateOrder({ db, userId: ann.id, orderId: (await testerOrder(db, ann.id))!.id, rating: 5, comment: "Love it" })).toEqual({ ok: true });
    await db.update(products).set({ status: "published" }).where(eq(products.id, productId));
    let found = (await getExternalProduct({ db, productId }))!;
    expect(found.rating).toEqual({ average: null, count: 0 });
    const buyer = await makeBuyer(db);
    const sale = await buyAndPay(db, buyer, productId);
    expect(await rateOrder({ db, userId: buyer.id, orderId: sale.id, rating: 2, comment: "Runs small" })).toEqual({ ok: true });
    found = (await getExternalProduct({ db, productId }))!;
    expect(found.rating).toEqual({ average: 2, count: 1 });
    expect((await productPageView({ db, found, viewerId: null })).reviews.map((r) => [r.star, r.testerCopy])).toEqual(
      expect.arrayContaining([
        [5, true],
        [2, false],
      ]),
    );
    expect(externalProductJson(found).reviews.map((r) => [r.star, r.tester])).toEqual(
      expect.arrayContaining([
        [5, true],
        [2, false],
      ]),
    );
  });

  it("gives a tester copy's page no invoice, no waived withdrawal, no refund, and a $0 total (issue 46, item 15)", async () => {
    const { db, shop, ann, callId } = await setup();
    await applyToTesterCall({ db, callId, userId: ann.id, size: "M", note: "", shareMeasurements: false });
    await chooseTesters({ db, callId, sellerId: shop.seller.id, userIds: [ann.id] });
    const order = (await testerOrder(db, ann.id))!;
    const view = toPurchaseView((await getPurchase({ db, userId: ann.id, orderId: order.id }))!);
    expect(view).toMatchObject({ canRequestRefund: false, refundHref: null });
    expect(await orderDocuments({ db, orderId: order.id, viewer: { id: ann.id, role: "user" } })).toEqual({ invoice: null, receipt: null, creditNote: null });
    expect(view.order).toMatchObject({ digitalConsent: null, totalCents: 0, testerCopy: true, downloadable: true });
    expect(toBuyerOrderJson((await listBuyerOrders({ db, userId: ann.id }))[0]!)).toMatchObject({ digital_consent_at: null, total: 0 });
    expect(toPurchaseRowView((await listBuyerOrders({ db, userId: ann.id }))[0]!)).toMatchObject({ testerCopy: true, totalCents: 0 });
  });
});
