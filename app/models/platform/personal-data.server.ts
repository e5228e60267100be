/**
 * The audit log's section of the personal-data export (decision 103, issue 36): the entries about the user or their
 * store, and those the user wrote as an administrator.
 */
import { and, asc, eq, or } from "drizzle-orm";

import { auditLog } from "../../../db/tables";
import { iso, parseJson, type ExportSubject } from "~/utils/personal-data";

export async function platformPersonalData({ db, user, store }: ExportSubject) {
  const userId = user.id;
  const audit = await db
    .select()
    .from(auditLog)
    .where(or(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)), eq(auditLog.adminId, userId), store ? and(eq(auditLog.targetType, "store"), eq(auditLog.targetId, store.id)) : undefined))
    .orderBy(asc(auditLog.id));
  return {
    audit: audit.map((a) => ({
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      by_this_user: a.adminId === userId,
      details: parseJson(a.details),
      created_at: iso(a.createdAt),
    })),
  };
}
