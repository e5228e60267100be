/**
 * Payments' section of the personal-data export (decision 103, issue 36): the store's ledger and the ledger actions
 * the user took as an administrator.
 */
import { asc, eq } from "drizzle-orm";

import { transactions, type Transaction } from "../../../db/tables";
import { iso, type ExportSubject } from "~/utils/personal-data";

function txJson(t: Transaction) {
  return {
    id: t.id,
    store_id: t.storeId,
    tx_type: t.txType,
    order_id: t.orderId,
    amount_cents: t.amountCents,
    tax_cents: t.taxCents,
    fee_cents: t.feeCents,
    shipping_cents: t.shippingCents,
    status: t.status,
    reason: t.reason,
    processed_at: iso(t.processedAt),
    created_at: iso(t.createdAt),
  };
}

export async function paymentsPersonalData({ db, user, store }: ExportSubject) {
  const ledger = store ? await db.select().from(transactions).where(eq(transactions.storeId, store.id)).orderBy(asc(transactions.id)) : [];
  const adminLedger = await db.select().from(transactions).where(eq(transactions.adminId, user.id)).orderBy(asc(transactions.id));
  return { ledger: ledger.map(txJson), admin_ledger_actions: adminLedger.map(txJson) };
}
