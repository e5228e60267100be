import { PDFDocument } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkouts, invoices, orders as ordersTable, platformSettings, products, transactions, users, type User } from "../../../db/tables";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { startFakeVatRegisters } from "../../../tests/fakes/vat-registers";
import { makeBuyer, makeShop, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { refundOrder } from "~/models/buying/refunds.server";
import { createDiscountCode } from "~/models/selling/discount-codes.server";
import { CreateDiscountCodeSchema } from "~/schemas/discounts";
import { addToCart, applyDiscountCode, getCartView } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { getPaymentProvider } from "~/models/payments/providers.server";
import { handleStripeEvent } from "~/models/buying/webhook.server";
import { getAdminOrder } from "~/models/admin/orders.server";
import { productPage } from "~/models/buying/product-page.server";
import { toAdminOrderJson } from "~/models/admin/views.server";
import { type Db, first } from "~/utils/db.server";
import { documentPdf } from "./invoice-pdf.server";
import { findInvoice, invoiceJson } from "./invoices.server";
import { quarterOf, taxReport, taxReportCsv, parseQuarter } from "./ledger.server";
import { vatRateBp } from "./rates.server";
import { parseVatNumber } from "./vat-number.server";

let dir: string;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let registers: Awaited<ReturnType<typeof startFakeVatRegisters>>;
beforeAll(async () => {
  // The EU's VIES and HMRC on loopback (issue 46, item 1): only these businesses are registered.
  registers = await startFakeVatRegisters({
    FR40303265045: { name: "TISSUS LUMIERE SARL", address: "12 RUE DES ARTS\n69001 LYON" },
    DE136695976: { name: "---", address: "---" },
    GB980780684: { name: "THIMBLE AND THREAD LTD", address: "4 Mill Lane\nLeeds\nLS1 4AB" },
  });
  fake = await startFakeStripe();
  dir = useTestEnv({ ...registers.env, STRIPE_SECRET_KEY: "sk_test_tax", STRIPE_API_URL: fake.url });
});
afterAll(async () => {
  await fake.close();
  await registers.close();
});

describe("VAT rates and numbers", () => {
  it("gives each EU country's and the UK's standard rate on the day, none elsewhere", () => {
    expect(vatRateBp("DE")).toBe(1900);
    expect(vatRateBp("GB")).toBe(2000);
    expect(vatRateBp("FI", new Date("2026-11-27"))).toBe(2550);
    expect(vatRateBp("FI", new Date("2024-06-01"))).toBe(2400);
    expect(vatRateBp("US")).toBeNull();
    expect(vatRateBp("CH")).toBeNull();
  });

  it("reads VAT numbers with their check digits, Greece as EL", () => {
    expect(parseVatNumber("de 136 695 976")).toEqual({ value: "DE136695976", country: "DE" });
    expect(parseVatNumber("FR40303265045")).toEqual({ value: "FR40303265045", country: "FR" });
    expect(parseVatNumber("EL094259216")).toEqual({ value: "EL094259216", country: "GR" });
    expect(parseVatNumber("FR00000000000")).toBeNull();
    expect(parseVatNumber("DE12345")).toBeNull();
    expect(parseVatNumber("<script>")).toBeNull();
  });
});

async function setup(db: Db, mode: "none" | "vat" | "stripe" = "vat") {
  const shop = await makeShop(db);
  await db.update(platformSettings).set({ taxMode: mode, legalName: "Patternhouse GmbH", legalAddress: "1 Loom St\n10115 Berlin", vatNumber: "DE136695976" }).where(eq(platformSettings.id, 1));
  const pattern = (await db.update(products).set({ priceCents: 1000 }).where(eq(products.id, shop.digital.id)).returning())[0];
  return { shop, pattern };
}

async function buyerIn(db: Db, country: string): Promise<User> {
  const buyer = await makeBuyer(db);
  return (await db.update(users).set({ country }).where(eq(users.id, buyer.id)).returning())[0];
}

async function buy(db: Db, buyer: User, productId: number, vatNumber?: string, companyName?: string) {
  await addToCart({ db, owner: { userId: buyer.id }, productId });
  const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true, vatNumber, companyName });
  if (!result.ok) return result;
  const paid = await fulfilAndMail({ db, checkoutId: result.checkout.id });
  if (paid.status !== "fulfilled") throw new Error(paid.status);
  return { ok: true as const, checkout: result.checkout, order: paid.orders[0]! };
}

