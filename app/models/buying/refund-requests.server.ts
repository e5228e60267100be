/**
 * Refund and cancel requests (issue 23 item 6, decision 110): a buyer asks, the store's owner (or an administrator)
 * accepts or declines. Accepting goes through the administrator's refund path (`refundOrder`: once, with the ledger);
 * declining mails the buyer the answer.
 *
 * Exported:
 *   requestRefund({ db, buyerId, orderId, kind, reason, now? }): Promise<{ ok: true; request } | { ok: false; error }>
 *     One open request per order (checked in an immediate transaction and backed by a partial unique index); never
 *     for a refunded order (or one being refunded); a cancellation only before the order ships (never a download).
 *     The seller is emailed.
 *   answerRefundRequest({ db, requestId, actor, accept, answer, stripe, now? }): Promise<...>
 *     actor { storeId, userId } (the store's owner: another store's request is not found) or { admin: true, userId }.
 *     Accept: claim the open request (a conditional update; a double post or a race gets "already-answered"), refund
 *     through `refundOrder` (which accepts the request in its settle transaction), release the claim if the refund
 *     failed. Decline: one conditional update (an answer is required), then the buyer is emailed the answer.
 *   listStoreRefundRequests({ db, storeId, status? }), countOpenRefundRequests({ db, storeId })
 *   getRefundRequestForAnswer({ db, orderId, actor }): the order's latest request as the sale / admin order page shows it
 */
import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type Stripe from "stripe";

import { orders, refundRequests, stores, users, type Order, type RefundRequest } from "../../../db/tables";
import { refundOrder } from "~/models/buying/refunds.server";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/sql-dialect.server";
import { getEnv } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { isDownloadPattern } from "~/utils/catalog";
import { log } from "~/utils/log.server";

export type RefundRequestKind = RefundRequest["kind"];

/** An accept claimed this long ago by a request that never finished (a crash) may be answered again. */
const CLAIM_STALE_MS = 5 * 60 * 1000;

export type RequestRefundError = "not-found" | "refunded" | "already-open" | "cancel-shipped" | "cancel-digital";

export type AnswerRefundRequestError =
  | "not-found"
  | "already-answered"
  | "answer-required"
  | "not-refundable"
  | "in-progress"
  | "provider-failed";

export type RefundRequestActor = { storeId: number; userId: number } | { admin: true; userId: number };

function origin() {
  return (getEnv().PUBLIC_URL ?? `http://localhost:${getEnv().PORT}`).replace(/\/$/, "");
}

const KIND_NOUN: Record<RefundRequestKind, string> = { refund: "refund", cancel: "cancellation" };

export async function requestRefund({
  db,
  buyerId,
  orderId,
  kind,
  reason,
  now = new Date(),
}: {
  db: Db;
  buyerId: number;
  orderId: number;
  kind: RefundRequestKind;
  reason: string;
  now?: Date;
}): Promise<{ ok: true; request: RefundRequest } | { ok: false; error: RequestRefundError }> {
  let result: { ok: true; request: RefundRequest; order: Order } | { ok: false; error: RequestRefundError };
  try {
    result = await transaction(db,
      async (tx) => {
        const order = await first(tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId))).limit(1));
        // A tester copy (issue 37) was never paid: no refund or cancellation to ask for.
        if (!order || order.testerCopy) return { ok: false as const, error: "not-found" as const };
        if (order.status === "Refunded" || order.providerRefundId !== null) return { ok: false as const, error: "refunded" as const };
        if (kind === "cancel" && isDownloadPattern(order.productType, order.delivery)) return { ok: false as const, error: "cancel-digital" as const };
        if (kind === "cancel" && order.status !== "Pending") return { ok: false as const, error: "cancel-shipped" as const };
        const open = await first(tx
          .select({ id: refundRequests.id })
          .from(refundRequests)
          .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, "open"))).limit(1));
        if (open) return { ok: false as const, error: "already-open" as const };
        const request = (await tx
          .insert(refundRequests)
          .values({ orderId, buyerId, kind, reason: reason.trim(), createdAt: now })
          .returning())[0];
        return { ok: true as const, request, order };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // The partial unique index: another request for this order was opened at the same moment.
    if (isUniqueViolation(error)) return { ok: false, error: "already-open" };
    throw error;
  }
  if (!result.ok) return result;
  log.info({ event: "refund-request", orderId, kind }, "a buyer asked for a refund or a cancellation");
  await mailSellerOfRequest({ db, order: result.order, request: result.request });
  return { ok: true, request: result.request };
}

async function mailSellerOfRequest({ db, order, request }: { db: Db; order: Order; request: RefundRequest }) {
  const seller = await first(db
    .select({ email: users.email, firstName: users.firstName })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(eq(stores.id, order.storeId)).limit(1));
  if (!seller) return;
  const noun = KIND_NOUN[request.kind];
  await sendMail({
    to: seller.email,
    subject: `A ${noun} request for order #${order.id}`,
    text: [
      `Hi ${seller.firstName},`,
      "",
      `The buyer of order #${order.id} (${order.quantity} x ${order.productName}) asks for a ${noun}:`,
      "",
      request.reason,
      "",
      `Accept or decline it on the order: ${origin()}/sale/${order.id}`,
    ].join("\n"),
  });
}

/** The request with its order, if the actor may answer it (the store's owner or an administrator). */
async function requestFor(db: Db, requestId: number, actor: RefundRequestActor) {
  const row = await first(db
    .select({ request: refundRequests, order: orders })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(eq(refundRequests.id, requestId)).limit(1));
  if (!row) return undefined;
  if ("storeId" in actor && row.order.storeId !== actor.storeId) return undefined;
  return row;
}

