/**
 * The local label provider (the default): a printable 4x6 in PDF address label, clearly marked as not a carrier
 * label, with the from and to addresses, the parcel size and its limits (spec 9), the order number (big, and as a
 * Code 39 barcode) and the date. Standard Helvetica fonts only, so every text is reduced to WinAnsi. The bytes
 * depend only on the input and the date.
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "@cantoo/pdf-lib";

import { type Address, addressLines, checkLabelAddresses } from "./addresses";
import type { LabelInput, LabelProvider, LabelResult } from "./label-provider";
import { describeParcel } from "./parcels";
import { isoDay } from "~/utils/dates";
import { isId } from "~/utils/ids";

/** 4x6 in at 72 pt per inch. */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;
export const NOT_A_CARRIER_LABEL = "NOT A CARRIER LABEL";
export const PRINT_POSTAGE_SEPARATELY = "Print postage separately. This label carries no postage.";

const MARGIN = 14;
const INNER = LABEL_WIDTH_PT - 2 * MARGIN;
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);
const GREY = rgb(0.35, 0.35, 0.35);

/** Letters without a decomposition to a base letter. */
const FOLD: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t", ĸ: "k" };

/**
 * Text a standard (WinAnsi) font can draw: accents it lacks are dropped (ł → l), what has no WinAnsi form becomes
 * "?", and control characters and line breaks become spaces.
 */
