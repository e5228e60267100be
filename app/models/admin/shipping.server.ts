/**
 * The administrator ships an order (spec 4, Shipping: tracking and carrier). The platform prints and ships paper
 * patterns from the address in the platform settings; an administrator may also mark an apparel order shipped on
 * the seller's behalf. This is the seller side's one `shipOrder` (app/models/selling/orders.server.ts) with the
 * administrator as actor: digital patterns and refunded orders never ship, shipping again updates the tracking,
 * the buyer is emailed. The administrator's action is written to the audit log. Both faces answer a refusal from
 * `SELLING_ERRORS.ship` (app/models/selling/errors.ts).
 */
import { shipOrder, type ShipResult } from "~/models/selling/orders.server";
import type { Carrier } from "~/schemas/selling";
import { type Db, transaction } from "~/utils/db.server";
import { recordAudit } from "../platform/audit.server";

export async function shipOrderAsAdmin({
  db,
  orderId,
  adminId,
  tracking,
  carrier,
  now = new Date(),
}: {
  db: Db;
  orderId: number;
  adminId: number;
  tracking: string;
  carrier: Carrier;
  now?: Date;
}): Promise<ShipResult> {
  const result = await shipOrder({ db, orderId, actor: { admin: true }, tracking, carrier, now });
  if (result.ok) {
    await transaction(db,
      async (tx) =>
        recordAudit(tx, {
          adminId,
          action: "ship",
          targetType: "order",
          targetId: orderId,
          details: { tracking, carrier, updated: result.updated },
          now,
        }),
      { behavior: "immediate" },
    );
  }
  return result;
}
