/**
 * The PDF of one invoice, store receipt or credit note (decisions 123 and 151): one A4 page, the print files'
 * fonts. `documentView` is what the page says, in the app's formats (isoDay, formatCents, formatRateBp); the
 * drawing only places it.
 */
import { PDFDocument, rgb, type PDFPage } from "@cantoo/pdf-lib";

import type { Invoice } from "../../../db/tables";
import { pdfFonts, type PdfFonts } from "~/models/patterns/fonts.server";
import { TAX_ERRORS } from "~/models/tax/errors";
import { findInvoice, findOrderDocument, REVERSE_CHARGE_TEXT, type InvoiceData } from "~/models/tax/invoices.server";
import type { Db } from "~/utils/db.server";
import { COUNTRIES } from "~/utils/countries";
import { isoDay } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { formatRateBp } from "~/utils/numbers";
import { inlinePdf } from "~/utils/pdf-response.server";

const countryName = (code: string | null) => COUNTRIES.find(([c]) => c === code)?.[1] ?? code ?? "";

const TITLES: Record<Invoice["kind"], string> = { invoice: "Invoice", receipt: "Receipt", "credit-note": "Credit note" };

/** What a document's page says, every figure formatted. */
export function documentView(d: Invoice) {
  const data = JSON.parse(d.data) as InvoiceData;
  const receipt = d.kind === "receipt";
  // Each distinct reason for a line without tax is a numbered note; the line's rate points to it: "0% (1)".
  const notes: string[] = [];
  const noteOf = (note: string | null | undefined) => {
    if (!note) return "";
    if (!notes.includes(note)) notes.push(note);
    return ` (${notes.indexOf(note) + 1})`;
  };
  // A receipt without tax shows no tax columns: a store's sale is never shown as a zero-rated supply.
  const taxed = !receipt || data.lines.some((l) => l.tax_cents !== 0);
  const rows = data.lines.map((l) => ({
    name: l.name,
    quantity: String(l.quantity),
    net: formatCents(l.net_cents),
    rate: taxed ? `${formatRateBp(l.tax_rate_bp)}${noteOf(l.tax_note)}` : "",
    tax: taxed ? formatCents(l.tax_cents) : "",
    total: formatCents(l.net_cents + l.tax_cents),
  }));
  // Documents issued before decision 151 said "reverse charge" in a paragraph of their own.
  if (data.reverse_charge && !receipt && !data.lines.some((l) => l.tax_note)) notes.push(REVERSE_CHARGE_TEXT);
  const taxLabel = data.tax_country && !data.reverse_charge && d.taxCents !== 0 ? `VAT (${countryName(data.tax_country)})` : receipt ? "Tax" : "VAT";
  return {
    title: TITLES[d.kind],
    number: d.number,
    issued: `Issued ${isoDay(d.issuedAt)}`,
    reference: data.invoice_number ? `For invoice ${data.invoice_number}` : data.order_ids ? `For order${data.order_ids.length === 1 ? "" : "s"} ${data.order_ids.map((id) => `#${id}`).join(", ")}` : null,
    sellerLabel: receipt ? "Sold by" : "Seller of record",
    seller: [data.seller_of_record.name, ...data.seller_of_record.address.split("\n"), countryName(data.seller_of_record.country), data.seller_of_record.vat_number ? `VAT ${data.seller_of_record.vat_number}` : ""].filter(Boolean),
    buyer: [data.buyer.company ?? "", data.buyer.name, ...data.buyer.address.split("\n"), countryName(data.buyer.country), data.buyer.vat_number ? `VAT ${data.buyer.vat_number}` : ""].filter(Boolean),
    columns: { net: receipt ? "Price" : "Net", rate: taxed ? (receipt ? "Tax %" : "VAT %") : "", tax: taxed ? (receipt ? "Tax" : "VAT") : "" },
    rows,
    totals: [...(taxed ? ([[receipt ? "Price" : "Net", formatCents(d.netCents), false], [taxLabel, formatCents(d.taxCents), false]] as const) : []), ["Total (USD)", formatCents(d.totalCents), true] as const],
    notes: [...notes.map((n, i) => `(${i + 1}) ${n}`), ...(data.notes ?? [])],
  };
}
export type DocumentView = ReturnType<typeof documentView>;

