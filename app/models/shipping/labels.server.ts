/**
 * Shipping labels behind one interface (issue 10 item 4, design notes "Shipping"): the local default renders a
 * printable 4x6 in PDF address label that is NOT a carrier label; EasyPost buys the cheapest carrier label when
 * EASYPOST_API_KEY is set. A provider only talks to the outside world (or renders); it never touches the database.
 *
 * What the caller (the /sale/{id} and /admin/order/{id} actions) must do, in this order:
 *  1. Authorize (the order's seller, or an admin), and refuse an order that already has a label: if
 *     `orders.label_url` is set, show/serve that one and do NOT call buyLabel again. EasyPost has no idempotency
 *     keys, so a second buyLabel for the same order is a second paid label. Refuse Digital and Refunded orders.
 *  2. Call `buyLabel` OUTSIDE any database transaction (better-sqlite3 transactions are synchronous; an `await`
 *     inside one commits early). Pass `reference: labelReference(orderId)`.
 *  3. On `{ ok: false }` show the message and store nothing.
 *  4. On `{ ok: true }`:
 *     - local (`pdf` set): write the bytes to the file store as a PRIVATE file of kind "label" (served only to the
 *       order's seller and admins), and set `orders.label_url` to that file's URL.
 *     - EasyPost (`labelUrl` set): set `orders.label_url = labelUrl`, `orders.tracking = trackingNumber`,
 *       `orders.carrier = carrier` (optionally mark Shipped only when the seller confirms), and debit `costCents`
 *       from the seller's ledger as ONE row per order (`amount_cents = -costCents`), in ONE immediate transaction
 *       with a conditional update `UPDATE orders SET label_url = ? WHERE id = ? AND label_url IS NULL` (exactly one
 *       row must change; if none did, another request stored a label first: store nothing more). A unique index on
 *       (order_id, tx_type) backs "exactly once per order". A printed pattern's label (platform ships it) is the
 *       platform's cost, not the seller's.
 */
import { createEasyPostLabelProvider } from "./easypost.server";
import type { LabelProvider } from "./label-provider";
import { createLocalLabelProvider } from "./local-label.server";

export type LabelProviderConfig = {
  easypostApiKey?: string | null;
  /** EasyPost's base URL, e.g. a fake on 127.0.0.1 in tests: "http://127.0.0.1:4340/v2/". */
  easypostApiUrl?: string | null;
  /** The local label's date (tests); defaults to now. */
  now?: () => Date;
};

/** EasyPost when an API key is configured, else the local PDF label. */
export function getLabelProvider(config: LabelProviderConfig = {}): LabelProvider {
  if (config.easypostApiKey) {
    return createEasyPostLabelProvider({ apiKey: config.easypostApiKey, apiUrl: config.easypostApiUrl ?? undefined });
  }
  return createLocalLabelProvider({ now: config.now });
}

/** The reference a label is bought under, one per order. */
export function labelReference(orderId: number): string {
  return `order-${orderId}`;
}