async function saleOf(db: Db, orderId: number) {
  return (await db.select().from(transactions).where(eq(transactions.orderId, orderId))).find((t) => t.txType === "Sale")!;
}

describe("VAT on downloads", () => {
  it("charges a German consumer 19 %, keeps it out of the seller's sale, invoices it and returns it with a refund", async () => {
    const db = createTestDb();
    const { pattern } = await setup(db);
    const german = await buyerIn(db, "DE");
    await addToCart({ db, owner: { userId: german.id }, productId: pattern.id });
    const cart = await getCartView({ db, owner: { userId: german.id } });
    expect(cart.tax).toMatchObject({ country: "DE", rateBp: 1900, taxCents: 190, reverseCharge: false });
    expect(cart.totalCents).toBe(1190);

    const bought = await buy(db, german, pattern.id);
    if (!bought.ok) throw new Error(bought.error);
    expect(bought.checkout).toMatchObject({ totalCents: 1190, taxCents: 190, taxCountry: "DE", taxRateBp: 1900 });
    expect(bought.order).toMatchObject({ amountCents: 1000, taxCents: 190, taxRateBp: 1900, taxCountry: "DE", reverseCharge: false });
    const sale = await saleOf(db, bought.order.id);
    expect(sale).toMatchObject({ taxCents: 190, amountCents: 1000 - bought.order.feeCents });
    expect(outbox(dir).find((m) => m.to === german.email)!.text).toContain("VAT DE 19%: $1.90");

    // The same pattern in `none` mode: the seller's sale is the same.
    const db2 = createTestDb();
    const plain = await setup(db2, "none");
    const other = await buy(db2, await buyerIn(db2, "DE"), plain.pattern.id);
    if (!other.ok) throw new Error(other.error);
    expect(other.order.taxCents).toBe(0);
    expect((await saleOf(db2, other.order.id)).amountCents).toBe(sale.amountCents);

    const found = (await findInvoice({ db, orderId: bought.order.id, viewer: german }))!;
    const json = invoiceJson(found);
    expect(json).toMatchObject({ net: 10, tax: 1.9, total: 11.9, reverse_charge: false, seller_of_record: { name: "Patternhouse GmbH", vat_number: "DE136695976" } });
    expect(json.number).toMatch(/^\d{4}-000001$/);
    expect(json.lines).toEqual([{ name: pattern.name, quantity: 1, net: 10, tax_rate: 19, tax: 1.9, total: 11.9 }]);
    expect((await PDFDocument.load(await documentPdf(found.invoice))).getPageCount()).toBe(1);
    // Another buyer does not get it; an administrator does.
    expect(await findInvoice({ db, orderId: bought.order.id, viewer: { id: german.id + 1000, role: "user" } })).toBeUndefined();
    expect(await findInvoice({ db, orderId: bought.order.id, viewer: { id: german.id + 1000, role: "admin" } })).toBeDefined();

    const quarter = parseQuarter(quarterOf(new Date()))!;
    expect((await taxReport({ db, quarter })).rows).toEqual([{ country: "DE", rateBp: 1900, reverseCharge: false, netCents: 1000, taxCents: 190, orders: 1 }]);

    const refund = await refundOrder({ db, orderId: bought.order.id, adminId: german.id, stripe: null });
    expect(refund).toMatchObject({ ok: true, refundedCents: 1190 });
    const report = await taxReport({ db, quarter });
    // Issue 46, item 7: the refunded order no longer counts, like its amounts; the seller's Refund row's tax is negative.
    expect(report.rows[0]).toMatchObject({ country: "DE", netCents: 0, taxCents: 0, orders: 0 });
    expect(report.netCents).toBe(0);
    expect(taxReportCsv(report)).toContain(",DE,19,0.00,0.00,0,no");
    const ledger = await db.select().from(transactions).where(eq(transactions.orderId, bought.order.id));
    expect(ledger.map((t) => [t.txType, Math.sign(t.amountCents), t.taxCents])).toEqual([
      ["Sale", 1, 190],
      ["Refund", -1, -190],
    ]);
    expect(ledger.reduce((sum, t) => sum + t.taxCents, 0)).toBe(0);
    const credit = invoiceJson((await findInvoice({ db, orderId: bought.order.id, viewer: german }))!).credit_notes;
    expect(credit).toEqual([expect.objectContaining({ net: -10, tax: -1.9, total: -11.9 })]);
    expect(credit[0]!.number).toMatch(/^CN-\d{4}-000001$/);
  });

  it("charges a US buyer nothing and a French business with a valid VAT number nothing, as a reverse charge", async () => {
    const db = createTestDb();
    const { pattern } = await setup(db);
    const us = await buy(db, await buyerIn(db, "US"), pattern.id);
    if (!us.ok) throw new Error(us.error);
    expect(us.checkout.totalCents).toBe(1000);
    expect(us.order).toMatchObject({ taxCents: 0, taxCountry: null, reverseCharge: false });

    const french = await buyerIn(db, "FR");
    const business = await buy(db, french, pattern.id, "FR 40 303 265 045");
    if (!business.ok) throw new Error(business.error);
    expect(business.checkout).toMatchObject({ totalCents: 1000, taxCents: 0, reverseCharge: true, vatNumber: "FR40303265045" });
    expect(business.order).toMatchObject({ taxCents: 0, taxCountry: "FR", reverseCharge: true });
    const json = invoiceJson((await findInvoice({ db, orderId: business.order.id, viewer: french }))!);
    expect(json).toMatchObject({ reverse_charge: true, tax: 0, total: 10, buyer: { vat_number: "FR40303265045", country: "FR" } });
    // Invoice numbers run on without gaps.
    const numbers = (await db.select({ seq: invoices.seq }).from(invoices)).map((r) => r.seq);
    expect(numbers).toEqual([1, 2]);
  });

  it("refuses a malformed VAT number, one of another country, and one VIES does not know or cannot check (always asked in vat mode)", async () => {
    const db = createTestDb();
    const { pattern } = await setup(db);
    const french = await buyerIn(db, "FR");
    expect(await buy(db, french, pattern.id, "FR123")).toEqual({ ok: false, error: "vat-number-invalid" });
    expect(await buy(db, french, pattern.id, "DE136695976")).toEqual({ ok: false, error: "vat-number-country" });
    // Check digits right, registered nowhere (FR, valid key): refused; `vies_check` stays off, vat mode asks anyway.
    expect(await buy(db, french, pattern.id, "FR83404833048")).toEqual({ ok: false, error: "vat-number-unknown" });
    expect(registers.calls.at(-1)).toMatchObject({ register: "vies", body: { countryCode: "FR", vatNumber: "83404833048", requesterMemberStateCode: "DE", requesterNumber: "136695976" } });
    registers.behaviour.vies = "down";
    expect(await buy(db, french, pattern.id, "FR40303265045")).toEqual({ ok: false, error: "vies-unavailable" });
    registers.behaviour.vies = "ms-unavailable";
    expect(await buy(db, french, pattern.id, "FR40303265045")).toEqual({ ok: false, error: "vies-unavailable" });
    registers.behaviour.vies = "up";
    const ok = await buy(db, french, pattern.id, "FR40303265045");
    expect(ok.ok && ok.checkout.reverseCharge).toBe(true);
  });
});

