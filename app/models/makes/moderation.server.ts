/**
 * A make's moderation (issue 37): anyone signed in reports it (once), which emails the pattern's seller and the
 * platform (helpRecipients: the platform's address or every administrator); the pattern's seller hides it and shows
 * it again (a hidden make stays listed to its maker only). The administrator's removal is admin/makes.server.ts.
 */
import { and, eq, isNull, or } from "drizzle-orm";

import { makeReports, makes, products, stores, users } from "../../../db/tables";
import { displayName } from "~/models/messaging/conversations.server";
import { helpRecipients } from "~/models/messaging/help.server";
import { affected, type Db, first } from "~/utils/db.server";
import { escapeHtml, sendMail } from "~/utils/mail.server";
import { hit, release } from "~/utils/rate-limit.server";

export type ReportMakeError = "make-not-found" | "own-make" | "already-reported" | "rate-limited";

/** Reports one account may send a day (issue 46, item 9: each one emails the seller and the platform). */
export const REPORTS_LIMIT = { reports: 5, windowMs: 24 * 60 * 60 * 1000 } as const;
export type HideMakeError = "make-not-found" | "not-seller";

/** A make one may see: not hidden, or one's own. */
async function visibleMake(db: Db, makeId: number, viewerId: number) {
  return await first(db
    .select({ make: makes, productName: products.name, sellerId: stores.userId })
    .from(makes)
    .innerJoin(products, eq(products.id, makes.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(makes.id, makeId), or(isNull(makes.hiddenAt), eq(makes.userId, viewerId)), isNull(products.removedAt))).limit(1));
}

export type MakeReportNotice = { makeId: number; productId: number; productName: string; reason: string; to: string[] };

/** Records a report of a make; the answer carries whom to tell (sent by notifyMakeReport, after the write). */
export async function reportMake({
  db,
  makeId,
  reporterId,
  reason,
  now = Date.now(),
}: {
  db: Db;
  makeId: number;
  reporterId: number;
  reason: string;
  now?: number;
}): Promise<{ ok: true; notice: MakeReportNotice } | { ok: false; error: ReportMakeError }> {
  const found = await visibleMake(db, makeId, reporterId);
  if (!found) return { ok: false, error: "make-not-found" };
  if (found.make.userId === reporterId) return { ok: false, error: "own-make" };
  const key = `make-reports:${reporterId}`;
  if (!(await hit({ db, key, limit: REPORTS_LIMIT.reports, windowMs: REPORTS_LIMIT.windowMs, now })).allowed) return { ok: false, error: "rate-limited" };
  const inserted = await db.insert(makeReports).values({ makeId, reporterId, reason, createdAt: new Date(now) }).onConflictDoNothing();
  if (affected(inserted) === 0) {
    await release({ db, key, now });
    return { ok: false, error: "already-reported" };
  }
  const seller = await first(db.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, found.sellerId)).limit(1));
  const to = [...new Set([...(seller?.status === "Active" ? [seller.email] : []), ...await helpRecipients({ db })])];
  return { ok: true, notice: { makeId, productId: found.make.productId, productName: found.productName, reason, to } };
}

/** Emails a report to the pattern's seller (who may hide the make) and the platform (who may remove it). */
export async function notifyMakeReport({ notice, origin }: { notice: MakeReportNotice; origin: string }) {
  const product = `${origin}/product/${notice.productId}#make-${notice.makeId}`;
  const seller = `${origin}/my-pattern-makes`;
  const moderation = `${origin}/admin/makes`;
  await Promise.all(
    notice.to.map((to) =>
      sendMail({
        to,
        subject: `A make of ${notice.productName} was reported on Patternhouse`,
        text: [
          `A make of ${notice.productName} was reported:`,
          "",
          notice.reason,
          "",
          `The make: ${product}`,
          `The seller can hide it on ${seller}; an administrator can remove it: ${moderation}`,
        ].join("\n"),
        html: [
          `<p>A make of ${escapeHtml(notice.productName)} was reported:</p>`,
          `<blockquote style="white-space:pre-line">${escapeHtml(notice.reason)}</blockquote>`,
          `<p><a href="${escapeHtml(product)}">The make</a>. The seller can <a href="${escapeHtml(seller)}">hide it</a>; an administrator can <a href="${escapeHtml(moderation)}">remove it</a>.</p>`,
        ].join(""),
      }),
    ),
  );
}

/** The pattern's seller hides a make (or shows it again); anyone else is refused. */
type HideMakeArgs = { db: Db; makeId: number; sellerId: number; hidden: boolean; now?: Date };

export async function hideMake({ db, makeId, sellerId, hidden, now = new Date() }: HideMakeArgs): Promise<{ ok: true; hidden: boolean } | { ok: false; error: HideMakeError }> {
  const found = await first(db
    .select({ id: makes.id, sellerId: stores.userId, hiddenAt: makes.hiddenAt, makerId: makes.userId })
    .from(makes)
    .innerJoin(products, eq(products.id, makes.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(makes.id, makeId)).limit(1));
  // A make hidden from the caller is not found for them; a visible one on someone else's pattern is refused.
  if (!found || (found.hiddenAt && found.sellerId !== sellerId && found.makerId !== sellerId)) return { ok: false, error: "make-not-found" };
  if (found.sellerId !== sellerId) return { ok: false, error: "not-seller" };
  await db.update(makes)
    .set({ hiddenAt: hidden ? (found.hiddenAt ?? now) : null })
    .where(eq(makes.id, makeId));
  return { ok: true, hidden };
}

/**
 * The make a report form is about: one the viewer can see and did not make, with when the viewer reported it (null
 * when they have not: the page shows the form); else undefined.
 */
export async function reportableMake({ db, makeId, viewerId }: { db: Db; makeId: number; viewerId: number }) {
  const found = await visibleMake(db, makeId, viewerId);
  if (!found || found.make.userId === viewerId) return undefined;
  const maker = await first(db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, found.make.userId)).limit(1));
  const report = await first(db
    .select({ createdAt: makeReports.createdAt })
    .from(makeReports)
    .where(and(eq(makeReports.makeId, makeId), eq(makeReports.reporterId, viewerId))).limit(1));
  return {
    id: makeId,
    productId: found.make.productId,
    productName: found.productName,
    size: found.make.size,
    maker: maker ? displayName(maker) : "",
    reportedAt: report?.createdAt ?? null,
  };
}
