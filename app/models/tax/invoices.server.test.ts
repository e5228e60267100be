// Issue 46, items 5, 18 and 23 (decision 151): who sells what on the invoice and the stores' receipts, the credit
// note as a document of its own, and the documents' figures in the app's formats.
import { PDFDocument } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { invoices, platformSettings, products, users, type User } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart, getCartView } from "~/models/buying/cart.server";
import { createCheckout, getCheckoutSummary } from "~/models/buying/checkout.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { refundOrder } from "~/models/buying/refunds.server";
import { createLocalProvider } from "~/models/payments/local.server";
import type { Db } from "~/utils/db.server";
import { documentView, orderDocumentPdf } from "./invoice-pdf.server";
import { findInvoice, findOrderDocument, invoiceJson, documentJson, orderDocuments } from "./invoices.server";

beforeAll(() => {
  useTestEnv();
});

async function setup(db: Db, mode: "none" | "vat" = "vat") {
  const shop = await makeShop(db);
  // The store's owner lives in the US: its goods ship from there.
  await db.update(users).set({ street: "9 Loom Ave", city: "Portland", state: "OR", postalCode: "97201", country: "US" }).where(eq(users.id, shop.seller.id));
  await db.update(platformSettings).set({ taxMode: mode, legalName: "Patternhouse Ltd", legalAddress: "1 Dock Rd\nDublin", vatNumber: "IE6388047V" }).where(eq(platformSettings.id, 1));
  const towels = (await db.insert(products).values({ storeId: shop.store.id, name: "Tea Towels", description: "Linen", category1: "home", category2: "kitchen", priceCents: 1800, type: "Made" }).returning())[0];
  return { ...shop, towels };
}

async function buyerIn(db: Db, country: string): Promise<User> {
  const buyer = await makeBuyer(db);
  return (await db.update(users).set({ country }).where(eq(users.id, buyer.id)).returning())[0];
}

async function checkout(db: Db, buyer: User, items: { productId: number; variantId?: number }[]) {
  for (const item of items) await addToCart({ db, owner: { userId: buyer.id }, ...item });
  const started = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true });
  if (!started.ok) throw new Error(started.error);
  return started.checkout;
}

async function pay(db: Db, checkoutId: number) {
  const paid = await fulfilAndMail({ db, checkoutId });
  if (paid.status !== "fulfilled") throw new Error(paid.status);
  return paid.orders;
}