describe("reverse charge only for a confirmed business (issue 46, item 1)", () => {
  it("charges VAT on made-up numbers that pass the check digits: DE111111125 (VIES) and GBGD001, GB123456782 (HMRC)", async () => {
    const db = createTestDb();
    const { pattern } = await setup(db);
    expect(parseVatNumber("DE111111125")).not.toBeNull();
    expect(parseVatNumber("GBGD001")).not.toBeNull();
    const german = await buyerIn(db, "DE");
    expect(await buy(db, german, pattern.id, "DE111111125", "Nadel GmbH")).toEqual({ ok: false, error: "vat-number-unknown" });
    const british = await buyerIn(db, "GB");
    const asked = registers.calls.length;
    expect(await buy(db, british, pattern.id, "GBGD001", "Dept")).toEqual({ ok: false, error: "vat-number-unknown" });
    expect(registers.calls.length).toBe(asked); // HMRC knows 9 or 12 digits only: nothing to ask
    expect(await buy(db, british, pattern.id, "GB123456782", "Made Up Ltd")).toEqual({ ok: false, error: "vat-number-unknown" });
    expect(registers.calls.at(-1)).toMatchObject({ register: "hmrc", path: "/hmrc/organisations/vat/check-vat-number/lookup/123456782", authorized: true });
    registers.behaviour.hmrc = "down";
    expect(await buy(db, british, pattern.id, "GB980780684")).toEqual({ ok: false, error: "hmrc-unavailable" });
    registers.behaviour.hmrc = "up";
    // Without the number the same buyers pay VAT, as consumers.
    const consumer = await buy(db, british, pattern.id);
    expect(consumer.ok && consumer.checkout).toMatchObject({ taxCents: 200, reverseCharge: false });
  });

  it("keeps the register's reference, name and address on the order and names the business on the invoice", async () => {
    const db = createTestDb();
    const { pattern } = await setup(db);
    const french = await buyerIn(db, "FR");
    const business = await buy(db, french, pattern.id, "FR40303265045", "Tissus Lumière");
    if (!business.ok) throw new Error(business.error);
    expect(business.checkout).toMatchObject({
      reverseCharge: true,
      companyName: "Tissus Lumière",
      vatCheckSource: "vies",
      vatCheckName: "TISSUS LUMIERE SARL",
      vatCheckAddress: "12 RUE DES ARTS\n69001 LYON",
    });
    expect(business.checkout.vatCheckRef).toMatch(/^WAPIAAAAX\d{6}$/);
    expect(invoiceJson((await findInvoice({ db, orderId: business.order.id, viewer: french }))!).buyer).toMatchObject({ company: "Tissus Lumière", vat_number: "FR40303265045" });
    expect(toAdminOrderJson((await getAdminOrder({ db, orderId: business.order.id }))!).business).toMatchObject({
      company_name: "Tissus Lumière",
      confirmed_by: "vies",
      reference: business.checkout.vatCheckRef,
      registered_name: "TISSUS LUMIERE SARL",
    });

    // A UK business, confirmed by HMRC (with a new OAuth token when HMRC no longer takes the one kept); no company
    // typed: the profile's, else the registered name.
    const british = await buyerIn(db, "GB");
    registers.forgetTokens();
    const tokensAsked = registers.calls.filter((c) => c.path === "/hmrc/oauth/token").length;
    const uk = await buy(db, british, pattern.id, "GB 980 7806 84");
    if (!uk.ok) throw new Error(uk.error);
    expect(registers.calls.filter((c) => c.path === "/hmrc/oauth/token").length).toBe(tokensAsked + 1);
    expect(uk.checkout).toMatchObject({ reverseCharge: true, taxCents: 0, companyName: "THIMBLE AND THREAD LTD", vatCheckSource: "hmrc", vatCheckAddress: "4 Mill Lane\nLeeds\nLS1 4AB" });
    expect(Number.isNaN(Date.parse(uk.checkout.vatCheckRef!))).toBe(false); // HMRC's processing date: no requester number of its own
    expect(invoiceJson((await findInvoice({ db, orderId: uk.order.id, viewer: british }))!).buyer.company).toBe("THIMBLE AND THREAD LTD");
    const pdf = await PDFDocument.load(await documentPdf((await findInvoice({ db, orderId: uk.order.id, viewer: british }))!.invoice));
    expect(pdf.getPageCount()).toBe(1);

    // A German register that withholds the name (VIES's "---") and no name anywhere: the business must give one.
    await db.update(platformSettings).set({ vatNumber: "FR40303265045" }).where(eq(platformSettings.id, 1));
    const german = await buyerIn(db, "DE");
    expect(await buy(db, german, pattern.id, "DE136695976")).toEqual({ ok: false, error: "company-name-required" });
    await db.update(users).set({ companyName: "Nadelwerk GmbH" }).where(eq(users.id, german.id));
    const named = await buy(db, { ...german, companyName: "Nadelwerk GmbH" }, pattern.id, "DE136695976");
    expect(named.ok && named.checkout).toMatchObject({ companyName: "Nadelwerk GmbH", vatCheckName: null, reverseCharge: true });
  });
});

