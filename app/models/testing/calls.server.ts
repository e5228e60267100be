/**
 * Tester calls (issue 37, item 2): a seller opens a call on one of their draft Digital patterns; signed-in users apply
 * (applications.server.ts); the seller chooses testers, who get the draft's files as a $0 tester copy and a thread
 * with the seller; testers send feedback per size (feedback.server.ts). The views and lists are here.
 */
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";

import { products, stores, testerApplications, testerCalls, users, type TesterCall } from "../../../db/schema";
import { displayName } from "~/models/messaging/conversations.server";
import type { Db, DbOrTx } from "~/utils/db.server";

export type OpenCallError = "product-not-found" | "not-a-draft" | "not-downloadable" | "closes-in-past";

export type CallInput = { sizes: string[]; testers: number; closesOn: string; brief: string };

/** Today as the calls' dates read (UTC, YYYY-MM-DD). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a call takes applications: its closing day has not passed and its design is still a draft. */
export function isOpen(call: Pick<TesterCall, "closesOn">, productStatus: string, now: Date): boolean {
  return call.closesOn >= utcDay(now) && productStatus === "draft";
}

/** Opens a call on one of the seller's drafts (a Digital pattern: testers get its files). */
export function openTesterCall({
  db,
  sellerId,
  productId,
  input,
  now = new Date(),
}: {
  db: Db;
  sellerId: number;
  productId: number;
  input: CallInput;
  now?: Date;
}): { ok: true; call: TesterCall } | { ok: false; error: OpenCallError } {
  const product = db
    .select({ status: products.status, type: products.type, delivery: products.delivery, removedAt: products.removedAt })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), eq(stores.userId, sellerId)))
    .get();
  if (!product || product.removedAt) return { ok: false, error: "product-not-found" };
  if (product.status !== "draft") return { ok: false, error: "not-a-draft" };
  if (product.type !== "Pattern" || product.delivery !== "Digital") return { ok: false, error: "not-downloadable" };
  if (input.closesOn < utcDay(now)) return { ok: false, error: "closes-in-past" };
  const sizes = [...new Set(input.sizes)];
  const call = db
    .insert(testerCalls)
    .values({ productId, sizes: JSON.stringify(sizes), testers: input.testers, closesOn: input.closesOn, brief: input.brief, createdAt: now })
    .returning()
    .get();
  return { ok: true, call };
}

export type CallView = {
  id: number;
  productId: number;
  productName: string;
  storeName: string;
  sellerId: number;
  sizes: string[];
  testers: number;
  closesOn: string;
  brief: string;
  open: boolean;
  published: boolean;
  chosenCount: number;
};

/** A call as anyone sees it (its design's name, the brief, open or not); undefined when unknown or removed. */
export function getTesterCall({ db, callId, now = new Date() }: { db: DbOrTx; callId: number; now?: Date }): CallView | undefined {
  const row = db
    .select({ call: testerCalls, productName: products.name, status: products.status, removedAt: products.removedAt, storeName: stores.name, sellerId: stores.userId })
    .from(testerCalls)
    .innerJoin(products, eq(products.id, testerCalls.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(testerCalls.id, callId))
    .get();
  if (!row || row.removedAt) return undefined;
  const chosen = db.select({ n: count() }).from(testerApplications).where(and(eq(testerApplications.callId, callId), isNotNull(testerApplications.chosenAt))).get()?.n ?? 0;
  return {
    id: row.call.id,
    productId: row.call.productId,
    productName: row.productName,
    storeName: row.storeName,
    sellerId: row.sellerId,
    sizes: JSON.parse(row.call.sizes) as string[],
    testers: row.call.testers,
    closesOn: row.call.closesOn,
    brief: row.call.brief,
    open: isOpen(row.call, row.status, now),
    published: row.status === "published",
    chosenCount: chosen,
  };
}

export type Applicant = {
  userId: number;
  name: string;
  note: string;
  measurements: Record<string, number | string | null> | null;
  chosen: boolean;
  orderId: number | null;
  appliedAt: Date;
};

/** The seller's own calls, newest first, each with its applicants (their note and, when they ticked, measurements). */
export function listSellerCalls({ db, sellerId, now = new Date() }: { db: Db; sellerId: number; now?: Date }): Array<CallView & { applicants: Applicant[] }> {
  const ids = db
    .select({ id: testerCalls.id })
    .from(testerCalls)
    .innerJoin(products, eq(products.id, testerCalls.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(stores.userId, sellerId), isNull(products.removedAt)))
    .orderBy(desc(testerCalls.createdAt), desc(testerCalls.id))
    .all()
    .map((r) => r.id);
  return ids.map((callId) => ({ ...getTesterCall({ db, callId, now })!, applicants: applicantsOf(db, callId) }));
}

function applicantsOf(db: Db, callId: number): Applicant[] {
  return db
    .select({ application: testerApplications, firstName: users.firstName, lastName: users.lastName })
    .from(testerApplications)
    .innerJoin(users, eq(users.id, testerApplications.userId))
    .where(eq(testerApplications.callId, callId))
    .orderBy(testerApplications.createdAt, testerApplications.id)
    .all()
    .map(({ application: a, firstName, lastName }) => ({
      userId: a.userId,
      name: displayName({ firstName, lastName }),
      note: a.note,
      measurements: a.measurements ? (JSON.parse(a.measurements) as Record<string, number | string | null>) : null,
      chosen: a.chosenAt !== null,
      orderId: a.orderId,
      appliedAt: a.createdAt,
    }));
}

/** The calls a user applied to, newest first, with whether they were chosen and their tester copy. */
export function listUserApplications({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }) {
  const rows = db
    .select({ callId: testerApplications.callId, chosenAt: testerApplications.chosenAt, orderId: testerApplications.orderId, note: testerApplications.note })
    .from(testerApplications)
    .where(eq(testerApplications.userId, userId))
    .orderBy(desc(testerApplications.createdAt), desc(testerApplications.id))
    .all();
  return rows.flatMap((r) => {
    const call = getTesterCall({ db, callId: r.callId, now });
    return call ? [{ ...call, chosen: r.chosenAt !== null, orderId: r.orderId, note: r.note }] : [];
  });
}

/** The seller's drafts a call can be opened on (Digital patterns). */
export function callableDrafts({ db, sellerId }: { db: Db; sellerId: number }) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(stores.userId, sellerId), eq(products.status, "draft"), eq(products.type, "Pattern"), eq(products.delivery, "Digital"), isNull(products.removedAt)))
    .orderBy(products.name)
    .all();
}

export function testerCallJson(call: CallView) {
  return {
    id: call.id,
    product_id: call.productId,
    product_name: call.productName,
    store_name: call.storeName,
    sizes: call.sizes,
    testers: call.testers,
    closes_on: call.closesOn,
    brief: call.brief,
    open: call.open,
    chosen_count: call.chosenCount,
  };
}

export function applicantJson(a: Applicant) {
  return { user_id: a.userId, name: a.name, note: a.note, measurements: a.measurements, chosen: a.chosen, order_id: a.orderId, applied_at: a.appliedAt.toISOString() };
}
