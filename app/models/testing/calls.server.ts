/**
 * Tester calls (issue 37, item 2): a seller opens a call on one of their draft Digital patterns; signed-in users apply
 * (applications.server.ts); the seller chooses testers, who get the draft's files as a $0 tester copy and a thread
 * with the seller; testers send feedback per size (feedback.server.ts). The views and lists are here.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, notExists } from "drizzle-orm";

import { products, stores, testerApplications, testerCalls, users, type TesterCall } from "../../../db/tables";
import { displayName } from "~/models/messaging/conversations.server";
import { mediaOf } from "~/models/catalog/media.server";
import { chartSizesOf } from "~/models/fit/size-chart.server";
import { affected, type Db, type DbOrTx, first, transaction } from "~/utils/db.server";

export type OpenCallError = "product-not-found" | "not-a-draft" | "not-downloadable" | "closes-in-past" | "call-open" | "unknown-sizes";
export type EditCallError = "call-not-found" | "closed" | "testers-chosen" | "closes-in-past" | "unknown-sizes";

export type CallInput = { sizes: string[]; testers: number; closesOn: string; brief: string };

/** A refusal of sizes the pattern does not have (issue 46, item 10): the faces name them and the pattern's sizes. */
export type UnknownSizes = { ok: false; error: "unknown-sizes"; unknown: string[]; allowed: string[] };

/** Today as the calls' dates read (UTC, YYYY-MM-DD). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether a call takes applications: the seller has not closed it, its closing day has not passed and its design is
 * still a draft.
 */
export function isOpen(call: Pick<TesterCall, "closesOn" | "closedAt">, productStatus: string, now: Date): boolean {
  return call.closedAt === null && call.closesOn >= utcDay(now) && productStatus === "draft";
}

/**
 * The call's sizes, each once, when they are the pattern's (its current reading; decision 153). A draft whose file
 * has no reading yet has no sizes to check against: any will do, as a make's size without a chart.
 */
async function checkedSizes(db: Db, productId: number, wanted: string[]): Promise<{ ok: true; sizes: string[] } | UnknownSizes> {
  const sizes = [...new Set(wanted)];
  const allowed: string[] = (await chartSizesOf({ db }, { id: productId, type: "Pattern" })).sizes;
  const unknown = allowed.length ? sizes.filter((size) => !allowed.includes(size)) : [];
  if (unknown.length) return { ok: false, error: "unknown-sizes", unknown, allowed };
  // In the pattern's order, as its size chart and files list them.
  return { ok: true, sizes: allowed.length ? allowed.filter((size) => sizes.includes(size)) : sizes };
}

/** The seller's draft (not removed) by id, or undefined. */
async function sellerProduct(db: DbOrTx, sellerId: number, productId: number) {
  const product = await first(db
    .select({ status: products.status, type: products.type, delivery: products.delivery, removedAt: products.removedAt })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), eq(stores.userId, sellerId))).limit(1));
  return product && !product.removedAt ? product : undefined;
}

/**
 * Opens a call on one of the seller's drafts (a Digital pattern: testers get its files), in the pattern's sizes;
 * a draft has one open call at a time (decision 153).
 */
export async function openTesterCall({
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
}): Promise<{ ok: true; call: TesterCall } | { ok: false; error: Exclude<OpenCallError, "unknown-sizes"> } | UnknownSizes> {
  const product = await sellerProduct(db, sellerId, productId);
  if (!product) return { ok: false, error: "product-not-found" };
  if (product.status !== "draft") return { ok: false, error: "not-a-draft" };
  if (product.type !== "Pattern" || product.delivery !== "Digital") return { ok: false, error: "not-downloadable" };
  if (input.closesOn < utcDay(now)) return { ok: false, error: "closes-in-past" };
  const checked = await checkedSizes(db, productId, input.sizes);
  if (!checked.ok) return checked;
  return await transaction(db,
    async (tx) => {
      const calls = await tx.select({ closesOn: testerCalls.closesOn, closedAt: testerCalls.closedAt }).from(testerCalls).where(eq(testerCalls.productId, productId));
      if (calls.some((c) => isOpen(c, product.status, now))) return { ok: false, error: "call-open" } as const;
      const call = (await tx
        .insert(testerCalls)
        .values({ productId, sizes: JSON.stringify(checked.sizes), testers: input.testers, closesOn: input.closesOn, brief: input.brief, createdAt: now })
        .returning())[0];
      return { ok: true, call } as const;
    },
    { behavior: "immediate" },
  );
}

