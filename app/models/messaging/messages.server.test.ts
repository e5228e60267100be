import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { conversations, messages, stores, users, type User } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { type Db, first, rawRow } from "~/utils/db.server";
import { blockUser, hasBlocked, unblockUser } from "./blocks.server";
import {
  countUnreadConversations,
  displayName,
  getConversation,
  listConversations,
  markConversationRead,
  pairOf,
} from "./conversations.server";
import { listMessages, orderCounterpart, replyToConversation, sendMessage, sendMessageAndNotify, toMessageJson } from "./messages.server";
import { NOTIFY_EVERY_MS } from "./notifications.server";
import { outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { atTime, isUniqueViolation } from "~/utils/sql-dialect.server";

let db: Db;
let ada: User;
let bob: User;
let cy: User;

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 9, 0, 0) + ms);

beforeEach(async () => {
  db = createTestDb();
  ada = await makeUser(db, { firstName: "Ada", lastName: "Lovelace" });
  bob = await makeUser(db, { firstName: "Bob", lastName: "Marley" });
  cy = await makeUser(db, { firstName: "Cy", lastName: "Twombly" });
});

async function send(from: User, to: User, content: string, now = at(0), orderId?: number) {
  return await sendMessage({ db, senderId: from.id, to: to.id, content, now, orderId });
}

describe("conversations", () => {
  it("one conversation per pair, whoever writes first, with the smaller id as user A", async () => {
    const first = await send(bob, ada, "Hello Ada");
    const second = await send(ada, bob, "Hi Bob", at(1000));
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.conversationId).toBe(first.conversationId);
    expect(first.newConversation).toBe(true);
    expect(second.newConversation).toBe(false);
    const row = await db.select().from(conversations);
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject(pairOf(bob.id, ada.id));
    expect(row[0]!.userA).toBeLessThan(row[0]!.userB);
    // The pair is unique and ordered in the database too.
    await expect((async () => await db.insert(conversations).values({ userA: ada.id, userB: bob.id }))()).rejects.toSatisfy(isUniqueViolation);
    await expect((async () => await db.insert(conversations).values({ userA: bob.id, userB: ada.id }))()).rejects.toSatisfy(isCheckViolation);
  });

  it("lists the user's conversations, most recent first, with the other user, last message and unread mark", async () => {
    await send(bob, ada, "From Bob", at(0));
    await send(cy, ada, "From Cy", at(5000));
    await send(ada, bob, "Ada answers Bob", at(10_000));
    const list = await listConversations({ db, userId: ada.id });
    expect(list.map((c) => [c.other.username, c.lastMessage, c.unread])).toEqual([
      ["Bob M.", "Ada answers Bob", false],
      ["Cy T.", "From Cy", true],
    ]);
    expect(list[0]!.lastMessageAt).toEqual(at(10_000));
    expect((await listConversations({ db, userId: bob.id })).map((c) => [c.other.username, c.unread])).toEqual([["Ada L.", true]]);
    expect(await listConversations({ db, userId: (cy.id + 100) })).toEqual([]);
  });

  it("a store owner without an avatar of their own is shown with the store's logo", async () => {
    await db.insert(stores).values({ userId: bob.id, name: "Bob's Patterns", avatar: "a".repeat(32) + ".png" });
    await send(ada, bob, "Question about sizes");
    const [item] = await listConversations({ db, userId: ada.id });
    expect(item!.other).toMatchObject({ username: "Bob M.", avatar: "a".repeat(32) + ".png", storeName: "Bob's Patterns" });
    await db.update(users).set({ avatar: "b".repeat(32) + ".webp", bio: "I sew." }).where(eq(users.id, bob.id));
    expect((await listConversations({ db, userId: ada.id }))[0]!.other).toMatchObject({ avatar: "b".repeat(32) + ".webp", bio: "I sew." });
  });

  it("counts unread conversations; opening one marks it read; sending counts as reading", async () => {
    await send(bob, ada, "one", at(0));
    await send(bob, ada, "two", at(1000));
    await send(cy, ada, "three", at(2000));
    expect(await countUnreadConversations({ db, userId: ada.id })).toBe(2);
    expect(await countUnreadConversations({ db, userId: bob.id })).toBe(0);
    const withBob = (await listConversations({ db, userId: ada.id })).find((c) => c.other.id === bob.id)!;
    expect(await markConversationRead({ db, conversationId: withBob.id, userId: ada.id, now: at(3000) })).toBe(true);
    expect(await countUnreadConversations({ db, userId: ada.id })).toBe(1);
    // A new message makes it unread again.
    await send(bob, ada, "four", at(4000));
    expect(await countUnreadConversations({ db, userId: ada.id })).toBe(2);
    // Ada replies to Cy: that conversation counts as read for her.
    const withCy = (await listConversations({ db, userId: ada.id })).find((c) => c.other.id === cy.id)!;
    expect((await replyToConversation({ db, senderId: ada.id, conversationId: withCy.id, content: "hi Cy", now: at(5000) })).ok).toBe(true);
    expect(await countUnreadConversations({ db, userId: ada.id })).toBe(1);
    expect(await countUnreadConversations({ db, userId: cy.id })).toBe(1);
  });

  it("a user who is not a participant neither sees nor marks a conversation", async () => {
    const sent = await send(bob, ada, "private");
    if (!sent.ok) throw new Error("not sent");
    expect(await getConversation({ db, conversationId: sent.conversationId, userId: cy.id })).toBeUndefined();
    expect((await getConversation({ db, conversationId: sent.conversationId, userId: ada.id }))?.other.id).toBe(bob.id);
    expect(await markConversationRead({ db, conversationId: sent.conversationId, userId: cy.id })).toBe(false);
    expect(await replyToConversation({ db, senderId: cy.id, conversationId: sent.conversationId, content: "intruding" })).toEqual({
      ok: false,
      error: "not-found",
    });
    expect(await db.select().from(messages)).toHaveLength(1);
  });
});

