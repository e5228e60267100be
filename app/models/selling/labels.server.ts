/**
 * 'Get shipping label' on /sale/{id} (and the administrator's order page), wired to the label providers of
 * app/models/shipping/ as labels.server.ts there prescribes: authorize, never buy twice (an order with a label
 * keeps it), call the provider outside any transaction, then store the result with a conditional update.
 * - Local PDF: written to the file store as a private file of kind "label" owned by the seller (served to them and
 *   to admins by GET /api/files/{name}; the seller's page links /sale/{id}/label, which is 404 for other stores).
 * - EasyPost: the carrier's label URL, shipment id, tracking and carrier on the order, and the cost as one Label
 *   ledger row, in the same immediate transaction. A printed pattern's label (the platform ships it) is the
 *   platform's cost: no ledger row.
 *
 * Exported:
 *   getShippingLabel({ db, orderId, actor: { storeId } | { admin: true }, provider?, now? }): Promise<LabelUseResult>
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import { and, eq, isNull, sql } from "drizzle-orm";

import { files, orders, platformSettings, products, stores, users, type Order } from "../../../db/tables";
import { shippingInfoOf, type ShipActor } from "~/models/selling/orders.server";
import { debitLabel } from "~/models/payments/ledger.server";
import type { Address } from "~/models/shipping/addresses";
import type { LabelProvider } from "~/models/shipping/label-provider";
import { getLabelProvider, labelReference } from "~/models/shipping/labels.server";
import { isParcelSize } from "~/models/shipping/parcels";
import { CARRIERS, trackingUrl, type Carrier } from "~/schemas/selling";
import { type Db, first, rawRun, transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { discardFiles, FileStoreUnavailableError, putUpload, uploadsDir } from "~/models/files/store.server";
import { isDownloadPattern } from "~/utils/catalog";
import { logError } from "~/utils/log.server";

export type LabelUseError = "not-found" | "refunded" | "digital" | "platform-ships" | "incomplete-from-address" | "incomplete-to-address" | "label-provider-error" | "label-in-progress" | "file-store-unavailable";
export type LabelUseResult = { ok: true; order: Order; existing: boolean } | { ok: false; error: LabelUseError; message?: string };

/** A claim older than this belongs to a process that died mid-purchase and may be taken over. */
const CLAIM_TTL_MS = 2 * 60 * 1000;

export function defaultLabelProvider(): LabelProvider {
  const env = getEnv();
  return getLabelProvider({ easypostApiKey: env.EASYPOST_API_KEY, easypostApiUrl: env.EASYPOST_API_URL });
}

/**
 * Requests for the same order's label in this process share one provider call (a double click buys once); across
 * processes (WEB_CONCURRENCY > 1) the order row is claimed in SQLite before the provider is called.
 */
const inFlight = new Map<number, Promise<LabelUseResult>>();

type ShippingLabelArgs = { db: Db; orderId: number; actor: ShipActor; provider?: LabelProvider; now?: Date };

export function getShippingLabel(args: ShippingLabelArgs): Promise<LabelUseResult> {
  const running = inFlight.get(args.orderId);
  if (running) return running;
  const job = buyAndStore(args).finally(() => inFlight.delete(args.orderId));
  inFlight.set(args.orderId, job);
  return job;
}

