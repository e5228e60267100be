import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, stores } from "../../../db/tables";
import { UpdateUserSchema, type UpdateUserInput } from "~/schemas/admin";
import { decryptSecret } from "~/utils/crypto.server";
import { balanceOf, fulfil, ledgerOf, paidShop } from "../../../tests/unit/admin-fixtures";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { createSession, getSessionUser } from "~/models/accounts/sessions.server";
import { verifyLogin } from "~/models/accounts/users.server";
import { listAdminUsers, toAdminUserJson, getAdminUser, updateAdminUser } from "./users.server";
import { parseTableQuery } from "./table";
import { first } from "~/utils/db.server";

beforeAll(() => useTestEnv());

function formOf(view: NonNullable<Awaited<ReturnType<typeof getAdminUser>>>, extra: Record<string, unknown> = {}): UpdateUserInput {
  const json = toAdminUserJson(view);
  return UpdateUserSchema.parse({ ...json, balance: String(json.balance), ...extra });
}

describe("updateAdminUser", () => {
  it("suspending ends the user's sessions at once and login is refused", async () => {
    const db = createTestDb();
    const admin = await makeUser(db, { role: "admin" });
    const user = await makeUser(db, { email: "sam@example.test", password: "sams-password-1" });
    const token = await createSession({ db, userId: user.id });
    const result = await updateAdminUser({ db, adminId: admin.id, userId: user.id, input: formOf((await getAdminUser({ db, userId: user.id }))!, { status: "Suspended" }) });
    expect(result).toMatchObject({ ok: true, sessionsEnded: 1 });
    expect(await getSessionUser({ db, token })).toBeNull();
    expect(await verifyLogin({ db, email: "sam@example.test", password: "sams-password-1" })).toEqual({ ok: false, error: "inactive" });
    const audit = (await first(db.select().from(auditLog).where(eq(auditLog.targetId, user.id)).limit(1)))!;
    expect(JSON.parse(audit.details).changes.status).toEqual({ from: "Active", to: "Suspended" });
  });

  it("refuses an email used by another account", async () => {
    const db = createTestDb();
    const admin = await makeUser(db, { role: "admin" });
    const other = await makeUser(db, { email: "taken@example.test" });
    const user = await makeUser(db);
    const result = await updateAdminUser({ db, adminId: admin.id, userId: user.id, input: formOf((await getAdminUser({ db, userId: user.id }))!, { email: "Taken@Example.test" }) });
    expect(result).toEqual({ ok: false, error: "duplicate-email" });
    expect(other.email).toBe("taken@example.test");
  });

  it("turns a balance change into an Adjustment row with its reason and the admin, never an overwrite", async () => {
    const db = createTestDb();
    const { shop, admin, checkout } = await paidShop(db);
    await fulfil(db, checkout.id);
    const storeId = shop.store.id;
    const before = await balanceOf(db, storeId);
    const view = (await getAdminUser({ db, userId: shop.seller.id }))!;
    expect(await updateAdminUser({ db, adminId: admin.id, userId: shop.seller.id, input: formOf(view, { balance: "100.00" }) })).toEqual({
      ok: false,
      error: "reason-required",
    });
    const result = await updateAdminUser({
      db,
      adminId: admin.id,
      userId: shop.seller.id,
      input: formOf(view, { balance: "100.00", reason: "Goodwill credit for a late print", accountnumber: "000123456789", accountrouting: "110000000" }),
    });
    expect(result).toMatchObject({ ok: true, adjustmentCents: 10000 - before });
    expect(await balanceOf(db, storeId)).toBe(10000);
    const adjustment = (await ledgerOf(db, storeId)).find((t) => t.txType === "Adjustment")!;
    expect(adjustment).toMatchObject({ amountCents: 10000 - before, reason: "Goodwill credit for a late print", adminId: admin.id });
    const store = (await first(db.select().from(stores).where(eq(stores.id, storeId)).limit(1)))!;
    expect(store.accountLast4).toBe("6789");
    expect(store.accountNumber).not.toContain("000123456789");
    expect(decryptSecret(store.accountNumber)).toBe("000123456789");
    // Saving the same balance again changes nothing in the ledger.
    await updateAdminUser({ db, adminId: admin.id, userId: shop.seller.id, input: formOf((await getAdminUser({ db, userId: shop.seller.id }))!) });
    expect((await ledgerOf(db, storeId)).filter((t) => t.txType === "Adjustment")).toHaveLength(1);
  });

  it("refuses a balance for a user without a store, and an admin suspending themself", async () => {
    const db = createTestDb();
    const admin = await makeUser(db, { role: "admin" });
    const user = await makeUser(db);
    expect(await updateAdminUser({ db, adminId: admin.id, userId: user.id, input: formOf((await getAdminUser({ db, userId: user.id }))!, { balance: "5" }) })).toEqual({
      ok: false,
      error: "no-store",
    });
    expect(await updateAdminUser({ db, adminId: admin.id, userId: admin.id, input: formOf((await getAdminUser({ db, userId: admin.id }))!, { status: "Inactive" }) })).toEqual({
      ok: false,
      error: "own-account",
    });
  });
});

describe("listAdminUsers", () => {
  it("searches by email or name, sorts and pages", async () => {
    const db = createTestDb();
    for (let i = 0; i < 25; i += 1) await makeUser(db, { email: `shopper${i}@example.test`, firstName: "Shopper", lastName: `N${String(i).padStart(2, "0")}` });
    await makeUser(db, { email: "zoe@elsewhere.test", firstName: "Zoe", lastName: "Quinn" });
    const page2 = await listAdminUsers({ db, query: parseTableQuery(new URLSearchParams("q=shopper&sort=name&dir=asc&page=2&size=10"), { sorts: ["id", "name", "email", "status", "balance", "created"], defaultSort: "id" }) });
    expect(page2).toMatchObject({ total: 25, page: 2, pageCount: 3, size: 10 });
    expect(page2.rows.map((r) => r.lastName)).toEqual(["N10", "N11", "N12", "N13", "N14", "N15", "N16", "N17", "N18", "N19"]);
    const byName = await listAdminUsers({ db, query: parseTableQuery(new URLSearchParams("q=zoe quinn"), { sorts: ["id"], defaultSort: "id" }) });
    expect(byName.rows.map((r) => r.email)).toEqual(["zoe@elsewhere.test"]);
  });
});
