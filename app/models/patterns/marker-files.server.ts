/**
 * A production marker's files (issue 48, decision 156), from the marker as placed (marker.server.ts):
 *
 * - **HPGL** (`.plt`): `IN;` then pen 1; per piece its outline (`PU` to the first point, `PD` through the others and
 *   back), its grain line, each drill hole as a cross of 6 mm, each notch as a tick of 5 mm into the piece, and a
 *   label (`LB`, the size and the piece name) at its centre. 1 plotter unit = 0.025 mm (40 a mm); the plotter's x runs
 *   along the marker's length (the roll), its y across the fabric's width, both from the marker's corner.
 * - **DXF**: millimetres ($INSUNITS 4), x across the width and y along the length as the plan shows it; one layer per
 *   size (`SIZE_<size>`) holding its pieces' outlines (closed polylines), grain lines, drill holes and notches
 *   (points) and names (TEXT), the marker's border on layer 0.
 * - **PDF**: an overview page (the marker drawn to fit, its sizes, plies, length and efficiency) and the marker at
 *   1:1 tiled on roll pages (36 in wide, at most 48 in long) with their row and column in each corner.
 * - **Zip**: the plan's files in one download, stored (not compressed: the files are small and a zip tool reads it).
 */
import zlib from "node:zlib";

import { PDFDocument, rgb, StandardFonts } from "@cantoo/pdf-lib";

import { DxfWriter, writeHeader, writeLayers, writeLine, writePolyline } from "./demo.server";
import type { Marker, MarkerPlacement } from "./marker.server";
import { dxfEscape } from "./stamp.server";
import { sizeColour } from "./print/sizes";
import type { Pt } from "./types";

/** Plotter units a millimetre (1 unit = 0.025 mm). */
export const HPGL_UNITS_PER_MM = 40;

const centre = (ring: Pt[]): Pt => {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
};

/** A label's text: the size and the piece's name, in the plotter's plain characters. */
export const pieceLabel = (p: MarkerPlacement) => `${p.size} ${p.name}`.replace(/[^\x20-\x7e]/g, "?").replace(/;/g, ",");

/** A notch's tick: 5 mm from the notch towards the piece's centre. */
function tick(at: Pt, ring: Pt[]): [Pt, Pt] {
  const [cx, cy] = centre(ring);
  const d = Math.hypot(cx - at[0], cy - at[1]) || 1;
  return [at, [at[0] + ((cx - at[0]) / d) * 5, at[1] + ((cy - at[1]) / d) * 5]];
}

export function markerHpgl(marker: Marker): string {
  const u = ([x, y]: Pt) => `${Math.round(y * HPGL_UNITS_PER_MM)},${Math.round(x * HPGL_UNITS_PER_MM)}`;
  const out = ["IN;", "SP1;", "DI1,0;", "SI0.25,0.35;"];
  const stroke = (pts: Pt[]) => {
    if (pts.length < 2) return;
    out.push(`PU${u(pts[0]!)};`, `PD${pts.slice(1).map(u).join(",")};`);
  };
  for (const p of marker.placements) {
    stroke([...p.polygon, p.polygon[0]!]);
    if (p.grain) stroke(p.grain);
    for (const [x, y] of p.drill ?? []) {
      stroke([
        [x - 3, y],
        [x + 3, y],
      ]);
      stroke([
        [x, y - 3],
        [x, y + 3],
      ]);
    }
    for (const n of p.notches ?? []) stroke(tick(n, p.polygon));
    out.push(`PU${u(centre(p.polygon))};`, `LB${pieceLabel(p)}\x03`);
  }
  out.push("PU;", "SP0;");
  return out.join("\n") + "\n";
}

/** The DXF layer of a size: `SIZE_` and the size in the characters every reader takes. */
export const sizeLayer = (size: string) => `SIZE_${size.replace(/[^A-Za-z0-9_-]+/g, "_")}`;

export function markerDxf(marker: Marker): string {
  const sizes = [...new Set(marker.placements.map((p) => p.size))];
  const w = new DxfWriter(3);
  w.g(999, "Patternhouse production marker");
  writeHeader(w, "AC1009", 4);
  writeLayers(w, ["0", ...sizes.map(sizeLayer)]);
  w.g(0, "SECTION");
  w.g(2, "ENTITIES");
  writePolyline(
    w,
    "POLYLINE",
    "0",
    [
      [0, 0],
      [marker.widthMm, 0],
      [marker.widthMm, marker.lengthMm],
      [0, marker.lengthMm],
    ],
    true,
  );
  for (const p of marker.placements) {
    const layer = sizeLayer(p.size);
    writePolyline(w, "POLYLINE", layer, p.polygon, true);
    if (p.grain) writeLine(w, layer, p.grain[0], p.grain[1]);
    for (const q of [...(p.drill ?? []), ...(p.notches ?? [])]) {
      w.g(0, "POINT");
      w.g(8, layer);
      w.point(q[0], q[1]);
    }
    const [x, y] = centre(p.polygon);
    w.g(0, "TEXT");
    w.g(8, layer);
    w.point(x, y);
    w.g(40, 10);
    w.g(1, dxfEscape(`${p.name} (${p.size})`));
  }
  w.g(0, "ENDSEC");
  w.g(0, "EOF");
  return w.text();
}

