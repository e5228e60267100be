/**
 * A seller's discount codes (issue 23 item 2, decision 109): create, list with their uses, remove. Scoped by the
 * store; answers the row or a code, never an HTTP status.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { discountCodes, discountRedemptions, products, type DiscountCode } from "../../../db/tables";
import { codeProductIds, utcDay } from "~/models/buying/discounts.server";
import type { CreateDiscountCodeInput } from "~/schemas/discounts";
import { affected, type Db, type DbOrTx, first, transaction } from "~/utils/db.server";
import { formatCents } from "~/utils/money";

export type CreateCodeError = "code-taken" | "unknown-product" | "ended";
export type RemoveCodeError = "not-found";

async function codeTaken(db: DbOrTx, storeId: number, code: string): Promise<boolean> {
  return Boolean(
    await first(db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(and(eq(discountCodes.storeId, storeId), isNull(discountCodes.removedAt), sql`lower(${discountCodes.code}) = ${code.toLowerCase()}`)).limit(1)),
  );
}

/**
 * A new code of the store; its designs must be the store's own (not removed), and its end date (a UTC day, inclusive)
 * not already past: such a code could never be used (issue 46 item 24, decision 154).
 */
export async function createDiscountCode({
  db,
  storeId,
  input,
  now = new Date(),
}: {
  db: Db;
  storeId: number;
  input: CreateDiscountCodeInput;
  now?: Date;
}): Promise<{ ok: true; code: DiscountCode } | { ok: false; error: CreateCodeError }> {
  if (input.ends !== null && input.ends < utcDay(now)) return { ok: false, error: "ended" };
  return await transaction(db,
    async (tx) => {
      if (await codeTaken(tx, storeId, input.code)) return { ok: false as const, error: "code-taken" as const };
      const ids = input.product_ids === null ? null : [...new Set(input.product_ids)];
      if (ids) {
        const own = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, ids), isNull(products.removedAt)));
        if (own.length !== ids.length) return { ok: false as const, error: "unknown-product" as const };
      }
      const code = (await tx
        .insert(discountCodes)
        .values({
          storeId,
          code: input.code,
          percentOffBp: input.percent_off,
          amountOffCents: input.amount_off,
          productIds: ids === null ? null : JSON.stringify(ids.sort((a, b) => a - b)),
          starts: input.starts,
          ends: input.ends,
          maxUses: input.max_uses,
          oncePerBuyer: input.once_per_buyer,
        })
        .returning())[0];
      return { ok: true as const, code };
    },
    { behavior: "immediate" },
  );
}

export type DiscountCodeRow = DiscountCode & { used: number; reserved: number; productIdList: number[] | null };

/** The store's codes (live ones first, newest first), with paid uses and uses held by open checkouts. */
export async function listDiscountCodes({ db, storeId, includeRemoved = false }: { db: Db; storeId: number; includeRemoved?: boolean }): Promise<DiscountCodeRow[]> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), includeRemoved ? undefined : isNull(discountCodes.removedAt)))
    .orderBy(sql`${discountCodes.removedAt} is not null`, desc(discountCodes.createdAt), desc(discountCodes.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ codeId: discountRedemptions.codeId, status: discountRedemptions.status, n: count() })
    .from(discountRedemptions)
    .where(inArray(discountRedemptions.codeId, rows.map((r) => r.id)))
    .groupBy(discountRedemptions.codeId, discountRedemptions.status)
    .orderBy(asc(discountRedemptions.codeId));
  const of = (id: number, status: string) => counts.find((c) => c.codeId === id && c.status === status)?.n ?? 0;
  return rows.map((r) => ({ ...r, used: of(r.id, "used"), reserved: of(r.id, "reserved"), productIdList: codeProductIds(r) }));
}

/** Removes a code of the store: buyers can no longer enter it; orders that used it keep their discount. */
export async function removeDiscountCode({ db, storeId, codeId, now = new Date() }: { db: Db; storeId: number; codeId: number; now?: Date }): Promise<{ ok: true } | { ok: false; error: RemoveCodeError }> {
  const removed = await db
    .update(discountCodes)
    .set({ removedAt: now })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.storeId, storeId), isNull(discountCodes.removedAt)));
  return affected(removed) === 1 ? { ok: true } : { ok: false, error: "not-found" };
}

/**
 * Whether buyers can use a code today (UTC, as its dates are): "Expired" after its end date, "Used up" once its paid
 * uses reach its limit, "Not started" before its start date, null when it is live (issue 34 item 17: the list never
 * said so).
 */
export function discountCodeState(row: Pick<DiscountCodeRow, "starts" | "ends" | "used" | "maxUses">, today: string): "Expired" | "Used up" | "Not started" | null {
  if (row.ends && row.ends < today) return "Expired";
  if (row.maxUses !== null && row.used >= row.maxUses) return "Used up";
  if (row.starts && row.starts > today) return "Not started";
  return null;
}

/**
 * A code as the seller's and the administrator's tables show it: what is off, for which designs (their names from
 * `names`, else `#id`), when, and its uses (paid, of the limit, and those held by open checkouts).
 */
export function discountCodeSummary(row: DiscountCodeRow, names: ReadonlyMap<number, string>, today = new Date().toISOString().slice(0, 10)) {
  return {
    state: discountCodeState(row, today),
    id: row.id,
    code: row.code,
    off: row.percentOffBp !== null ? `${row.percentOffBp / 100} %` : formatCents(row.amountOffCents ?? 0),
    designs: row.productIdList === null ? "Whole store" : row.productIdList.map((id) => names.get(id) ?? `#${id}`).join(", "),
    dates: row.starts || row.ends ? `${row.starts ?? "…"} to ${row.ends ?? "…"}` : "Always",
    uses: `${row.used}${row.maxUses === null ? "" : ` of ${row.maxUses}`}${row.reserved ? ` (${row.reserved} in open checkouts)` : ""}`,
    oncePerBuyer: row.oncePerBuyer,
    removedOn: row.removedAt ? row.removedAt.toISOString().slice(0, 10) : null,
  };
}

/** A code as the JSON face shows it: money in dollars, percent as a number, dates as YYYY-MM-DD. */
export function discountCodeJson(row: DiscountCodeRow) {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOffBp === null ? null : row.percentOffBp / 100,
    amount_off: row.amountOffCents === null ? null : row.amountOffCents / 100,
    product_ids: row.productIdList,
    starts: row.starts,
    ends: row.ends,
    max_uses: row.maxUses,
    once_per_buyer: row.oncePerBuyer,
    uses: row.used,
    reserved: row.reserved,
    created_at: row.createdAt.toISOString(),
    removed_at: row.removedAt ? row.removedAt.toISOString() : null,
  };
}
