/**
 * A request authenticated before its account was deleted and finishing after it (issue 34, item 1): each write checks,
 * in its own transaction, that the account still exists and may act. The request's user is the row read when it was
 * authenticated; the deletion runs in between, as it would between the session check and the write.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { checkouts, userMeasurements, users } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { updateProfile } from "~/models/accounts/profile.server";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { first } from "~/utils/db.server";

beforeAll(() => {
  useTestEnv();
});

const ADDRESS = { first_name: "Late", last_name: "Writer", street: "1 Late Lane", street2: "", city: "Leeds", state: "West Yorkshire", zip: "LS1 1AA", country: "GB", phone: "+44 113 000 0000" };

async function deletedBuyer() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const asked = await makeBuyer(db);
  expect(await deleteAccount({ db, userId: asked.id, actor: { kind: "user", userId: asked.id }, password: "correct horse battery", stripe: null })).toMatchObject({ ok: true });
  return { db, shop, asked };
}

describe("writes after the account's deletion", () => {
  it("update-profile writes no name, street or phone back onto the deleted row", async () => {
    const { db, asked } = await deletedBuyer();
    expect(await updateProfile({ db, userId: asked.id, input: ADDRESS })).toBeNull();
    const row = (await first(db.select().from(users).where(eq(users.id, asked.id)).limit(1)))!;
    expect([row.street, row.phone, row.city]).toEqual(["", "", ""]);
    expect(row.firstName).not.toBe("Late");
  });

  it("update-measurements stores nothing", async () => {
    const { db, asked } = await deletedBuyer();
    const m = { unit: "cm" as const, height: 1680, high_bust: null, bust: 900, waist: 720, hip: 980, inseam: null, arm: null };
    expect(await saveMeasurements({ db, userId: asked.id, measurements: m })).toEqual({ ok: false, error: "account-closed" });
    expect(await db.select().from(userMeasurements)).toEqual([]);
  });

  it("a checkout in flight reserves nothing and opens no payment with the old email and address", async () => {
    const { db, shop, asked } = await deletedBuyer();
    // The JSON checkout's `items` fill the cart again after the deletion emptied it.
    await addToCart({ db, owner: { userId: asked.id }, productId: shop.bag.id });
    const result = await createCheckout({ db, user: asked, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
    expect(result).toEqual({ ok: false, error: "account-closed" });
    expect(await db.select().from(checkouts)).toEqual([]);
  });
});
