import { eq } from "drizzle-orm";

import { stores } from "../../db/schema";
import type { Db } from "../utils/db.server";

/** The store a user owns (seller rights come from owning one), or undefined. */
export function getStoreOfUser({ db, userId }: { db: Db; userId: number }) {
  return db.select().from(stores).where(eq(stores.userId, userId)).get();
}
