/**
 * What a buyer's and a seller's order pages and mails say (issue 46): a download-only order talks of no shipping
 * (item 20); refund requests go to the platform's contact address, never the print studio's shipping email (item 19);
 * printed patterns ship to US addresses only (item 4).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";

import { eq } from "drizzle-orm";

import { platformSettings, users } from "../../../db/tables";
import { makeBuyer, makeShop, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { CheckoutSummaryCard } from "~/components/checkout-summary";
import { addToCart, getCartView } from "~/models/buying/cart.server";
import { createCheckout, getCheckoutSummary } from "~/models/buying/checkout.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { getPurchase } from "~/models/buying/purchases.server";
import { toPurchaseView } from "~/models/buying/views.server";
import { helpRecipients } from "~/models/messaging/help.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { type Db, first } from "~/utils/db.server";

let dir: string;
beforeAll(() => {
  dir = useTestEnv();
});

const provider = createLocalProvider();
const origin = "http://shop.test";

/** The buyer's checkout of these products, its summary, and the mails once it is paid. */
async function buy(db: Db, lines: { productId: number; variantId?: number }[]) {
  const buyer = await makeBuyer(db);
  for (const line of lines) expect((await addToCart({ db, owner: { userId: buyer.id }, ...line })).ok).toBe(true);
  const checkout = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
  if (!checkout.ok) throw new Error(checkout.error);
  const summary = (await getCheckoutSummary({ db, userId: buyer.id, checkoutId: checkout.checkout.id }))!;
  const before = outbox(dir).length;
  const paid = await fulfilAndMail({ db, checkoutId: checkout.checkout.id, origin });
  if (paid.status !== "fulfilled") throw new Error(paid.status);
  const mails = outbox(dir).slice(before);
  return { buyer, summary, html: renderToStaticMarkup(<CheckoutSummaryCard summary={summary} />), mails, orders: paid.orders };
}

describe("a download-only order ships nothing (item 20)", () => {
  it("no printing-and-shipping line, a billing address, no shipping promise, and no 'please ship' to the seller", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const { buyer, summary, html, mails } = await buy(db, [{ productId: shop.digital.id }]);
    expect(summary).toMatchObject({ printed: false, ships: false, downloads: true });
    expect(html).not.toContain("Printing and shipping");
    expect(html).not.toContain("Shipping to");
    expect(html).toContain("Billing address");
    expect(html).toContain("Digital patterns are ready right after payment.");
    expect(html).not.toMatch(/shipped/);
    const toBuyer = mails.find((m) => m.to === buyer.email)!;
    const toSeller = mails.find((m) => m.to === shop.seller.email)!;
    expect(toBuyer.text).toContain("Digital patterns are ready for download now.");
    expect(toBuyer.text).not.toMatch(/ship/i);
    expect(toSeller.text).not.toMatch(/ship/i);
  });

  it("a printed pattern and a bag: both lines and the seller's reminder stay", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const { summary, html, mails } = await buy(db, [{ productId: shop.printed.id, variantId: shop.printedS.id }, { productId: shop.bag.id }]);
    expect(summary).toMatchObject({ printed: true, ships: true, downloads: false });
    expect(html).toContain("Printing and shipping");
    expect(html).toContain("Shipping to");
    expect(html).toContain("Physical items are shipped in 3 working days.");
    expect(mails.find((m) => m.to === shop.seller.email)!.text).toContain("Please ship physical items within 3 working days.");
  });

  it("a printed pattern alone: the platform ships it, the seller is not asked to", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const { mails } = await buy(db, [{ productId: shop.printed.id, variantId: shop.printedS.id }]);
    expect(mails.find((m) => m.to === shop.seller.email)!.text).not.toContain("Please ship");
  });
});

describe("the platform's contact address (item 19)", () => {
  it("refund requests, make reports and help go to it, never to the print studio's shipping email; else the administrators", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const admin = await makeUser(db, { role: "admin" });
    await db.update(platformSettings).set({ email: "studio@print.test", contactEmail: "" });
    const { buyer, orders } = await buy(db, [{ productId: shop.digital.id }]);
    const refundHref = async () => toPurchaseView((await getPurchase({ db, userId: buyer.id, orderId: orders[0]!.id }))!).refundHref;

    expect(await helpRecipients({ db })).toEqual([admin.email]);
    expect(await refundHref()).toMatch(new RegExp(`^mailto:${admin.email}\\?subject=Refund`));

    await db.update(platformSettings).set({ contactEmail: "help@patternhouse.test" });
    expect(await helpRecipients({ db })).toEqual(["help@patternhouse.test"]);
    expect(await refundHref()).toMatch(/^mailto:help@patternhouse\.test\?subject=Refund%20request%20for%20order%20%23\d+$/);
  });
});

describe("printed patterns ship to US addresses only (item 4)", () => {
  it("the cart marks the line and checkout refuses it, naming it, for a buyer in Ireland; a US buyer checks out", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    await db.update(users).set({ country: "IE", state: "Co. Cork", city: "Cork", postalCode: "T12 X2Y3" }).where(eq(users.id, buyer.id));
    const irish = (await first(db.select().from(users).where(eq(users.id, buyer.id)).limit(1)))!;
    expect((await addToCart({ db, owner: { userId: buyer.id }, productId: shop.digital.id })).ok).toBe(true);
    expect((await addToCart({ db, owner: { userId: buyer.id }, productId: shop.printed.id, variantId: shop.printedS.id })).ok).toBe(true);
    const cart = await getCartView({ db, owner: { userId: buyer.id } });
    const printedLine = cart.lines.find((l) => l.productId === shop.printed.id)!;
    expect(cart.lines.map((l) => [l.name, l.printNotShipped])).toEqual([
      ["Tote Pattern", false],
      ["Printed Shirt Pattern", true],
    ]);
    const refused = await createCheckout({ db, user: irish, origin, provider, digitalConsent: true });
    expect(refused).toEqual({ ok: false, error: "print-us-only", item: "Printed Shirt Pattern", lineId: printedLine.id });
    expect(BUYING_ERRORS.checkout["print-us-only"].status).toBe(400);

    // Back in the US (the address as it is at checkout), the same cart checks out.
    await db.update(users).set({ country: "US", state: "IL", city: "Springfield", postalCode: "62701" }).where(eq(users.id, buyer.id));
    expect((await getCartView({ db, owner: { userId: buyer.id } })).lines.some((l) => l.printNotShipped)).toBe(false);
    const us = (await first(db.select().from(users).where(eq(users.id, buyer.id)).limit(1)))!;
    expect((await createCheckout({ db, user: us, origin, provider, digitalConsent: true })).ok).toBe(true);
  });
});
