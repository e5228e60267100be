import { addStore, expect, formatIn, mailsTo, type MessagingUser, newUser, type Page, pattern, readDb, signIn, test } from "./fixtures";

// With JavaScript, dates are shown in the browser's zone: one far from UTC proves it.
test.use({ timezoneId: "Asia/Kolkata" });

const SCRIPT = '<script>alert("x")</script>';

async function openProfileMenu(page: Page) {
  await page.getByLabel("Profile menu").click();
}

async function sellerWithStore(request: Parameters<typeof newUser>[0], name = "Thread & Needle") {
  const seller = await newUser(request, { firstName: "Sela", lastName: "Seamstress", prefix: "seller" });
  // Store names are unique (decision 092): each test's store gets its owner's id.
  await addStore({ email: seller.email, name: `${name} ${seller.id}`, bio: "Patterns for every body." });
  return seller;
}

function messagesOf(user: MessagingUser) {
  return readDb<{ content: string; order_id: number | null }>("SELECT content, order_id FROM messages WHERE sender_id = ? ORDER BY id", user.id);
}

test("a buyer messages a store, the seller sees the unread count and replies, the buyer sees the dated reply; one email per conversation", { tag: "@long" }, async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const seller = await sellerWithStore(request);
  const buyer = await newUser(request, { firstName: "Bea", lastName: "Buyer", prefix: "buyer" });
  const buyerContext = await browser.newContext({ timezoneId: "Asia/Kolkata", javaScriptEnabled: js });
  await signIn(buyerContext, baseURL!, buyer);
  const page = await buyerContext.newPage();
  page.on("dialog", () => {
    throw new Error("a message's markup ran as script");
  });

  await page.goto(`/store/${seller.id}`);
  await page.getByText("Send a message").click();
  await page.getByRole("textbox", { name: "Message" }).fill(`Does the wrap dress run small? ${SCRIPT}`);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  if (js) await expect(page.getByText("Message sent! Taking you to your messages…")).toBeVisible();
  await expect(page).toHaveURL("/messages");
  const item = page.getByRole("link", { name: "Sela S." });
  await expect(item).toContainText(`Does the wrap dress run small? ${SCRIPT}`);
  await expect(item).toContainText(/just now|1 minute ago/);
  await expect(item).toContainText("Thread & Needle");

  // A second message before the seller has read the first: still one email to the seller.
  await item.click();
  await expect(page).toHaveURL(/\/message\/\d+$/);
  const conversationUrl = new URL(page.url()).pathname;
  await page.getByRole("textbox", { name: "Your reply" }).fill("Also: is the fabric stretchy?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("message").last()).toContainText("Also: is the fabric stretchy?");
  expect(messagesOf(buyer).map((m) => m.content)).toEqual([`Does the wrap dress run small? ${SCRIPT}`, "Also: is the fabric stretchy?"]);

  const sellerContext = await browser.newContext({ timezoneId: "Asia/Kolkata", javaScriptEnabled: js });
  await signIn(sellerContext, baseURL!, seller);
  const sellerPage = await sellerContext.newPage();
  sellerPage.on("dialog", () => {
    throw new Error("a message's markup ran as script");
  });
  await sellerPage.goto("/");
  await openProfileMenu(sellerPage);
  await expect(sellerPage.getByRole("banner").getByTestId("unread-count").first()).toHaveText("1 unread");
  await sellerPage.getByRole("banner").getByRole("link", { name: /^Messages/ }).first().click();
  await expect(sellerPage).toHaveURL("/messages");
  await expect(sellerPage.getByTestId("unread-summary")).toHaveText("1 unread conversation");
  const fromBuyer = sellerPage.getByRole("link", { name: "Bea B., unread" });
  await expect(fromBuyer).toContainText("Also: is the fabric stretchy?");
  // A GET never writes (decision 161): with JavaScript the page posts "read" once shown, without it the reader
  // presses "Mark as read" (a reply marks it read too).
  const readPost = js ? sellerPage.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(conversationUrl)) : null;
  await fromBuyer.click();
  await expect(sellerPage).toHaveURL(conversationUrl);
  // Reading it clears the count at once, and it stays cleared on the next page.
  await expect(sellerPage.getByRole("banner").getByTestId("unread-count")).toHaveCount(0);
  if (readPost) expect((await readPost).status()).toBe(200);
  else {
    await sellerPage.getByRole("button", { name: "Mark as read" }).click();
    await expect(sellerPage).toHaveURL(conversationUrl);
    await expect(sellerPage.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  }
  await sellerPage.getByRole("link", { name: "← Messages" }).click();
  await expect(sellerPage).toHaveURL("/messages");
  await expect(sellerPage.getByRole("link", { name: "Bea B." })).toBeVisible();
  await expect(sellerPage.getByRole("banner").getByTestId("unread-count")).toHaveCount(0);
  await sellerPage.getByRole("link", { name: "Bea B." }).click();
  await expect(sellerPage).toHaveURL(conversationUrl);
  // Markup in a message is text.
  await expect(sellerPage.getByText(SCRIPT, { exact: false })).toBeVisible();
  await sellerPage.getByRole("textbox", { name: "Your reply" }).fill("It runs true to size, and the jersey stretches.");
  await sellerPage.getByRole("button", { name: "Send Message" }).click();
  await expect(sellerPage.getByTestId("message").last()).toContainText("It runs true to size");
  await expect(sellerPage.getByRole("banner").getByTestId("unread-count")).toHaveCount(0);

  const sellerMails = await mailsTo(seller.email);
  expect(sellerMails).toHaveLength(1);
  expect(sellerMails[0]!.subject).toBe("New message from Bea B. on Patternhouse");
  expect(sellerMails[0]!.text).toContain(`Does the wrap dress run small? ${SCRIPT}`);
  expect(sellerMails[0]!.text).toContain(`${baseURL}${conversationUrl}`);
  expect(sellerMails[0]!.html).toContain("&#60;script&#62;");

  await page.goto("/messages");
  await expect(page.getByRole("link", { name: "Sela S., unread" })).toContainText("It runs true to size");
  await page.getByRole("link", { name: "Sela S., unread" }).click();
  const [reply] = readDb<{ created_at: number }>("SELECT created_at FROM messages WHERE sender_id = ? ORDER BY id DESC LIMIT 1", seller.id);
  const replyItem = page.getByTestId("message").last();
  await expect(replyItem).toContainText("Sela S.");
  await expect(replyItem).toContainText("It runs true to size, and the jersey stretches.");
  await expect(replyItem.locator("time")).toHaveText(formatIn(reply!.created_at, js ? "Asia/Kolkata" : "UTC"));
  expect(await mailsTo(buyer.email)).toHaveLength(1);
  await buyerContext.close();
  await sellerContext.close();
});

