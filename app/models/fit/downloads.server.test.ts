import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { eq } from "drizzle-orm";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";

import { orders, users } from "../../../db/tables";
import { buyAndPay, makeBuyer, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { shopWithGradedPattern } from "../../../tests/unit/mtm-order-fixtures";
import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { buildOrderDownload } from "~/models/layout/downloads.server";
import { readPattern } from "~/models/patterns/dxf.server";
import { piecesOfSize } from "~/models/patterns/pieces";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

beforeAll(() => {
  const dataDir = useTestEnv();
  fs.mkdirSync(`${dataDir}/uploads`, { recursive: true });
});

/** A bought Digital pattern (graded S, M, L) with a size chart (bust 880, 920, 960 mm). */
async function boughtPattern() {
  const db = createTestDb();
  const { shop, productId, dxf } = await shopWithGradedPattern(db);
  const buyer = await makeBuyer(db);
  const order = await buyAndPay(db, buyer, productId);
  return { db, shop, buyer, order, dxf };
}

const setMeasurements = async (db: ReturnType<typeof createTestDb>, orderId: number, bust: number, hip = bust + 60) =>
  await db
    .update(orders)
    .set({ measurements: JSON.stringify({ unit: "cm", height: null, high_bust: null, bust, waist: null, hip, inseam: null, arm: null }) })
    .where(eq(orders.id, orderId));

describe("size=custom downloads (made to measure)", () => {
  it("refuses an order without measurements with a clear message", async () => {
    const { db, buyer, order } = await boughtPattern();
    expect(await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id, custom: true })).toEqual({ ok: false, error: "no-measurements" });
    expect(BUYING_ERRORS.download["no-measurements"]).toMatchObject({ status: 404, message: expect.stringMatching(/no measurements/) });
    // Graded sizes still download as before.
    expect((await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id })).ok).toBe(true);
  });

  it("is the buyer's alone: the store owner and an administrator get not found for the order's own size, their graded files as before", async () => {
    const { db, shop, order } = await boughtPattern();
    await setMeasurements(db, order.id, 940);
    const admin = (await makeBuyer(db)).id;
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin));
    for (const userId of [shop.seller.id, admin]) {
      expect(await downloadOrderPattern({ db, userId, orderId: order.id, custom: true })).toEqual({ ok: false, error: "not-found" });
      expect((await downloadOrderPattern({ db, userId, orderId: order.id })).ok).toBe(true);
    }
  });

  it("builds the buyer's DXF (stamped, read back as size custom, between M and L) and a PDF with the 'Your size' layer, cached", async () => {
    const { db, buyer, order, dxf } = await boughtPattern();
    await setMeasurements(db, order.id, 940);
    const access = await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id, custom: true });
    if (!access.ok) throw new Error(access.error);
    const file = await buildOrderDownload({ db, access, format: "dxf", sizes: ["custom"] });
    if (!file || "refused" in file) throw new Error("not built");
    expect(file.fileName).toBe("tote-pattern-v1-your-size.dxf");
    const text = fs.readFileSync(file.path, "latin1");
    expect(text.startsWith(`999\nOrder #${order.id} \\U+00B7 ${buyer.email}`)).toBe(true);
    const back = readPattern(text);
    if (!back.ok) throw new Error(back.message);
    expect(back.pattern.sizes).toEqual(["custom"]);
    const graded = readPattern(dxf);
    if (!graded.ok) throw new Error(graded.message);
    const [m, l] = [piecesOfSize(graded.pattern, "M"), piecesOfSize(graded.pattern, "L")];
    expect(back.pattern.pieces.map((p) => p.name)).toEqual(m.map((p) => p.name));
    back.pattern.pieces.forEach((p, i) => {
      expect(Math.abs(p.bbox.width - (m[i].bbox.width + l[i].bbox.width) / 2)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.bbox.height - (m[i].bbox.height + l[i].bbox.height) / 2)).toBeLessThanOrEqual(1);
    });

    const pdf = await buildOrderDownload({ db, access, format: "A4", sizes: ["M", "custom"] });
    if (!pdf || "refused" in pdf) throw new Error("not built");
    expect(pdf.fileName).toBe("tote-pattern-v1-a4-m-your-size.pdf");
    const doc = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(pdf.path)), standardFontDataUrl, isEvalSupported: false }).promise;
    const config = await doc.getOptionalContentConfig();
    const groups = (config.getGroups() ?? {}) as Record<string, { name: string }>;
    expect((config.getOrder() as string[]).map((id) => groups[id].name)).toEqual(["Size M", "Your size"]);
    const mtime = fs.statSync(pdf.path).mtimeMs;
    const again = await buildOrderDownload({ db, access, format: "A4", sizes: ["M", "custom"] });
    expect(again && "path" in again && again.path).toBe(pdf.path);
    expect(fs.statSync(pdf.path).mtimeMs).toBe(mtime);
  });

  it("puts the buyer's own size in its print file's fabric table and layout pages, laid out from the order's measurements (issue 34, item 14)", { timeout: 120_000 }, async () => {
    const { db, buyer, order } = await boughtPattern();
    await setMeasurements(db, order.id, 940);
    const access = await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id, custom: true });
    if (!access.ok) throw new Error(access.error);
    const pdf = await buildOrderDownload({ db, access, format: "A4", sizes: ["custom"] });
    if (!pdf || "refused" in pdf) throw new Error("not built");
    const doc = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(pdf.path)), standardFontDataUrl, isEvalSupported: false }).promise;
    let text = "";
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += ` ${content.items.map((item) => ("str" in item ? item.str : "")).join(" ")}`;
    }
    // The fabric table names the own size at the seller's widths, and its layout page is drawn at 140 cm.
    expect(text).toContain("Your size");
    expect(text).toContain("140 cm (55 in)");
    expect(text).not.toContain("Size M");
  });

  it("refuses measurements beyond one size step outside the graded range with the engine's reason", async () => {
    const { db, buyer, order } = await boughtPattern();
    await setMeasurements(db, order.id, 1100);
    const access = await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id, custom: true });
    if (!access.ok) throw new Error(access.error);
    expect(await buildOrderDownload({ db, access, format: "dxf", sizes: ["custom"] })).toEqual({
      refused: "Your bust is more than one size step larger than size L, the largest this pattern is graded to.",
    });
  });
});
