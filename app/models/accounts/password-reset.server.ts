import { and, eq, gt, isNull } from "drizzle-orm";

import { passwordResetTokens } from "../../../db/tables";
import { revokeUserSessions } from "~/models/accounts/sessions.server";
import { findUserByEmail, getUserById, setPassword } from "~/models/accounts/users.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { affected, type Db, first } from "~/utils/db.server";

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Creates a single-use reset token for the account with that email.
 * Returns null for an unknown or inactive account; callers answer the same either way.
 */
export async function createPasswordReset({ db, email, now = new Date() }: { db: Db; email: string; now?: Date }) {
  const user = await findUserByEmail({ db, email });
  if (!user || user.status !== "Active") return null;
  const token = randomToken();
  await db.insert(passwordResetTokens)
    .values({ tokenHash: sha256(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  return { token, user };
}

async function findUsableReset(db: Db, token: string, now: Date) {
  return await first(db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    ).limit(1));
}

export async function isPasswordResetUsable({ db, token, now = new Date() }: { db: Db; token: string; now?: Date }) {
  return Boolean(token && await findUsableReset(db, token, now));
}

/**
 * Sets a new password with a reset token. The token is spent even if two requests race
 * (a conditional update), and every other token and session of the user ends.
 */
export async function resetPassword({
  db,
  token,
  password,
  now = new Date(),
}: {
  db: Db;
  token: string;
  password: string;
  now?: Date;
}): Promise<boolean> {
  const reset = await findUsableReset(db, token, now);
  if (!reset) return false;
  // An account suspended after the link was sent cannot use it.
  if ((await getUserById({ db, userId: reset.userId }))?.status !== "Active") return false;
  const spent = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, reset.tokenHash), isNull(passwordResetTokens.usedAt)));
  if (affected(spent) !== 1) return false;
  await setPassword({ db, userId: reset.userId, password });
  await db.update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, reset.userId), isNull(passwordResetTokens.usedAt)));
  await revokeUserSessions({ db, userId: reset.userId });
  return true;
}