describe("sending", () => {
  it("refuses blank, too long, oneself, unknown and inactive recipients, storing nothing", async () => {
    expect(await send(ada, bob, "   ")).toEqual({ ok: false, error: "empty" });
    expect(await send(ada, bob, "x".repeat(2001))).toEqual({ ok: false, error: "too-long" });
    expect(await send(ada, ada, "me")).toEqual({ ok: false, error: "self" });
    expect(await sendMessage({ db, senderId: ada.id, to: 99_999, content: "hello" })).toEqual({ ok: false, error: "unknown-recipient" });
    await db.update(users).set({ status: "Suspended" }).where(eq(users.id, cy.id));
    expect(await send(ada, cy, "hello")).toEqual({ ok: false, error: "unknown-recipient" });
    expect(await db.select().from(messages)).toHaveLength(0);
    expect(await db.select().from(conversations)).toHaveLength(0);
    // 2,000 characters are fine, stored trimmed and as given (markup is text).
    const ok = await send(ada, bob, `  ${"<script>alert(1)</script>".padEnd(2000, "x")}  `);
    expect(ok.ok).toBe(true);
    expect((await first(db.select().from(messages).limit(1)))!.content).toBe("<script>alert(1)</script>".padEnd(2000, "x"));
  });

  it("lists messages oldest first with sender, date and the JSON shape of spec 3", async () => {
    const sent = await send(ada, bob, "first", at(0));
    await send(bob, ada, "second", at(60_000));
    if (!sent.ok) throw new Error("not sent");
    const list = await listMessages({ db, conversationId: sent.conversationId, viewerId: ada.id });
    expect(list.map((m) => [m.username, m.content])).toEqual([
      ["Ada L.", "first"],
      ["Bob M.", "second"],
    ]);
    expect(toMessageJson(list[1]!)).toEqual({
      id: list[1]!.id,
      from_username: "Bob M.",
      from_id: bob.id,
      content: "second",
      dt: at(60_000).toISOString(),
      order_id: null,
    });
  });

  it("a message may be about an order between the two users only", async () => {
    const store = (await db.insert(stores).values({ userId: bob.id, name: "Bob's" }).returning())[0];
    const orderId = await insertOrder(db, { buyerId: ada.id, storeId: store.id });
    const fromBuyer = await send(ada, bob, "Where is my parcel?", at(0), orderId);
    const fromSeller = await send(bob, ada, "Shipped today", at(1000), orderId);
    expect(fromBuyer.ok && fromSeller.ok).toBe(true);
    if (!fromBuyer.ok) return;
    const list = await listMessages({ db, conversationId: fromBuyer.conversationId, viewerId: ada.id });
    expect(list[0]!.order).toEqual({ id: orderId, productName: "Wrap Dress", viewerIsBuyer: true });
    expect((await listMessages({ db, conversationId: fromBuyer.conversationId, viewerId: bob.id }))[0]!.order?.viewerIsBuyer).toBe(false);
    // Cy is neither the buyer nor the seller of that order; an unknown order is refused too.
    expect(await send(cy, bob, "About Ada's order", at(0), orderId)).toEqual({ ok: false, error: "order-not-found" });
    expect(await send(ada, bob, "About nothing", at(0), 12345)).toEqual({ ok: false, error: "order-not-found" });
  });
});

