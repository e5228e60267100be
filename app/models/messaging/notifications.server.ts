import { eq } from "drizzle-orm";

import { users } from "../../../db/tables";
import type { Db } from "~/utils/db.server";
import { escapeHtml, sendMail } from "~/utils/mail.server";

/** At most one email per conversation and recipient in this window (issue 14). */
export const NOTIFY_EVERY_MS = 15 * 60_000;

/** A new-message email to send, claimed by sendMessage in the message's transaction. */
export type MessageNotification = {
  to: string;
  recipientName: string;
  senderName: string;
  content: string;
  conversationId: number;
};

/** Emails the recipient of a new message: the text and a link to the conversation, and how to switch these off. */
export async function deliverMessageNotification({ notification, origin }: { notification: MessageNotification; origin: string }) {
  const link = `${origin}/message/${notification.conversationId}`;
  const settings = `${origin}/settings`;
  return sendMail({
    to: notification.to,
    subject: `New message from ${notification.senderName} on Patternhouse`,
    text: [
      `Hi ${notification.recipientName},`,
      "",
      `${notification.senderName} sent you a message:`,
      "",
      notification.content,
      "",
      `Read and reply: ${link}`,
      "",
      `You get at most one of these emails per conversation every 15 minutes. Switch them off in your settings: ${settings}`,
    ].join("\n"),
    html: [
      `<p>Hi ${escapeHtml(notification.recipientName)},</p>`,
      `<p>${escapeHtml(notification.senderName)} sent you a message:</p>`,
      `<blockquote style="white-space:pre-line">${escapeHtml(notification.content)}</blockquote>`,
      `<p><a href="${escapeHtml(link)}">Read and reply</a></p>`,
      `<p style="color:#64748b">You get at most one of these emails per conversation every 15 minutes. <a href="${escapeHtml(settings)}">Switch them off in your settings</a>.</p>`,
    ].join(""),
  });
}

/** The per-user switch for message emails (on /settings). */
export async function setMessageEmails({ db, userId, enabled }: { db: Db; userId: number; enabled: boolean }) {
  await db.update(users).set({ messageEmails: enabled }).where(eq(users.id, userId));
}
