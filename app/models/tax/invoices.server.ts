/**
 * Invoices and credit notes (decision 123). Every paid checkout gets one invoice, issued inside the fulfilment's
 * transaction; every refunded order one credit note, inside the refund's. Numbers run without gaps per kind and
 * year (`2026-000001`, `CN-2026-000001`): the next number is read and taken in the same immediate transaction, and a
 * UNIQUE key refuses a second. What an invoice says is frozen in `data` when it is issued.
 */
import { PDFDocument, rgb, type PDFPage } from "@cantoo/pdf-lib";
import { and, asc, eq, sql } from "drizzle-orm";

import { checkouts, invoices, orders, platformSettings, type Invoice, type Order } from "../../../db/schema";
import { pdfFonts, type PdfFonts } from "~/models/patterns/fonts.server";
import { ratePercent } from "~/models/tax/rates.server";
import type { Db, DbOrTx, Tx } from "~/utils/db.server";
import { isoDay } from "~/utils/dates";
import { centsToDollars, formatCents } from "~/utils/money";
import { COUNTRIES } from "~/utils/countries";

type Party = { name: string; address: string; country: string | null; vat_number: string | null; company?: string | null };
type Line = { name: string; quantity: number; net_cents: number; tax_rate_bp: number; tax_cents: number };
export type InvoiceData = {
  seller_of_record: Party;
  buyer: Party;
  lines: Line[];
  reverse_charge: boolean;
  tax_country: string | null;
  /** A credit note's invoice. */
  invoice_number?: string;
};

/** The order's lines as invoiced: the item, and its printing and shipping or store shipping (no tax on those here). */
function linesOf(order: Order): Line[] {
  const item = { name: order.productName, quantity: order.quantity, net_cents: order.amountCents, tax_rate_bp: order.taxRateBp, tax_cents: order.taxCents };
  const shipping = order.shippingCents > 0 ? [{ name: `Shipping: ${order.productName}`, quantity: 1, net_cents: order.shippingCents, tax_rate_bp: 0, tax_cents: 0 }] : [];
  return [item, ...shipping];
}