describe("prices with VAT for consumers where it applies (issue 46, item 6)", () => {
  const pageOf = (db: Db, productId: number, viewer: User | null) =>
    productPage({ db, productId, viewer, url: new URL(`http://shop.test/product/${productId}`), cartOwner: async () => null, clientKey: "test" });

  it("shows an EU or UK consumer a download's price incl. VAT, a visitor plus VAT where applicable, and others as it is", async () => {
    const db = createTestDb();
    const { shop, pattern } = await setup(db);
    const german = await buyerIn(db, "DE");
    expect((await pageOf(db, pattern.id, german))!.price).toEqual({ cents: 1190, note: "incl. VAT" });
    expect((await pageOf(db, pattern.id, await buyerIn(db, "GB")))!.price).toEqual({ cents: 1200, note: "incl. VAT" });
    expect((await pageOf(db, pattern.id, null))!.price).toEqual({ cents: 1000, note: "plus VAT where applicable" });
    expect((await pageOf(db, pattern.id, await buyerIn(db, "US")))!.price).toEqual({ cents: 1000, note: null });
    // No VAT here on printed patterns and goods: shown as they are, unmarked.
    expect((await pageOf(db, shop.printed.id, german))!.price).toEqual({ cents: shop.printed.priceCents, note: null });
    // In `none` mode nothing changes.
    await db.update(platformSettings).set({ taxMode: "none" }).where(eq(platformSettings.id, 1));
    expect((await pageOf(db, pattern.id, german))!.price).toEqual({ cents: 1000, note: null });
    expect((await pageOf(db, pattern.id, null))!.price).toEqual({ cents: 1000, note: null });
  });

  it("shows the cart incl. VAT, a discount with its VAT share, so the shown lines add up to the total", async () => {
    const db = createTestDb();
    const { shop, pattern } = await setup(db);
    const french = await buyerIn(db, "FR");
    const owner = { userId: french.id };
    await addToCart({ db, owner, productId: pattern.id });
    await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id });
    let cart = await getCartView({ db, owner });
    expect(cart.lines.map((l) => l.shown)).toEqual([
      { cents: 1200, note: "incl. VAT" },
      { cents: shop.printed.priceCents, note: null },
    ]);
    expect(cart.shown).toEqual({ inclVat: true, subtotalCents: 1200 + shop.printed.priceCents, discountCents: 0 });
    expect(cart.shown.subtotalCents + cart.shippingCents).toBe(cart.totalCents);

    // A code of 15 % on the pattern: $1.50 off net, $1.80 off incl. VAT; the total is the same sum.
    const code = await createDiscountCode({ db, storeId: shop.store.id, input: CreateDiscountCodeSchema.parse({ code: "VAT15", percent_off: 15, product_ids: [pattern.id] }) });
    if (!code.ok) throw new Error(code.error);
    await applyDiscountCode({ db, owner, text: "VAT15" });
    cart = await getCartView({ db, owner });
    expect(cart.tax.taxCents).toBe(170);
    expect(cart.shown.discountCents).toBe(180);
    expect(cart.shown.subtotalCents + cart.shippingCents - cart.shown.discountCents).toBe(cart.totalCents);

    // A visitor's cart: the download plus VAT where applicable.
    const visitor = { visitorToken: "visitor-token-vat" };
    await addToCart({ db, owner: visitor, productId: pattern.id });
    const theirs = await getCartView({ db, owner: visitor });
    expect(theirs.lines[0]!.shown).toEqual({ cents: 1000, note: "plus VAT where applicable" });
    expect(theirs.shown.inclVat).toBe(false);
  });
});