describe("order context links", () => {
  it("the buyer is sent to the seller and the seller to the buyer; anybody else gets nothing", async () => {
    const store = (await db.insert(stores).values({ userId: bob.id, name: "Bob's" }).returning())[0];
    const orderId = await insertOrder(db, { buyerId: ada.id, storeId: store.id });
    expect(await orderCounterpart({ db, orderId, userId: ada.id })).toEqual({ otherId: bob.id, role: "buyer", href: `/messages/new?to=${bob.id}&order=${orderId}` });
    expect(await orderCounterpart({ db, orderId, userId: bob.id })).toEqual({ otherId: ada.id, role: "seller", href: `/messages/new?to=${ada.id}&order=${orderId}` });
    expect(await orderCounterpart({ db, orderId, userId: cy.id })).toBeUndefined();
    expect(await orderCounterpart({ db, orderId: 999, userId: ada.id })).toBeUndefined();
  });

  it("gives no link to a party whose account is closed (no 'Message the buyer' that ends in a 404)", async () => {
    const store = (await db.insert(stores).values({ userId: bob.id, name: "Bob's" }).returning())[0];
    const orderId = await insertOrder(db, { buyerId: ada.id, storeId: store.id });
    // What deleting an account leaves of the row (personal-data.server's deleteAccount).
    await db.update(users).set({ status: "Inactive" }).where(eq(users.id, ada.id));
    expect(await orderCounterpart({ db, orderId, userId: bob.id })).toBeUndefined();
    expect((await orderCounterpart({ db, orderId, userId: ada.id }))?.otherId).toBe(bob.id);
  });
});

describe("notification throttling", () => {
  it("sends the claimed email with the text, the link and the way to switch it off", async () => {
    const dir = useTestEnv();
    await sendMessageAndNotify({ db, senderId: ada.id, to: bob.id, content: "Is it <lined>?", now: at(0), origin: "https://ph.test" });
    await sendMessageAndNotify({ db, senderId: ada.id, to: bob.id, content: "And the hem?", now: at(1000), origin: "https://ph.test" });
    const mails = outbox(dir) as { to: string; subject: string; text: string; html: string }[];
    expect(mails).toHaveLength(1);
    const conversation = (await listConversations({ db, userId: bob.id }))[0]!;
    expect(mails[0]).toMatchObject({ to: bob.email, subject: "New message from Ada L. on Patternhouse" });
    expect(mails[0]!.text).toContain("Is it <lined>?");
    expect(mails[0]!.text).toContain(`https://ph.test/message/${conversation.id}`);
    expect(mails[0]!.text).toContain("https://ph.test/settings");
    expect(mails[0]!.html).toContain("Is it &#60;lined&#62;?");
  });

  it("emails the recipient at most once per conversation per 15 minutes, and never when switched off", async () => {
    const first = await send(ada, bob, "one", at(0));
    expect(first.ok && first.notification).toMatchObject({ to: bob.email, senderName: "Ada L.", content: "one" });
    expect(await send(ada, bob, "two", at(60_000))).toMatchObject({ ok: true, notification: null });
    // Bob reading it does not make the next message email him within the window either.
    if (first.ok) await markConversationRead({ db, conversationId: first.conversationId, userId: bob.id, now: at(70_000) });
    expect(await send(ada, bob, "three", at(NOTIFY_EVERY_MS - 1))).toMatchObject({ ok: true, notification: null });
    // Bob's answer emails Ada: her own mark is separate.
    expect(await send(bob, ada, "answer", at(120_000))).toMatchObject({ ok: true, notification: { to: ada.email } });
    expect(await send(ada, bob, "four", at(NOTIFY_EVERY_MS))).toMatchObject({ ok: true, notification: { content: "four" } });
    // Another conversation of Bob has its own window.
    expect(await send(cy, bob, "hey", at(NOTIFY_EVERY_MS))).toMatchObject({ ok: true, notification: { to: bob.email } });

    await db.update(users).set({ messageEmails: false }).where(eq(users.id, bob.id));
    expect(await send(ada, bob, "five", at(3 * NOTIFY_EVERY_MS))).toMatchObject({ ok: true, notification: null });
  });
});

