import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { eq } from "drizzle-orm";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";

import { files, patternVersions, products } from "../../../db/tables";
import { buyAndPay, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { lengthToBuy, widthLabel } from "~/utils/fabric-lengths";
import { productLayout } from "./layouts.server";
import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { uploadPath } from "~/models/files/store.server";
import { buildOrderDownload } from "~/models/layout/downloads.server";
import { makeAstmDxf } from "~/models/patterns/demo.server";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

beforeAll(() => {
  const dataDir = useTestEnv();
  fs.mkdirSync(`${dataDir}/uploads`, { recursive: true });
});

async function texts(file: string): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(file)), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((it) => ("str" in it ? it.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  return pages;
}

const SIZES = ["S", "M", "L"];
const PIECES = [
  { name: "FRONT", shape: "bodice" as const, width: 300, height: 500 },
  { name: "SLEEVE", shape: "sleeve" as const, width: 350, height: 300 },
];

async function addVersion(db: ReturnType<typeof createTestDb>, productId: number, ownerId: number, version: number) {
  const dxf = makeAstmDxf({ pieces: PIECES, sizes: SIZES, units: "mm" });
  const name = `${crypto.randomBytes(16).toString("hex")}.dxf`;
  fs.writeFileSync(uploadPath(name)!, dxf, "latin1");
  await db.insert(files).values({ name, originalName: "tee.dxf", contentType: "application/dxf", size: dxf.length, kind: "pattern", ownerId });
  await db.update(products).set({ patternFile: name }).where(eq(products.id, productId));
  await db.insert(patternVersions).values({ productId, version, file: name });
}

/** A bought Digital pattern graded S, M, L. */
async function boughtPattern() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const productId = shop.digital.id;
  await addVersion(db, productId, shop.seller.id, 1);
  const buyer = await makeBuyer(db);
  const order = await buyAndPay(db, buyer, productId);
  return { db, shop, buyer, productId, order };
}

describe("print downloads with the cutting layouts (issue 25)", () => {
  it("end with the envelope (every size at the seller's widths, the service's lengths) and a layout page per size; new settings, a new file", async () => {
    const { db, buyer, productId, order } = await boughtPattern();
    const access = await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id });
    if (!access.ok) throw new Error(access.error);
    const built = await buildOrderDownload({ db, access, format: "A4", sizes: [], viewerId: buyer.id });
    if (!built || "refused" in built) throw new Error("not built");
    const pages = await texts(built.path);
    const envelope = pages[pages.length - 4]!;
    expect(envelope).toContain("fabric to buy");
    for (const w of [1120, 1400, 1500]) expect(envelope).toContain(widthLabel(w));
    for (const size of SIZES) {
      const lengths = [];
      for (const widthMm of [1120, 1400, 1500]) {
        const layout = await productLayout({ db, productId, size, widthMm });
        if (!layout.ok) throw new Error(layout.error);
        const buy = lengthToBuy(layout.value.layout.lengthMm);
        lengths.push(`${buy.metres.toFixed(1)} m · ${buy.yards.toFixed(1)} yd`);
      }
      expect(envelope).toContain([size, ...lengths].join(" "));
    }
    SIZES.forEach((size, i) => expect(pages[pages.length - 3 + i]).toContain(`Cutting layout · Size ${size} · Main fabric`));

    // The seller's widths change: the cached file is another one, with the new width.
    await db.update(products).set({ layoutWidths: JSON.stringify([1150, 1600]) }).where(eq(products.id, productId));
    const again = await buildOrderDownload({ db, access, format: "A4", sizes: ["M"], viewerId: buyer.id });
    if (!again || "refused" in again) throw new Error("not built");
    expect(again.path).not.toBe(built.path);
    const next = await texts(again.path);
    expect(next[next.length - 2]).toContain(widthLabel(1600));
    expect(next[next.length - 2]).not.toContain(widthLabel(1400));
    // The layout page at the width closest to 1400 mm.
    expect(next[next.length - 1]).toContain(`Cutting layout · Size M · Main fabric`);
    expect(next[next.length - 1]).toContain(`${widthLabel(1600)} wide`);
  }, 120_000);

  it("an earlier version prints without fabric pages (the layouts are the current version's)", async () => {
    const { db, shop, buyer, productId, order } = await boughtPattern();
    await addVersion(db, productId, shop.seller.id, 2);
    const access = await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id, version: 1 });
    if (!access.ok) throw new Error(access.error);
    const built = await buildOrderDownload({ db, access, format: "A4", sizes: [], viewerId: buyer.id });
    if (!built || "refused" in built) throw new Error("not built");
    const pages = await texts(built.path);
    expect(pages.some((p) => p.includes("fabric to buy") || p.includes("Cutting layout"))).toBe(false);
  }, 60_000);
});
