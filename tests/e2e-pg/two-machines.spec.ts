/**
 * The marketplace on PostgreSQL past one machine (issue 49 item 5, issue 50's acceptance), JavaScript off: two app
 * processes ("A" and "B") over a primary and a synchronous standby (tests/e2e-pg/global-setup.ts). A seller
 * registers, opens a store and publishes a design from a real Gerber AccuMark DXF; a buyer buys and pays on the local
 * provider, downloads, asks for a refund, and the seller accepts it; the administrator finds the order and the
 * financial report. Every post goes to one process and the next screen is read on the other, from the standby (the
 * `db-primary-until` cookie cleared first, so nothing sends the read to the primary): what was saved is there.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";

import { PG_E2E, pgE2e } from "./env";

const { apps, primaryDb, standbyDb } = pgE2e();
const [A, B] = apps;
const TANK_DXF = zlib.gunzipSync(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/cad-dxf/WM_LOOSE_SHAPE_TANK.DXF.gz")));
const tag = `${Date.now().toString(36)}${process.pid}`;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Transactions the standby has run for the shop's database (its reads: a standby runs no writes). */
async function standbyTransactions(): Promise<number> {
  const [row] = await query<{ n: string }>(standbyDb, "SELECT pg_stat_force_next_flush(), (SELECT xact_commit FROM pg_stat_database WHERE datname = 'shop')::text AS n");
  return Number(row.n);
}

/**
 * Reads `url` on the process named, from the standby: the read-your-writes cookie of the last post is dropped first,
 * so the process sends the page's reads to its replica; the standby then shows the reads it ran.
 */
async function readOnStandby(page: Page, url: string) {
  await page.context().clearCookies({ name: "db-primary-until" });
  const before = await standbyTransactions();
  const response = await page.goto(url);
  await expect.poll(standbyTransactions, { message: `the standby answered the reads of ${url}` }).toBeGreaterThan(before);
  return response;
}

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer();
}

async function newContext(browser: import("@playwright/test").Browser): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return [context, await context.newPage()];
}

