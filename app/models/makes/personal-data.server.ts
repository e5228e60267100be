/**
 * Makes' section of the personal-data export (decision 103, issue 37): the user's makes (with the measurements they
 * chose to share, and their photos) and the reports they sent. Deleting an account deletes both
 * (accounts/community-data.server.ts).
 */
import { asc, eq, inArray } from "drizzle-orm";

import { makePhotos, makeReports, makes } from "../../../db/schema";
import { exportFileUrl, iso, parseJson, type ExportSubject } from "~/utils/personal-data";

export function makesPersonalData({ db, user }: ExportSubject) {
  const own = db.select().from(makes).where(eq(makes.userId, user.id)).orderBy(asc(makes.id)).all();
  const photos = own.length ? db.select().from(makePhotos).where(inArray(makePhotos.makeId, own.map((m) => m.id))).orderBy(asc(makePhotos.position)).all() : [];
  return {
    makes: own.map((m) => ({
      id: m.id,
      product_id: m.productId,
      size: m.size,
      fabric: m.fabric,
      notes: m.notes,
      fit: { bust: m.fitBust, waist: m.fitWaist, hip: m.fitHip, length: m.fitLength },
      shared_measurements: m.measurements === null ? null : parseJson(m.measurements),
      tester: m.tester,
      hidden_by_seller: m.hiddenAt !== null,
      photos: photos.filter((p) => p.makeId === m.id).map((p) => ({ file: p.file, url: exportFileUrl(p.file) })),
      created_at: iso(m.createdAt),
      updated_at: iso(m.updatedAt),
    })),
    make_reports: db
      .select()
      .from(makeReports)
      .where(eq(makeReports.reporterId, user.id))
      .orderBy(asc(makeReports.id))
      .all()
      .map((r) => ({ make_id: r.makeId, reason: r.reason, created_at: iso(r.createdAt) })),
  };
}
