import crypto from "node:crypto";
import fs from "node:fs";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { files, patternVersions, products } from "../../../db/tables";
import { buyAndPay, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { uploadPath } from "~/models/files/store.server";
import { createSession } from "~/models/accounts/sessions.server";
import { commitCookieSession, getCookieSession } from "~/utils/cookie-session.server";
import { action as createAction } from "~/routes/_api+/_user+/api.user.cut-plan";
import { loader as planLoader } from "~/routes/_api+/_user+/api.user.cut-plan.$id";
import { loader as fileLoader } from "~/routes/_api+/_user+/api.user.cut-plan.$id.files.$file";
import { loader as plansLoader } from "~/routes/_api+/_user+/api.user.cut-plans";
import { action as deleteAction } from "~/routes/_api+/_user+/api.user.delete-cut-plan.$id";
import { action as pageAction, loader as pageLoader } from "~/routes/_buying+/purchase.$id_.cut-plan";
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
  await db.insert(files).values({ name, originalName: "racer.dxf", contentType: "application/dxf", size: bytes.length, kind: "pattern", ownerId: shop.seller.id });
  const productId = shop.digital.id;
  await db.update(products).set({ patternFile: name }).where(eq(products.id, productId));
  await db.insert(patternVersions).values({ productId, version: 1, file: name });
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
    expect((await getCutPlan({ db, userId: buyer.id, id: made.id }))?.status).toMatch(/queued|working/);
    await cutPlansWorking();
    const plan = (await getCutPlan({ db, userId: buyer.id, id: made.id }))!;
    expect(plan.status).toBe("done");
    expect(plan.done).toBe(plan.steps);
    const cut: Record<string, number> = {};
    for (const m of plan.markers) {
      expect(m.lengthMm + 40).toBeLessThanOrEqual(6000);
      for (const [s, n] of Object.entries(m.sizes)) cut[s] = (cut[s] ?? 0) + n * m.plies;
      const { marker } = (await getCutPlanMarker({ db, userId: buyer.id, id: plan.id, position: m.position }))!;
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
    expect(await getCutPlan({ db, userId: other.id, id: made.id })).toBeNull();
    expect(await createCutPlan({ db, userId: other.id, productId, orderId: order.id, request })).toEqual({ ok: false, error: "not_found" });
    expect(await deleteCutPlan({ db, userId: other.id, id: made.id })).toBe(false);
    expect((await listCutPlans({ db, userId: buyer.id })).map((p) => p.id)).toEqual([made.id]);
    expect(await deleteCutPlan({ db, userId: buyer.id, id: made.id })).toBe(true);
    expect(await getCutPlan({ db, userId: buyer.id, id: made.id })).toBeNull();
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

/** A Cookie header of a logged-in session, as the app sets it. */
async function sessionCookie(token: string) {
  const session = await getCookieSession(new Request("http://localhost/"));
  session.set("token", token);
  const header = await commitCookieSession(new Request("http://localhost/"), session);
  return header.split(";")[0]!;
}

describe("the cut plan calls and page", () => {
  const context = {};
  const call = async (fn: (args: never) => unknown, url: string, init: RequestInit, params: Record<string, string> = {}) => {
    try {
      return (await fn({ request: new Request(`http://shop.test${url}`, init), params, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("POST /api/user/cut-plan -> 202 {id}; GET it while made and done; files, list, delete; 400 naming the field; 404 for others", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    globalThis.__db = db;
    const buyer = await makeBuyer(db);
    const order = await buyAndPay(db, buyer, productId);
    const auth = { Authorization: await createSession({ db, userId: buyer.id }), "Content-Type": "application/json" };
    const post = (body: unknown) => call(createAction, "/api/user/cut-plan", { method: "POST", headers: auth, body: JSON.stringify(body) });
    const bad = await post({ product_id: productId, order_id: order.id, ...request, max_plies: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "max_plies: Enter the most plies as a whole number from 1 to 1000", field: "max_plies" });
    const made = await post({ product_id: productId, order_id: order.id, ...request });
    expect(made.status).toBe(202);
    const { id } = (await made.json()) as { id: number };
    await cutPlansWorking();
    const got = await call(planLoader, `/api/user/cut-plan/${id}`, { headers: auth }, { id: String(id) });
    const plan = (await got.json()) as { status: string; markers: { sizes: Record<string, number>; plies: number; files: Record<string, string> }[]; total_mm: number; bound_mm: number; zip: string };
    expect(plan.status).toBe("done");
    expect(plan.total_mm).toBeGreaterThanOrEqual(plan.bound_mm);
    const plt = plan.markers[0]!.files.plt!;
    expect(plt).toBe(`/api/user/cut-plan/${id}/files/marker-1.plt`);
    const file = await call(fileLoader, plt, { headers: auth }, { id: String(id), file: "marker-1.plt" });
    expect(file.headers.get("Content-Type")).toBe("application/vnd.hp-hpgl");
    expect((await file.text()).startsWith("IN;")).toBe(true);
    const zip = await call(fileLoader, plan.zip, { headers: auth }, { id: String(id), file: `cut-plan-${id}.zip` });
    expect(Buffer.from(await zip.arrayBuffer()).readUInt32LE(0)).toBe(0x04034b50);
    const list = (await (await call(plansLoader, "/api/user/cut-plans", { headers: auth })).json()) as { plans: { id: number }[] };
    expect(list.plans.map((p) => p.id)).toEqual([id]);
    const stranger = { Authorization: await createSession({ db, userId: (await makeBuyer(db, { email: "s@example.com" })).id }) };
    expect((await call(planLoader, `/api/user/cut-plan/${id}`, { headers: stranger }, { id: String(id) })).status).toBe(404);
    expect((await call(fileLoader, plt, { headers: stranger }, { id: String(id), file: "marker-1.plt" })).status).toBe(404);
    expect((await call(deleteAction, `/api/user/delete-cut-plan/${id}`, { method: "POST", headers: stranger }, { id: String(id) })).status).toBe(404);
    expect((await call(deleteAction, `/api/user/delete-cut-plan/${id}`, { method: "POST", headers: auth }, { id: String(id) })).status).toBe(200);
    expect((await call(planLoader, `/api/user/cut-plan/${id}`, { headers: auth }, { id: String(id) })).status).toBe(404);
  });

  it("the page's plain form: a fault is a 400 naming the field, a good order redirects to the plan", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    globalThis.__db = db;
    const buyer = await makeBuyer(db);
    const order = await buyAndPay(db, buyer, productId);
    const cookie = { Cookie: await sessionCookie(await createSession({ db, userId: buyer.id })) };
    const form = (fields: Record<string, string>) => ({ method: "POST", headers: { ...cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
    const fields = { "size.36": "2", "size.38": "1", width_mm: "1500", table_mm: "6000", max_plies: "40", nap: "two-way", gap_mm: "5", margin_mm: "10", end_mm: "20" };
    const url = `/purchase/${order.id}/cut-plan`;
    // Remix's data(): the body and its status.
    const bad = (await call(pageAction, url, form({ ...fields, width_mm: "20" }), { id: String(order.id) })) as unknown as { data: unknown; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { width_mm: ["Enter a fabric width from 500 to 3200 mm"] }, values: { width_mm: "20", sizes: { "36": "2", "38": "1" } } });
    const good = await call(pageAction, url, form(fields), { id: String(order.id) });
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toMatch(new RegExp(`^${url}\\?plan=\\d+$`));
    await cutPlansWorking();
    const page = (await call(pageLoader, good.headers.get("Location")!, { headers: cookie }, { id: String(order.id) })) as unknown as { plan: { status: string } };
    expect(page.plan.status).toBe("done");
  });
});
