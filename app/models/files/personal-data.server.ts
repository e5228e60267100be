/** The file store's section of the personal-data export (decision 103, issue 36): every file the user uploaded. */
import { asc, eq } from "drizzle-orm";

import { files } from "../../../db/tables";
import { exportFileUrl, iso, type ExportSubject } from "~/utils/personal-data";

export async function filesPersonalData({ db, user }: ExportSubject) {
  const ownFiles = await db.select().from(files).where(eq(files.ownerId, user.id)).orderBy(asc(files.createdAt));
  return {
    files: ownFiles.map((f) => ({ name: f.name, original_name: f.originalName, kind: f.kind, content_type: f.contentType, size: f.size, url: exportFileUrl(f.name), created_at: iso(f.createdAt) })),
  };
}
