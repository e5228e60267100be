import { beforeAll, describe, expect, it } from "vitest";

import { fulfil, paidShop } from "../../../tests/unit/admin-fixtures";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { refundOrder } from "../buying/refunds.server";
import { getAdminStore, listAdminStores, STORE_SORTS, toAdminStoreJson, toAdminStoreRowJson } from "./stores.server";
import { parseTableQuery } from "./table";

beforeAll(() => useTestEnv());

describe("the administrator's store figures (issue 19, item 20)", () => {
  it("a refund takes the sale out of the store's sales and order count; the refunds are shown apart", async () => {
    const db = createTestDb();
    const { shop, admin, checkout } = await paidShop(db);
    const { dress } = await fulfil(db, checkout.id);
    expect(await getAdminStore({ db, storeId: shop.store.id })).toMatchObject({ salesCents: 8999 + 1250 + 2000, refundsCents: 0, orderCount: 3 });
    expect((await refundOrder({ db, orderId: dress.id, adminId: admin.id, stripe: null })).ok).toBe(true);

    const view = (await getAdminStore({ db, storeId: shop.store.id }))!;
    expect(view).toMatchObject({ salesCents: 1250 + 2000, refundsCents: 8999, revenueCents: 1250 + 2000, orderCount: 2, refundedCount: 1 });
    expect(toAdminStoreJson(view)).toMatchObject({ sales: 32.5, refunds: 89.99, revenue: 32.5, orders: 2 });
    const table = await listAdminStores({ db, query: parseTableQuery(new URLSearchParams(""), { sorts: STORE_SORTS, defaultSort: "id" }) });
    const row = table.rows.find((r) => r.id === shop.store.id)!;
    expect(row.salesCents).toBe(1250 + 2000);
    expect(toAdminStoreRowJson(row).sales).toBe(32.5);
  });
});
