/**
 * People's data (issue 22, item 8; decision 103): everything the marketplace holds about one user, as one JSON
 * object, written to the audit log with who asked (the user, or an administrator on request). Deleting an account
 * is `deletion.server.ts`.
 *
 * The export gathers sections (issue 36): accounts writes the profile, the sessions and the reset tokens; every
 * other domain gives its own section (`<domain>/personal-data.server.ts`: its top-level keys, read for one user),
 * and the list of them is passed in from above (`models/privacy/personal-data.server.ts`), so accounts imports no
 * higher domain.
 *
 * `PERSONAL_DATA_COVERAGE` names every column of the schema that points at a user and says where the export
 * shows it (or why not); personal-data.server.test.ts reads the schema's tables and fails on a new one.
 */
import { asc, eq } from "drizzle-orm";

import { passwordResetTokens, sessions, stores, users } from "../../../db/tables";
import { userContactJson } from "~/models/accounts/users.server";
import { recordAudit } from "~/models/platform/audit.server";
import { type Db, first } from "~/utils/db.server";
import { exportFileUrl, iso, type ExportSubject, type PersonalDataSection } from "~/utils/personal-data";

/** Bumped when the export's shape changes (a section added, renamed or reshaped). */
export const EXPORT_SCHEMA_VERSION = 1;

/**
 * Every `table.column` that refers to a user, and the export section that shows its rows, or why it is not
 * exported. A new column pointing at users must be added here (the test reads the schema and fails otherwise).
 */
export const PERSONAL_DATA_COVERAGE = {
  "sessions.user_id": { section: "sessions" },
  "password_reset_tokens.user_id": { section: "password_resets" },
  "files.owner_id": { section: "files" },
  "stores.user_id": { section: "store" },
  "follows.user_id": { section: "follows" },
  "favorites.user_id": { section: "favorites" },
  "conversations.user_a": { section: "conversations" },
  "conversations.user_b": { section: "conversations" },
  "messages.sender_id": { section: "conversations" },
  "carts.user_id": { section: "cart" },
  "checkouts.user_id": { section: "checkouts" },
  "orders.buyer_id": { section: "orders_bought" },
  "reviews.user_id": { section: "reviews" },
  "transactions.admin_id": { section: "admin_ledger_actions" },
  "downloads.user_id": { section: "downloads" },
  "help_requests.user_id": { section: "help_requests" },
  "user_blocks.blocker_id": { section: "blocks" },
  "user_blocks.blocked_id": { reason: "who blocked the user is the other person's choice, not the user's data" },
  "audit_log.admin_id": { section: "audit" },
  "discount_codes.once_per_buyer": { reason: "a flag of a store's discount code, not a reference to a person" },
  "refund_requests.buyer_id": { section: "refund_requests" },
  "refund_requests.answered_by": { section: "refund_requests" },
  "user_measurements.user_id": { section: "measurements" },
  "makes.user_id": { section: "makes" },
  "make_reports.reporter_id": { section: "make_reports" },
  "tester_applications.user_id": { section: "tester_applications" },
  "cut_plans.user_id": { section: "cut_plans" },
  "discount_redemptions.user_id": { reason: "a discount code's use by one of the user's checkouts: the checkout's discount is the user's data, the count is the store's" },
} as const satisfies Record<string, { section: string } | { reason: string }>;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type SectionsData<S extends readonly PersonalDataSection[]> = Intersection<Awaited<ReturnType<S[number]>>>;

/** Accounts' own part: the profile, the sessions (no token) and the password resets (no token). */
async function accountsSection({ db, user }: ExportSubject) {
  const userId = user.id;
  return {
    profile: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      status: user.status,
      ...userContactJson(user),
      avatar: user.avatar,
      avatar_url: exportFileUrl(user.avatar),
      bio: user.bio,
      message_emails: user.messageEmails,
      created_at: iso(user.createdAt),
    },
    sessions: (await db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)))
      .map((s) => ({ created_at: iso(s.createdAt), expires_at: iso(s.expiresAt), user_agent: s.userAgent })),
    password_resets: (await db
      .select({ createdAt: passwordResetTokens.createdAt, expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId)))
      .map((r) => ({ created_at: iso(r.createdAt), expires_at: iso(r.expiresAt), used_at: iso(r.usedAt) })),
  };
}

/**
 * Everything about one user: accounts' part, then each given section's keys in the order given; undefined for an
 * unknown id. Secrets (password hash, tokens, account numbers) are never in it.
 */
export async function gatherPersonalData<const S extends readonly PersonalDataSection[]>({
  db,
  userId,
  sections,
  now = new Date(),
}: {
  db: Db;
  userId: number;
  sections: S;
  now?: Date;
}): Promise<({ schema_version: number; generated_at: string } & Awaited<ReturnType<typeof accountsSection>> & SectionsData<S>) | undefined> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) return undefined;
  const store = await first(db.select().from(stores).where(eq(stores.userId, userId)).limit(1)) ?? null;
  const subject = { db, user, store };
  const data: Record<string, unknown> = { schema_version: EXPORT_SCHEMA_VERSION, generated_at: now.toISOString(), ...await accountsSection(subject) };
  for (const section of sections) Object.assign(data, await section(subject));
  return data as { schema_version: number; generated_at: string } & Awaited<ReturnType<typeof accountsSection>> & SectionsData<S>;
}

/** Who asks: the user (with their password) or an administrator on the user's request (with a reason). */
export type DataActor = { kind: "user"; userId: number } | { kind: "admin"; adminId: number; reason: string };

/** The audit entry's author and details for a request about `userId`. */
export function auditActor(actor: DataActor, userId: number) {
  return actor.kind === "admin"
    ? { adminId: actor.adminId, details: { by: "admin", reason: actor.reason } }
    : { adminId: userId, details: { by: "user" } };
}

/** The export, written to the audit log with who asked. */
export async function gatherPersonalDataFor<const S extends readonly PersonalDataSection[]>({
  db,
  userId,
  actor,
  sections,
  now = new Date(),
}: {
  db: Db;
  userId: number;
  actor: DataActor;
  sections: S;
  now?: Date;
}) {
  const data = await gatherPersonalData({ db, userId, sections, now });
  if (!data) return undefined;
  const { adminId, details } = auditActor(actor, userId);
  await recordAudit(db, { adminId, action: "export-data", targetType: "user", targetId: userId, details, now });
  return data;
}