describe("who sells what (item 5)", () => {
  it("invoices an Irish buyer's download from the platform and gives the store's tea towels the store's own receipt", async () => {
    const db = createTestDb();
    const shop = await setup(db);
    const irish = await buyerIn(db, "IE");
    const started = await checkout(db, irish, [{ productId: shop.digital.id }, { productId: shop.towels.id }]);
    const [pattern, towels] = await pay(db, started.id);

    // The platform's invoice: only what it supplies, at Ireland's rate.
    const invoice = invoiceJson((await findInvoice({ db, orderId: pattern!.id, viewer: irish }))!);
    expect(invoice.seller_of_record).toMatchObject({ name: "Patternhouse Ltd" });
    expect(invoice.lines).toEqual([{ name: shop.digital.name, quantity: 1, net: 12.5, tax_rate: 23, tax: 2.88, total: 15.38 }]);
    expect(invoice).toMatchObject({ net: 12.5, tax: 2.88, total: 15.38 });

    // The store's receipt: its own sale, under its name and address, with no zero-rated VAT column.
    const receipt = (await findOrderDocument({ db, orderId: towels!.id, viewer: irish, kind: "receipt" }))!;
    const json = documentJson(receipt);
    expect(json.number).toMatch(/^R-\d{4}-000001$/);
    expect(json).toMatchObject({ seller: { name: shop.store.name, address: "9 Loom Ave\n97201 Portland OR", country: "US" }, order_ids: [towels!.id], total: 18 });
    expect(json.lines.map((l) => l.name)).toEqual(["Tea Towels"]);
    expect(json.notes).toEqual([
      `Sold by ${shop.store.name}, who is the seller of these goods; Patternhouse Ltd took the payment on the store's behalf. This receipt is not a Patternhouse Ltd VAT invoice.`,
      "Shipped from the United States to Ireland: import VAT and customs duties may be collected on delivery.",
    ]);
    const view = documentView(receipt);
    expect(view).toMatchObject({ title: "Receipt", sellerLabel: "Sold by", columns: { net: "Price", rate: "", tax: "" }, reference: `For order #${towels!.id}` });
    expect(view.rows.map((r) => r.rate)).toEqual([""]);
    expect(view.seller).toEqual([shop.store.name, "9 Loom Ave", "97201 Portland OR", "United States"]);

    // Each order's page links what concerns it.
    expect(await orderDocuments({ db, orderId: pattern!.id, viewer: irish })).toEqual({ invoice: invoice.number, receipt: null, creditNote: null });
    expect(await orderDocuments({ db, orderId: towels!.id, viewer: irish })).toEqual({ invoice: null, receipt: { number: json.number, seller: shop.store.name }, creditNote: null });
    // Someone else sees none of it.
    expect(await findOrderDocument({ db, orderId: towels!.id, viewer: { id: irish.id + 1000, role: "user" }, kind: "receipt" })).toBeUndefined();
  });

  it("issues no platform invoice for a store's goods alone, and says why a line of the platform's has no VAT", async () => {
    const db = createTestDb();
    const shop = await setup(db);
    const irish = await buyerIn(db, "IE");
    const [towels] = await pay(db, (await checkout(db, irish, [{ productId: shop.towels.id }])).id);
    expect(await findInvoice({ db, orderId: towels!.id, viewer: irish })).toBeUndefined();
    expect((await db.select().from(invoices)).map((i) => i.kind)).toEqual(["receipt"]);

    // A US buyer's printed pattern: the printing and shipping is the platform's, outside EU and UK VAT; the pattern the store's.
    const american = await buyerIn(db, "US");
    const [printed] = await pay(db, (await checkout(db, american, [{ productId: shop.printed.id, variantId: shop.printedS.id }])).id);
    const invoice = (await findInvoice({ db, orderId: printed!.id, viewer: american }))!;
    expect(invoiceJson(invoice).lines).toEqual([
      expect.objectContaining({ name: `Printing and shipping: ${shop.printed.name}`, tax_rate: 0, tax_note: "Outside the scope of EU and UK VAT: printed and shipped to the United States, outside the EU and the UK." }),
    ]);
    const view = documentView(invoice.invoice);
    expect(view.rows[0]!.rate).toBe("0% (1)");
    expect(view.notes).toEqual(["(1) Outside the scope of EU and UK VAT: printed and shipped to the United States, outside the EU and the UK."]);
    const receipt = documentJson((await findOrderDocument({ db, orderId: printed!.id, viewer: american, kind: "receipt" }))!);
    expect(receipt.lines.map((l) => l.name)).toEqual([shop.printed.name]);
    expect(receipt.notes).toHaveLength(1);
  });

  it("tells an EU or UK buyer of goods shipped from outside, at the cart and the checkout, of import VAT and duties", async () => {
    const db = createTestDb();
    const shop = await setup(db);
    const notice = "Tea Towels ships from the United States, outside the EU: import VAT and customs duties may be collected on delivery.";
    const irish = await buyerIn(db, "IE");
    await addToCart({ db, owner: { userId: irish.id }, productId: shop.digital.id });
    expect((await getCartView({ db, owner: { userId: irish.id } })).importNotice).toBeNull();
    await addToCart({ db, owner: { userId: irish.id }, productId: shop.towels.id });
    expect((await getCartView({ db, owner: { userId: irish.id } })).importNotice).toBe(notice);
    const started = await checkout(db, irish, []);
    expect((await getCheckoutSummary({ db, userId: irish.id, checkoutId: started.id }))!.importNotice).toBe(notice);

    const british = await buyerIn(db, "GB");
    await addToCart({ db, owner: { userId: british.id }, productId: shop.towels.id });
    expect((await getCartView({ db, owner: { userId: british.id } })).importNotice).toBe(notice.replace("the EU", "the UK"));
    // A US buyer, and an EU buyer of an EU store, cross no customs border.
    const american = await buyerIn(db, "US");
    await addToCart({ db, owner: { userId: american.id }, productId: shop.towels.id });
    expect((await getCartView({ db, owner: { userId: american.id } })).importNotice).toBeNull();
    await db.update(users).set({ country: "FR" }).where(eq(users.id, shop.seller.id));
    expect((await getCartView({ db, owner: { userId: irish.id } })).importNotice).toBeNull();
  });
});