describe("Stripe Tax", () => {
  it("asks Stripe for automatic tax with each line's tax code and stores the tax Stripe reports, per order line", async () => {
    const db = createTestDb();
    const { shop, pattern } = await setup(db, "stripe");
    const buyer = await buyerIn(db, "US");
    const owner = { userId: buyer.id };
    await addToCart({ db, owner, productId: pattern.id });
    await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id });
    const started = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: getPaymentProvider(), digitalConsent: true });
    if (!started.ok) throw new Error(started.error);
    expect(started.checkout).toMatchObject({ provider: "stripe", taxMode: "stripe", taxCents: 0 });
    const session = fake.sessions.get(started.checkout.providerSessionId!)!;
    expect(session.automatic_tax.enabled).toBe(true);
    expect(session.line_items.map((l) => l.tax_code)).toEqual(["txcd_10000000", "txcd_99999999", "txcd_92010001"]);
    // The fake's 8 %: $10.00 -> 80, $20.00 -> 160, the printing and shipping's $10.00 -> 80.
    expect(session.total_details.amount_tax).toBe(320);

    const result = await handleStripeEvent({ db, event: JSON.parse(fake.event("checkout.session.completed", fake.complete(session.id))) });
    expect(result).toBe("fulfilled");
    const orders = await db.select().from(ordersTable).where(eq(ordersTable.checkoutId, started.checkout.id));
    // The shipping line's tax goes with the order that carries the shipping.
    expect(orders.map((o) => [o.productName, o.taxCents, o.taxRateBp, o.taxCountry])).toEqual([
      [pattern.name, 80, 800, "US"],
      [shop.printed.name, 240, 800, "US"],
    ]);
    expect(await first(db.select().from(checkouts).where(eq(checkouts.id, started.checkout.id)).limit(1))).toMatchObject({ taxCents: 320, totalCents: session.amount_total });
  });
});