async function buyAndStore({ db, orderId, actor, provider = defaultLabelProvider(), now = new Date() }: ShippingLabelArgs): Promise<LabelUseResult> {
  const scope = "storeId" in actor ? and(eq(orders.id, orderId), eq(orders.storeId, actor.storeId)) : eq(orders.id, orderId);
  const row = await first(db
    .select({ order: orders, parcelSize: products.parcelSize, seller: users })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(users, eq(users.id, stores.userId))
    .where(scope).limit(1));
  if (!row) return { ok: false, error: "not-found" };
  const { order, seller } = row;
  if (order.labelUrl) return { ok: true, order, existing: true };
  if (order.status === "Refunded") return { ok: false, error: "refunded" };
  if (isDownloadPattern(order.productType, order.delivery)) return { ok: false, error: "digital" };
  const platformShips = order.productType === "Pattern";
  if ("storeId" in actor && platformShips) return { ok: false, error: "platform-ships" };

  // Claim the order (label_shipment_id holds 'claim:<ms>' until the label is stored): another process asking
  // meanwhile is told to retry instead of buying a second label.
  const claim = `claim:${now.getTime()}`;
  const claimed = await rawRun(db, sql`UPDATE orders SET label_shipment_id = ${claim}
    WHERE id = ${order.id} AND label_url IS NULL AND (label_shipment_id IS NULL
      OR (label_shipment_id LIKE 'claim:%' AND CAST(substr(label_shipment_id, 7) AS BIGINT) < ${now.getTime() - CLAIM_TTL_MS}))`);
  if (claimed === 0) return { ok: false, error: "label-in-progress" };
  const release = async () => await db.update(orders).set({ labelShipmentId: null }).where(and(eq(orders.id, order.id), eq(orders.labelShipmentId, claim)));

  const from: Address = platformShips ? await platformAddress(db) : sellerAddress(seller);
  const result = await provider
    .buyLabel({
      orderId: order.id,
      from,
      to: shippingInfoOf(order),
      parcelSize: isParcelSize(row.parcelSize) ? row.parcelSize : "Small",
      reference: labelReference(order.id),
    })
    .catch(async (error: unknown) => {
      await release();
      throw error;
    });
  if (!result.ok) {
    await release();
    if (result.error === "label-provider-error") logError({ event: "label-failed", orderId: order.id, reason: result.message }, "the label provider refused a label");
    return { ok: false, error: result.error, message: result.message };
  }

  if (result.pdf) {
    const name = `${crypto.randomBytes(16).toString("hex")}.pdf`;
    const file = path.join(uploadsDir(), name);
    await fs.mkdir(uploadsDir(), { recursive: true });
    await fs.writeFile(file, result.pdf);
    try {
      await putUpload({ name });
    } catch (error) {
      if (!(error instanceof FileStoreUnavailableError)) throw error;
      await release();
      return { ok: false, error: "file-store-unavailable" };
    }
    const stored = await transaction(db,
      async (tx) => {
        const updated = (await tx
          .update(orders)
          .set({ labelUrl: `/api/files/${name}`, labelShipmentId: null })
          .where(and(eq(orders.id, order.id), isNull(orders.labelUrl)))
          .returning())[0];
        if (!updated) return undefined;
        await tx.insert(files)
          .values({ name, originalName: `label-order-${order.id}.pdf`, contentType: "application/pdf", size: result.pdf!.byteLength, kind: "label", ownerId: seller.id });
        return updated;
      },
      { behavior: "immediate" },
    );
    if (!stored) {
      await discardFiles({ db, names: [name] });
      return { ok: true, order: (await first(db.select().from(orders).where(eq(orders.id, order.id)).limit(1)))!, existing: true };
    }
    return { ok: true, order: stored, existing: false };
  }

  const carrier = CARRIERS.find((c) => c.toLowerCase() === result.carrier?.toLowerCase()) as Carrier | undefined;
  const stored = await transaction(db,
    async (tx) => {
      const updated = (await tx
        .update(orders)
        .set({
          labelUrl: result.labelUrl!,
          labelShipmentId: result.providerShipmentId ?? null,
          tracking: result.trackingNumber ?? order.tracking,
          carrier: carrier ?? result.carrier ?? order.carrier,
          trackingUrl: result.trackingNumber && carrier ? trackingUrl(carrier, result.trackingNumber) : order.trackingUrl,
        })
        .where(and(eq(orders.id, order.id), isNull(orders.labelUrl)))
        .returning())[0];
      if (!updated) return undefined;
      if (!platformShips && result.costCents > 0) await debitLabel({ tx, orderId: order.id, costCents: result.costCents, now });
      return updated;
    },
    { behavior: "immediate" },
  );
  if (!stored) {
    logError(
      { event: "label-duplicate", orderId: order.id, shipmentId: result.providerShipmentId },
      "a second label was bought while another was stored",
    );
    return { ok: true, order: (await first(db.select().from(orders).where(eq(orders.id, order.id)).limit(1)))!, existing: true };
  }
  return { ok: true, order: stored, existing: false };
}

function sellerAddress(seller: typeof users.$inferSelect): Address {
  return {
    first_name: seller.firstName,
    last_name: seller.lastName,
    street: seller.street,
    street2: seller.street2,
    city: seller.city,
    state: seller.state,
    postal_code: seller.postalCode,
    country: seller.country,
    phone: seller.phone,
    email: seller.email,
  };
}

async function platformAddress(db: Db): Promise<Address> {
  const s = (await first(db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1)))!;
  return {
    shipping_name: s.shippingName,
    street: s.street,
    street2: s.street2,
    city: s.city,
    state: s.state,
    postal_code: s.postalCode,
    country: s.country,
    phone: s.phone,
    email: s.email,
  };
}
