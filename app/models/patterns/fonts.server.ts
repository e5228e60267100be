/**
 * Fonts of the PDFs (decision 099). Latin text stays in the standard Helvetica (WinAnsi; nothing embedded, small
 * files); a character Helvetica cannot show is drawn in the first Noto font of FALLBACKS that has it, embedded as a
 * subset, and only in the files that print such a character. The font files are read once per worker thread, on
 * first need. A character no font has prints as "?".
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import type { Font } from "@cantoo/fontkit";
import { PDFDocument, StandardFonts, type Color, type PDFFont, type PDFPage, type PDFRef } from "@cantoo/pdf-lib";

type Weight = "regular" | "bold";
type Family = { name: string; pkg: string; regular: string; bold: string };

/** Tried in this order (all SIL Open Font License 1.1; see docs/fonts-licence.md). */
const FALLBACKS: Family[] = [
  // Latin Extended, Vietnamese, Greek, Cyrillic.
  { name: "Noto Sans", pkg: "@embedpdf/fonts-latin", regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  // CJK ideographs (GB 2312 and the rest of the URO), kana, CJK punctuation and full-width forms.
  { name: "Noto Sans SC", pkg: "@embedpdf/fonts-sc", regular: "NotoSansHans-Regular.otf", bold: "NotoSansHans-Bold.otf" },
  // Hangul.
  { name: "Noto Sans KR", pkg: "@embedpdf/fonts-kr", regular: "NotoSansKR-Regular.otf", bold: "NotoSansKR-Bold.otf" },
  { name: "Noto Naskh Arabic", pkg: "@embedpdf/fonts-arabic", regular: "NotoNaskhArabic-Regular.ttf", bold: "NotoNaskhArabic-Bold.ttf" },
  { name: "Noto Sans Hebrew", pkg: "@embedpdf/fonts-hebrew", regular: "NotoSansHebrew-Regular.ttf", bold: "NotoSansHebrew-Bold.ttf" },
];

const MAX_LINE = 240;

/** One line, no control characters, at most 240 characters (the stamp's and every printed text's rule). */
export function oneLine(text: string): string {
  return [...text]
    .map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? " " : ch))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_LINE);
}

type Fontkit = (typeof import("@cantoo/fontkit"))["default"];
/**
 * fontkit, imported on the first file that needs a font of another script: loading its module costs about half a
 * second, which no worker thread should pay at start, nor for Latin files.
 */
let engine: Fontkit | null = null;

async function fontEngine(): Promise<Fontkit> {
  engine ??= (await import("@cantoo/fontkit")).default;
  return engine;
}

function loadedEngine(): Fontkit {
  if (!engine) throw new Error("fontkit is not loaded yet");
  return engine;
}

const require = createRequire(import.meta.url);
/** Font files and their parsed cmaps: loaded once per worker thread, on first need. */
const loaded = new Map<string, { bytes: Uint8Array; font: Font }>();

function fontFile(family: Family, weight: Weight): { bytes: Uint8Array; font: Font } {
  const key = `${family.pkg}/${family[weight]}`;
  let entry = loaded.get(key);
  if (!entry) {
    // The packages export only their index; the fonts sit in fonts/ beside dist/.
    const file = path.join(path.dirname(require.resolve(family.pkg)), "..", "fonts", family[weight]);
    const bytes = new Uint8Array(fs.readFileSync(file));
    const font = loadedEngine().create(bytes);
    if (!("hasGlyphForCodePoint" in font)) throw new Error(`${file} is a font collection, not a font`);
    entry = { bytes, font };
    loaded.set(key, entry);
  }
  return entry;
}

/**
 * The font engine pdf-lib embeds with: fontkit, except that the bytes of a file loaded here come back as the font
 * already parsed, so a worker parses each font (and its glyph outlines, for the widths) once, not once per PDF.
 */
const sharedFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    for (const entry of loaded.values()) if (entry.bytes === bytes && !postscriptName) return entry.font;
    return postscriptName ? loadedEngine().create(bytes, postscriptName) : loadedEngine().create(bytes);
  },
};

const helveticaSet = new Set<number>();

/** Whether Helvetica (either weight: both are WinAnsi) has the character. */
function helveticaHas(cp: number, helvetica: PDFFont): boolean {
  if (!helveticaSet.size) for (const c of helvetica.getCharacterSet()) helveticaSet.add(c);
  return helveticaSet.has(cp);
}

/** The fallback family that has the character, loading the families' files in order until one does. */
function familyFor(cp: number, weight: Weight): Family | null {
  return FALLBACKS.find((family) => fontFile(family, weight).font.hasGlyphForCodePoint(cp)) ?? null;
}

/**
 * The font's name with a subset tag (PDF 32000 9.6.4: six capital letters and '+'), derived from the face and the
 * characters it is embedded for: the same file always gets the same name, two subsets never share one.
 */
function subsetName(family: Family, weight: Weight, chars: Set<string>): string {
  const digest = createHash("sha256").update(`${family[weight]}\n${[...chars].sort().join("")}`).digest();
  const tag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
  return `${tag}+${family[weight].replace(/\.[ot]tf$/, "")}`;
}

/** A letter starts a new run in its own script's font; a space, digit, mark or sign stays in the run it follows. */
const STARTS_RUN = /\p{L}/u;

export type TextRun = { text: string; font: PDFFont; name: string };

