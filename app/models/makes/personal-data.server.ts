/**
 * Makes' section of the personal-data export (decision 103, issue 37): the user's makes (with the measurements they
 * chose to share, and their photos) and the reports they sent. Deleting an account deletes both
 * (accounts/community-data.server.ts).
 */
import { asc, eq, inArray } from "drizzle-orm";

import { makePhotos, makeReports, makes } from "../../../db/tables";
import { makeFields } from "./makes.server";
import { exportFileUrl, iso, parseJson, type ExportSubject } from "~/utils/personal-data";

export async function makesPersonalData({ db, user }: ExportSubject) {
  const own = await db.select().from(makes).where(eq(makes.userId, user.id)).orderBy(asc(makes.id));
  const photos = own.length ? await db.select().from(makePhotos).where(inArray(makePhotos.makeId, own.map((m) => m.id))).orderBy(asc(makePhotos.position)) : [];
  const reports = await db.select().from(makeReports).where(eq(makeReports.reporterId, user.id)).orderBy(asc(makeReports.id));
  return {
    makes: own.map((make) => {
      const { productId, hidden, sharedMeasurements: _shared, ...fields } = makeFields(make);
      return {
        ...fields,
        product_id: productId,
        shared_measurements: make.measurements === null ? null : parseJson(make.measurements),
        hidden_by_seller: hidden,
        photos: photos.filter((p) => p.makeId === make.id).map((p) => ({ file: p.file, url: exportFileUrl(p.file) })),
        created_at: iso(make.createdAt),
        updated_at: iso(make.updatedAt),
      };
    }),
    make_reports: reports.map((r) => ({ make_id: r.makeId, reason: r.reason, created_at: iso(r.createdAt) })),
  };
}
