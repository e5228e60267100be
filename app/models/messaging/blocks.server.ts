import { and, eq } from "drizzle-orm";

import { userBlocks, users } from "../../../db/tables";
import type { Db } from "~/utils/db.server";

/** Blocks `blockedId` from messaging `blockerId` (idempotent). Blocking oneself or an unknown user is refused. */
export function blockUser({ db, blockerId, blockedId }: { db: Db; blockerId: number; blockedId: number }): boolean {
  if (blockerId === blockedId) return false;
  if (!db.select({ id: users.id }).from(users).where(eq(users.id, blockedId)).get()) return false;
  db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing().run();
  return true;
}

export function unblockUser({ db, blockerId, blockedId }: { db: Db; blockerId: number; blockedId: number }) {
  db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))).run();
}

/** Whether `blockerId` has blocked `blockedId`. */
export function hasBlocked({ db, blockerId, blockedId }: { db: Db; blockerId: number; blockedId: number }): boolean {
  return Boolean(
    db
      .select({ one: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      .get(),
  );
}
