import { and, eq } from "drizzle-orm";

import { userBlocks, users } from "../../../db/tables";
import { type Db, first } from "~/utils/db.server";

/** Blocks `blockedId` from messaging `blockerId` (idempotent). Blocking oneself or an unknown user is refused. */
export async function blockUser({ db, blockerId, blockedId }: { db: Db; blockerId: number; blockedId: number }): Promise<boolean> {
  if (blockerId === blockedId) return false;
  if (!await first(db.select({ id: users.id }).from(users).where(eq(users.id, blockedId)).limit(1))) return false;
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  return true;
}

export async function unblockUser({ db, blockerId, blockedId }: { db: Db; blockerId: number; blockedId: number }) {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** Whether `blockerId` has blocked `blockedId`. */
export async function hasBlocked({ db, blockerId, blockedId }: { db: Db; blockerId: number; blockedId: number }): Promise<boolean> {
  return Boolean(
    await first(db
      .select({ one: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))).limit(1)),
  );
}