describe("abuse limits", () => {
  it("a user sends at most 20 messages a minute, counted in SQLite; the next minute opens a new window", async () => {
    for (let i = 1; i <= 20; i++) expect((await send(ada, bob, `m${i}`, at(i))).ok).toBe(true);
    expect(await send(ada, bob, "m21", at(30_000))).toEqual({ ok: false, error: "too-many-messages" });
    expect(await send(ada, cy, "m22 to someone else", at(59_000))).toEqual({ ok: false, error: "too-many-messages" });
    expect(await db.select().from(messages)).toHaveLength(20);
    // Bob is not limited by Ada's sending.
    expect((await send(bob, ada, "reply", at(30_000))).ok).toBe(true);
    expect((await send(ada, bob, "next minute", at(61_000))).ok).toBe(true);
  });

  it("a user starts at most 10 new conversations an hour; messages in existing ones still go", async () => {
    const others: User[] = [];
    for (let i = 0; i < 11; i++) others.push(await makeUser(db));
    for (let i = 0; i < 10; i++) expect((await send(ada, others[i]!, "hi", at(i * 60_000))).ok).toBe(true);
    expect(await send(ada, others[10]!, "hi", at(11 * 60_000))).toEqual({ ok: false, error: "too-many-conversations" });
    expect((await send(ada, others[0]!, "again", at(12 * 60_000))).ok).toBe(true);
    expect(await db.select().from(conversations)).toHaveLength(10);
    expect((await send(ada, others[10]!, "an hour later", at(61 * 60_000))).ok).toBe(true);
  });

  it("blocking: the blocked sender is told the message cannot be delivered; the blocker must unblock to write", async () => {
    expect((await send(bob, ada, "hi")).ok).toBe(true);
    expect(await blockUser({ db, blockerId: ada.id, blockedId: bob.id })).toBe(true);
    expect(await blockUser({ db, blockerId: ada.id, blockedId: bob.id })).toBe(true);
    expect(await blockUser({ db, blockerId: ada.id, blockedId: ada.id })).toBe(false);
    expect(await hasBlocked({ db, blockerId: ada.id, blockedId: bob.id })).toBe(true);
    expect(await send(bob, ada, "let me in", at(1000))).toEqual({ ok: false, error: "blocked" });
    expect(await send(ada, bob, "by the way", at(1000))).toEqual({ ok: false, error: "blocked-by-you" });
    expect((await send(cy, ada, "others still can", at(1000))).ok).toBe(true);
    await unblockUser({ db, blockerId: ada.id, blockedId: bob.id });
    expect((await send(bob, ada, "thanks", at(2000))).ok).toBe(true);
    expect((await db.select().from(messages)).map((m) => m.content)).toEqual(["hi", "others still can", "thanks"]);
  });
});

describe("display names", () => {
  it("first name and last initial", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace" })).toBe("Ada L.");
    expect(displayName({ firstName: "Ada", lastName: "" })).toBe("Ada");
    expect(displayName({ firstName: " ", lastName: " " })).toBe("Patternhouse user");
  });
});

/** A CHECK constraint's refusal on either engine: SQLite's message, PostgreSQL's SQLSTATE 23514 (under drizzle's error). */
function isCheckViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23514" || /CHECK constraint failed/.test(String((e as { message?: unknown }).message))) return true;
  }
  return false;
}

async function insertOrder(db: Db, { buyerId, storeId }: { buyerId: number; storeId: number }): Promise<number> {
  const product = (await rawRow<{ id: number }>(db, sql`INSERT INTO products (store_id, name, description, price_cents, type, category1, category2)
    VALUES (${storeId}, 'Wrap Dress', 'A dress', 5000, 'Ready', 'women', 'dresses') RETURNING id`))!;
  const checkout = (await rawRow<{ id: number }>(db, sql`INSERT INTO checkouts (user_id, provider, subtotal_cents, shipping_cents, total_cents, shipping_address, expires_at, status)
    VALUES (${buyerId}, 'local', 5000, 0, 5000, '{}', ${atTime(db, 0)}, 'paid') RETURNING id`))!;
  return (await rawRow<{ id: number }>(db, sql`INSERT INTO orders (checkout_id, buyer_id, store_id, product_id, product_name, product_type, quantity, amount_cents, fee_cents)
    VALUES (${checkout.id}, ${buyerId}, ${storeId}, ${product.id}, 'Wrap Dress', 'Ready', 1, 5000, 750) RETURNING id`))!.id;
}