const MM = 72 / 25.4;
/** Roll pages: 36 in wide, at most 48 in long. */
const ROLL_MM: [number, number] = [914.4, 1219.2];
const SHEET_MARGIN_MM = 10;

/** The overview and the marker at 1:1 on roll pages. `title`: the design and the plan, on the overview. */
export async function markerPdf(marker: Marker, { title, lines }: { title: string; lines: string[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const plain = (s: string) => s.replace(/[^\x20-\x7e]/g, "?");
  const sizes = [...new Set(marker.placements.map((p) => p.size))];
  const colour = (size: string) => {
    const [r, g, b] = sizeColour(sizes.indexOf(size), false);
    return rgb(r, g, b);
  };
  // The overview: A4 landscape, the marker's length across the page.
  const overview = doc.addPage([297 * MM, 210 * MM]);
  let y = 210 * MM - 15 * MM;
  for (const [i, text] of [title, ...lines].entries()) {
    overview.drawText(plain(text), { x: 15 * MM, y, size: i ? 10 : 14, font });
    y -= (i ? 5 : 8) * MM;
  }
  const box = { x: 15 * MM, y: 15 * MM, w: 267 * MM, h: y - 20 * MM };
  const scale = Math.min(box.w / marker.lengthMm, box.h / marker.widthMm);
  // Along the length to the right, across the width upwards.
  const at = ([x, yy]: Pt) => ({ x: box.x + yy * scale, y: box.y + x * scale });
  const ring = (page: typeof overview, pts: Pt[], map: (q: Pt) => { x: number; y: number }, colourOf: ReturnType<typeof rgb>, width: number) => {
    for (let i = 0; i < pts.length; i++) page.drawLine({ start: map(pts[i]!), end: map(pts[(i + 1) % pts.length]!), thickness: width, color: colourOf });
  };
  ring(
    overview,
    [
      [0, 0],
      [marker.widthMm, 0],
      [marker.widthMm, marker.lengthMm],
      [0, marker.lengthMm],
    ],
    at,
    rgb(0.6, 0.6, 0.6),
    0.5,
  );
  for (const p of marker.placements) ring(overview, p.polygon, at, colour(p.size), 0.5);
  // 1:1 on roll pages: columns across the width, rows along the length.
  const [pw, ph] = ROLL_MM;
  const cw = pw - 2 * SHEET_MARGIN_MM;
  const chh = ph - 2 * SHEET_MARGIN_MM;
  const cols = Math.ceil(marker.widthMm / cw);
  const rows = Math.ceil(marker.lengthMm / chh);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const page = doc.addPage([pw * MM, ph * MM]);
      const ox = c * cw;
      const oy = r * chh;
      const map = ([x, yy]: Pt) => ({ x: (SHEET_MARGIN_MM + x - ox) * MM, y: (SHEET_MARGIN_MM + yy - oy) * MM });
      for (const p of marker.placements) {
        const xs = p.polygon.map((q) => q[0]);
        const ys = p.polygon.map((q) => q[1]);
        if (Math.max(...xs) < ox || Math.min(...xs) > ox + cw || Math.max(...ys) < oy || Math.min(...ys) > oy + chh) continue;
        ring(page, p.polygon, map, colour(p.size), 0.7);
        if (p.grain) page.drawLine({ start: map(p.grain[0]), end: map(p.grain[1]), thickness: 0.5, color: colour(p.size) });
        const mid = map(centre(p.polygon));
        page.drawText(plain(pieceLabel(p)), { x: mid.x, y: mid.y, size: 12, font, color: colour(p.size) });
      }
      page.drawText(`Row ${r + 1} of ${rows}, column ${c + 1} of ${cols} (1:1)`, { x: 4 * MM, y: 4 * MM, size: 9, font });
    }
  }
  return doc.save();
}

/** A zip of `files` stored without compression (method 0), with CRC-32s: any unzip tool reads it. */
export function storedZip(files: { name: string; data: Uint8Array | string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = typeof file.data === "string" ? Buffer.from(file.data, "utf8") : Buffer.from(file.data);
    const name = Buffer.from(file.name, "utf8");
    const crc = zlib.crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