/** One document as a PDF of one A4 page. */
export async function documentPdf(d: Invoice): Promise<Uint8Array> {
  const view = documentView(d);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${view.title} ${view.number}`);
  pdf.setCreationDate(d.issuedAt);
  pdf.setModificationDate(d.issuedAt);
  const texts = [...view.seller, ...view.buyer, ...view.rows.map((r) => r.name), ...view.notes];
  const fonts = await pdfFonts(pdf, { regular: texts, bold: texts });
  drawDocument(pdf.addPage([595.28, 841.89]), fonts, view);
  return pdf.save({ useObjectStreams: false });
}

/**
 * An order's document as a PDF for its buyer or an administrator (undefined for anyone else, or when the order has
 * none of that kind): the checkout's invoice, the order's store receipt, or its credit note.
 */
export async function orderDocumentPdf(args: { db: Db; orderId: number; viewer: { id: number; role: string }; kind: "invoice" | "receipt" | "credit-note" }) {
  const d = args.kind === "invoice" ? (await findInvoice(args))?.invoice : await findOrderDocument({ ...args, kind: args.kind });
  if (!d) return undefined;
  return { pdf: await documentPdf(d), fileName: `${d.kind}-${d.number}.pdf` };
}

const NOT_FOUND = { invoice: TAX_ERRORS.invoice, receipt: TAX_ERRORS.receipt, "credit-note": TAX_ERRORS.creditNote } as const;

/** The loader's answer of /purchase/{id}/{invoice,receipt,credit-note}.pdf: the PDF inline, or a 404 thrown. */
export async function orderDocumentResponse(args: Parameters<typeof orderDocumentPdf>[0]): Promise<Response> {
  const found = await orderDocumentPdf(args);
  const { status, message } = NOT_FOUND[args.kind]["not-found"];
  if (!found) throw new Response(message, { status });
  return inlinePdf(found.pdf, found.fileName);
}

/** Splits a text into lines no wider than `width` at `size`. */
function wrap(fonts: PdfFonts, value: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && fonts.width(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

function drawDocument(page: PDFPage, fonts: PdfFonts, view: DocumentView) {
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.4, 0.4, 0.45);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;
  const text = (value: string, x: number, size = 10, bold = false, color = ink) => fonts.draw(page, value, { x, y, size, bold, color });
  const textRight = (value: string, x: number, size = 10, bold = false) => {
    if (value) fonts.draw(page, value, { x: x - fonts.width(value, size, bold), y, size, bold, color: ink });
  };
  const block = (lines: string[], x: number, size = 10) => {
    let at = y;
    for (const line of lines) {
      fonts.draw(page, line, { x, y: at, size, color: ink });
      at -= size + 4;
    }
    return at;
  };

  text(view.title, left, 22, true);
  textRight(view.number, right, 12, true);
  y -= 18;
  textRight(view.issued, right, 10);
  if (view.reference) {
    y -= 14;
    textRight(view.reference, right, 10);
  }
  y -= 36;
  text(view.sellerLabel, left, 9, true, grey);
  text("Bill to", 320, 9, true, grey);
  y -= 14;
  y = Math.min(block(view.seller, left), block(view.buyer, 320)) - 28;

  const cols = { qty: 330, net: 400, rate: 450, tax: 500, total: right };
  text("Item", left, 9, true, grey);
  textRight("Qty", cols.qty, 9, true);
  textRight(view.columns.net, cols.net, 9, true);
  textRight(view.columns.rate, cols.rate, 9, true);
  textRight(view.columns.tax, cols.tax, 9, true);
  textRight("Total", cols.total, 9, true);
  y -= 6;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 16;
  for (const r of view.rows) {
    let name = r.name;
    while (name.length > 4 && fonts.width(name, 10) > cols.qty - 40 - left) name = `${name.slice(0, -2)}…`;
    text(name, left);
    textRight(r.quantity, cols.qty);
    textRight(r.net, cols.net);
    textRight(r.rate, cols.rate);
    textRight(r.tax, cols.tax);
    textRight(r.total, cols.total);
    y -= 18;
  }
  page.drawLine({ start: { x: 330, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: grey });
  y -= 8;
  for (const [label, value, bold] of view.totals) {
    textRight(label, cols.tax, 10, bold);
    textRight(value, cols.total, 10, bold);
    y -= 16;
  }
  if (view.notes.length) y -= 16;
  for (const note of view.notes) {
    for (const line of wrap(fonts, note, right - left, 9)) {
      text(line, left, 9);
      y -= 13;
    }
    y -= 4;
  }
}
