import { eq } from "drizzle-orm";

import { files } from "../../../db/schema";
import type { Db } from "~/utils/db.server";

/** The metadata row of an uploaded file, or undefined. */
export function getFileRecord({ db, name }: { db: Db; name: string }) {
  return db.select().from(files).where(eq(files.name, name)).get();
}