async function register(page: Page, base: string, email: string, firstName: string, lastName: string) {
  await page.goto(`${base}/register`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Password", { exact: true }).fill("two-machines-pass-1");
  await page.getByLabel("Confirm password").fill("two-machines-pass-1");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(`${base}/`);
}

async function saveAddress(page: Page, base: string) {
  await page.goto(`${base}/settings`);
  await page.getByLabel("Street", { exact: true }).fill("100 Market St");
  await page.getByLabel("City").fill("San Francisco");
  await page.getByLabel("State").fill("CA");
  await page.getByLabel("Zip").fill("94105");
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Phone").fill("+1 415 555 0199");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
}

test("two app processes on a primary and a standby: sell a real DXF, buy, pay, download, refund, the admin's screens", async ({ browser }) => {
  // The demo data was seeded by process A on PostgreSQL: its catalogue answers on B, from the standby.
  const [sellerContext, seller] = await newContext(browser);
  await readOnStandby(seller, `${B}/popular`);
  await expect(seller.getByRole("link", { name: /./ }).filter({ has: seller.locator("img") }).first()).toBeVisible();

  // The seller registers on A, saves the profile and the store on A, and reads them back on B.
  const sellerEmail = `pg-seller-${tag}@example.test`;
  await register(seller, A, sellerEmail, "Ada", "Stitch");
  await saveAddress(seller, A);
  await readOnStandby(seller, `${B}/settings`);
  await expect(seller.getByLabel("City")).toHaveValue("San Francisco");
  await seller.goto(`${A}/store-settings`);
  const storeName = `Two Machines Studio ${tag}`;
  await seller.getByLabel("Store name").fill(storeName);
  await seller.getByLabel("Bio").fill("Tank tops for production, graded.");
  await seller.getByLabel("Account name").fill("Ada Stitch");
  await seller.getByLabel("Account number").fill("123456789012");
  await seller.getByLabel("Routing number").fill("110000000");
  await seller.getByRole("button", { name: "Save", exact: true }).click();
  await expect(seller.getByText("Store settings updated successfully!")).toBeVisible();
  await readOnStandby(seller, `${B}/store-settings`);
  await expect(seller.getByLabel("Store name")).toHaveValue(storeName);

  // A Digital pattern from a real Gerber AccuMark export, created on B (posts go to the primary from either).
  const design = `Loose Tank ${tag}`;
  await seller.goto(`${B}/create-design`);
  await seller.getByLabel("Name", { exact: true }).fill(design);
  await seller.getByLabel("Description").fill("A loose tank, graded in five sizes.");
  await seller.getByLabel("Price ($)").fill("14");
  await seller.getByLabel("Availability").selectOption("Pattern");
  await seller.getByLabel("Category", { exact: true }).selectOption("women");
  await seller.getByLabel("Subcategory").selectOption("tops");
  await seller.getByLabel("Digital (DXF download)").check();
  await seller.getByLabel("Images or videos").setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: await png("#be123c") }]);
  await seller.getByLabel("Size chart image").setInputFiles({ name: "sizes.png", mimeType: "image/png", buffer: await png("#ffffff") });
  await seller.getByLabel("Pattern file (DXF)").setInputFiles({ name: "WM_LOOSE_SHAPE_TANK.DXF", mimeType: "application/dxf", buffer: TANK_DXF });
  await seller.getByRole("button", { name: "Create Design" }).click();
  await expect(seller.getByText("Product created successfully!")).toBeVisible();
  const productId = Number(/\/edit-product\/(\d+)$/.exec(new URL(seller.url()).pathname)![1]);
  const [stored] = await query<{ name: string; versions: string }>(
    primaryDb,
    "SELECT p.name, (SELECT count(*) FROM pattern_versions v WHERE v.product_id = p.id)::text AS versions FROM products p WHERE p.id = $1",
    [productId],
  );
  expect(stored).toEqual({ name: design, versions: "1" });

  // A buyer, on the other process: the product page from the standby, the cart and the payment on A.
  const [buyerContext, buyer] = await newContext(browser);
  await readOnStandby(buyer, `${B}/product/${productId}`);
  await expect(buyer.getByRole("heading", { name: design })).toBeVisible();
  await expect(buyer.getByText("Downloadable Pattern (DXF for commercial production)")).toBeVisible();
  const buyerEmail = `pg-buyer-${tag}@example.test`;
  await register(buyer, B, buyerEmail, "Pat", "Buyer");
  await saveAddress(buyer, B);
  await buyer.goto(`${A}/product/${productId}`);
  await buyer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(buyer.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
  await readOnStandby(buyer, `${B}/cart`);
  await expect(buyer.getByTestId("cart-row")).toHaveCount(1);
  const consent = buyer.getByRole("checkbox", { name: /I want the download now/ });
  if (await consent.count()) await consent.check();
  await buyer.getByRole("button", { name: "Checkout" }).click();
  await expect(buyer).toHaveURL(/\/checkout\/\d+$/);
  await buyer.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(buyer).toHaveURL(/\/pay\/\d+$/);
  await buyer.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(buyer).toHaveURL(/\/purchases\/success$/);
  await expect(buyer.getByTestId("purchase-row")).toHaveCount(1);

  const [order] = await query<{ id: number; status: string; amount_cents: number }>(
    primaryDb,
    "SELECT o.id, o.status, o.amount_cents::int AS amount_cents FROM orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = $1",
    [buyerEmail],
  );
  expect(order).toMatchObject({ status: "Pending", amount_cents: 1400 });
  const [checkout] = await query<{ status: string; provider: string }>(standbyDb, "SELECT c.status, c.provider FROM checkouts c JOIN users u ON u.id = c.user_id WHERE u.email = $1", [buyerEmail]);
  expect(checkout).toEqual({ status: "paid", provider: "local" });

  // The order and the download, read on the other process from the standby.
  await readOnStandby(buyer, `${A}/purchase/${order.id}`);
  await expect(buyer.getByTestId("order-status")).toHaveText("Ready for Download");
  const download = await buyer.request.get(`${B}/download/${order.id}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/\.dxf/i);

  // A refund asked on B, accepted by the seller on A, seen by the buyer on B.
  await buyer.goto(`${B}/purchase/${order.id}`);
  await buyer.getByLabel("Reason").fill("The file does not open in my software.");
  await buyer.getByRole("button", { name: "Send request" }).click();
  await expect(buyer.getByText("Your request was sent to the seller.")).toBeVisible();
  await readOnStandby(seller, `${A}/sale/${order.id}`);
  await expect(seller.getByText("The file does not open in my software.")).toBeVisible();
  await seller.getByRole("button", { name: "Accept and refund" }).click();
  await expect(seller.getByText("The order was refunded.")).toBeVisible();
  await readOnStandby(buyer, `${B}/purchase/${order.id}`);
  await expect(buyer.getByTestId("order-status")).toHaveText("Refunded");
  const refunds = await query<{ n: string }>(primaryDb, "SELECT count(*)::text AS n FROM transactions WHERE order_id = $1 AND tx_type = 'Refund'", [order.id]);
  expect(refunds).toEqual([{ n: "1" }]);

  // The administrator: logs in on B, the order's screen and the financial report on A, from the standby.
  const [adminContext, admin] = await newContext(browser);
  await admin.goto(`${B}/login`);
  await admin.getByLabel("Username or Email").fill(PG_E2E.admin.email);
  await admin.getByLabel("Password").fill(PG_E2E.admin.password);
  await admin.getByRole("button", { name: "Log in" }).click();
  await expect(admin.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveCount(0);
  await readOnStandby(admin, `${A}/admin/order/${order.id}`);
  await expect(admin.getByRole("heading", { name: `Order #${order.id}` })).toBeVisible();
  await expect(admin.getByTestId("order-status")).toHaveText("Refunded");
  await expect(admin.getByRole("main").getByText(buyerEmail, { exact: true }).first()).toBeVisible();
  const day = new Date().toISOString().slice(0, 10);
  await readOnStandby(admin, `${A}/admin/financial?start_date=${day}&end_date=${day}`);
  // A refunded order leaves the report's rows and is counted apart.
  await expect(admin.getByText(/^Refunded and not counted above: \d+ orders? of this range/)).toBeVisible();
  await expect(admin.getByRole("table", { name: "Financial" }).getByRole("row", { name: new RegExp(`^${order.id} `) })).toHaveCount(0);

  for (const context of [sellerContext, buyerContext, adminContext]) await context.close();
});