/** Open and not being answered (or claimed by an accept that never finished). */
function claimable(now: Date) {
  return and(
    eq(refundRequests.status, "open"),
    or(isNull(refundRequests.answeredAt), lt(refundRequests.answeredAt, new Date(now.getTime() - CLAIM_STALE_MS))),
  );
}

export async function answerRefundRequest({
  db,
  requestId,
  actor,
  accept,
  answer,
  stripe,
  now = new Date(),
}: {
  db: Db;
  requestId: number;
  actor: RefundRequestActor;
  accept: boolean;
  answer: string;
  stripe: Stripe | null;
  now?: Date;
}): Promise<{ ok: true; request: RefundRequest } | { ok: false; error: AnswerRefundRequestError }> {
  const text = answer.trim();
  if (!accept && !text) return { ok: false, error: "answer-required" };
  const found = await requestFor(db, requestId, actor);
  if (!found) return { ok: false, error: "not-found" };
  if (found.request.status !== "open") return { ok: false, error: "already-answered" };
  return accept ? acceptRequest({ db, found, actor, answer: text, stripe, now }) : declineRequest({ db, found, actor, answer: text, now });
}

async function acceptRequest({
  db,
  found,
  actor,
  answer,
  stripe,
  now,
}: {
  db: Db;
  found: { request: RefundRequest; order: Order };
  actor: RefundRequestActor;
  answer: string;
  stripe: Stripe | null;
  now: Date;
}): Promise<{ ok: true; request: RefundRequest } | { ok: false; error: AnswerRefundRequestError }> {
  const { request } = found;
  // 1. claim: only one answer of this request runs (a double post or two people answering at once).
  const claimed = await db
    .update(refundRequests)
    .set({ answeredAt: now, answeredBy: actor.userId, answer })
    .where(and(eq(refundRequests.id, request.id), claimable(now)));
  if (affected(claimed) === 0) return { ok: false, error: "already-answered" };
  // 2. the refund path of decision 081; its settle transaction accepts this open request.
  const refund = await refundOrder({ db, orderId: request.orderId, adminId: actor.userId, stripe, by: "admin" in actor ? "admin" : "seller", now });
  if (!refund.ok) {
    await db.update(refundRequests)
      .set({ answeredAt: null, answeredBy: null, answer: "" })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, "open"), eq(refundRequests.answeredAt, now)));
    if (refund.error === "already-refunded") return { ok: false, error: "already-answered" };
    if (refund.error === "not-found") return { ok: false, error: "not-found" };
    return { ok: false, error: refund.error };
  }
  const updated = (await first(db.select().from(refundRequests).where(eq(refundRequests.id, request.id)).limit(1)))!;
  log.info({ event: "refund-request-accepted", orderId: request.orderId, requestId: request.id }, "a refund request was accepted");
  return { ok: true, request: updated };
}

async function declineRequest({
  db,
  found,
  actor,
  answer,
  now,
}: {
  db: Db;
  found: { request: RefundRequest; order: Order };
  actor: RefundRequestActor;
  answer: string;
  now: Date;
}): Promise<{ ok: true; request: RefundRequest } | { ok: false; error: AnswerRefundRequestError }> {
  const { request, order } = found;
  const updated = (await db
    .update(refundRequests)
    .set({ status: "declined", answer, answeredAt: now, answeredBy: actor.userId })
    .where(and(eq(refundRequests.id, request.id), claimable(now)))
    .returning())[0];
  if (!updated) return { ok: false, error: "already-answered" };
  log.info({ event: "refund-request-declined", orderId: order.id, requestId: request.id }, "a refund request was declined");
  const buyer = await first(db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, order.buyerId)).limit(1));
  if (buyer) {
    const noun = KIND_NOUN[request.kind];
    await sendMail({
      to: buyer.email,
      subject: `Your ${noun} request for order #${order.id} was declined`,
      text: [
        `Hi ${buyer.firstName},`,
        "",
        `Your ${noun} request for order #${order.id} (${order.quantity} x ${order.productName}) was declined${"admin" in actor ? " by the Patternhouse team" : " by the seller"}:`,
        "",
        answer,
        "",
        `Your order: ${origin()}/purchase/${order.id}`,
      ].join("\n"),
    });
  }
  return { ok: true, request: updated };
}

export type StoreRefundRequest = RefundRequest & { productName: string; buyerName: string; orderStatus: Order["status"] };

/** The store's requests, open ones first, then newest first (/my-orders, GET /api/user/refund-requests). */
export async function listStoreRefundRequests({
  db,
  storeId,
  status,
}: {
  db: Db;
  storeId: number;
  status?: RefundRequest["status"];
}): Promise<StoreRefundRequest[]> {
  return (await db
    .select({ request: refundRequests, productName: orders.productName, orderStatus: orders.status, firstName: users.firstName, lastName: users.lastName })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .innerJoin(users, eq(users.id, refundRequests.buyerId))
    .where(and(eq(orders.storeId, storeId), status ? eq(refundRequests.status, status) : undefined))
    .orderBy(desc(eq(refundRequests.status, "open")), desc(refundRequests.createdAt), desc(refundRequests.id)))
    .map((r) => ({ ...r.request, productName: r.productName, orderStatus: r.orderStatus, buyerName: `${r.firstName} ${r.lastName}`.trim() }));
}

/** How many of the store's requests wait for an answer (the badge on /my-orders). */
export async function countOpenRefundRequests({ db, storeId }: { db: Db; storeId: number }): Promise<number> {
  return (
    (await first(db
      .select({ n: count() })
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .where(and(eq(orders.storeId, storeId), eq(refundRequests.status, "open"))).limit(1)))?.n ?? 0
  );
}
