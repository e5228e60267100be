import { and, eq, gt, lt, sql } from "drizzle-orm";

import { cartItems, carts, sessions, stores, users, type User } from "../../../db/tables";
import { unreadConversationsSql } from "~/models/messaging/conversations.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { isPg, preparedQuery, type Db } from "~/utils/db.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Starts a session and returns its bearer token; only the token's hash is stored. */
export async function createSession({
  db,
  userId,
  userAgent,
  now = new Date(),
}: {
  db: Db;
  userId: number;
  userAgent?: string | null;
  now?: Date;
}): Promise<string> {
  const token = randomToken();
  await db.insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
  return token;
}

/** A session's user, with the number of conversations they have not read (the header's Messages count). */
export type SessionUser = User & { unreadConversations: number };

// Every page asks for the session: its queries are prepared once (preparedQuery), the token hash and the clock bound
// (a placeholder is bound as given: milliseconds on SQLite, a Date for PostgreSQL's timestamp).
const clockParam = (db: Db, now: Date) => (isPg(db) ? now : now.getTime());
const sessionUserQuery = preparedQuery("session_user", (db) =>
  db
    .select({ user: users, unread: unreadConversationsSql(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("nowMs"))))
);

/**
 * The active user behind a token, or null (unknown, expired or revoked token, or an inactive account). The unread
 * conversations are counted in the same statement (a subquery), so no page pays a second query for the header.
 */
export async function getSessionUser({ db, token, now = new Date() }: { db: Db; token: string; now?: Date }): Promise<SessionUser | null> {
  if (!token) return null;
  const row = await sessionUserQuery(db).get({ tokenHash: sha256(token), nowMs: clockParam(db, now) });
  if (!row || row.user.status !== "Active") return null;
  return { ...row.user, unreadConversations: row.unread };
}

/** What every page's header shows about a logged-in user. */
export type SessionViewer = { user: SessionUser; hasStore: boolean; onboarded: boolean; cartCount: number };

const sessionViewerQuery = preparedQuery("session_viewer", (db) =>
  db
    .select({
      user: users,
      unread: unreadConversationsSql(users.id),
      onboarded: sql<number | null>`(SELECT ${stores.stripeOnboarded} FROM ${stores} WHERE ${stores.userId} = ${users.id})`,
      cartCount: sql<number>`(SELECT coalesce(sum(${cartItems.quantity}), 0) FROM ${cartItems}
        JOIN ${carts} ON ${carts.id} = ${cartItems.cartId} WHERE ${carts.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("nowMs"))))
);

/**
 * The session's active user (with their unread conversations), their store's onboarded flag and their cart's item count, in one indexed
 * query (the root loader's; getSessionUser's rules: unknown, expired or revoked token, or an inactive account
 * give null).
 */
export async function getSessionViewer({ db, token, now = new Date() }: { db: Db; token: string; now?: Date }): Promise<SessionViewer | null> {
  if (!token) return null;
  const row = await sessionViewerQuery(db).get({ tokenHash: sha256(token), nowMs: clockParam(db, now) });
  if (!row || row.user.status !== "Active") return null;
  return { user: { ...row.user, unreadConversations: row.unread }, hasStore: row.onboarded !== null, onboarded: Boolean(row.onboarded), cartCount: Number(row.cartCount) };
}

export async function revokeSession({ db, token }: { db: Db; token: string }) {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Ends every session of a user, e.g. after a password reset. */
export async function revokeUserSessions({ db, userId }: { db: Db; userId: number }) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions({ db, now = new Date() }: { db: Db; now?: Date }) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