describe("two pieces of evidence", () => {
  it("refunds a Stripe payment whose card contradicts the buyer's country and orders nothing; an agreeing card is charged VAT", async () => {
    const db = createTestDb();
    const { pattern } = await setup(db, "vat");
    const german = await buyerIn(db, "DE");
    const pay = async (cardCountry: string) => {
      fake.behaviour.cardCountry = cardCountry;
      await addToCart({ db, owner: { userId: german.id }, productId: pattern.id });
      const started = await createCheckout({ db, user: german, origin: "http://shop.test", provider: getPaymentProvider(), digitalConsent: true });
      if (!started.ok) throw new Error(started.error);
      const session = fake.complete(started.checkout.providerSessionId!);
      return { started, session, result: await handleStripeEvent({ db, event: JSON.parse(fake.event("checkout.session.completed", session)) }) };
    };
    const refused = await pay("US");
    expect(refused.result).toBe("refused: card country");
    expect(refused.session.amount_total).toBe(1190);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === refused.session.payment_intent).map((r) => r.amount)).toEqual([1190]);
    expect((await first(db.select().from(checkouts).where(eq(checkouts.id, refused.started.checkout.id)).limit(1)))!.status).toBe("cancelled");
    expect(await db.select().from(ordersTable).where(eq(ordersTable.checkoutId, refused.started.checkout.id))).toEqual([]);
    expect(outbox(dir).find((m) => m.to === german.email && m.subject.includes("refunded"))!.text).toContain("issued in US, but the address in your profile is in DE");

    const agreed = await pay("DE");
    expect(agreed.result).toBe("fulfilled");
    expect(await first(db.select().from(ordersTable).where(eq(ordersTable.checkoutId, agreed.started.checkout.id)).limit(1))).toMatchObject({ taxCents: 190, taxCountry: "DE" });
    fake.behaviour.cardCountry = "US";
  });
});
