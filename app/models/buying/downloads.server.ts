/**
 * Pattern downloads. A pattern file is private: besides its owner, the store owner and admins
 * (file-access.server.ts), only a buyer with a paid, not refunded order of the Digital pattern product that
 * uses the file may read it. Every buyer download is logged (who, when, which order) for refund disputes.
 * The files themselves (stamped DXF, print PDFs) are built by layout/downloads.server.ts.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";

import { downloads, orders, products, stores, users } from "../../../db/tables";
import { isDownloadable } from "~/models/buying/orders.server";
import { getLatestVersion, getVersion, type VersionSummary } from "~/models/patterns/versions.server";
import { getFileRecord } from "~/models/files/store.server";
import { type Db, type DbOrTx, first } from "~/utils/db.server";
import { getSizeChart, noMeasurements } from "~/models/fit/chart.server";
import { FIT_ZONES, type Measurements, type SizeChart } from "~/utils/measurements";
import { unlessReadOnly } from "~/utils/read-only.server";

/** The buyer's orders that are a licence to download: a Digital pattern, not refunded. */
function licenceOrderOf(userId: number) {
  return and(eq(orders.buyerId, userId), eq(orders.productType, "Pattern"), eq(orders.delivery, "Digital"), ne(orders.status, "Refunded"));
}

/** The newest order through which this user bought the product behind a pattern file, if any. */
export async function findBuyerOrderForFile({ db, userId, fileName }: { db: Db; userId: number; fileName: string }) {
  return (await first(db
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(licenceOrderOf(userId), eq(products.patternFile, fileName)))
    .orderBy(desc(orders.id)).limit(1)))?.orderId;
}

/**
 * The buyer's licences among these products: product id -> the newest paid, not refunded Digital order of it.
 * A buyer who owns a downloadable pattern is sent to that order's download instead of buying it again.
 */
export async function ownedPatternOrders({ db, userId, productIds }: { db: DbOrTx; userId: number; productIds: number[] }): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orders.productId, orderId: orders.id })
    .from(orders)
    .where(and(licenceOrderOf(userId), inArray(orders.productId, productIds)))
    .orderBy(desc(orders.id));
  const owned = new Map<number, number>();
  for (const row of rows) if (!owned.has(row.productId)) owned.set(row.productId, row.orderId);
  return owned;
}

/** A log line of a GET: best effort, skipped on a read-only database (decision 161). */
export async function logDownload({ db, userId, orderId, file }: { db: Db; userId: number; orderId: number | null; file: string }) {
  await unlessReadOnly("download log", async () => {
    await db.insert(downloads).values({ userId, orderId, file });
  });
}

export type DownloadError = "not-found" | "refunded" | "no-measurements";
export type OrderDownload =
  | {
      ok: true;
      file: NonNullable<Awaited<ReturnType<typeof getFileRecord>>>;
      order: { id: number; productId: number; productName: string };
      /** The pattern version served (null only for a product without version rows). */
      version: VersionSummary | null;
      /** What the buyer's copies carry ('Order #N · email'); null for the seller's and admins' own copies. */
      stamp: string | null;
      /** When the buyer's own size (size=custom) was asked for (decision 114): the order's measurements, the design's chart. */
      custom?: { measurements: Measurements; chart: SizeChart | null };
    }
  | { ok: false; error: DownloadError };

/** The text stamped on a buyer's copies. */
export function orderStamp(orderId: number, email: string): string {
  return `Order #${orderId} · ${email}`;
}

/**
 * Who may download an order's pattern, and which version (decision 063): the buyer of a paid, not refunded Digital
 * pattern (stamped copies; each download is logged), the store owner and administrators (unstamped originals, also
 * of printed patterns they print). Anyone else, another product's version or an order without a file: not found.
 * The buyer's own size (`custom`, made to measure) is the buyer's alone: not found for the store owner and admins.
 * `version` picks an earlier version; by default the current one.
 */
export async function downloadOrderPattern({
  db,
  userId,
  orderId,
  version,
  custom = false,
}: {
  db: Db;
  userId: number;
  orderId: number;
  version?: number;
  /** The buyer's own size is asked for: the order must carry measurements (made to measure). */
  custom?: boolean;
}): Promise<OrderDownload> {
  const row = await first(db
    .select({ order: orders, patternFile: products.patternFile, storeOwner: stores.userId, user: { email: users.email, role: users.role } })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(users, eq(users.id, userId))
    .where(eq(orders.id, orderId)).limit(1));
  if (!row || row.order.productType !== "Pattern") return { ok: false, error: "not-found" };
  const buyer = row.order.buyerId === userId;
  if (buyer) {
    if (!isDownloadable(row.order)) return { ok: false, error: row.order.status === "Refunded" ? "refunded" : "not-found" };
  } else if (row.storeOwner !== userId && row.user.role !== "admin") {
    return { ok: false, error: "not-found" };
  }
  const chosen =
    version !== undefined ? await getVersion({ db, productId: row.order.productId, version }) : await getLatestVersion({ db, productId: row.order.productId });
  if (version !== undefined && !chosen) return { ok: false, error: "not-found" };
  // The buyer's own size is the buyer's (decisions 111 and 114): its pieces are their measurements, which the store
  // owner and administrators never see. For them there is no such file.
  if (custom && !buyer) return { ok: false, error: "not-found" };
  const measurements = custom ? orderMeasurements(row.order.measurements) : undefined;
  if (custom && !measurements) return { ok: false, error: "no-measurements" };
  const fileName = chosen?.file ?? row.patternFile;
  const file = fileName ? await getFileRecord({ db, name: fileName }) : undefined;
  if (!file) return { ok: false, error: "not-found" };
  if (buyer) await logDownload({ db, userId, orderId, file: file.name });
  return {
    ok: true,
    file,
    order: { id: row.order.id, productId: row.order.productId, productName: row.order.productName },
    version: chosen ?? null,
    stamp: buyer ? orderStamp(row.order.id, row.user.email) : null,
    ...(measurements ? { custom: { measurements, chart: await getSizeChart({ db }, row.order.productId) } } : {}),
  };
}

/** An order's measurements (JSON, decision 111), or null when it has none or they cannot be read. */
function orderMeasurements(json: string | null): Measurements | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<Measurements> | null;
    if (!value || typeof value !== "object") return null;
    const m = { ...noMeasurements(value.unit === "in" ? "in" : "cm") };
    for (const zone of FIT_ZONES) {
      const v = value[zone];
      m[zone] = typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null;
    }
    return FIT_ZONES.some((zone) => m[zone] !== null) ? m : null;
  } catch {
    return null;
  }
}

export async function listDownloads({ db, orderId }: { db: Db; orderId: number }) {
  return await db.select().from(downloads).where(eq(downloads.orderId, orderId)).orderBy(desc(downloads.createdAt));
}
