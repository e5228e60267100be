import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { orders } from "../../../db/tables";
import { SaveSettingsSchema } from "~/schemas/admin";
import { fulfil, paidShop } from "../../../tests/unit/admin-fixtures";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { createLocalProvider } from "~/models/payments/local.server";
import {
  allFinancialRows,
  defaultRange,
  financialCsv,
  financialRowsJson,
  getFinancialOverview,
  listFinancialRows,
  revenuePerDay,
  toFinancialRowJson,
} from "./financial.server";
import { formatMargin } from "./format";
import { refundOrder } from "../buying/refunds.server";
import { saveSettings, toSettingsForm, toSettingsJson } from "./settings.server";
import { parseTableQuery } from "./table";
import { first } from "~/utils/db.server";

beforeAll(() => useTestEnv());

describe("financial report", () => {
  it("defaults to one month before today up to today", () => {
    expect(defaultRange(new Date("2026-11-23T10:00:00Z"))).toEqual({ start_date: "2026-10-23", end_date: "2026-11-23" });
    expect(defaultRange(new Date("2026-03-31T10:00:00Z"))).toEqual({ start_date: "2026-02-28", end_date: "2026-03-31" });
    expect(defaultRange(new Date("2026-01-15T10:00:00Z"))).toEqual({ start_date: "2025-12-15", end_date: "2026-01-15" });
  });

  it("sums the range's rows to the cent, the end day included, and formats the margin", async () => {
    const db = createTestDb();
    const { checkout } = await paidShop(db);
    const { dress, digital, printed } = await fulfil(db, checkout.id);
    await db.update(orders).set({ createdAt: new Date("2026-05-10T23:59:00Z") }).where(eq(orders.id, dress.id));
    await db.update(orders).set({ createdAt: new Date("2026-05-11T00:00:00Z") }).where(eq(orders.id, digital.id));
    await db.update(orders).set({ createdAt: new Date("2026-05-12T00:00:00Z") }).where(eq(orders.id, printed.id));
    const range = { start_date: "2026-05-10", end_date: "2026-05-11" };
    expect(await getFinancialOverview({ db, range })).toEqual({
      sales: 2,
      revenueCents: 8999 + 1250,
      gpCents: 1350 + 125,
      costCents: 8999 + 1250 - 1475,
      refunded: 0,
      refundedCents: 0,
    });
    const page = await listFinancialRows({ db, range, query: parseTableQuery(new URLSearchParams("sort=margin&dir=desc"), { sorts: ["id", "margin"], defaultSort: "id" }) });
    expect(page.rows.map((r) => r.orderId)).toEqual([dress.id, digital.id]);
    expect(formatMargin(1350, 8999)).toBe("15.00%");
    expect(formatMargin(125, 1250)).toBe("10.00%");
    expect(formatMargin(1, 3)).toBe("33.33%");
    const csv = financialCsv(await allFinancialRows({ db, range }));
    expect(csv.split("\r\n")).toEqual([
      "order_id,order_date,revenue,gp,margin,status",
      `${dress.id},2026-05-10T23:59:00.000Z,89.99,13.50,15.00%,Pending`,
      `${digital.id},2026-05-11T00:00:00.000Z,12.50,1.25,10.00%,Pending`,
      "",
    ]);
    expect(await financialRowsJson({ db, range })).toEqual((await allFinancialRows({ db, range })).map(toFinancialRowJson));
    expect(await revenuePerDay({ db, range })).toEqual([
      { day: "2026-05-10", revenueCents: 8999, sales: 1 },
      { day: "2026-05-11", revenueCents: 1250, sales: 1 },
    ]);
  });
});

describe("a refund takes the sale out of the report (issue 19, item 20)", () => {
  it("counts, sums, lists, exports and charts only orders that were not refunded; the refunds are told apart", async () => {
    const db = createTestDb();
    const { admin, checkout } = await paidShop(db);
    const { dress, digital, printed } = await fulfil(db, checkout.id);
    for (const [order, at] of [[dress, "2026-06-01T10:00:00Z"], [digital, "2026-06-01T11:00:00Z"], [printed, "2026-06-02T10:00:00Z"]] as const) {
      await db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, order.id));
    }
    const refunded = await refundOrder({ db, orderId: dress.id, adminId: admin.id, stripe: null });
    expect(refunded.ok).toBe(true);
    const range = { start_date: "2026-06-01", end_date: "2026-06-02" };
    expect(await getFinancialOverview({ db, range })).toEqual({
      sales: 2,
      revenueCents: 1250 + 2000,
      gpCents: 125 + 700,
      costCents: 1250 + 2000 - 825,
      refunded: 1,
      refundedCents: 8999,
    });
    const page = await listFinancialRows({ db, range, query: parseTableQuery(new URLSearchParams(""), { sorts: ["id"], defaultSort: "id" }) });
    expect(page.rows.map((r) => r.orderId).sort()).toEqual([digital.id, printed.id].sort());
    expect(page.total).toBe(2);
    expect((await allFinancialRows({ db, range })).map((r) => r.orderId)).toEqual([digital.id, printed.id]);
    expect(financialCsv(await allFinancialRows({ db, range }))).not.toContain(`\r\n${dress.id},`);
    expect((await financialRowsJson({ db, range })).map((r) => r.order_id)).toEqual([digital.id, printed.id]);
    expect(await revenuePerDay({ db, range })).toEqual([
      { day: "2026-06-01", revenueCents: 1250, sales: 1 },
      { day: "2026-06-02", revenueCents: 2000, sales: 1 },
    ]);
  });
});

describe("platform settings", () => {
  it("validates each field on the server", () => {
    const result = SaveSettingsSchema.safeParse({ margin: "101", min_fee: "-1", margin_pattern: "abc", min_fee_pattern: "1", auto_approve_transfers: "2", flat_fee: "5", pss: "10", shipping_email: "not-an-email" });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    for (const f of ["margin", "min_fee", "margin_pattern", "auto_approve_transfers", "shipping_email", "shipping_name"]) expect(fields).toContain(f);
  });

  it("applies a new margin to new sales only: old orders keep their fee", async () => {
    const db = createTestDb();
    const { shop, buyer, admin, checkout } = await paidShop(db);
    const { dress } = await fulfil(db, checkout.id);
    expect(dress.feeCents).toBe(1350);
    const form = { ...toSettingsForm(await (await import("~/models/platform/settings.server")).getPlatformSettings({ db })), margin: "20", shipping_name: "Studio", shipping_street: "1 Main", shipping_city: "LA", shipping_zip: "90001", shipping_state: "CA", shipping_country: "US", shipping_email: "print@patternhouse.test" };
    const saved = await saveSettings({ db, adminId: admin.id, input: SaveSettingsSchema.parse(form) });
    if (!saved.ok) throw new Error(saved.error);
    expect(toSettingsJson(saved.settings)).toMatchObject({ margin: 20, margin_paper_pattern: 10, min_fee: 2, pss: 10, flat_fee: 5, auto_approve_transfers: "0", city: "LA", postal_code: "90001" });
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    const next = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true });
    if (!next.ok) throw new Error(next.error);
    const created = await fulfilCheckout({ db, checkoutId: next.checkout.id });
    expect(created.status === "fulfilled" && created.orders[0]!.feeCents).toBe(910);
    expect((await first(db.select().from(orders).where(eq(orders.id, dress.id)).limit(1)))!.feeCents).toBe(1350);
  });
});