/**
 * The seller changes an open call before choosing anyone (sizes, testers, closing day, brief). Applicants keep the
 * size they gave, even one the call no longer lists: the seller sees it.
 */
export async function editTesterCall({
  db,
  sellerId,
  callId,
  input,
  now = new Date(),
}: {
  db: Db;
  sellerId: number;
  callId: number;
  input: CallInput;
  now?: Date;
}): Promise<{ ok: true } | { ok: false; error: Exclude<EditCallError, "unknown-sizes"> } | UnknownSizes> {
  const call = await getTesterCall({ db, callId, now });
  if (!call || call.sellerId !== sellerId) return { ok: false, error: "call-not-found" };
  if (input.closesOn < utcDay(now)) return { ok: false, error: "closes-in-past" };
  const checked = await checkedSizes(db, call.productId, input.sizes);
  if (!checked.ok) return checked;
  return await transaction(db,
    async (tx) => {
      const fresh = (await getTesterCall({ db: tx, callId, now }))!;
      if (!fresh.open) return { ok: false, error: "closed" } as const;
      if (fresh.chosenCount > 0) return { ok: false, error: "testers-chosen" } as const;
      await tx.update(testerCalls).set({ sizes: JSON.stringify(checked.sizes), testers: input.testers, closesOn: input.closesOn, brief: input.brief }).where(eq(testerCalls.id, callId));
      return { ok: true } as const;
    },
    { behavior: "immediate" },
  );
}

/**
 * The seller closes an open call: it takes no more applications; the seller may still choose among its applicants,
 * and chosen testers keep their copies and send feedback.
 */
export async function closeTesterCall({ db, sellerId, callId, now = new Date() }: { db: Db; sellerId: number; callId: number; now?: Date }): Promise<{ ok: true } | { ok: false; error: "call-not-found" | "closed" }> {
  const call = await getTesterCall({ db, callId, now });
  if (!call || call.sellerId !== sellerId) return { ok: false, error: "call-not-found" };
  if (!call.open) return { ok: false, error: "closed" };
  const closed = await db.update(testerCalls).set({ closedAt: now }).where(and(eq(testerCalls.id, callId), isNull(testerCalls.closedAt)));
  return affected(closed) ? { ok: true } : { ok: false, error: "closed" };
}

export type CallView = {
  id: number;
  productId: number;
  productName: string;
  /** The design as testers see it before applying (issue 46, item 10): its description and first picture. */
  description: string;
  media: string | null;
  storeName: string;
  sellerId: number;
  sizes: string[];
  testers: number;
  closesOn: string;
  brief: string;
  open: boolean;
  /** The seller closed it before its closing day. */
  closedBySeller: boolean;
  published: boolean;
  chosenCount: number;
};

