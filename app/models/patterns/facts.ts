/**
 * A piece's facts as CAD systems write them (decision 094): 'Quantity:', 'ANNOTATION:', 'CATEGORY:', 'Fabric:' and
 * 'Material:' texts, read the way the CAD system means them. Pure functions, no server code.
 */
import type { PatternUnits, PieceCut } from "./types";

/** The units a header's `$INSUNITS` code names (1 inches, 4 millimetres, 5 centimetres); other codes say nothing. */
export const INSUNITS: Record<number, PatternUnits> = { 1: "in", 4: "mm", 5: "cm" };

/** A 'Units:' text as CAD systems write it: METRIC... or MM, CM, ENGLISH... or IN, INCH, INCHES; else null. */
export function parseUnits(value: string): PatternUnits | null {
  const v = value.toUpperCase().trim();
  if (v.startsWith("METRIC") || v === "MM") return "mm";
  if (v === "CM") return "cm";
  if (v.startsWith("ENGLISH") || v === "IN" || v === "INCH" || v === "INCHES") return "in";
  return null;
}

/**
 * 'Quantity:' in its written forms: `2`; `2.0` and `2,0` (a decimal point or comma); ASTM's `1,1` (pieces cut as
 * drawn, then pieces cut mirrored: Gerber's AAMA twin of the same file says `2`). 0, `0,0` or anything else: not
 * stated (Gerber writes 0 when the annotation says how many).
 */
export function parseQuantity(value: string): number | null {
  const v = value.trim();
  let n: number | null = null;
  let m: RegExpExecArray | null;
  if (/^\d{1,2}$/.test(v)) n = Number(v);
  else if ((m = /^(\d{1,2})[.,]0+$/.exec(v))) n = Number(m[1]);
  else if ((m = /^(\d{1,2}),(\d{1,2})$/.exec(v))) n = Number(m[1]) + Number(m[2]);
  return n !== null && n >= 1 && n <= 99 ? n : null;
}

/** Material words as CAD annotations write them (often cut to 20 characters: 'INTERLIN', 'INTERLINI'). */
const MATERIALS: [RegExp, string][] = [
  [/^(FABRIC|SELF|SHELL|MAIN|FAB)/, "fabric"],
  [/^(INTERLIN|INTERFAC|FUSING|FUSIBLE|FUSE)/, "interlining"],
  [/^LINING|^LINER/, "lining"],
  [/^RIB/, "rib"],
  [/^CONTRAST/, "contrast"],
  [/^POCKETING/, "pocketing"],
  [/^(MESH|NET)/, "mesh"],
];

/** A material named in a text, in the words used here ('fabric', 'interlining', 'rib'...), else the text in lower case. */
export function materialName(text: string): string | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, " ");
  if (!t || !/[A-Z]/.test(t)) return null;
  for (const [re, name] of MATERIALS) if (re.test(t)) return name;
  return t.toLowerCase().slice(0, 40);
}

/**
 * 'ANNOTATION: 2XFABRIC', '1XFABRIC 1X INTERLIN', '2X FABRIC': the cuts the annotation asks for. Parts that are not
 * a count and a material ('10X2' a rectangle's size, 'RECTANGLE') are not cuts.
 */
export function parseAnnotation(value: string): PieceCut[] {
  const cuts: PieceCut[] = [];
  const re = /(?:^|\s)(\d{1,2})\s*X\s*([A-Z][A-Z_-]*)/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(value))) {
    const quantity = Number(m[1]);
    const material = materialName(m[2]);
    if (quantity >= 1 && quantity <= 99 && material) {
      const same = cuts.find((c) => c.material === material);
      if (same) same.quantity += quantity;
      else cuts.push({ material, quantity });
    }
  }
  return cuts;
}

/** What one block's texts say about its piece (undefined: the block does not say). */
export type StatedFacts = {
  quantity?: number;
  cuts?: PieceCut[];
  category?: string;
  /** The 'Fabric:' code (Gerber: 1 the main fabric, other numbers per file: rib, interlining...). */
  fabricCode?: string;
  /** A 'Material:' text. */
  material?: string;
};

/** Adds one 'key: value' text of a piece to its facts (the first of each kind counts). */
export function addFact(facts: StatedFacts, key: string, value: string) {
  if (key === "quantity") {
    const q = parseQuantity(value);
    if (q !== null && facts.quantity === undefined) facts.quantity = q;
  } else if (key === "annotation") {
    const cuts = parseAnnotation(value);
    if (cuts.length && !facts.cuts) facts.cuts = cuts;
  } else if (key === "category" && value && facts.category === undefined) facts.category = value.slice(0, 80);
  else if (key === "fabric" && value && facts.fabricCode === undefined) facts.fabricCode = value.trim().slice(0, 20);
  else if (key === "material" && value && facts.material === undefined) facts.material = materialName(value) ?? undefined;
}

/** True when the block says anything about how its piece is cut (Gerber: the sample size's block only). */
export const statesAnything = (f: StatedFacts) =>
  f.quantity !== undefined || f.cuts !== undefined || f.category !== undefined || f.fabricCode !== undefined || f.material !== undefined;

/**
 * The codes of 'Fabric:' as this file uses them: a code means the material that the annotations of its pieces name,
 * when they name one; code 1 (or A) is the main fabric otherwise.
 */
export function fabricCodes(all: StatedFacts[]): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const f of all) {
    if (f.fabricCode === undefined || !f.cuts || f.cuts.length !== 1) continue;
    const byMaterial = votes.get(f.fabricCode) ?? new Map<string, number>();
    byMaterial.set(f.cuts[0].material, (byMaterial.get(f.cuts[0].material) ?? 0) + 1);
    votes.set(f.fabricCode, byMaterial);
  }
  const codes = new Map<string, string>();
  for (const [code, byMaterial] of votes) codes.set(code, [...byMaterial].sort((a, b) => b[1] - a[1])[0][0]);
  return codes;
}

/**
 * The cuts of a piece from its facts: the annotation's cuts (the count of the first material is the piece's
 * quantity, whatever 'Quantity:' says: Gerber leaves it at 1 on a '2XFABRIC' binding); else 'Quantity:' (or 1) of
 * the material its 'Material:' or 'Fabric:' code names, the main fabric when nothing does.
 */
export function cutsOf(f: StatedFacts, codes: Map<string, string>): PieceCut[] {
  if (f.cuts?.length) return f.cuts.map((c) => ({ ...c }));
  const code = f.fabricCode;
  const material =
    f.material ?? (code === undefined ? "fabric" : codes.get(code) ?? (/^(1|A)$/i.test(code) ? "fabric" : `fabric ${code.toLowerCase()}`));
  return [{ material, quantity: f.quantity ?? 1 }];
}