test("bad messages get a clear error and store nothing; a seller cannot message their own store", { tag: "@long" }, async ({ browser, request, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  const seller = await sellerWithStore(request, "Own Store");
  const buyer = await newUser(request, { prefix: "bad-msg" });
  const context = await browser.newContext({ javaScriptEnabled: js });
  await signIn(context, baseURL!, buyer);
  const page = await context.newPage();
  await page.goto(`/store/${seller.id}`);
  await page.getByText("Send a message").click();
  await page.locator("form#send-message").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Please write a message")).toBeVisible();
  // The textarea's maxlength stops a browser at 2,000: a client without it is refused by the server too.
  await page.getByRole("textbox", { name: "Message" }).evaluate((el) => el.removeAttribute("maxlength"));
  await page.getByRole("textbox", { name: "Message" }).fill("x".repeat(2001));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("A message can have at most 2000 characters")).toBeVisible();
  expect(messagesOf(buyer)).toEqual([]);

  // The owner gets no dialog; a forced post is refused by the server.
  await signIn(context, baseURL!, seller);
  await page.goto(`/store/${seller.id}`);
  await expect(page.getByText("Send a message")).toHaveCount(0);
  // A same-origin post (the cross-site check refuses others before the app sees them).
  const forced = await page.request.post(`/store/${seller.id}`, { headers: { Origin: baseURL! }, form: { intent: "message", message: "Hello me" } });
  expect(forced.status()).toBe(400);
  expect(messagesOf(seller)).toEqual([]);
  await context.close();
});

