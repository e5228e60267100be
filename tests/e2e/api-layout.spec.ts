/**
 * The JSON face of cutting layouts (issue 25, decision 130): GET /api/user/layout/{productId} on a seller's Digital
 * pattern from a real graded CAD export (WM_LOOSE_SHAPE_TANK). The answer is checked as any client could: every
 * placed outline lies across [0, width_mm], no two overlap (intersections through clipper-lib), one entry per cut
 * piece of the size; the refusals answer their 4xx; a second call is served from the cache (the cache file is on
 * disk, and the server's layout_requests_total counts it as served from memory, nothing computed).
 */
import fs from "node:fs";
import path from "node:path";

import ClipperLib from "clipper-lib";

import { type APIRequestContext, createSeller, createTokenUser, DATA_DIR, expect, TANK_DXF, tankPattern, test } from "./fixtures";
import { readPattern } from "~/models/patterns/dxf.server";
import { cutCount, piecesToCut } from "~/models/patterns/shapes.server";

type Piece = { name: string; rotation: number; mirrored: boolean; polygon: [number, number][] };
const SCALE = 100;
const toPath = (polygon: [number, number][]) => polygon.map(([x, y]) => ({ X: Math.round(x * SCALE), Y: Math.round(y * SCALE) }));

/** The area (mm²) two placed outlines share, through clipper-lib. */
function overlapMm2(a: Piece, b: Piece): number {
  const clipper = new ClipperLib.Clipper();
  clipper.AddPath(toPath(a.polygon), ClipperLib.PolyType.ptSubject, true);
  clipper.AddPath(toPath(b.polygon), ClipperLib.PolyType.ptClip, true);
  const out: { X: number; Y: number }[][] = [];
  clipper.Execute(ClipperLib.ClipType.ctIntersection, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return out.reduce((sum, p) => sum + Math.abs(ClipperLib.Clipper.Area(p)), 0) / (SCALE * SCALE);
}

async function layoutRequests(request: APIRequestContext, source: string): Promise<number> {
  const text = await (await request.get("/metrics")).text();
  return Number(new RegExp(`^layout_requests_total\\{source="${source}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
}

test("a real graded pattern's layout: inside the width, no overlaps, every cut piece, then served from the cache", async ({ request }) => {
  test.setTimeout(120_000);
  const seller = await createSeller();
  const productId = await tankPattern(request, seller.token);
  const read = readPattern(TANK_DXF);
  if (!read.ok) throw new Error(read.message);

  // A width the seller does not list (the background warming never lays it): this call computes it.
  const url = `/api/user/layout/${productId}?size=36&width=1234`;
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ size: "36", width_mm: 1234, material: "fabric", gap_mm: 5 });
  expect(body.length_mm).toBeGreaterThanOrEqual(body.lower_bound_mm);
  expect(body.efficiency).toBeGreaterThan(0);
  expect(body.efficiency).toBeLessThanOrEqual(1);

  const pieces = body.pieces as Piece[];
  const wanted = piecesToCut(read.pattern, "36", "fabric");
  expect(pieces).toHaveLength(wanted.reduce((n, p) => n + cutCount(p, "fabric"), 0));
  for (const p of wanted) expect(pieces.filter((q) => q.name === p.name)).toHaveLength(cutCount(p, "fabric"));
  for (const piece of pieces) {
    expect([0, 180]).toContain(piece.rotation);
    for (const [x, y] of piece.polygon) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1234);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(body.length_mm + 0.1);
    }
  }
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) expect(overlapMm2(pieces[i]!, pieces[j]!), `${pieces[i]!.name} / ${pieces[j]!.name}`).toBeLessThan(0.01);
  }

  // A width the seller does not list is kept in memory only, never on disk (issue 34, item 4: new widths cannot fill
  // the disk); the same call again is answered from memory.
  const dir = path.join(DATA_DIR, "cache", "patterns", "layouts");
  expect(fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes("-w1234-")) : []).toHaveLength(0);
  const memory = await layoutRequests(request, "memory");
  const again = await request.get(url);
  expect(await again.json()).toEqual(body);
  expect(await layoutRequests(request, "memory")).toBe(memory + 1);

  // The defaults: the pattern's default size, the seller's width closest to 1400 mm (the standard 1400), the main fabric.
  const defaults = await request.get(`/api/user/layout/${productId}`);
  expect(defaults.status()).toBe(200);
  expect(await defaults.json()).toMatchObject({ size: "36", width_mm: 1400, material: "fabric" });
  // The seller's widths are kept on disk.
  await expect.poll(() => fs.readdirSync(dir).filter((f) => f.includes("-w1400-")).length).toBeGreaterThanOrEqual(1);
});

test("layout refusals: 400 bad width, size or material, 404 unknown products, 409 custom without measurements, 405", async ({ request }) => {
  test.setTimeout(120_000);
  const seller = await createSeller();
  const productId = await tankPattern(request, seller.token);
  const layout = (query: string, headers: Record<string, string> = {}) => request.get(`/api/user/layout/${productId}${query}`, { headers });
  const refused = async (query: string, status: number, error: RegExp, headers: Record<string, string> = {}) => {
    const response = await layout(query, headers);
    expect(response.status(), query).toBe(status);
    expect((await response.json()).error).toMatch(error);
  };
  for (const width of ["499", "3201", "1400.5", "abc", "-1400", "1e3", "0x578", "99999999"]) {
    await refused(`?size=36&width=${width}`, 400, /whole number of millimetres from 500 to 3200/);
  }
  await refused("?size=99&width=1400", 400, /no such size/);
  await refused("?size=36&width=1400&material=lining", 400, /not cut from that material/);
  for (const id of ["999999999", "abc", "0"]) {
    const unknown = await request.get(`/api/user/layout/${id}?size=36&width=1400`);
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Product not found" });
  }
  await refused("?size=custom&width=1400", 409, /made to measure/);
  const buyer = await createTokenUser({ prefix: "layout" });
  await refused("?size=custom&width=1400", 409, /made to measure/, { Authorization: buyer.token });
  expect((await request.post(`/api/user/layout/${productId}`, { data: {} })).status()).toBe(405);
});
