/** Consent for downloads (issue 23 item 7, decision 107) on a real database. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { checkouts, orders } from "../../../db/tables";
import { inventoryOf, makeBuyer, makeFullCart, makeShop, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { DIGITAL_CONSENT_LABEL, digitalConsentStatement } from "~/models/buying/consent";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { getBuyerOrder } from "~/models/buying/orders.server";
import { toBuyerOrderJson, toPurchaseView } from "~/models/buying/views.server";
import { payLocalCheckout } from "~/models/buying/local-checkout.server";
import { createLocalProvider } from "~/models/payments/local.server";

let dir: string;
beforeAll(() => {
  dir = useTestEnv();
});

const provider = createLocalProvider();
const origin = "http://shop.test";

describe("consent for downloads", () => {
  it("refuses a cart with a Digital pattern without consent: nothing reserved, an earlier checkout left open", async () => {
    const db = createTestDb();
    const { shop, buyer } = await makeFullCart(db);
    const earlier = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!earlier.ok) throw new Error(earlier.error);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);

    for (const digitalConsent of [undefined, false]) {
      expect(await createCheckout({ db, user: buyer, origin, provider, digitalConsent })).toEqual({ ok: false, error: "digital-consent-required" });
    }
    expect((await db.select().from(checkouts).where(eq(checkouts.userId, buyer.id))).map((c) => c.status)).toEqual(["open"]);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0); // still the earlier checkout's unit, not released nor taken twice
    expect(BUYING_ERRORS.checkout["digital-consent-required"].status).toBe(400);
  });

  it("stores the consent time on the checkout and copies it to its Digital orders only; the email states it", async () => {
    const db = createTestDb();
    const { buyer } = await makeFullCart(db);
    const now = new Date(); // the local payment page refuses a checkout past its 30 minutes
    now.setUTCSeconds(0, 0);
    const minute = now.toISOString().slice(0, 16).replace("T", " ");
    const result = await createCheckout({ db, user: buyer, origin, provider, now, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    expect(result.checkout.digitalConsentAt).toEqual(now);

    const before = outbox(dir).length;
    const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: result.checkout.id, origin });
    expect(paid.ok).toBe(true);
    const created = await db.select().from(orders).where(eq(orders.checkoutId, result.checkout.id));
    expect(created).toHaveLength(4);
    for (const order of created) {
      const digital = order.productType === "Pattern" && order.delivery === "Digital";
      expect(order.digitalConsentAt, order.productName).toEqual(digital ? now : null);
      const json = toBuyerOrderJson((await getBuyerOrder({ db, userId: buyer.id, orderId: order.id }))!);
      expect(json.digital_consent_at).toBe(digital ? now.toISOString() : null);
    }
    const statement = `You asked for the download to start at once and acknowledged that you lose your right of withdrawal once it starts, on ${minute} UTC.`;
    expect(digitalConsentStatement(now)).toBe(statement);
    const digitalOrder = created.find((o) => o.delivery === "Digital")!;
    const view = toPurchaseView({
      order: (await getBuyerOrder({ db, userId: buyer.id, orderId: digitalOrder.id }))!,
      versions: [],
      facts: null,
      messageSellerHref: null,
      supportEmail: "help@shop.test",
    });
    expect(view.order.digitalConsent).toBe(statement);

    const mails = outbox(dir).slice(before);
    const toBuyer = mails.find((m) => m.to === buyer.email)!;
    expect(toBuyer.text).toContain(statement);
    for (const mail of mails.filter((m) => m.to !== buyer.email)) expect(mail.text).not.toContain("right of withdrawal");
  });

  it("a cart without a Digital pattern needs nothing and records nothing, even when consent is sent", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    for (const digitalConsent of [undefined, true]) {
      const buyer = await makeBuyer(db);
      await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
      const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent });
      if (!result.ok) throw new Error(result.error);
      expect(result.checkout.digitalConsentAt).toBeNull();
      const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: result.checkout.id, origin });
      expect(paid.ok).toBe(true);
      const [order] = await db.select().from(orders).where(eq(orders.checkoutId, result.checkout.id));
      expect(order!.digitalConsentAt).toBeNull();
      const mail = outbox(dir).find((m) => m.to === buyer.email)!;
      expect(mail.text).not.toContain("right of withdrawal");
    }
    expect(DIGITAL_CONSENT_LABEL).toBe("I want the download now and understand I lose my right of withdrawal once it starts");
  });
});
