import { desc, eq, sql } from "drizzle-orm";

import { conversations, messages, orders, stores, users } from "../../../db/tables";
import { type Db, first, rawRun, transaction } from "~/utils/db.server";
import { atTime } from "~/utils/sql-dialect.server";
import { hit } from "~/utils/rate-limit.server";
import { hasBlocked } from "./blocks.server";
import { displayName, findConversation, getConversation, pairOf } from "./conversations.server";
import { MESSAGE_LIMITS } from "./limits.server";
import { deliverMessageNotification, NOTIFY_EVERY_MS, type MessageNotification } from "./notifications.server";
import { isId } from "~/utils/ids";

export const MAX_MESSAGE_LENGTH = 2000;

export type SendMessageError =
  | "empty"
  | "too-long"
  | "self"
  | "unknown-recipient"
  | "order-not-found"
  | "blocked"
  | "blocked-by-you"
  | "too-many-messages"
  | "too-many-conversations"
  | "not-found";

export type SendMessageResult =
  | { ok: true; conversationId: number; messageId: number; newConversation: boolean; notification: MessageNotification | null }
  | { ok: false; error: SendMessageError };

/** The order a message may be about: one between these two users (either may be the buyer or the seller). */
export async function orderBetween({ db, orderId, userId, otherId }: { db: Db; orderId: number; userId: number; otherId: number }) {
  if (!isId(orderId)) return undefined;
  const row = await first(db
    .select({ id: orders.id, buyerId: orders.buyerId, sellerId: stores.userId, productName: orders.productName })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, orderId)).limit(1));
  if (!row) return undefined;
  const between =
    (row.buyerId === userId && row.sellerId === otherId) || (row.buyerId === otherId && row.sellerId === userId);
  return between ? row : undefined;
}

/**
 * The other party of an order for one of its parties: the seller (store owner) for the buyer, the buyer for the
 * seller, with the link of 'Message the seller' (/purchase/{id}) or 'Message the buyer' (/sale/{id}).
 * Anybody else, or when the other party's account is closed: undefined.
 */
export async function orderCounterpart({ db, orderId, userId }: { db: Db; orderId: number; userId: number }) {
  if (!isId(orderId)) return undefined;
  const row = await first(db
    .select({ buyerId: orders.buyerId, sellerId: stores.userId })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, orderId)).limit(1));
  if (!row || row.buyerId === row.sellerId) return undefined;
  const other = row.buyerId === userId ? row.sellerId : row.sellerId === userId ? row.buyerId : undefined;
  if (other === undefined) return undefined;
  // A closed (deleted, deactivated or suspended) account cannot be written to: no link that would end in a 404.
  const status = (await first(db.select({ status: users.status }).from(users).where(eq(users.id, other)).limit(1)))?.status;
  if (status !== "Active") return undefined;
  return {
    otherId: other,
    role: row.buyerId === userId ? ("buyer" as const) : ("seller" as const),
    href: `/messages/new?to=${other}&order=${orderId}`,
  };
}

/**
 * Sends a message from `senderId` to the user `to` (a store is messaged through its owner's id), optionally about
 * an order between them. Checks, in order: the text (1 to 2,000 characters after trimming), the recipient (not
 * oneself, an active user), the order, blocks, then the sender's limits (20 messages a minute, 10 new
 * conversations an hour, counted in SQLite). The conversation of the pair is created on the first message.
 * When the recipient wants message emails and was not emailed about this conversation in the last 15 minutes,
 * the answer carries the notification to send (after the transaction).
 */
