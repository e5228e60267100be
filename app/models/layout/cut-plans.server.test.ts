import crypto from "node:crypto";
import fs from "node:fs";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { files, patternVersions, products } from "../../../db/schema";
import { buyAndPay, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { uploadPath } from "~/models/files/store.server";
import { createCutPlan, cutPlansWorking, deleteCutPlan, getCutPlan, getCutPlanMarker, listCutPlans } from "./cut-plans.server";

beforeAll(() => {
  const dataDir = useTestEnv();
  fs.mkdirSync(`${dataDir}/uploads`, { recursive: true });
});

async function shopWithPattern() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const bytes = cadFixtures().find((f) => f.name === "DEEP_ARMHOLE_RACER.DXF")!.bytes;
  const name = `${crypto.randomBytes(16).toString("hex")}.dxf`;
  fs.writeFileSync(uploadPath(name)!, bytes);
  db.insert(files).values({ name, originalName: "racer.dxf", contentType: "application/dxf", size: bytes.length, kind: "pattern", ownerId: shop.seller.id }).run();
  const productId = shop.digital.id;
  db.update(products).set({ patternFile: name }).where(eq(products.id, productId)).run();
  db.insert(patternVersions).values({ productId, version: 1, file: name }).run();
  return { db, shop, productId };
}

const request = { sizes: { "36": 2, "38": 1 }, width_mm: 1500, table_mm: 6000, max_plies: 40, nap: "two-way", gap_mm: 5, margin_mm: 10, end_mm: 20 };

describe("cut plans", () => {
  it("a buyer's plan is worked in the background into markers that cut every garment once; only the buyer sees it", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const buyer = await makeBuyer(db);
    const order = await buyAndPay(db, buyer, productId);
    const made = await createCutPlan({ db, userId: buyer.id, productId, orderId: order.id, request });
    if (!made.ok) throw new Error(JSON.stringify(made));
    expect(made.created).toBe(true);
    expect(getCutPlan({ db, userId: buyer.id, id: made.id })?.status).toMatch(/queued|working/);
    await cutPlansWorking();
    const plan = getCutPlan({ db, userId: buyer.id, id: made.id })!;
    expect(plan.status).toBe("done");
    expect(plan.done).toBe(plan.steps);
    const cut: Record<string, number> = {};
    for (const m of plan.markers) {
      expect(m.lengthMm + 40).toBeLessThanOrEqual(6000);
      for (const [s, n] of Object.entries(m.sizes)) cut[s] = (cut[s] ?? 0) + n * m.plies;
      const { marker } = getCutPlanMarker({ db, userId: buyer.id, id: plan.id, position: m.position })!;
      const xs = marker.placements.flatMap((p) => p.polygon.map(([x]) => x));
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(10 - 1e-6);
      expect(Math.max(...xs)).toBeLessThanOrEqual(1490 + 1e-6);
      expect(new Set(marker.placements.map((p) => p.size))).toEqual(new Set(Object.keys(m.sizes)));
    }
    expect(cut).toEqual({ "36": 2, "38": 1 });
    expect(plan.totalMm).toBeGreaterThanOrEqual(plan.boundMm!);
    // The same order is the same plan; a changed one is new.
    expect(await createCutPlan({ db, userId: buyer.id, productId, orderId: order.id, request })).toEqual({ ok: true, id: made.id, created: false });
    // Nobody else sees it or plans on the buyer's order.
    const other = await makeBuyer(db, { email: "other@example.com" });
    expect(getCutPlan({ db, userId: other.id, id: made.id })).toBeNull();
    expect(await createCutPlan({ db, userId: other.id, productId, orderId: order.id, request })).toEqual({ ok: false, error: "not_found" });
    expect(deleteCutPlan({ db, userId: other.id, id: made.id })).toBe(false);
    expect(listCutPlans({ db, userId: buyer.id }).map((p) => p.id)).toEqual([made.id]);
    expect(deleteCutPlan({ db, userId: buyer.id, id: made.id })).toBe(true);
    expect(getCutPlan({ db, userId: buyer.id, id: made.id })).toBeNull();
  });

  it("the seller plans on the own design; a buyer without an order may not; bad input names the field", { timeout: 60_000 }, async () => {
    const { db, shop, productId } = await shopWithPattern();
    const buyer = await makeBuyer(db);
    expect(await createCutPlan({ db, userId: buyer.id, productId, request })).toEqual({ ok: false, error: "not_found" });
    expect(await createCutPlan({ db, userId: shop.seller.id, productId, request: { ...request, sizes: { "99": 1 } } })).toEqual({
      ok: false,
      error: "invalid",
      field: "sizes",
      message: "Size 99 is not a size of this pattern",
    });
    const short = await createCutPlan({ db, userId: shop.seller.id, productId, request: { ...request, table_mm: 600 } });
    expect(short).toMatchObject({ ok: false, error: "invalid", field: "table_mm" });
    expect((short as { message: string }).message).toMatch(/^The piece .+ \(size 3[68]\) is \d+ mm long: longer than the table less the end allowances$/);
    const made = await createCutPlan({ db, userId: shop.seller.id, productId, request: { ...request, sizes: { "36": 1 } } });
    expect(made.ok).toBe(true);
    await cutPlansWorking();
  });
});
