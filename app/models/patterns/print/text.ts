/** Text metrics of the print files: the overview's lines before the file's fonts exist, and texts along a line. */
import { StandardFontEmbedder, StandardFonts } from "@cantoo/pdf-lib";

import { ASCENT_EM, DESCENT_EM } from "../labels";
import type { AlongText } from "../marks";
import type { PdfFonts } from "../fonts.server";
import { stampLine } from "../stamp.server";
import { K } from "./paper";

// The fonts' metrics without a document, so printLayout measures the overview's lines as buildPrintPdf draws them
// (the embedder takes the same names as a string enum of its own package).
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const HELVETICA = StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName);
const HELVETICA_BOLD = StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName);

/**
 * Width in pt of a line as the overview prints it, before the file's fonts exist: Helvetica's metrics, and 1 em for
 * a character Helvetica lacks (drawn in a Noto font of its script, fonts.server.ts: no CJK glyph is wider).
 */
export function measure(value: string, size: number, bold = false): number {
  const embedder = bold ? HELVETICA_BOLD : HELVETICA;
  let shown = "";
  let other = 0;
  for (const ch of stampLine(value)) {
    if (embedder.encoding.canEncodeUnicodeCodePoint(ch.codePointAt(0)!)) shown += ch;
    else other += size;
  }
  return embedder.widthOfTextAtSize(shown, size) + other;
}

/** Words of `value` in lines no wider than `width` (a word wider than that gets a line of its own); later lines indented. */
export function wrap(value: string, size: number, width: number, bold: boolean, indent: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, size, bold) > width - (lines.length ? indent : 0)) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export function alongMetrics(fonts: PdfFonts, text: string, pt: number, bold = false): AlongText & { text: string } {
  return { text, width: fonts.width(text, pt, bold) / K, ascent: (ASCENT_EM * pt) / K, descent: (DESCENT_EM * pt) / K };
}
