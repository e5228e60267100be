/**
 * Pattern downloads. A pattern file is private: besides its owner, the store owner and admins
 * (file-access.server.ts), only a buyer with a paid, not refunded order of the Digital pattern product that
 * uses the file may read it. Every buyer download is logged (who, when, which order) for refund disputes.
 */
import { and, desc, eq, ne } from "drizzle-orm";

import { downloads, orders, products } from "../../../db/schema";
import { getBuyerOrder, isDownloadable } from "~/models/buying/orders.server";
import { getFileRecord } from "~/models/platform/files.server";
import type { Db } from "~/utils/db.server";

/** The newest order through which this user bought the product behind a pattern file, if any. */
export function findBuyerOrderForFile({ db, userId, fileName }: { db: Db; userId: number; fileName: string }) {
  return db
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.buyerId, userId),
        eq(products.patternFile, fileName),
        eq(orders.productType, "Pattern"),
        eq(orders.delivery, "Digital"),
        ne(orders.status, "Refunded"),
      ),
    )
    .orderBy(desc(orders.id))
    .get()?.orderId;
}

export function logDownload({ db, userId, orderId, file }: { db: Db; userId: number; orderId: number | null; file: string }) {
  db.insert(downloads).values({ userId, orderId, file }).run();
}

export type DownloadError = "not-found" | "refunded";
export type OrderDownload = { ok: true; file: NonNullable<ReturnType<typeof getFileRecord>> } | { ok: false; error: DownloadError };

/** The buyer's authorised download of an order's pattern; logs it. Another user's order is a 404. */
export function downloadOrderPattern({ db, userId, orderId }: { db: Db; userId: number; orderId: number }): OrderDownload {
  const order = getBuyerOrder({ db, userId, orderId });
  if (!order) return { ok: false, error: "not-found" };
  if (!isDownloadable(order)) return { ok: false, error: order.status === "Refunded" ? "refunded" : "not-found" };
  if (!order.patternFile) return { ok: false, error: "not-found" };
  const file = getFileRecord({ db, name: order.patternFile });
  if (!file) return { ok: false, error: "not-found" };
  logDownload({ db, userId, orderId, file: file.name });
  return { ok: true, file };
}

export function listDownloads({ db, orderId }: { db: Db; orderId: number }) {
  return db.select().from(downloads).where(eq(downloads.orderId, orderId)).orderBy(desc(downloads.createdAt)).all();
}
