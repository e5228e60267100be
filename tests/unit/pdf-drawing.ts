/**
 * Test oracle for print files: the text boxes and line segments a reader draws on one page of a PDF, in the page's
 * user space (pt, y up), read with pdf.js (so through the sheet's Form XObject and its transforms).
 */
import { createRequire } from "node:module";
import path from "node:path";

import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

import { ASCENT_EM, DESCENT_EM } from "~/models/patterns/labels";
import type { Pt } from "~/models/patterns/types";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): Pt => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

export type PdfText = { str: string; fontSize: number; /** baseline direction, unit vector */ dir: Pt; box: Pt[] };

export async function pdfDrawing(bytes: Uint8Array, pageNumber = 1): Promise<{ texts: PdfText[]; segments: [Pt, Pt][] }> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
  const page = await doc.getPage(pageNumber);

  const texts: PdfText[] = [];
  for (const item of (await page.getTextContent()).items) {
    if (!("str" in item) || !item.str.trim()) continue;
    const [a, b, c, d, e, f] = item.transform as Matrix;
    const size = Math.hypot(a, b);
    const u: Pt = [a / size, b / size];
    const v: Pt = [c / Math.hypot(c, d), d / Math.hypot(c, d)];
    const at = (along: number, up: number): Pt => [e + u[0] * along + v[0] * up, f + u[1] * along + v[1] * up];
    const w = item.width;
    texts.push({ str: item.str, fontSize: size, dir: u, box: [at(0, -DESCENT_EM * size), at(w, -DESCENT_EM * size), at(w, ASCENT_EM * size), at(0, ASCENT_EM * size)] });
  }

  const list = await page.getOperatorList();
  const segments: [Pt, Pt][] = [];
  const argCount: Record<number, number> = {
    [pdfjs.OPS.moveTo]: 2,
    [pdfjs.OPS.lineTo]: 2,
    [pdfjs.OPS.curveTo]: 6,
    [pdfjs.OPS.curveTo2]: 4,
    [pdfjs.OPS.curveTo3]: 4,
    [pdfjs.OPS.closePath]: 0,
    [pdfjs.OPS.rectangle]: 4,
  };
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.save) stack.push(ctm);
    else if (fn === pdfjs.OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === pdfjs.OPS.transform) ctm = multiply(args as Matrix, ctm);
    else if (fn === pdfjs.OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = args[0] as Matrix | null;
      if (m) ctm = multiply(m, ctm);
    } else if (fn === pdfjs.OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === pdfjs.OPS.constructPath) {
      const [ops, nums] = args as [number[], number[]];
      let k = 0;
      let start: Pt | null = null;
      let last: Pt | null = null;
      for (const o of ops) {
        const n = nums.slice(k, k + (argCount[o] ?? 0));
        k += argCount[o] ?? 0;
        if (o === pdfjs.OPS.moveTo) start = last = apply(ctm, n[0], n[1]);
        else if (o === pdfjs.OPS.lineTo) {
          const p = apply(ctm, n[0], n[1]);
          if (last) segments.push([last, p]);
          last = p;
        } else if (o === pdfjs.OPS.closePath) {
          if (last && start) segments.push([last, start]);
          last = start;
        } else if (o === pdfjs.OPS.rectangle) {
          const [x, y, w, h] = n;
          const c = [apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)];
          for (let j = 0; j < 4; j++) segments.push([c[j], c[(j + 1) % 4]]);
        } else if (o !== pdfjs.OPS.closePath) {
          // Curves: only the end point is followed (no curve is drawn on a piece).
          last = apply(ctm, n[n.length - 2], n[n.length - 1]);
        }
      }
    }
  });
  return { texts, segments };
}
