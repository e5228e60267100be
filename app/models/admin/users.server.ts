/**
 * The administrator's users: the users table, one user's edit form (spec 7.4: names, email, phone, address,
 * status, payout details, balance) and its save. Setting a user Inactive or Suspended ends their sessions at once.
 * A changed balance is never an overwrite: it becomes an `Adjustment` ledger row with its reason and the
 * administrator, written by the ledger's `adjustBalance` inside the save's transaction (design notes, Money).
 * A typed account number is stored encrypted with `encryptSecret` (app/utils/crypto.server.ts).
 */
import { asc, desc, eq, sql } from "drizzle-orm";

import { sessions, stores, users, type Store, type User } from "../../../db/tables";
import type { UpdateUserError, UpdateUserInput } from "~/schemas/admin";
import { affected, type Db, first, transaction, type Tx, untilDataChangesAsync } from "~/utils/db.server";
import { caseless, likeCaseless } from "~/utils/sql-dialect.server";
import { centsToDollars } from "~/utils/money";
import { encryptSecret } from "~/utils/crypto.server";
import { adjustBalance } from "~/models/payments/ledger.server";
import { normalizeEmail, userContactJson } from "~/models/accounts/users.server";
import { changes, listAudit, recordAudit } from "../platform/audit.server";
import { likePattern, pageWindow, searchedId, type TablePage, type TableQuery } from "./table";

export const USER_SORTS = ["id", "name", "email", "status", "balance", "created"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export type AdminUserRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  status: User["status"];
  role: User["role"];
  storeId: number | null;
  storeName: string | null;
  balanceCents: number | null;
  createdAt: Date;
};

/** One page of the admin's users table; the same page asked again costs no query until the data changes. */
export async function listAdminUsers({ db, query }: { db: Db; query: TableQuery<UserSort> }): Promise<TablePage<AdminUserRow>> {
  return await untilDataChangesAsync(db, `admin users ${JSON.stringify(query)}`, async () => readAdminUsersPage(db, query));
}

async function readAdminUsersPage(db: Db, query: TableQuery<UserSort>): Promise<TablePage<AdminUserRow>> {
  const pattern = likePattern(query.q);
  const where = query.q
    ? sql`(${likeCaseless(db, users.email, pattern)} OR ${likeCaseless(db, sql`(${users.firstName} || ' ' || ${users.lastName})`, pattern)} OR ${users.id} = ${searchedId(query.q)})`
    : undefined;
  const total = (await first(db.select({ n: sql<number>`count(*)` }).from(users).where(where).limit(1)))!.n;
  const { page, pageCount, offset } = pageWindow(total, query.page, query.size);
  const column = {
    id: users.id,
    name: sql`${caseless(db, users.lastName)}, ${caseless(db, users.firstName)}`,
    email: users.email,
    status: users.status,
    balance: sql`coalesce(${stores.balanceCents}, 0)`,
    created: users.createdAt,
  }[query.sort];
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      street: users.street,
      street2: users.street2,
      city: users.city,
      state: users.state,
      status: users.status,
      role: users.role,
      storeId: stores.id,
      storeName: stores.name,
      balanceCents: stores.balanceCents,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(where)
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), query.dir === "asc" ? asc(users.id) : desc(users.id))
    .limit(query.size)
    .offset(offset);
  return { rows, total, page, pageCount, size: query.size };
}

export type AdminUser = { user: User; store: Store | undefined };

export async function getAdminUser({ db, userId }: { db: Db | Tx; userId: number }): Promise<AdminUser | undefined> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) return undefined;
  return { user, store: await first(db.select().from(stores).where(eq(stores.userId, userId)).limit(1)) };
}

/** The admin user page (/admin/user/{id}): the user, their store if any, and their audit trail. */
export async function getAdminUserPage({ db, userId }: { db: Db; userId: number }) {
  const view = await getAdminUser({ db, userId });
  if (!view) return undefined;
  return { ...view, audit: await listAudit({ db, targetType: "user", targetId: userId }) };
}
export type AdminUserPage = NonNullable<Awaited<ReturnType<typeof getAdminUserPage>>>;

/** Spec 3, Admin user, with the address and payout extras of the edit form (the account number masked). */
export function toAdminUserJson({ user, store }: AdminUser) {
  return {
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    ...userContactJson(user),
    status: user.status,
    role: user.role,
    balance: store ? centsToDollars(store.balanceCents) : 0,
    store_id: store?.id ?? null,
    store_name: store?.name ?? null,
    accountname: store?.accountName ?? "",
    accountnumber_last4: store?.accountLast4 ?? "",
    accountrouting: store?.accountRouting ?? "",
    accounttype: store?.accountType ?? null,
    created: user.createdAt.toISOString(),
  };
}

