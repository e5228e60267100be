/**
 * The administrator's side of makes (issue 37): the reported makes, and removing one, recorded in the audit log in
 * the same transaction; its photos leave the file store after the write.
 */
import { count, desc, eq, max } from "drizzle-orm";

import { makePhotos, makeReports, makes, products, users } from "../../../db/tables";
import { recordAudit } from "~/models/platform/audit.server";
import { discardFiles } from "~/models/files/store.server";
import { displayName } from "~/models/messaging/conversations.server";
import { type Db, first, transaction } from "~/utils/db.server";

export type ReportedMake = {
  id: number;
  productId: number;
  productName: string;
  maker: string;
  size: string;
  notes: string;
  reports: number;
  lastReportAt: Date;
  reasons: string[];
  hidden: boolean;
};

/** Reported makes, the most recently reported first, with their reasons. */
export async function listReportedMakes({ db, limit = 100 }: { db: Db; limit?: number }): Promise<ReportedMake[]> {
  const rows = await db
    .select({
      id: makes.id,
      productId: makes.productId,
      productName: products.name,
      firstName: users.firstName,
      lastName: users.lastName,
      size: makes.size,
      notes: makes.notes,
      hiddenAt: makes.hiddenAt,
      reports: count(makeReports.id),
      lastReportAt: max(makeReports.createdAt),
    })
    .from(makeReports)
    .innerJoin(makes, eq(makes.id, makeReports.makeId))
    .innerJoin(products, eq(products.id, makes.productId))
    .innerJoin(users, eq(users.id, makes.userId))
    .groupBy(makes.id, products.id, users.id)
    .orderBy(desc(max(makeReports.createdAt)))
    .limit(limit);
  return await Promise.all(rows.map(async (r) => ({
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    maker: displayName(r),
    size: r.size,
    notes: r.notes,
    reports: r.reports,
    lastReportAt: new Date(r.lastReportAt ?? 0),
    hidden: r.hiddenAt !== null,
    reasons: (await db.select({ reason: makeReports.reason }).from(makeReports).where(eq(makeReports.makeId, r.id)).orderBy(desc(makeReports.createdAt))).map((x) => x.reason),
  })));
}

/** Removes a make (any maker's), with its photos and reports; the audit entry keeps what it was and why. */
export async function removeMake({ db, makeId, adminId, reason }: { db: Db; makeId: number; adminId: number; reason: string }): Promise<{ ok: true } | { ok: false; error: "make-not-found" }> {
  const names = await transaction(db,
    async (tx) => {
      const make = await first(tx.select().from(makes).where(eq(makes.id, makeId)).limit(1));
      if (!make) return null;
      const photos = (await tx.select({ file: makePhotos.file }).from(makePhotos).where(eq(makePhotos.makeId, makeId))).map((p) => p.file);
      const reports = (await first(tx.select({ n: count() }).from(makeReports).where(eq(makeReports.makeId, makeId)).limit(1)))?.n ?? 0;
      await tx.delete(makes).where(eq(makes.id, makeId));
      await recordAudit(tx, {
        adminId,
        action: "remove-make",
        targetType: "make",
        targetId: makeId,
        details: { reason, productId: make.productId, makerId: make.userId, size: make.size, notes: make.notes, photos, reports },
      });
      return photos;
    },
    { behavior: "immediate" },
  );
  if (!names) return { ok: false, error: "make-not-found" };
  await discardFiles({ db, names });
  return { ok: true };
}
