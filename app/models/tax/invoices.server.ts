/**
 * Invoices, stores' receipts and credit notes (decision 123, issue 46 item 5: decision 151). Every paid checkout gets,
 * inside the fulfilment's transaction, the platform's invoice over what the platform supplies (the downloads it is
 * the deemed supplier of, its printing and shipping of printed patterns), and a receipt per store over that store's
 * own sale (its goods, the printed pattern itself, its shipping); a refunded order gets a credit note of the
 * platform's part of it, inside the refund's. Numbers run without gaps per kind and year (`2026-000001`,
 * `R-2026-000001`, `CN-2026-000001`): the next number is read and taken in the same immediate transaction, and a
 * UNIQUE key refuses a second. What a document says is frozen in `data` when it is issued.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { checkouts, invoices, orders, platformSettings, stores, users, type Checkout, type Invoice, type Order } from "../../../db/tables";
import { countryInSentence, crossesCustoms, PRINT_STUDIO_COUNTRY } from "~/models/tax/imports.server";
import { isVatCountry, ratePercent } from "~/models/tax/rates.server";
import { type Db, type DbOrTx, first, type Tx } from "~/utils/db.server";
import { isDownloadPattern } from "~/utils/catalog";
import { centsToDollars } from "~/utils/money";
import { isId } from "~/utils/ids";

export type Party = { name: string; address: string; country: string | null; vat_number: string | null; company?: string | null };
export type Line = {
  name: string;
  quantity: number;
  net_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  /** The order the line belongs to (missing on documents issued before decision 151). */
  order_id?: number;
  /** Why a line of the platform's carries no tax (reverse charge, outside EU and UK VAT, ...); null where taxed. */
  tax_note?: string | null;
};
export type InvoiceData = {
  /** The seller: the platform on its invoice and credit notes, the store on its receipt. */
  seller_of_record: Party;
  buyer: Party;
  lines: Line[];
  reverse_charge: boolean;
  tax_country: string | null;
  /** A credit note's invoice. */
  invoice_number?: string;
  /** A receipt's store and the orders it covers. */
  store_id?: number;
  order_ids?: number[];
  /** A receipt's notes: who sells, and import VAT where its goods cross into the buyer's customs area. */
  notes?: string[];
};

export const REVERSE_CHARGE_TEXT = "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).";

type Sale = Pick<Checkout, "taxMode" | "reverseCharge" | "taxCountry"> & { shipTo: string | null; printedFrom: string };

/** Why a line of the platform's carries no tax; null where it does. */
function zeroTaxNote(sale: Sale, line: "download" | "printing", taxCents: number): string | null {
  if (taxCents !== 0) return null;
  if (sale.taxMode === "none") return "No VAT or sales tax: this marketplace does not charge tax on its sales.";
  if (sale.taxMode === "stripe") return "No tax due, as calculated by Stripe Tax at payment.";
  if (line === "download") {
    if (sale.reverseCharge) return REVERSE_CHARGE_TEXT;
    return "Outside the scope of EU and UK VAT: supplied to a customer outside the EU and the UK.";
  }
  if (!isVatCountry(sale.shipTo)) return `Outside the scope of EU and UK VAT: printed and shipped to ${sale.shipTo ? countryInSentence(sale.shipTo) : "an address"}, outside the EU and the UK.`;
  if (crossesCustoms(sale.printedFrom, sale.shipTo)) {
    return `No VAT charged here: printed in ${countryInSentence(sale.printedFrom)} and shipped to ${countryInSentence(sale.shipTo!)}, where import VAT may be collected on delivery.`;
  }
  return "No VAT charged: this marketplace charges VAT on downloads only.";
}

/**
 * An order's lines, split by seller: the platform's (a download, or a printed pattern's printing and shipping) and
 * the store's (the goods or the printed pattern itself, and the store's shipping). A store's goods are never the
 * platform's supply. Stripe Tax's figure stays with the order's item.
 */