export function toWinAnsi(text: string, font: PDFFont): string {
  const supported = charsetOf(font);
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else if (supported.has(code)) out += ch;
    else {
      const base = FOLD[ch] ?? ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : "?";
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** Word-wraps a line to a width; a word longer than the width is broken across lines. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Code 39 bar/space widths (n narrow, w wide), 5 bars and 4 spaces per character, bars first. */
const CODE39: Record<string, string> = {
  "0": "nnnwwnwnn",
  "1": "wnnwnnnnw",
  "2": "nnwwnnnnw",
  "3": "wnwwnnnnn",
  "4": "nnnwwnnnw",
  "5": "wnnwwnnnn",
  "6": "nnwwwnnnn",
  "7": "nnnwnnwnw",
  "8": "wnnwnnwnn",
  "9": "nnwwnnwnn",
  "*": "nwnnwnwnn",
};

/** The bars of `*digits*` as [x, width] pairs from 0, with the total width, for a narrow module of `narrow`. */
export function code39Bars(digits: string, narrow: number): { bars: [number, number][]; width: number } {
  const wide = narrow * 2.5;
  const bars: [number, number][] = [];
  let x = 0;
  [..."*" + digits + "*"].forEach((ch, i) => {
    const pattern = CODE39[ch];
    if (!pattern) throw new Error(`Code 39 here encodes digits only, not ${JSON.stringify(ch)}`);
    if (i > 0) x += narrow; // inter-character gap
    [...pattern].forEach((w, j) => {
      const width = w === "w" ? wide : narrow;
      if (j % 2 === 0) bars.push([x, width]);
      x += width;
    });
  });
  return { bars, width: x };
}

/** YYYY-MM-DD in UTC. */

type Fonts = { regular: PDFFont; bold: PDFFont };
type Pen = { page: PDFPage; fonts: Fonts; y: number; scale: number };

/**
 * Draws a text top-down from `pen.y` (the top of the next line) and moves the pen below it. A text too long for
 * `maxLines` lines at its size is drawn smaller (down to 70 %), and then wrapped onto more lines: never cut.
 */
function text(
  pen: Pen,
  value: string,
  opts: { size: number; bold?: boolean; color?: typeof BLACK; center?: boolean; maxLines?: number },
) {
  const font = opts.bold ? pen.fonts.bold : pen.fonts.regular;
  const clean = toWinAnsi(value, font);
  let size = opts.size * pen.scale;
  let lines = wrap(clean, font, size, INNER);
  while (lines.length > (opts.maxLines ?? 1) && size > opts.size * pen.scale * 0.7) {
    size -= 0.5;
    lines = wrap(clean, font, size, INNER);
  }
  for (const line of lines) {
    const width = font.widthOfTextAtSize(line, size);
    const x = opts.center ? (LABEL_WIDTH_PT - width) / 2 : MARGIN;
    pen.y -= size;
    pen.page.drawText(line, { x, y: pen.y, size, font, color: opts.color ?? BLACK });
    pen.y -= size * 0.25;
  }
}

function rule(pen: Pen) {
  const y = pen.y - 4 * pen.scale;
  pen.page.drawLine({ start: { x: MARGIN, y }, end: { x: LABEL_WIDTH_PT - MARGIN, y }, thickness: 1, color: BLACK });
  pen.y -= 9 * pen.scale;
}

function addressBlock(pen: Pen, address: Address, big: boolean) {
  const [name, ...rest] = addressLines(address);
  text(pen, name ?? "", { size: big ? 14 : 9.5, bold: true, maxLines: 2 });
  for (const line of rest) text(pen, line, { size: big ? 12 : 9, maxLines: big ? 2 : 1 });
}

/** Lays the label out at a scale; answers the lowest y it drew at. */
async function drawLabel(doc: PDFDocument, input: LabelInput, now: Date, scale: number): Promise<number> {
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const page = doc.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);

  // The mark: a black band across the top, always full size.
  const top = LABEL_HEIGHT_PT - MARGIN;
  page.drawRectangle({ x: MARGIN, y: top - 38, width: INNER, height: 38, color: BLACK });
  text({ page, fonts, y: top - 5, scale: 1 }, NOT_A_CARRIER_LABEL, { size: 16, bold: true, color: WHITE, center: true });
  text({ page, fonts, y: top - 25, scale: 1 }, PRINT_POSTAGE_SEPARATELY, { size: 7.5, color: WHITE, center: true });
  const pen: Pen = { page, fonts, y: top - 44, scale };

  text(pen, "FROM", { size: 7, bold: true, color: GREY });
  addressBlock(pen, input.from, false);
  rule(pen);

  text(pen, "SHIP TO", { size: 7, bold: true, color: GREY });
  addressBlock(pen, input.to, true);
  rule(pen);

  text(pen, "PARCEL", { size: 7, bold: true, color: GREY });
  text(pen, describeParcel(input.parcelSize), { size: 11, bold: true });
  rule(pen);

  text(pen, "ORDER", { size: 7, bold: true, color: GREY });
  text(pen, `#${input.orderId}`, { size: 28, bold: true });

  // The order number as a Code 39 barcode, as wide as fits (narrow module at most 1.5 pt).
  const digits = String(input.orderId);
  const narrow = Math.min(1.5, INNER / code39Bars(digits, 1).width);
  const { bars, width } = code39Bars(digits, narrow);
  const barHeight = 34 * scale;
  const x0 = (LABEL_WIDTH_PT - width) / 2;
  for (const [x, w] of bars) {
    page.drawRectangle({ x: x0 + x, y: pen.y - 2 - barHeight, width: w, height: barHeight, color: BLACK });
  }
  pen.y -= barHeight + 6;

  text(pen, `Date: ${isoDay(now)}`, { size: 9 });
  page.drawText("Patternhouse", {
    x: LABEL_WIDTH_PT - MARGIN - fonts.regular.widthOfTextAtSize("Patternhouse", 7),
    y: MARGIN - 6,
    size: 7,
    font: fonts.regular,
    color: GREY,
  });
  return pen.y;
}

/** The label as PDF bytes: laid out at full size, or smaller until it fits the page (very long addresses). */
export async function renderLocalLabel(input: LabelInput, now: Date): Promise<Uint8Array> {
  if (!isId(input.orderId)) throw new Error(`Bad order number ${input.orderId}`);
  for (const scale of [1, 0.9, 0.8, 0.7, 0.6]) {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(`Shipping label, order #${input.orderId}`);
    doc.setAuthor("Patternhouse");
    doc.setCreator("Patternhouse");
    doc.setProducer("Patternhouse");
    doc.setCreationDate(now);
    doc.setModificationDate(now);
    const bottom = await drawLabel(doc, input, now, scale);
    if (bottom >= MARGIN || scale === 0.6) return doc.save();
  }
  throw new Error("unreachable");
}

export function createLocalLabelProvider({ now = () => new Date() }: { now?: () => Date } = {}): LabelProvider {
  return {
    name: "local",
    async buyLabel(input): Promise<LabelResult> {
      const invalid = checkLabelAddresses(input);
      if (invalid) return { ok: false, ...invalid };
      const pdf = await renderLocalLabel(input, now());
      return { ok: true, pdf, contentType: "application/pdf", trackingNumber: null, carrier: null, costCents: 0 };
    },
  };
}
