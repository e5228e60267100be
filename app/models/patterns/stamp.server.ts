/**
 * Stamping the files a buyer downloads with the order number and the buyer's email (decision 060). The DXF gets a
 * 999 comment as its first line and a TEXT entity on layer 15 (annotation) in ENTITIES; the PDF gets the stamp in
 * every page's bottom margin (buildPrintPdf prints it itself; stampPdf stamps an existing PDF). The seller's own
 * copy is never stamped: callers pass null.
 */
import { PDFDocument, rgb } from "@cantoo/pdf-lib";

import { INSUNITS, parseUnits } from "./facts";
import { oneLine, pdfFonts } from "./fonts.server";
import type { PatternUnits } from "./types";

/** One line, no control characters, at most 240 characters. */
export const stampLine = oneLine;

/**
 * DXF text values are single lines in the drawing's code page; AutoCAD reads \U+XXXX escapes in any code page, so
 * non-ASCII characters are written that way and the file stays pure ASCII around the stamp.
 */
export function dxfEscape(text: string): string {
  let out = "";
  for (const ch of stampLine(text)) {
    const cp = ch.codePointAt(0)!;
    out += cp < 128 ? ch : cp <= 0xffff ? `\\U+${cp.toString(16).toUpperCase().padStart(4, "0")}` : "?";
  }
  return out;
}

/** A header variable's value for a group code (e.g. $EXTMIN, 20), from the groups that follow its name. */
function headerNumber(text: string, variable: string, code: number): number | null {
  const head = text.slice(0, 200_000);
  const at = new RegExp(`(?:^|\\n)\\s*9\\s*\\r?\\n\\s*\\${variable}\\s*(?:\\r?\\n|$)`).exec(head);
  if (!at) return null;
  const lines = head.slice(at.index + at[0].length).split(/\r?\n/, 16);
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const c = Number(lines[i].trim());
    if (c === 9 || c === 0) break;
    if (c === code) {
      const v = Number(lines[i + 1].trim());
      return Number.isFinite(v) ? v : null;
    }
  }
  return null;
}

/** About 5 mm in the file's units (0.2 in = 5.08 mm). */
const STAMP_HEIGHT: Record<PatternUnits, number> = { mm: 5, cm: 0.5, in: 0.2 };

/**
 * The unit a file's numbers are in, as the reader takes them (dxf.server.ts `unitsOf`): `$INSUNITS` (1 in, 4 mm,
 * 5 cm), else the CAD "Units:" text (METRIC, ENGLISH, CM...), else `$MEASUREMENT` (0 English), else millimetres.
 */
function declaredUnits(text: string): PatternUnits {
  const ins = headerNumber(text, "$INSUNITS", 70);
  if (ins !== null && INSUNITS[ins]) return INSUNITS[ins];
  const said = /(?:^|\n)[ \t]*Units:[ \t]*([A-Za-z]+)/i.exec(text)?.[1];
  return (said && parseUnits(said)) || (headerNumber(text, "$MEASUREMENT", 70) === 0 ? "in" : "mm");
}

/**
 * Adds the stamp to a DXF: a `999` comment at the top and a TEXT entity on layer 15 as the first entity of the
 * ENTITIES section (created before EOF when the file has none), placed under the drawing's lower-left corner
 * ($EXTMIN when the header has it), 5 mm tall in the file's units (declaredUnits). Strings in, string out; bytes in (read as Latin-1, so every other byte is kept
 * exactly), bytes out.
 */
export function stampDxf(dxf: string, stamp: string): string;
export function stampDxf(dxf: Uint8Array, stamp: string): Uint8Array;
export function stampDxf(dxf: string | Uint8Array, stamp: string): string | Uint8Array {
  const text = typeof dxf === "string" ? dxf : Buffer.from(dxf.buffer, dxf.byteOffset, dxf.byteLength).toString("latin1");
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const value = dxfEscape(stamp);
  const height = STAMP_HEIGHT[declaredUnits(text)];
  const x = headerNumber(text, "$EXTMIN", 10) ?? 0;
  const y = (headerNumber(text, "$EXTMIN", 20) ?? 0) - 3 * height;
  const fmt = (n: number) => (Number.isFinite(n) ? String(Math.round(n * 1000) / 1000) : "0");
  const entity = ["0", "TEXT", "8", "15", "10", fmt(x), "20", fmt(y), "30", "0", "40", fmt(height), "1", value].join(eol) + eol;
  const entities = /(^|\r?\n)[ \t]*0[ \t]*\r?\n[ \t]*SECTION[ \t]*\r?\n[ \t]*2[ \t]*\r?\n[ \t]*ENTITIES[ \t]*\r?\n/.exec(text);
  let body: string;
  if (entities) {
    const at = entities.index + entities[0].length;
    body = text.slice(0, at) + entity + text.slice(at);
  } else {
    const eof = /(^|\r?\n)[ \t]*0[ \t]*\r?\n[ \t]*EOF[ \t]*(\r?\n|$)/.exec(text);
    const section = ["0", "SECTION", "2", "ENTITIES"].join(eol) + eol + entity + ["0", "ENDSEC"].join(eol) + eol;
    const at = eof ? eof.index + eof[1].length : text.length;
    body = text.slice(0, at) + section + text.slice(at);
  }
  const out = `999${eol}${value}${eol}${body}`;
  return typeof dxf === "string" ? out : new Uint8Array(Buffer.from(out, "latin1"));
}

/** Stamps an existing PDF: the stamp in the bottom-left margin of every page, 7 pt grey Helvetica (or Noto). */
export async function stampPdf(pdf: Uint8Array, stamp: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const fonts = await pdfFonts(doc, { regular: [stamp], bold: [] });
  for (const page of doc.getPages()) {
    const { x, y } = page.getCropBox();
    fonts.draw(page, stamp, { x: x + 12 * (72 / 25.4), y: y + 2.5 * (72 / 25.4), size: 7, color: rgb(0.25, 0.25, 0.25) });
  }
  return doc.save({ useObjectStreams: true });
}