function splitOrder(order: Order, sale: Sale): { platform: Line[]; store: Line[] } {
  const item: Line = { name: order.productName, quantity: order.quantity, net_cents: order.amountCents, tax_rate_bp: order.taxRateBp, tax_cents: order.taxCents, order_id: order.id };
  if (isDownloadPattern(order.productType, order.delivery)) return { platform: [{ ...item, tax_note: zeroTaxNote(sale, "download", item.tax_cents) }], store: [] };
  const shipping = { quantity: 1, net_cents: order.shippingCents, tax_rate_bp: 0, tax_cents: 0, order_id: order.id };
  if (order.productType === "Pattern") {
    const printing = order.shippingCents > 0 ? [{ ...shipping, name: `Printing and shipping: ${order.productName}`, tax_note: zeroTaxNote(sale, "printing", 0) }] : [];
    return { platform: printing, store: [item] };
  }
  return { platform: [], store: [item, ...(order.shippingCents > 0 ? [{ ...shipping, name: `Shipping: ${order.productName}` }] : [])] };
}

function totalsOf(lines: Line[]) {
  const netCents = lines.reduce((sum, l) => sum + l.net_cents, 0);
  const taxCents = lines.reduce((sum, l) => sum + l.tax_cents, 0);
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

async function nextSeq(tx: Tx, kind: Invoice["kind"], year: number): Promise<number> {
  const row = await first(tx
    .select({ max: sql<number | null>`max(${invoices.seq})` })
    .from(invoices)
    .where(and(eq(invoices.kind, kind), eq(invoices.year, year))).limit(1));
  return (row?.max ?? 0) + 1;
}

const PREFIX: Record<Invoice["kind"], string> = { invoice: "", receipt: "R-", "credit-note": "CN-" };

function numberOf(kind: Invoice["kind"], year: number, seq: number): string {
  return `${PREFIX[kind]}${year}-${String(seq).padStart(6, "0")}`;
}

async function issue(tx: Tx, kind: Invoice["kind"], { checkoutId, orderId = null, lines, data, now }: { checkoutId: number; orderId?: number | null; lines: Line[]; data: InvoiceData; now: Date }) {
  const year = now.getUTCFullYear();
  const seq = await nextSeq(tx, kind, year);
  return (await tx
    .insert(invoices)
    .values({ kind, year, seq, number: numberOf(kind, year, seq), checkoutId, orderId, ...totalsOf(lines), data: JSON.stringify(data), issuedAt: now })
    .onConflictDoNothing()
    .returning())[0];
}

async function settingsOf(tx: DbOrTx) {
  return (await first(tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1)))!;
}

function sellerOfRecord(s: Awaited<ReturnType<typeof settingsOf>>): Party {
  return { name: s.legalName || "Patternhouse", address: s.legalAddress, country: null, vat_number: s.vatNumber || null };
}

/** A store as the seller on its receipt: its name, and its owner's postal address as the profile has it. */
async function storeParty(tx: DbOrTx, storeId: number): Promise<Party> {
  const row = await first(tx.select({ name: stores.name, owner: users }).from(stores).innerJoin(users, eq(users.id, stores.userId)).where(eq(stores.id, storeId)).limit(1));
  if (!row) return { name: "", address: "", country: null, vat_number: null };
  const o = row.owner;
  const street = [o.street, o.street2].filter(Boolean).join(", ");
  const place = [o.postalCode, o.city, o.state].filter(Boolean).join(" ");
  return { name: row.name, address: [street, place].filter(Boolean).join("\n"), country: o.country || null, vat_number: null };
}