/** A call as anyone sees it (its design's name, the brief, open or not); undefined when unknown or removed. */
export async function getTesterCall({ db, callId, now = new Date() }: { db: DbOrTx; callId: number; now?: Date }): Promise<CallView | undefined> {
  const row = await first(db
    .select({ call: testerCalls, productName: products.name, description: products.description, status: products.status, removedAt: products.removedAt, storeName: stores.name, sellerId: stores.userId })
    .from(testerCalls)
    .innerJoin(products, eq(products.id, testerCalls.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(testerCalls.id, callId)).limit(1));
  if (!row || row.removedAt) return undefined;
  const chosen = (await first(db.select({ n: count() }).from(testerApplications).where(and(eq(testerApplications.callId, callId), isNotNull(testerApplications.chosenAt))).limit(1)))?.n ?? 0;
  return {
    id: row.call.id,
    productId: row.call.productId,
    productName: row.productName,
    description: row.description,
    media: (await mediaOf(db, [row.call.productId])).get(row.call.productId)?.[0] ?? null,
    storeName: row.storeName,
    sellerId: row.sellerId,
    sizes: JSON.parse(row.call.sizes) as string[],
    testers: row.call.testers,
    closesOn: row.call.closesOn,
    brief: row.call.brief,
    open: isOpen(row.call, row.status, now),
    closedBySeller: row.call.closedAt !== null,
    published: row.status === "published",
    chosenCount: chosen,
  };
}

export type Applicant = {
  userId: number;
  name: string;
  note: string;
  /** The call's size they would sew; null on an application made before it was asked. */
  size: string | null;
  measurements: Record<string, number | string | null> | null;
  chosen: boolean;
  orderId: number | null;
  appliedAt: Date;
};

/** The seller's own calls, newest first, each with its applicants (their note and, when they ticked, measurements). */
export async function listSellerCalls({ db, sellerId, now = new Date() }: { db: Db; sellerId: number; now?: Date }): Promise<Array<CallView & { applicants: Applicant[] }>> {
  const ids = (await db
    .select({ id: testerCalls.id })
    .from(testerCalls)
    .innerJoin(products, eq(products.id, testerCalls.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(stores.userId, sellerId), isNull(products.removedAt)))
    .orderBy(desc(testerCalls.createdAt), desc(testerCalls.id)))
    .map((r) => r.id);
  return await Promise.all(ids.map(async (callId) => ({ ...(await getTesterCall({ db, callId, now }))!, applicants: await applicantsOf(db, callId) })));
}

async function applicantsOf(db: Db, callId: number): Promise<Applicant[]> {
  return (await db
    .select({ application: testerApplications, firstName: users.firstName, lastName: users.lastName })
    .from(testerApplications)
    .innerJoin(users, eq(users.id, testerApplications.userId))
    .where(eq(testerApplications.callId, callId))
    .orderBy(testerApplications.createdAt, testerApplications.id))
    .map(({ application: a, firstName, lastName }) => ({
      userId: a.userId,
      name: displayName({ firstName, lastName }),
      note: a.note,
      size: a.size,
      measurements: a.measurements ? (JSON.parse(a.measurements) as Record<string, number | string | null>) : null,
      chosen: a.chosenAt !== null,
      orderId: a.orderId,
      appliedAt: a.createdAt,
    }));
}

/** The calls a user applied to, newest first, with whether they were chosen and their tester copy. */
export async function listUserApplications({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }) {
  const rows = await db
    .select({ callId: testerApplications.callId, chosenAt: testerApplications.chosenAt, orderId: testerApplications.orderId, note: testerApplications.note, size: testerApplications.size })
    .from(testerApplications)
    .where(eq(testerApplications.userId, userId))
    .orderBy(desc(testerApplications.createdAt), desc(testerApplications.id));
  return (await Promise.all(rows.map(async (r) => {
    const call = await getTesterCall({ db, callId: r.callId, now });
    return call ? [{ ...call, chosen: r.chosenAt !== null, orderId: r.orderId, note: r.note, size: r.size }] : [];
  }))).flat();
}

/** The seller's drafts a call can be opened on (Digital patterns). */
export async function callableDrafts({ db, sellerId, now = new Date() }: { db: Db; sellerId: number; now?: Date }) {
  // A draft with an open call is edited or closed first (one open call a draft, decision 153).
  const openCall = db
    .select({ id: testerCalls.id })
    .from(testerCalls)
    .where(and(eq(testerCalls.productId, products.id), isNull(testerCalls.closedAt), gte(testerCalls.closesOn, utcDay(now))));
  return await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(stores.userId, sellerId), eq(products.status, "draft"), eq(products.type, "Pattern"), eq(products.delivery, "Digital"), isNull(products.removedAt), notExists(openCall)))
    .orderBy(products.name);
}

export function testerCallJson(call: CallView) {
  return {
    id: call.id,
    product_id: call.productId,
    product_name: call.productName,
    description: call.description,
    media: call.media,
    store_name: call.storeName,
    sizes: call.sizes,
    testers: call.testers,
    closes_on: call.closesOn,
    brief: call.brief,
    open: call.open,
    closed_by_seller: call.closedBySeller,
    chosen_count: call.chosenCount,
  };
}

export function applicantJson(a: Applicant) {
  return { user_id: a.userId, name: a.name, note: a.note, size: a.size, measurements: a.measurements, chosen: a.chosen, order_id: a.orderId, applied_at: a.appliedAt.toISOString() };
}