describe("the credit note on its own (item 18)", () => {
  it("keeps the invoice PDF one page after a refund and gives the credit note its own PDF and link; a store's refund gets none", async () => {
    const db = createTestDb();
    const shop = await setup(db);
    const irish = await buyerIn(db, "IE");
    const [pattern, towels] = await pay(db, (await checkout(db, irish, [{ productId: shop.digital.id }, { productId: shop.towels.id }])).id);
    const admin = { id: irish.id + 1000, role: "admin" };
    expect(await refundOrder({ db, orderId: pattern!.id, adminId: irish.id, stripe: null })).toMatchObject({ ok: true });
    expect(await refundOrder({ db, orderId: towels!.id, adminId: irish.id, stripe: null })).toMatchObject({ ok: true });

    const invoicePdf = await PDFDocument.load((await orderDocumentPdf({ db, orderId: pattern!.id, viewer: irish, kind: "invoice" }))!.pdf);
    expect(invoicePdf.getPageCount()).toBe(1);
    expect(invoicePdf.getTitle()).toMatch(/^Invoice \d{4}-000001$/);
    const credit = (await orderDocumentPdf({ db, orderId: pattern!.id, viewer: irish, kind: "credit-note" }))!;
    expect(credit.fileName).toMatch(/^credit-note-CN-\d{4}-000001\.pdf$/);
    const creditPdf = await PDFDocument.load(credit.pdf);
    expect(creditPdf.getPageCount()).toBe(1);
    expect(creditPdf.getTitle()).toMatch(/^Credit note CN-\d{4}-000001$/);
    const documents = await orderDocuments({ db, orderId: pattern!.id, viewer: admin });
    expect(documents.creditNote).toMatch(/^CN-\d{4}-000001$/);
    expect(invoiceJson((await findInvoice({ db, orderId: pattern!.id, viewer: irish }))!).credit_notes).toEqual([expect.objectContaining({ number: documents.creditNote, order_id: pattern!.id, total: -15.38 })]);
    // The tea towels were never the platform's: no credit note of the platform's for them.
    expect(await orderDocumentPdf({ db, orderId: towels!.id, viewer: irish, kind: "credit-note" })).toBeUndefined();
    expect((await orderDocuments({ db, orderId: towels!.id, viewer: irish })).creditNote).toBeNull();
  });
});

describe("one style of figures (item 23)", () => {
  it("prints rates as the app does, 23% and 0%, and days as YYYY-MM-DD", async () => {
    const db = createTestDb();
    const shop = await setup(db);
    const irish = await buyerIn(db, "IE");
    const american = await buyerIn(db, "US");
    const [taxed] = await pay(db, (await checkout(db, irish, [{ productId: shop.digital.id }])).id);
    const [untaxed] = await pay(db, (await checkout(db, american, [{ productId: shop.digital.id }])).id);
    const view = documentView((await findInvoice({ db, orderId: taxed!.id, viewer: irish }))!.invoice);
    expect(view.rows.map((r) => r.rate)).toEqual(["23%"]);
    expect(view.issued).toMatch(/^Issued \d{4}-\d{2}-\d{2}$/);
    expect(view.totals).toEqual([
      ["Net", "$12.50", false],
      ["VAT (Ireland)", "$2.88", false],
      ["Total (USD)", "$15.38", true],
    ]);
    const zero = documentView((await findInvoice({ db, orderId: untaxed!.id, viewer: american }))!.invoice);
    expect(zero.rows.map((r) => r.rate)).toEqual(["0% (1)"]);
    expect(zero.notes).toEqual(["(1) Outside the scope of EU and UK VAT: supplied to a customer outside the EU and the UK."]);
  });
});
