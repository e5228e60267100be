import { and, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";

import { conversations, stores, users } from "../../../db/tables";
import { type Db, type DbOrTx, first, rawRow, rawRun } from "~/utils/db.server";
import { atTime } from "~/utils/sql-dialect.server";
import { isId } from "~/utils/ids";

/** How a user is named in messages (spec: username): first name and last initial, e.g. "Ada L.". */
export function displayName(user: { firstName: string; lastName: string }): string {
  const initial = user.lastName.trim().slice(0, 1);
  return `${user.firstName.trim()}${initial ? ` ${initial}.` : ""}`.trim() || "Patternhouse user";
}

/** One conversation per pair of users, stored with the smaller id first (conversations_ordered_pair). */
export function pairOf(one: number, other: number): { userA: number; userB: number } {
  return one < other ? { userA: one, userB: other } : { userA: other, userB: one };
}

/**
 * The number of conversations with a message the user has not read, as a correlated subquery on `userId`
 * (a column or a value), so the root query that reads the session's user counts them in the same statement.
 * Sending counts as reading (the sender's read mark moves with each message they send).
 */
export function unreadConversationsSql(userId: SQL | number | typeof users.id): SQL<number> {
  // Unread: a message since the last read, or never read (no comparison of a time with 0: PostgreSQL's are timestamps).
  return sql<number>`(SELECT count(*) FROM conversations uc
    WHERE (uc.user_a = ${userId} AND uc.last_message_at IS NOT NULL AND (uc.a_read_at IS NULL OR uc.last_message_at > uc.a_read_at))
       OR (uc.user_b = ${userId} AND uc.last_message_at IS NOT NULL AND (uc.b_read_at IS NULL OR uc.last_message_at > uc.b_read_at)))`;
}

export async function countUnreadConversations({ db, userId }: { db: Db; userId: number }): Promise<number> {
  return (await rawRow<{ n: number }>(db, sql`SELECT ${unreadConversationsSql(userId)} AS n`))!.n;
}

const otherIdOf = (userId: number) =>
  sql<number>`CASE WHEN ${conversations.userA} = ${userId} THEN ${conversations.userB} ELSE ${conversations.userA} END`;

/** Another user as shown in conversations: the user's avatar, or their store's logo when they have none. */
export type Participant = { id: number; username: string; avatar: string | null; bio: string; storeName: string | null };

/** The user's read mark and the other participant's columns (`users`, joined with their store if any). */
const participantColumns = (userId: number) => ({
  // Read as the column is (a Date on both engines: PostgreSQL's driver gives raw SQL's timestamps as text).
  readAt: sql`CASE WHEN ${conversations.userA} = ${userId} THEN ${conversations.aReadAt} ELSE ${conversations.bReadAt} END`.mapWith(conversations.aReadAt),
  otherId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  avatar: sql<string | null>`coalesce(${users.avatar}, ${stores.avatar})`,
  storeName: stores.name,
});

type ParticipantRow = { otherId: number; firstName: string; lastName: string; bio: string; avatar: string | null; storeName: string | null };

const toParticipant = (row: ParticipantRow): Participant => ({
  id: row.otherId,
  username: displayName(row),
  avatar: row.avatar,
  bio: row.bio,
  storeName: row.storeName,
});

export type ConversationListItem = {
  id: number;
  other: Participant;
  lastMessage: string;
  lastMessageAt: Date;
  unread: boolean;
};

/** The user's conversations, most recent first, with the other participant and the last message. */
export async function listConversations({ db, userId }: { db: Db; userId: number }): Promise<ConversationListItem[]> {
  const rows = await db
    .select({
      id: conversations.id,
      lastMessageAt: conversations.lastMessageAt,
      ...participantColumns(userId),
      lastMessage: sql<string>`coalesce((SELECT m.content FROM messages m WHERE m.conversation_id = ${conversations.id}
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1), '')`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherIdOf(userId)))
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(and(or(eq(conversations.userA, userId), eq(conversations.userB, userId)), isNotNull(conversations.lastMessageAt)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  return rows.map((r) => ({
    id: r.id,
    other: toParticipant(r),
    lastMessage: r.lastMessage,
    lastMessageAt: r.lastMessageAt!,
    unread: r.lastMessageAt!.getTime() > (r.readAt?.getTime() ?? 0),
  }));
}

export type ConversationView = {
  id: number;
  other: Participant;
  /** When the viewer had last read it before this visit (null: never). */
  readAt: Date | null;
};

/** A conversation the user takes part in, with the other participant; undefined for anybody else's. */
export async function getConversation({
  db,
  conversationId,
  userId,
}: {
  db: Db;
  conversationId: number;
  userId: number;
}): Promise<ConversationView | undefined> {
  if (!isId(conversationId)) return undefined;
  const row = await first(db
    .select({
      id: conversations.id,
      ...participantColumns(userId),
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherIdOf(userId)))
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.userA, userId), eq(conversations.userB, userId)))).limit(1));
  if (!row) return undefined;
  return {
    id: row.id,
    other: toParticipant(row),
    readAt: row.readAt,
  };
}

/** Marks the conversation read for the user (only for a participant; anybody else changes nothing). */
export async function markConversationRead({
  db,
  conversationId,
  userId,
  now = new Date(),
}: {
  db: Db;
  conversationId: number;
  userId: number;
  now?: Date;
}): Promise<boolean> {
  const at = atTime(db, now);
  const result = await rawRun(db, sql`UPDATE conversations
    SET a_read_at = CASE WHEN user_a = ${userId} THEN ${at} ELSE a_read_at END,
        b_read_at = CASE WHEN user_b = ${userId} THEN ${at} ELSE b_read_at END
    WHERE id = ${conversationId} AND (user_a = ${userId} OR user_b = ${userId})`);
  return result > 0;
}

/** The conversation between two users, if they have one. */
export async function findConversation({ db, userId, otherId }: { db: DbOrTx; userId: number; otherId: number }) {
  const { userA, userB } = pairOf(userId, otherId);
  return await first(db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB))).limit(1));
}

/** A user as a conversation participant (for a new conversation's page). */
export async function getParticipant({ db, userId }: { db: Db; userId: number }): Promise<Participant | undefined> {
  const row = await first(db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      status: users.status,
      avatar: sql<string | null>`coalesce(${users.avatar}, ${stores.avatar})`,
      storeName: stores.name,
    })
    .from(users)
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(eq(users.id, userId)).limit(1));
  if (!row || row.status !== "Active") return undefined;
  return { id: row.id, username: displayName(row), avatar: row.avatar, bio: row.bio, storeName: row.storeName };
}