test("blocking: the blocked user is told the message cannot be delivered", { tag: "@long" }, async ({ browser, request, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  const seller = await sellerWithStore(request, "Quiet Studio");
  const buyer = await newUser(request, { firstName: "Pushy", lastName: "Person", prefix: "blocked" });
  const first = await request.post("/api/user/send-message", { headers: buyer.auth, data: { to: seller.id, message: "Hello?" } });
  expect(first.status()).toBe(201);
  const conversation = Number(first.headers()["x-conversation-id"]);

  const sellerContext = await browser.newContext({ javaScriptEnabled: js });
  await signIn(sellerContext, baseURL!, seller);
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto(`/message/${conversation}`);
  await sellerPage.getByRole("button", { name: "Block Pushy P." }).click();
  await expect(sellerPage.getByText("You blocked Pushy P.: they cannot send you messages.")).toBeVisible();

  const buyerContext = await browser.newContext({ javaScriptEnabled: js });
  await signIn(buyerContext, baseURL!, buyer);
  const page = await buyerContext.newPage();
  await page.goto(`/message/${conversation}`);
  await page.getByRole("textbox", { name: "Your reply" }).fill("Hello again?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("This message cannot be delivered: the recipient does not accept messages from you.")).toBeVisible();
  expect(messagesOf(buyer).map((m) => m.content)).toEqual(["Hello?"]);

  await sellerPage.getByRole("button", { name: "Unblock Pushy P." }).click();
  await page.getByRole("textbox", { name: "Your reply" }).fill("Hello again?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("message").last()).toContainText("Hello again?");
  await sellerContext.close();
  await buyerContext.close();
});

test("a conversation the user is not part of is 404; visitors are sent to log in", async ({ browser, request, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  const a = await newUser(request, { prefix: "pair-a" });
  const b = await newUser(request, { prefix: "pair-b" });
  const third = await newUser(request, { prefix: "third" });
  const sent = await request.post("/api/user/send-message", { headers: a.auth, data: { to: b.id, message: "Private" } });
  const conversation = sent.headers()["x-conversation-id"];
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto("/messages");
  await expect(page).toHaveURL("/login?redirectTo=%2Fmessages");
  await signIn(context, baseURL!, third);
  const res = await page.goto(`/message/${conversation}`);
  expect(res?.status()).toBe(404);
  await page.goto("/messages");
  await expect(page.getByText("No messages yet")).toBeVisible();
  await context.close();
});

test("order context: 'Message the seller' on a purchase, and the conversation shows the order", async ({ browser, request, baseURL }, testInfo) => {
  const js = testInfo.project.name === "js";
  const buyer = await newUser(request, { firstName: "Olga", lastName: "Orders", prefix: "order-msg" });
  const { orderId, sellerId } = await buyDigitalPattern(request, buyer, js ? 6 : 7);
  const context = await browser.newContext({ javaScriptEnabled: js });
  await signIn(context, baseURL!, buyer);
  const page = await context.newPage();
  await page.goto(`/purchase/${orderId}`);
  await page.getByRole("link", { name: "Message the seller" }).click();
  await expect(page).toHaveURL(`/messages/new?to=${sellerId}&order=${orderId}`);
  await expect(page.getByTestId("order-context")).toContainText(`About order #${orderId}`);
  await page.getByRole("textbox", { name: "Message" }).fill("The download link works, thanks! One question about seam allowances.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/message\/\d+$/);
  const message = page.getByTestId("message").last();
  await expect(message).toContainText("seam allowances");
  await expect(message.getByRole("link", { name: `order #${orderId}` })).toHaveAttribute("href", `/purchase/${orderId}`);
  expect(messagesOf(buyer)).toEqual([{ content: "The download link works, thanks! One question about seam allowances.", order_id: orderId }]);
  // Another user's order cannot be used as context.
  const other = await newUser(request, { prefix: "not-my-order" });
  await signIn(context, baseURL!, other);
  const res = await page.goto(`/messages/new?to=${sellerId}&order=${orderId}`);
  expect(res?.status()).toBe(404);
  await context.close();
});

const ADDRESS = {
  first_name: "Olga",
  last_name: "Orders",
  street: "1 Loop Rd",
  street2: "",
  city: "Austin",
  state: "TX",
  zip: "73301",
  country: "US",
  phone: "+1 512 555 0100",
};

/** Buys one of the demo seller's digital patterns through the JSON face and the local payment page. */
async function buyDigitalPattern(request: Parameters<typeof newUser>[0], buyer: MessagingUser, offset: number) {
  expect((await request.post("/api/user/update-profile", { headers: buyer.auth, data: ADDRESS })).status()).toBe(200);
  const product = pattern("Digital", offset);
  const checkout = await request.post("/api/user/checkout", {
    headers: buyer.auth,
    data: { digital_consent: true, items: [{ productId: product.id, variantId: product.variant_id }] },
  });
  expect(checkout.status()).toBe(200);
  const session = await checkout.json();
  const pay = await request.post(new URL(session.url).pathname, { headers: buyer.auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  const [order] = readDb<{ id: number; seller: number }>(
    "SELECT o.id, s.user_id AS seller FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.buyer_id = ? ORDER BY o.id DESC LIMIT 1",
    buyer.id,
  );
  return { orderId: order!.id, sellerId: order!.seller };
}