function buyerOf(checkout: { shippingAddress: string; taxCountry: string | null; vatNumber: string | null; companyName: string | null }): Party {
  const a = JSON.parse(checkout.shippingAddress) as Record<string, string | undefined>;
  const street = [a.street, a.street2].filter(Boolean).join(", ");
  const place = [a.postal_code, a.city, a.state].filter(Boolean).join(" ");
  return {
    name: `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim(),
    address: [street, place].filter(Boolean).join("\n"),
    country: a.country ?? checkout.taxCountry,
    vat_number: checkout.vatNumber,
    // A business buyer (issue 46, item 1): the invoice is made out to the business, the person beneath it.
    company: checkout.companyName,
  };
}

async function saleOf(tx: DbOrTx, checkout: Checkout): Promise<Sale> {
  const a = JSON.parse(checkout.shippingAddress) as { country?: string };
  return { taxMode: checkout.taxMode, reverseCharge: checkout.reverseCharge, taxCountry: checkout.taxCountry, shipTo: a.country || null, printedFrom: (await settingsOf(tx)).country || PRINT_STUDIO_COUNTRY };
}

/** A store's receipt's notes: the store sells; import VAT where its goods enter the buyer's customs area. */
function receiptNotes(platformName: string, store: Party, sale: Sale): string[] {
  const notes = [`Sold by ${store.name}, who is the seller of these goods; ${platformName} took the payment on the store's behalf. This receipt is not a ${platformName} VAT invoice.`];
  if (crossesCustoms(store.country, sale.shipTo)) {
    notes.push(`Shipped from ${countryInSentence(store.country!)} to ${countryInSentence(sale.shipTo!)}: import VAT and customs duties may be collected on delivery.`);
  }
  return notes;
}

/**
 * Inside the fulfilment's transaction: the platform's invoice over its own supplies in the checkout's new orders
 * (none when it supplied nothing), and one receipt per store over the store's. Returns the platform's invoice.
 */
export async function issueInvoice(tx: Tx, { checkoutId, orders: paid, now }: { checkoutId: number; orders: Order[]; now: Date }): Promise<Invoice | undefined> {
  const checkout = (await first(tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1)))!;
  const sale = await saleOf(tx, checkout);
  const settings = await settingsOf(tx);
  const split = paid.map((order) => ({ order, ...splitOrder(order, sale) }));
  const buyer = buyerOf(checkout);
  const base = { buyer, reverse_charge: checkout.reverseCharge, tax_country: checkout.taxCountry };
  const storeIds = [...new Set(split.filter((s) => s.store.length).map((s) => s.order.storeId))];
  for (const storeId of storeIds) {
    const ofStore = split.filter((s) => s.order.storeId === storeId && s.store.length);
    const lines = ofStore.flatMap((s) => s.store);
    const seller = await storeParty(tx, storeId);
    const notes = receiptNotes(sellerOfRecord(settings).name, seller, sale);
    const data: InvoiceData = { ...base, reverse_charge: false, seller_of_record: seller, lines, store_id: storeId, order_ids: ofStore.map((s) => s.order.id), notes };
    await issue(tx, "receipt", { checkoutId, lines, data, now });
  }
  const lines = split.flatMap((s) => s.platform);
  if (lines.length === 0) return undefined;
  return await issue(tx, "invoice", { checkoutId, lines, data: { ...base, seller_of_record: sellerOfRecord(settings), lines }, now });
}

/** Inside the refund's transaction: a credit note of the platform's part of the order's refund (once per order). */
export async function issueCreditNote(tx: Tx, { order, now }: { order: Order; now: Date }): Promise<Invoice | null> {
  const invoice = await first(tx.select().from(invoices).where(and(eq(invoices.checkoutId, order.checkoutId), eq(invoices.kind, "invoice"))).limit(1));
  if (!invoice) return null;
  const issued = JSON.parse(invoice.data) as InvoiceData;
  // What the invoice said of this order, negated; an invoice from before decision 151 listed every order's lines.
  const own = issued.lines.some((l) => l.order_id !== undefined) ? issued.lines.filter((l) => l.order_id === order.id) : legacyLines(order);
  if (own.length === 0) return null;
  const lines = own.map((l) => ({ ...l, net_cents: -l.net_cents, tax_cents: -l.tax_cents }));
  const data: InvoiceData = { ...issued, lines, invoice_number: invoice.number };
  return await issue(tx, "credit-note", { checkoutId: order.checkoutId, orderId: order.id, lines, data, now }) ?? null;
}

/** An order's lines as invoices before decision 151 listed them: the item and its shipping, all on the platform's invoice. */
function legacyLines(order: Order): Line[] {
  const item = { name: order.productName, quantity: order.quantity, net_cents: order.amountCents, tax_rate_bp: order.taxRateBp, tax_cents: order.taxCents };
  const shipping = order.shippingCents > 0 ? [{ name: `Shipping: ${order.productName}`, quantity: 1, net_cents: order.shippingCents, tax_rate_bp: 0, tax_cents: 0 }] : [];
  return [item, ...shipping];
}

const covers = (d: Invoice, orderId: number) => {
  const data = JSON.parse(d.data) as InvoiceData;
  if (d.kind === "receipt") return Boolean(data.order_ids?.includes(orderId));
  if (d.kind === "credit-note") return d.orderId === orderId;
  return !data.lines.some((l) => l.order_id !== undefined) || data.lines.some((l) => l.order_id === orderId);
};

/**
 * The documents of an order's checkout, for its buyer or an administrator; undefined for anyone else, and for an
 * order that does not exist: the platform's invoice (if it supplied anything), the stores' receipts, the credit notes.
 */
