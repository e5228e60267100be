/**
 * Telling past buyers about a new pattern version (decision 064): every buyer with a paid, not refunded Digital
 * order of the product gets one email ('Pattern updated: {name}') with the seller's change note and a link to
 * their purchase, where the new version waits. One mail per buyer (their latest order), sent after the version
 * is stored; a failing mail is logged and does not undo the upload.
 */
import { and, eq, max, ne } from "drizzle-orm";

import { orders, users } from "../../../db/tables";
import type { DbOrTx } from "~/utils/db.server";
import { escapeHtml, publicOrigin, sendMail } from "~/utils/mail.server";

/** The buyers to tell about a new version, each with their latest order of the product. */
export async function patternBuyers({ db, productId }: { db: DbOrTx; productId: number }) {
  return await db
    .select({ email: users.email, firstName: users.firstName, orderId: max(orders.id).mapWith(Number) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(orders.productId, productId), eq(orders.productType, "Pattern"), eq(orders.delivery, "Digital"), ne(orders.status, "Refunded")))
    .groupBy(users.id);
}

export async function notifyPatternUpdate({
  db,
  productId,
  productName,
  version,
  note,
}: {
  db: DbOrTx;
  productId: number;
  productName: string;
  version: number;
  note: string;
}): Promise<number> {
  const origin = publicOrigin();
  let sent = 0;
  for (const buyer of await patternBuyers({ db, productId })) {
    const link = `${origin}/purchase/${buyer.orderId}`;
    const noteText = note.trim() || "The designer did not add a note.";
    const ok = await sendMail({
      to: buyer.email,
      subject: `Pattern updated: ${productName}`,
      text: `Hello ${buyer.firstName},\n\nThe designer published version ${version} of ${productName}.\n\nWhat changed: ${noteText}\n\nDownload the new files from your purchase: ${link}\n\nYour earlier files stay available there too.\n`,
      html: `<p>Hello ${escapeHtml(buyer.firstName)},</p><p>The designer published version ${version} of <strong>${escapeHtml(productName)}</strong>.</p><p>What changed: ${escapeHtml(noteText)}</p><p><a href="${escapeHtml(link)}">Download the new files from your purchase</a>. Your earlier files stay available there too.</p>`,
    });
    if (ok) sent++;
  }
  return sent;
}