function totalsOf(lines: Line[]) {
  const netCents = lines.reduce((sum, l) => sum + l.net_cents, 0);
  const taxCents = lines.reduce((sum, l) => sum + l.tax_cents, 0);
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

function nextSeq(tx: Tx, kind: Invoice["kind"], year: number): number {
  const row = tx
    .select({ max: sql<number | null>`max(${invoices.seq})` })
    .from(invoices)
    .where(and(eq(invoices.kind, kind), eq(invoices.year, year)))
    .get();
  return (row?.max ?? 0) + 1;
}

function numberOf(kind: Invoice["kind"], year: number, seq: number): string {
  return `${kind === "credit-note" ? "CN-" : ""}${year}-${String(seq).padStart(6, "0")}`;
}

function sellerOfRecord(tx: DbOrTx): Party {
  const s = tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).get()!;
  return { name: s.legalName || "Patternhouse", address: s.legalAddress, country: null, vat_number: s.vatNumber || null };
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

/** Inside the fulfilment's transaction: the checkout's invoice over its new orders. */
export function issueInvoice(tx: Tx, { checkoutId, orders: paid, now }: { checkoutId: number; orders: Order[]; now: Date }): Invoice {
  const checkout = tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get()!;
  const lines = paid.flatMap(linesOf);
  const data: InvoiceData = {
    seller_of_record: sellerOfRecord(tx),
    buyer: buyerOf(checkout),
    lines,
    reverse_charge: checkout.reverseCharge,
    tax_country: checkout.taxCountry,
  };
  const year = now.getUTCFullYear();
  const seq = nextSeq(tx, "invoice", year);
  return tx
    .insert(invoices)
    .values({ kind: "invoice", year, seq, number: numberOf("invoice", year, seq), checkoutId, orderId: null, ...totalsOf(lines), data: JSON.stringify(data), issuedAt: now })
    .returning()
    .get();
}

/** Inside the refund's transaction: a credit note of what the order's refund returns (once per order). */
export function issueCreditNote(tx: Tx, { order, now }: { order: Order; now: Date }): Invoice | null {
  const invoice = tx.select().from(invoices).where(and(eq(invoices.checkoutId, order.checkoutId), eq(invoices.kind, "invoice"))).get();
  if (!invoice) return null;
  const issued = JSON.parse(invoice.data) as InvoiceData;
  const lines = linesOf(order).map((l) => ({ ...l, net_cents: -l.net_cents, tax_cents: -l.tax_cents }));
  const data: InvoiceData = { ...issued, lines, invoice_number: invoice.number };
  const year = now.getUTCFullYear();
  const seq = nextSeq(tx, "credit-note", year);
  return (
    tx
      .insert(invoices)
      .values({ kind: "credit-note", year, seq, number: numberOf("credit-note", year, seq), checkoutId: order.checkoutId, orderId: order.id, ...totalsOf(lines), data: JSON.stringify(data), issuedAt: now })
      .onConflictDoNothing()
      .returning()
      .get() ?? null
  );
}

/**
 * The invoice of an order's checkout and its credit notes, for its buyer or an administrator; undefined for anyone
 * else, and for an order that does not exist.
 */
export function findInvoice({ db, orderId, viewer }: { db: Db; orderId: number; viewer: { id: number; role: string } }) {
  if (!Number.isSafeInteger(orderId) || orderId < 1) return undefined;
  const order = db.select({ checkoutId: orders.checkoutId, buyerId: orders.buyerId }).from(orders).where(eq(orders.id, orderId)).get();
  if (!order || (order.buyerId !== viewer.id && viewer.role !== "admin")) return undefined;
  const rows = db.select().from(invoices).where(eq(invoices.checkoutId, order.checkoutId)).orderBy(asc(invoices.id)).all();
  const invoice = rows.find((r) => r.kind === "invoice");
  if (!invoice) return undefined;
  return { buyerId: order.buyerId, invoice, creditNotes: rows.filter((r) => r.kind === "credit-note") };
}
export type FoundInvoice = NonNullable<ReturnType<typeof findInvoice>>;

const dollars = centsToDollars;

/** GET /api/user/get-invoice/{orderId}. */
export function invoiceJson({ invoice, creditNotes }: FoundInvoice) {
  const data = JSON.parse(invoice.data) as InvoiceData;
  return {
    number: invoice.number,
    issued_at: invoice.issuedAt.toISOString(),
    seller_of_record: data.seller_of_record,
    buyer: { company: data.buyer.company ?? null, name: data.buyer.name, address: data.buyer.address, country: data.buyer.country, vat_number: data.buyer.vat_number },
    lines: data.lines.map((l) => ({ name: l.name, quantity: l.quantity, net: dollars(l.net_cents), tax_rate: ratePercent(l.tax_rate_bp), tax: dollars(l.tax_cents), total: dollars(l.net_cents + l.tax_cents) })),
    net: dollars(invoice.netCents),
    tax: dollars(invoice.taxCents),
    total: dollars(invoice.totalCents),
    reverse_charge: data.reverse_charge,
    credit_notes: creditNotes.map((c) => ({ number: c.number, issued_at: c.issuedAt.toISOString(), net: dollars(c.netCents), tax: dollars(c.taxCents), total: dollars(c.totalCents) })),
  };
}

export const REVERSE_CHARGE_TEXT = "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).";

const countryName = (code: string | null) => COUNTRIES.find(([c]) => c === code)?.[1] ?? code ?? "";

/** The invoice and its credit notes as a PDF: one A4 page each. */
export async function invoicePdf(found: FoundInvoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${found.invoice.number}`);
  doc.setCreationDate(found.invoice.issuedAt);
  doc.setModificationDate(found.invoice.issuedAt);
  const documents = [found.invoice, ...found.creditNotes];
  const texts = documents.flatMap((d) => {
    const data = JSON.parse(d.data) as InvoiceData;
    return [data.seller_of_record.name, data.seller_of_record.address, data.buyer.company ?? "", data.buyer.name, data.buyer.address, ...data.lines.map((l) => l.name)];
  });
  const fonts = await pdfFonts(doc, { regular: texts, bold: texts });
  for (const d of documents) drawDocument(doc.addPage([595.28, 841.89]), fonts, d);
  return doc.save({ useObjectStreams: false });
}

function drawDocument(page: PDFPage, fonts: PdfFonts, d: Invoice) {
  const data = JSON.parse(d.data) as InvoiceData;
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.4, 0.4, 0.45);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;
  const text = (value: string, x: number, size = 10, bold = false, color = ink) => fonts.draw(page, value, { x, y, size, bold, color });
  const textRight = (value: string, x: number, size = 10, bold = false) => fonts.draw(page, value, { x: x - fonts.width(value, size, bold), y, size, bold, color: ink });
  const block = (lines: string[], x: number, size = 10) => {
    let at = y;
    for (const line of lines) {
      fonts.draw(page, line, { x, y: at, size, color: ink });
      at -= size + 4;
    }
    return at;
  };

  text(d.kind === "invoice" ? "Invoice" : "Credit note", left, 22, true);
  textRight(d.number, right, 12, true);
  y -= 18;
  textRight(`Issued ${isoDay(d.issuedAt)}`, right, 10);
  if (data.invoice_number) {
    y -= 14;
    textRight(`For invoice ${data.invoice_number}`, right, 10);
  }
  y -= 36;
  text("Seller of record", left, 9, true, grey);
  text("Bill to", 320, 9, true, grey);
  y -= 14;
  const seller = [data.seller_of_record.name, ...data.seller_of_record.address.split("\n"), data.seller_of_record.vat_number ? `VAT ${data.seller_of_record.vat_number}` : ""].filter(Boolean);
  const buyer = [data.buyer.company ?? "", data.buyer.name, ...data.buyer.address.split("\n"), countryName(data.buyer.country), data.buyer.vat_number ? `VAT ${data.buyer.vat_number}` : ""].filter(Boolean);
  const below = Math.min(block(seller, left), block(buyer, 320));
  y = below - 28;

  const cols = { qty: 330, net: 400, rate: 450, tax: 500, total: right };
  text("Item", left, 9, true, grey);
  textRight("Qty", cols.qty, 9, true);
  textRight("Net", cols.net, 9, true);
  textRight("VAT %", cols.rate, 9, true);
  textRight("VAT", cols.tax, 9, true);
  textRight("Total", cols.total, 9, true);
  y -= 6;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 16;
  for (const l of data.lines) {
    let name = l.name;
    while (name.length > 4 && fonts.width(name, 10) > cols.qty - 40 - left) name = `${name.slice(0, -2)}…`;
    text(name, left);
    textRight(String(l.quantity), cols.qty);
    textRight(formatCents(l.net_cents), cols.net);
    textRight(`${ratePercent(l.tax_rate_bp)} %`, cols.rate);
    textRight(formatCents(l.tax_cents), cols.tax);
    textRight(formatCents(l.net_cents + l.tax_cents), cols.total);
    y -= 18;
  }
  page.drawLine({ start: { x: 330, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: grey });
  y -= 8;
  for (const [label, cents, bold] of [
    ["Net", d.netCents, false],
    [data.tax_country && !data.reverse_charge ? `VAT (${countryName(data.tax_country)})` : "VAT", d.taxCents, false],
    ["Total (USD)", d.totalCents, true],
  ] as const) {
    textRight(label, cols.tax, 10, bold);
    textRight(formatCents(cents), cols.total, 10, bold);
    y -= 16;
  }
  if (data.reverse_charge) {
    y -= 16;
    text("Reverse charge", left, 11, true);
    y -= 14;
    text(REVERSE_CHARGE_TEXT, left, 9);
  }
}