async function documentsOf({ db, orderId, viewer }: { db: Db; orderId: number; viewer: { id: number; role: string } }) {
  if (!isId(orderId)) return undefined;
  const order = await first(db.select({ checkoutId: orders.checkoutId, buyerId: orders.buyerId }).from(orders).where(eq(orders.id, orderId)).limit(1));
  if (!order || (order.buyerId !== viewer.id && viewer.role !== "admin")) return undefined;
  const rows = await db.select().from(invoices).where(eq(invoices.checkoutId, order.checkoutId)).orderBy(asc(invoices.id));
  return {
    orderId,
    buyerId: order.buyerId,
    invoice: rows.find((r) => r.kind === "invoice"),
    receipts: rows.filter((r) => r.kind === "receipt"),
    creditNotes: rows.filter((r) => r.kind === "credit-note"),
  };
}

/** The invoice of an order's checkout and its credit notes (see documentsOf); undefined without an invoice. */
export async function findInvoice(args: { db: Db; orderId: number; viewer: { id: number; role: string } }) {
  const found = await documentsOf(args);
  if (!found?.invoice) return undefined;
  return { buyerId: found.buyerId, orderId: found.orderId, invoice: found.invoice, creditNotes: found.creditNotes };
}
export type FoundInvoice = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** One document of an order, by kind: its store's receipt, or its credit note (see documentsOf). */
export async function findOrderDocument(args: { db: Db; orderId: number; viewer: { id: number; role: string }; kind: "receipt" | "credit-note" }): Promise<Invoice | undefined> {
  const found = await documentsOf(args);
  const rows = args.kind === "receipt" ? found?.receipts : found?.creditNotes;
  return rows?.find((d) => covers(d, args.orderId));
}

/** What the order's page links: the invoice if it lists the order, the order's store receipt and credit note. */
export async function orderDocuments(args: { db: Db; orderId: number; viewer: { id: number; role: string } }) {
  const found = await documentsOf(args);
  if (!found) return { invoice: null, receipt: null, creditNote: null };
  const receipt = found.receipts.find((d) => covers(d, args.orderId));
  const creditNote = found.creditNotes.find((d) => covers(d, args.orderId));
  return {
    invoice: found.invoice && covers(found.invoice, args.orderId) ? found.invoice.number : null,
    receipt: receipt ? { number: receipt.number, seller: (JSON.parse(receipt.data) as InvoiceData).seller_of_record.name } : null,
    creditNote: creditNote?.number ?? null,
  };
}
export type OrderDocuments = Awaited<ReturnType<typeof orderDocuments>>;

const dollars = centsToDollars;

function linesJson(data: InvoiceData) {
  return data.lines.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    net: dollars(l.net_cents),
    tax_rate: ratePercent(l.tax_rate_bp),
    tax: dollars(l.tax_cents),
    total: dollars(l.net_cents + l.tax_cents),
    ...(l.tax_note ? { tax_note: l.tax_note } : {}),
  }));
}

/** A receipt or credit note as JSON. */
export function documentJson(d: Invoice) {
  const data = JSON.parse(d.data) as InvoiceData;
  return {
    number: d.number,
    issued_at: d.issuedAt.toISOString(),
    ...(d.kind === "receipt" ? { seller: data.seller_of_record, order_ids: data.order_ids ?? [], notes: data.notes ?? [] } : {}),
    ...(d.kind === "credit-note" ? { order_id: d.orderId, invoice_number: data.invoice_number ?? null } : {}),
    buyer: data.buyer,
    lines: linesJson(data),
    net: dollars(d.netCents),
    tax: dollars(d.taxCents),
    total: dollars(d.totalCents),
  };
}

/** GET /api/user/get-invoice/{orderId}. */
export function invoiceJson({ invoice, creditNotes }: FoundInvoice) {
  const data = JSON.parse(invoice.data) as InvoiceData;
  return {
    number: invoice.number,
    issued_at: invoice.issuedAt.toISOString(),
    seller_of_record: data.seller_of_record,
    buyer: { company: data.buyer.company ?? null, name: data.buyer.name, address: data.buyer.address, country: data.buyer.country, vat_number: data.buyer.vat_number },
    lines: linesJson(data),
    net: dollars(invoice.netCents),
    tax: dollars(invoice.taxCents),
    total: dollars(invoice.totalCents),
    reverse_charge: data.reverse_charge,
    credit_notes: creditNotes.map((c) => ({ number: c.number, order_id: c.orderId, issued_at: c.issuedAt.toISOString(), net: dollars(c.netCents), tax: dollars(c.taxCents), total: dollars(c.totalCents) })),
  };
}