export type PdfFonts = {
  /** Helvetica and Helvetica-Bold, the fonts of Latin text. */
  helvetica: PDFFont;
  helveticaBold: PDFFont;
  /** Every font by its resource name (F1 Helvetica, F2 Helvetica-Bold, F3... the embedded fallbacks). */
  resources: Record<string, PDFRef>;
  /** The text (made one line) as runs of one font each, in reading order; characters no font has become "?". */
  runs(text: string, bold?: boolean): TextRun[];
  /** Width of the text in pt at that size. */
  width(text: string, size: number, bold?: boolean): number;
  /** Content-stream operators that show the text at the current text position (inside BT ... ET). */
  show(text: string, size: number, bold?: boolean): string;
  /** Draws the text on a page, run after run, its baseline starting at (x, y). */
  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; bold?: boolean; color: Color }): void;
};

/**
 * The fonts of one PDF. `texts` are all the texts the file will print, by weight: the fallback fonts they need are
 * embedded (as subsets, only the glyphs drawn), no others. A bold text whose family was only embedded regular (or
 * the reverse) is drawn in the weight that was; a text not declared may print "?" for what Helvetica lacks.
 */
export async function pdfFonts(doc: PDFDocument, texts: { regular: (string | null)[]; bold: (string | null)[] }): Promise<PdfFonts> {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  // Not embedded at all where nothing is bold (a stamped copy).
  const helveticaBold = texts.bold.length ? await doc.embedFont(StandardFonts.HelveticaBold) : helvetica;
  const resources: Record<string, PDFRef> = { F1: helvetica.ref, F2: helveticaBold.ref };
  const names = new Map<PDFFont, string>([
    [helveticaBold, "F2"],
    [helvetica, "F1"],
  ]);

  const wanted: Record<Weight, Set<Family>> = { regular: new Set(), bold: new Set() };
  const chars: Record<Weight, Set<string>> = { regular: new Set(), bold: new Set() };
  for (const weight of ["regular", "bold"] as const) {
    for (const text of texts[weight]) {
      for (const ch of oneLine(text ?? "")) {
        const cp = ch.codePointAt(0)!;
        if (helveticaHas(cp, helvetica)) continue;
        if (!engine) await fontEngine();
        const family = familyFor(cp, weight);
        if (family) wanted[weight].add(family);
        chars[weight].add(ch);
      }
    }
  }
  const embedded: { family: Family; weight: Weight; font: PDFFont }[] = [];
  if (wanted.regular.size || wanted.bold.size) {
    doc.registerFontkit(sharedFontkit);
    for (const family of FALLBACKS) {
      for (const weight of ["regular", "bold"] as const) {
        if (!wanted[weight].has(family)) continue;
        const font = await doc.embedFont(fontFile(family, weight).bytes, { subset: true, customName: subsetName(family, weight, chars[weight]) });
        const name = `F${Object.keys(resources).length + 1}`;
        names.set(font, name);
        resources[name] = font.ref;
        embedded.push({ family, weight, font });
      }
    }
  }

  /** The embedded font that has the character: its family's face of that weight, else of the other weight. */
  const fallbackFor = (cp: number, weight: Weight): PDFFont | null => {
    for (const family of FALLBACKS) {
      const faces = embedded.filter((e) => e.family === family);
      const face = faces.find((e) => e.weight === weight) ?? faces[0];
      if (face && fontFile(family, face.weight).font.hasGlyphForCodePoint(cp)) return face.font;
    }
    return null;
  };

  const covers = (font: PDFFont, cp: number): boolean => {
    const face = embedded.find((e) => e.font === font);
    return !!face && fontFile(face.family, face.weight).font.hasGlyphForCodePoint(cp);
  };

  // Labels are measured many times while they are fitted: runs and widths are worked out once per text.
  const runsMemo = new Map<string, TextRun[]>();
  const widthMemo = new Map<string, number>();
  const runs = (text: string, bold = false): TextRun[] => {
    const key = `${bold ? "b" : "r"}${text}`;
    let found = runsMemo.get(key);
    if (!found) runsMemo.set(key, (found = splitRuns(text, bold)));
    return found;
  };
  const width = (text: string, size: number, bold = false): number => {
    const key = `${bold ? "b" : "r"}${size} ${text}`;
    let found = widthMemo.get(key);
    if (found === undefined) widthMemo.set(key, (found = runs(text, bold).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0)));
    return found;
  };

  const splitRuns = (text: string, bold: boolean): TextRun[] => {
    const weight: Weight = bold ? "bold" : "regular";
    const latin = bold ? helveticaBold : helvetica;
    const out: TextRun[] = [];
    for (const ch of oneLine(text)) {
      const cp = ch.codePointAt(0)!;
      const last = out[out.length - 1];
      let font: PDFFont;
      let shown = ch;
      if (last && last.font !== latin && !STARTS_RUN.test(ch) && covers(last.font, cp)) font = last.font;
      else if (helveticaHas(cp, latin)) font = latin;
      else {
        const fallback = fallbackFor(cp, weight);
        font = fallback ?? latin;
        if (!fallback) shown = "?";
      }
      if (last && last.font === font) last.text += shown;
      else out.push({ text: shown, font, name: names.get(font)! });
    }
    return out;
  };

  return {
    helvetica,
    helveticaBold,
    resources,
    runs,
    width,
    show: (text, size, bold) =>
      runs(text, bold)
        .map((run) => `/${run.name} ${Math.round(size * 100) / 100} Tf ${run.font.encodeText(run.text).toString()} Tj`)
        .join(" "),
    draw(page, text, { x, y, size, bold, color }) {
      let at = x;
      for (const run of runs(text, bold)) {
        page.drawText(run.text, { x: at, y, size, font: run.font, color });
        at += run.font.widthOfTextAtSize(run.text, size);
      }
    },
  };
}
