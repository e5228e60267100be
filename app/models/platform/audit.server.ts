/**
 * The audit log: every administrator action (ship, refund, approve, reject, remove product, edit user, save
 * settings) with who, when and what changed; also a user's own data export and account deletion (decision 103),
 * with the user as the actor (`details.by` "user" or "admin"). Written inside the action's own transaction, so an action and its
 * record commit together.
 */
import { and, desc, eq } from "drizzle-orm";

import { auditLog, users } from "../../../db/tables";
import type { DbOrTx } from "~/utils/db.server";

export type AuditTarget = "order" | "store" | "user" | "settings" | "make";

export type AuditAction =
  | "ship"
  | "refund"
  | "approve-transfer"
  | "reject-transfer"
  | "payout-refused"
  | "remove-product"
  | "edit-user"
  | "adjust-balance"
  | "save-settings"
  | "export-data"
  | "delete-account"
  | "remove-make";

export async function recordAudit(
  db: DbOrTx,
  entry: { adminId: number; action: AuditAction; targetType: AuditTarget; targetId: number; details: object; now?: Date },
) {
  await db.insert(auditLog)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: JSON.stringify(entry.details),
      createdAt: entry.now ?? new Date(),
    });
}

export type AuditRow = {
  id: number;
  action: string;
  adminEmail: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};

/** The newest entries about one target, with the administrator's email. */
export async function listAudit({
  db,
  targetType,
  targetId,
  limit = 50,
}: {
  db: DbOrTx;
  targetType: AuditTarget;
  targetId: number;
  limit?: number;
}): Promise<AuditRow[]> {
  return (await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      adminEmail: users.email,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit))
    .map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}

/** Only the fields whose value changed, as {field: {from, to}}. */
export function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    if (to !== undefined && before[key] !== to) out[key] = { from: before[key], to };
  }
  return out;
}
