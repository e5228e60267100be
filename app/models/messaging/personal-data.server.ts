/**
 * Messaging's section of the personal-data export (decision 103, issue 36): the conversations with every message
 * (the other party by name), the users this user blocked, and the help requests sent.
 */
import { asc, eq, inArray, or } from "drizzle-orm";

import { conversations, helpRequests, messages, userBlocks, users } from "../../../db/tables";
import { iso, type ExportSubject } from "~/utils/personal-data";

export async function messagingPersonalData({ db, user }: ExportSubject) {
  const userId = user.id;
  const convs = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)))
    .orderBy(asc(conversations.id));
  const otherIds = convs.map((c) => (c.userA === userId ? c.userB : c.userA));
  const others = new Map(
    (otherIds.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, otherIds)) : []).map(
      (u) => [u.id, `${u.firstName} ${u.lastName}`.trim()],
    ),
  );
  const convMessages = convs.length
    ? await db.select().from(messages).where(inArray(messages.conversationId, convs.map((c) => c.id))).orderBy(asc(messages.createdAt), asc(messages.id))
    : [];
  return {
    conversations: convs.map((c) => {
      const otherId = c.userA === userId ? c.userB : c.userA;
      return {
        id: c.id,
        other_party: { id: otherId, name: others.get(otherId) ?? "" },
        created_at: iso(c.createdAt),
        messages: convMessages
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({ id: m.id, from: m.senderId === userId ? "me" : "other", content: m.content, order_id: m.orderId, created_at: iso(m.createdAt) })),
      };
    }),
    blocks: (await db
      .select({ blockedId: userBlocks.blockedId, createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, userId)))
      .map((b) => ({ blocked_user_id: b.blockedId, created_at: iso(b.createdAt) })),
    help_requests: (await db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.userId, userId))
      .orderBy(asc(helpRequests.id)))
      .map((h) => ({
        id: h.id,
        name: h.name,
        email: h.email,
        message: h.message,
        social_media: h.socialMedia,
        website: h.website,
        resume_file: h.resumeFile,
        created_at: iso(h.createdAt),
      })),
  };
}