/** Spec 3, Admin user: a row of get-users. */
export function toAdminUserRowJson(row: AdminUserRow) {
  return {
    user_id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    street: row.street,
    street2: row.street2,
    city: row.city,
    state: row.state,
    status: row.status,
    role: row.role,
    store_id: row.storeId,
    store_name: row.storeName,
    balance: centsToDollars(row.balanceCents ?? 0),
    created: row.createdAt.toISOString(),
  };
}

export type { UpdateUserError };

export type UpdateUserResult =
  | { ok: true; user: User; adjustmentCents: number; sessionsEnded: number }
  | { ok: false; error: UpdateUserError };

export async function updateAdminUser({
  db,
  adminId,
  userId,
  input,
  now = new Date(),
}: {
  db: Db;
  adminId: number;
  userId: number;
  input: UpdateUserInput;
  now?: Date;
}): Promise<UpdateUserResult> {
  try {
    return await transaction(db,
      async (tx): Promise<UpdateUserResult> => {
        const current = await getAdminUser({ db: tx, userId });
        if (!current) return { ok: false, error: "not-found" };
        const { user, store } = current;
        if (userId === adminId && input.status !== "Active") return { ok: false, error: "own-account" };
        const email = normalizeEmail(input.email);
        if (email !== user.email) {
          const taken = await first(tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1));
          if (taken && taken.id !== userId) return { ok: false, error: "duplicate-email" };
        }
        const deltaCents = input.balance === undefined || !store ? 0 : input.balance - store.balanceCents;
        if (!store && input.balance !== undefined && input.balance !== 0) return { ok: false, error: "no-store" };
        const payoutGiven = Boolean(input.accountname || input.accountnumber || input.accountrouting);
        if (!store && payoutGiven) return { ok: false, error: "no-store" };
        if (deltaCents !== 0 && !input.reason) return { ok: false, error: "reason-required" };

        const userValues = {
          firstName: input.first_name,
          lastName: input.last_name,
          email,
          phone: input.phone,
          street: input.street,
          street2: input.street2,
          city: input.city,
          state: input.state,
          status: input.status,
          ...(input.postal_code !== undefined ? { postalCode: input.postal_code } : {}),
          ...(input.country !== undefined ? { country: input.country } : {}),
        };
        const userChanges = changes(user as unknown as Record<string, unknown>, userValues);
        const updated = (await tx.update(users).set(userValues).where(eq(users.id, userId)).returning())[0];

        const storeChanges: Record<string, { from: unknown; to: unknown }> = {};
        if (store) {
          const storeValues = {
            ...(input.accountname !== undefined ? { accountName: input.accountname } : {}),
            ...(input.accountrouting !== undefined ? { accountRouting: input.accountrouting } : {}),
            ...(input.accounttype !== undefined ? { accountType: input.accounttype } : {}),
          };
          Object.assign(storeChanges, changes(store as unknown as Record<string, unknown>, storeValues));
          // A typed account number replaces the stored one (encrypted); a blank field keeps it.
          const numberValues =
            input.accountnumber !== undefined
              ? { accountNumber: encryptSecret(input.accountnumber), accountLast4: input.accountnumber.slice(-4) }
              : {};
          if (input.accountnumber !== undefined) {
            storeChanges.accountNumber = { from: store.accountLast4 ? `****${store.accountLast4}` : "", to: `****${input.accountnumber.slice(-4)}` };
          }
          if (Object.keys(storeValues).length + Object.keys(numberValues).length > 0) {
            await tx.update(stores).set({ ...storeValues, ...numberValues }).where(eq(stores.id, store.id));
          }
          if (deltaCents !== 0) {
            await adjustBalance({ tx, storeId: store.id, amountCents: deltaCents, reason: input.reason!, adminId, now });
            await recordAudit(tx, {
              adminId,
              action: "adjust-balance",
              targetType: "user",
              targetId: userId,
              details: { storeId: store.id, from: store.balanceCents, to: store.balanceCents + deltaCents, deltaCents, reason: input.reason },
              now,
            });
          }
        }
        let sessionsEnded = 0;
        if (input.status !== "Active") sessionsEnded = affected(await tx.delete(sessions).where(eq(sessions.userId, userId)));
        const changed = { ...userChanges, ...storeChanges };
        if (Object.keys(changed).length > 0) {
          await recordAudit(tx, { adminId, action: "edit-user", targetType: "user", targetId: userId, details: { changes: changed, sessionsEnded }, now });
        }
        return { ok: true, user: updated, adjustmentCents: deltaCents, sessionsEnded };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message) && /email/.test(error.message)) return { ok: false, error: "duplicate-email" };
    throw error;
  }
}
