/**
 * Issue 46, item 1, through the forms as a browser without JavaScript posts them: the profile's company name
 * (/settings) and the cart's business row (/cart: company name and VAT number), the VAT number confirmed by the
 * registers (fakes on loopback). A made-up number with right check digits is refused at its field; a confirmed one
 * goes on to the payment, reverse-charged.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { checkouts, platformSettings, products, users, type User } from "../../db/tables";
import { startFakeVatRegisters } from "../fakes/vat-registers";
import { makeBuyer, makeShop, useTestEnv } from "./buying-fixtures";
import { createTestDb } from "./helpers";
import { createSession } from "~/models/accounts/sessions.server";
import { addToCart } from "~/models/buying/cart.server";
import { action as cartAction, loader as cartLoader } from "~/routes/_buying+/cart/route";
import { action as settingsAction } from "~/routes/_account+/settings";
import { type Db, first } from "~/utils/db.server";

let registers: Awaited<ReturnType<typeof startFakeVatRegisters>>;
let db: Db;
beforeAll(async () => {
  registers = await startFakeVatRegisters({ FR40303265045: { name: "TISSUS LUMIERE SARL", address: "12 RUE DES ARTS\n69001 LYON" } });
  useTestEnv(registers.env);
});
afterAll(() => registers.close());
beforeEach(() => {
  db = createTestDb();
  globalThis.__db = db;
});

/** A plain form post (what a browser without JavaScript sends), signed in as `user`. */
async function post(path: string, user: User, fields: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Authorization: await createSession({ db, userId: user.id }), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { request, params: {}, context: { cspNonce: "" } };
}

/** A redirect (a Response) or Remix's `data()` (its data and status). */
async function answer(run: Promise<unknown>): Promise<{ status: number; body: unknown; location: string | null }> {
  const result = await run.catch((error: unknown) => error);
  if (result instanceof Response) return { status: result.status, body: null, location: result.headers.get("Location") };
  const { data: body, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, body, location: null };
}

async function frenchBuyer() {
  const shop = await makeShop(db);
  await db.update(platformSettings).set({ taxMode: "vat", vatNumber: "DE136695976" }).where(eq(platformSettings.id, 1));
  await db.update(products).set({ priceCents: 1000 }).where(eq(products.id, shop.digital.id));
  const buyer = (await db.update(users).set({ country: "FR" }).where(eq(users.id, (await makeBuyer(db)).id)).returning())[0];
  await addToCart({ db, owner: { userId: buyer.id }, productId: shop.digital.id });
  return buyer;
}

describe("a business buyer's forms without JavaScript (issue 46, item 1)", () => {
  it("keeps a company name in the profile, the cart's business row starts from it, and an empty field clears it", async () => {
    const buyer = await frenchBuyer();
    const address = { intent: "profile", first_name: "Ana", last_name: "Roy", street: "1 Rue", city: "Lyon", state: "Rhône", zip: "69001", country: "FR", phone: "+33 4 00 00 00" };
    expect((await answer(settingsAction(await post("/settings", buyer, { ...address, company_name: "Tissus Lumière" })))).status).toBe(302);
    expect((await first(db.select().from(users).where(eq(users.id, buyer.id)).limit(1)))!.companyName).toBe("Tissus Lumière");
    const cart = await cartLoader({ request: (await post("/cart", buyer, {})).request, params: {}, context: { cspNonce: "" } });
    expect(cart.companyName).toBe("Tissus Lumière");
    await answer(settingsAction(await post("/settings", buyer, { ...address, company_name: "" })));
    expect((await first(db.select().from(users).where(eq(users.id, buyer.id)).limit(1)))!.companyName).toBe("");
  });

  it("refuses a made-up VAT number at its field, keeping what was typed, and takes a confirmed one to the payment reverse-charged", async () => {
    const buyer = await frenchBuyer();
    const typed = { intent: "checkout", digital_consent: "on", company_name: "Faux SARL", vat_number: "FR83404833048" };
    const refused = await answer(cartAction(await post("/cart", buyer, typed)));
    expect(refused).toMatchObject({
      status: 400,
      body: { problem: "vat_number", vatNumber: "FR83404833048", companyName: "Faux SARL", message: expect.stringContaining("not registered") },
    });
    expect(await db.select().from(checkouts)).toEqual([]);

    registers.behaviour.vies = "down";
    expect(await answer(cartAction(await post("/cart", buyer, { ...typed, vat_number: "FR40303265045" })))).toMatchObject({ status: 503, body: { problem: "vat_number" } });
    registers.behaviour.vies = "up";

    const paid = await answer(cartAction(await post("/cart", buyer, { ...typed, company_name: "Tissus Lumière", vat_number: "FR 40303265045" })));
    expect(paid.status).toBe(302);
    expect(paid.location).toMatch(/^\/checkout\/\d+$/);
    expect(await first(db.select().from(checkouts).limit(1))).toMatchObject({ reverseCharge: true, taxCents: 0, companyName: "Tissus Lumière", vatCheckSource: "vies", vatCheckName: "TISSUS LUMIERE SARL" });
  });
});
