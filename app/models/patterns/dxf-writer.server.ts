/**
 * The buyer's own size as a DXF (issue 24 item 4, decision 114): AAMA-style, one block per piece holding its cut
 * line (layer 1), fold line (6), grain line (7), notches (4, points on the outline), internal lines (8), drill holes
 * (13, points), sew lines (14) and its facts as TEXT on layer 1 ('Piece Name:', 'Size: custom', 'Quantity:',
 * 'CATEGORY:', 'ANNOTATION:' for its cuts), inserted in place, millimetres ($INSUNITS 4 and 'Units: METRIC'). Our own
 * reader (dxf.server.ts) reads it back as the same pieces. Stamped like every buyer's DXF (stamp.server.ts).
 */
import { DxfWriter, writeHeader, writeLayers, writeLine, writePolyline } from "./demo.server";
import { cutsOf } from "./pieces";
import { dxfEscape, stampDxf } from "./stamp.server";
import type { PatternPiece, Pt } from "./types";

const LAYERS = ["0", "1", "4", "6", "7", "8", "13", "14", "15"];

function writeText(w: DxfWriter, layer: string, [x, y]: Pt, height: number, text: string) {
  w.g(0, "TEXT");
  w.g(8, layer);
  w.point(x, y);
  w.g(40, height);
  w.g(1, dxfEscape(text));
}

function writePoint(w: DxfWriter, layer: string, [x, y]: Pt) {
  w.g(0, "POINT");
  w.g(8, layer);
  w.point(x, y);
}

const sameLine = (a: Pt[], b: [Pt, Pt]) =>
  a.length === 2 && Math.hypot(a[0][0] - b[0][0], a[0][1] - b[0][1]) < 1e-6 && Math.hypot(a[1][0] - b[1][0], a[1][1] - b[1][1]) < 1e-6;

/** The cuts as a Gerber annotation: '2XFABRIC', '1XFABRIC 1XINTERLINING'. */
function annotation(piece: PatternPiece): string {
  return cutsOf(piece)
    .map((c) => `${c.quantity}X${c.material.toUpperCase().replace(/[^A-Z]+/g, "_").replace(/^_+|_+$/g, "") || "FABRIC"}`)
    .join(" ");
}

/** The custom pieces as a DXF text; `stamp` (order number and buyer) as the buyer's files are, null for none. */
export function customPiecesDxf(pieces: PatternPiece[], stamp: string | null): string {
  const w = new DxfWriter(3);
  w.g(999, "Patternhouse made-to-measure pieces (AAMA style)");
  writeHeader(w, "AC1009", 4);
  writeLayers(w, LAYERS);
  w.g(0, "SECTION");
  w.g(2, "BLOCKS");
  const names = pieces.map((p, i) => `P${i + 1}_${p.name.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40)}_${p.size}`);
  pieces.forEach((piece, i) => {
    w.g(0, "BLOCK");
    w.g(8, "0");
    w.g(2, names[i]);
    w.g(70, "0");
    w.point(0, 0);
    w.g(3, names[i]);
    writePolyline(w, "POLYLINE", "1", piece.boundary, true);
    if (piece.fold) writeLine(w, "6", piece.fold[0], piece.fold[1]);
    if (piece.grain) writeLine(w, "7", piece.grain[0], piece.grain[1]);
    for (const p of piece.notches) writePoint(w, "4", p);
    for (const line of piece.internal) {
      if (piece.fold && sameLine(line, piece.fold)) continue;
      if (line.length >= 2) writePolyline(w, "POLYLINE", "8", line, false);
    }
    for (const p of piece.drill) writePoint(w, "13", p);
    for (const line of piece.sewLines) if (line.length >= 2) writePolyline(w, "POLYLINE", "14", line, false);
    const { minX, minY, width, height } = piece.bbox;
    const th = Math.max(2, Math.min(8, height / 30));
    const at = (row: number): Pt => [minX + width * 0.3, minY + height * 0.5 - row * th * 1.5];
    writeText(w, "1", at(0), th, `Piece Name: ${piece.name}`);
    writeText(w, "1", at(1), th, `Size: ${piece.size}`);
    writeText(w, "1", at(2), th, `Quantity: ${piece.quantity}`);
    if (piece.category) writeText(w, "1", at(3), th, `CATEGORY: ${piece.category}`);
    writeText(w, "1", at(4), th, `ANNOTATION: ${annotation(piece)}`);
    w.g(0, "ENDBLK");
    w.g(8, "0");
  });
  w.g(0, "ENDSEC");
  w.g(0, "SECTION");
  w.g(2, "ENTITIES");
  for (const name of names) {
    w.g(0, "INSERT");
    w.g(8, "0");
    w.g(2, name);
    w.point(0, 0);
  }
  writeText(w, "15", [0, 0], 5, "Units: METRIC");
  w.g(0, "ENDSEC");
  w.g(0, "EOF");
  return stamp ? stampDxf(w.text(), stamp) : w.text();
}
