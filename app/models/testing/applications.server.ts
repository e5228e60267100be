/**
 * Applying to a tester call and choosing testers (issue 37, item 2). A chosen tester gets the draft's files as a real
 * order of 0 cents marked `tester_copy` (its own paid checkout of 0: no fee, no ledger entry, no tax entry, no sold
 * count, so no sale in any count or report; no download consent either, as the tester bought nothing and waived no
 * right of withdrawal: issue 46, item 15) and a thread with the seller in /messages; both are emailed.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";

import { checkouts, conversations, messages, orders, products, testerApplications, users } from "../../../db/tables";
import { getTesterCall } from "./calls.server";
import { getMeasurements } from "~/models/fit/chart.server";
import { displayName, findConversation, pairOf } from "~/models/messaging/conversations.server";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import { escapeHtml, sendMail } from "~/utils/mail.server";

export type ApplyError = "call-not-found" | "closed" | "own-call" | "already-applied" | "invalid-size";
export type ChooseError = "call-not-found" | "not-applicants" | "too-many-testers" | "closed";

export type Notice = { to: string; subject: string; text: string; link: string };

/**
 * A signed-in user applies with the call's size they would sew, a note and, only with the tick, their measurements
 * now. The seller is emailed.
 */
export async function applyToTesterCall({
  db,
  callId,
  userId,
  size,
  note,
  shareMeasurements,
  now = new Date(),
}: {
  db: Db;
  callId: number;
  userId: number;
  size: string;
  note: string;
  shareMeasurements: boolean;
  now?: Date;
}): Promise<{ ok: true; notice: Notice | null } | { ok: false; error: ApplyError }> {
  const call = await getTesterCall({ db, callId, now });
  if (!call) return { ok: false, error: "call-not-found" };
  if (call.sellerId === userId) return { ok: false, error: "own-call" };
  if (!call.open) return { ok: false, error: "closed" };
  if (!call.sizes.includes(size)) return { ok: false, error: "invalid-size" };
  const measurements = shareMeasurements ? await getMeasurements({ db }, userId) : null;
  const inserted = await db
    .insert(testerApplications)
    .values({ callId, userId, size, note, measurements: measurements ? JSON.stringify(measurements) : null, createdAt: now })
    .onConflictDoNothing();
  if (affected(inserted) === 0) return { ok: false, error: "already-applied" };
  const seller = await first(db.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, call.sellerId)).limit(1));
  const applicant = (await first(db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1)))!;
  const notice =
    seller?.status === "Active"
      ? {
          to: seller.email,
          subject: `A new tester application for ${call.productName}`,
          text: `${displayName(applicant)} applied to test ${call.productName} in size ${size}${note ? `:\n\n${note}` : "."}`,
          link: "/my-tester-calls",
        }
      : null;
  return { ok: true, notice };
}

/**
 * The seller chooses testers among the applicants (the call's `testers` at most in all). Each newly chosen tester
 * gets, in one transaction, a tester copy order of the draft and the seller's message in their thread. Choosing one
 * again changes nothing.
 */
export async function chooseTesters({
  db,
  callId,
  sellerId,
  userIds,
  now = new Date(),
}: {
  db: Db;
  callId: number;
  sellerId: number;
  userIds: number[];
  now?: Date;
}): Promise<{ ok: true; chosen: number[]; notices: Notice[] } | { ok: false; error: ChooseError }> {
  const call = await getTesterCall({ db, callId, now });
  if (!call || call.sellerId !== sellerId) return { ok: false, error: "call-not-found" };
  if (call.published) return { ok: false, error: "closed" };
  const wanted = [...new Set(userIds)];
  return await transaction(db,
    async (tx) => {
      const applications = await tx.select().from(testerApplications).where(and(eq(testerApplications.callId, callId), inArray(testerApplications.userId, wanted)));
      if (applications.length !== wanted.length) return { ok: false, error: "not-applicants" } as const;
      const already = (await first(tx.select({ n: sql<number>`count(*)` }).from(testerApplications).where(and(eq(testerApplications.callId, callId), isNotNull(testerApplications.chosenAt))).limit(1)))!.n;
      const fresh = applications.filter((a) => a.chosenAt === null);
      if (already + fresh.length > call.testers) return { ok: false, error: "too-many-testers" } as const;
      const product = (await first(tx.select().from(products).where(eq(products.id, call.productId)).limit(1)))!;
      const seller = (await first(tx.select().from(users).where(eq(users.id, sellerId)).limit(1)))!;
      const notices: Notice[] = [];
      for (const application of fresh) {
        const tester = (await first(tx.select().from(users).where(eq(users.id, application.userId)).limit(1)))!;
        const checkout = (await tx
          .insert(checkouts)
          .values({
            userId: tester.id,
            provider: "local",
            status: "paid",
            subtotalCents: 0,
            shippingCents: 0,
            totalCents: 0,
            shippingAddress: "{}",
            createdAt: now,
            expiresAt: now,
            paidAt: now,
          })
          .returning({ id: checkouts.id }))[0];
        const order = (await tx
          .insert(orders)
          .values({
            checkoutId: checkout.id,
            buyerId: tester.id,
            storeId: product.storeId,
            productId: product.id,
            productName: product.name,
            productType: product.type,
            delivery: product.delivery,
            quantity: 1,
            amountCents: 0,
            feeCents: 0,
            status: "Pending",
            testerCopy: true,
            createdAt: now,
          })
          .returning({ id: orders.id }))[0];
        await tx.update(testerApplications).set({ chosenAt: now, orderId: order.id }).where(eq(testerApplications.id, application.id));
        const text = `You are one of the testers of ${product.name}. Your tester copy is in your purchases (order ${order.id}). What to send: ${call.brief}`;
        let conversation = await findConversation({ db: tx, userId: sellerId, otherId: tester.id });
        if (!conversation) conversation = (await tx.insert(conversations).values(pairOf(sellerId, tester.id)).returning())[0];
        await tx.insert(messages).values({ conversationId: conversation.id, senderId: sellerId, content: text, orderId: order.id, createdAt: now });
        const sellerIsA = conversation.userA === sellerId;
        await tx.update(conversations)
          .set(sellerIsA ? { lastMessageAt: now, aReadAt: now } : { lastMessageAt: now, bReadAt: now })
          .where(eq(conversations.id, conversation.id));
        if (tester.status === "Active") {
          notices.push({
            to: tester.email,
            subject: `You are a tester of ${product.name}`,
            text: `${displayName(seller)} chose you to test ${product.name}. Download your tester copy from your purchases and send your feedback per size on the call's page.\n\n${call.brief}`,
            link: `/tester-call/${callId}`,
          });
        }
      }
      return { ok: true, chosen: fresh.map((a) => a.userId), notices } as const;
    },
    { behavior: "immediate" },
  );
}

/** Emails a tester call's notice (a new application to the seller; chosen, to the tester). */
export async function sendNotices({ notices, origin }: { notices: Notice[]; origin: string }) {
  await Promise.all(
    notices.map((n) =>
      sendMail({
        to: n.to,
        subject: `${n.subject} on Patternhouse`,
        text: `${n.text}\n\n${origin}${n.link}`,
        html: `<p style="white-space:pre-line">${escapeHtml(n.text)}</p><p><a href="${escapeHtml(`${origin}${n.link}`)}">Open it on Patternhouse</a></p>`,
      }),
    ),
  );
}