export async function sendMessage({
  db,
  senderId,
  to,
  content,
  orderId,
  now = new Date(),
}: {
  db: Db;
  senderId: number;
  to: number;
  content: string;
  orderId?: number | null;
  now?: Date;
}): Promise<SendMessageResult> {
  const text = content.trim();
  if (!text) return { ok: false, error: "empty" };
  if (text.length > MAX_MESSAGE_LENGTH) return { ok: false, error: "too-long" };
  if (to === senderId) return { ok: false, error: "self" };
  const recipient = isId(to) ? await first(db.select().from(users).where(eq(users.id, to)).limit(1)) : undefined;
  if (!recipient || recipient.status !== "Active") return { ok: false, error: "unknown-recipient" };
  const order = orderId == null ? null : await orderBetween({ db, orderId, userId: senderId, otherId: to });
  if (order === undefined) return { ok: false, error: "order-not-found" };
  if (await hasBlocked({ db, blockerId: to, blockedId: senderId })) return { ok: false, error: "blocked" };
  if (await hasBlocked({ db, blockerId: senderId, blockedId: to })) return { ok: false, error: "blocked-by-you" };

  const at = now.getTime();
  return await transaction(db,
    async (tx) => {
      const perMinute = await hit({
        db: tx,
        key: `messages:${senderId}`,
        limit: MESSAGE_LIMITS.messagesPerMinute,
        windowMs: 60_000,
        now: at,
      });
      if (!perMinute.allowed) return { ok: false, error: "too-many-messages" } as const;
      let conversation = await findConversation({ db: tx, userId: senderId, otherId: to });
      const newConversation = !conversation;
      if (!conversation) {
        const perHour = await hit({
          db: tx,
          key: `conversations:${senderId}`,
          limit: MESSAGE_LIMITS.newConversationsPerHour,
          windowMs: 60 * 60_000,
          now: at,
        });
        if (!perHour.allowed) return { ok: false, error: "too-many-conversations" } as const;
        conversation = (await tx.insert(conversations).values(pairOf(senderId, to)).returning())[0];
      }
      const senderIsA = conversation.userA === senderId;
      const message = (await tx
        .insert(messages)
        .values({ conversationId: conversation.id, senderId, content: text, orderId: order?.id ?? null, createdAt: now })
        .returning({ id: messages.id }))[0];
      await tx.update(conversations)
        .set(senderIsA ? { lastMessageAt: now, aReadAt: now } : { lastMessageAt: now, bReadAt: now })
        .where(eq(conversations.id, conversation.id));
      // At most one email per conversation and recipient per 15 minutes: a conditional update claims it.
      let notification: MessageNotification | null = null;
      if (recipient.messageEmails) {
        const column = senderIsA ? sql.raw("b_notified_at") : sql.raw("a_notified_at");
        const claimed = await rawRun(tx, sql`UPDATE conversations SET ${column} = ${atTime(tx, at)}
          WHERE id = ${conversation.id} AND (${column} IS NULL OR ${column} <= ${atTime(tx, at - NOTIFY_EVERY_MS)})`);
        if (claimed > 0) {
          const sender = (await first(tx.select().from(users).where(eq(users.id, senderId)).limit(1)))!;
          notification = {
            to: recipient.email,
            recipientName: recipient.firstName,
            senderName: displayName(sender),
            content: text,
            conversationId: conversation.id,
          };
        }
      }
      return { ok: true, conversationId: conversation.id, messageId: message.id, newConversation, notification } as const;
    },
    { behavior: "immediate" },
  );
}

/**
 * sendMessage, then the recipient's email when one is due (outside the transaction; a mail failure is logged and
 * does not undo the message). Used by every face: the store page, /messages/new, a conversation's reply, the JSON API.
 */
export async function sendMessageAndNotify(
  args: Parameters<typeof sendMessage>[0] & { origin: string },
): Promise<SendMessageResult> {
  const { origin, ...rest } = args;
  const result = await sendMessage(rest);
  if (result.ok && result.notification) await deliverMessageNotification({ notification: result.notification, origin });
  return result;
}

/** A reply on a conversation's page: to its other participant; a conversation the user is not part of is not found. */
export async function replyToConversation({
  db,
  senderId,
  conversationId,
  content,
  now,
}: {
  db: Db;
  senderId: number;
  conversationId: number;
  content: string;
  now?: Date;
}): Promise<SendMessageResult> {
  const conversation = await getConversation({ db, conversationId, userId: senderId });
  if (!conversation) return { ok: false, error: "not-found" };
  return await sendMessage({ db, senderId, to: conversation.other.id, content, now });
}

export type MessageView = {
  id: number;
  senderId: number;
  username: string;
  avatar: string | null;
  content: string;
  createdAt: Date;
  order: { id: number; productName: string; viewerIsBuyer: boolean } | null;
};

/** How many of a conversation's latest messages a page shows. */
export const MESSAGES_SHOWN = 500;

/**
 * The messages of a conversation the viewer takes part in (checked with getConversation first), oldest first,
 * each with its sender's name and avatar and the order it is about.
 */
export async function listMessages({ db, conversationId, viewerId }: { db: Db; conversationId: number; viewerId: number }): Promise<MessageView[]> {
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: sql<string | null>`coalesce(${users.avatar}, ${stores.avatar})`,
      content: messages.content,
      createdAt: messages.createdAt,
      orderId: orders.id,
      orderBuyerId: orders.buyerId,
      productName: orders.productName,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(stores, eq(stores.userId, users.id))
    .leftJoin(orders, eq(orders.id, messages.orderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_SHOWN);
  return rows.reverse().map((r) => ({
    id: r.id,
    senderId: r.senderId,
    username: displayName(r),
    avatar: r.avatar,
    content: r.content,
    createdAt: r.createdAt,
    order:
      r.orderId === null ? null : { id: r.orderId, productName: r.productName ?? "", viewerIsBuyer: r.orderBuyerId === viewerId },
  }));
}

/** Spec 3, Message: {from_username, content, dt}; with the message and order ids. */
export function toMessageJson(m: MessageView) {
  return {
    id: m.id,
    from_username: m.username,
    from_id: m.senderId,
    content: m.content,
    dt: m.createdAt.toISOString(),
    order_id: m.order?.id ?? null,
  };
}
