/**
 * Discount codes on the buyer's side (issue 23 item 2, decision 109): which code a cart's entered text names,
 * whether it applies, how its discount spreads over the lines, and its one use per checkout: reserved in the
 * checkout's immediate transaction with a conditional update (`uses < max_uses`), released when the checkout
 * closes unpaid, marked used when it is paid.
 *
 *   checkCode({ db | tx, text, lines, userId?, now? }): { ok: true; code; discounts } | { ok: false; error: DiscountError }
 *   allocateDiscount(code, amounts): number[]            the discount of each amount (pure)
 *   unitDiscounts(discountCents, quantity): { base, extra } a line's discount per unit (pure)
 *   claimUse(tx, { codeId, userId, checkoutId }): boolean  reserves a use; false when none is left
 *   releaseUse(tx, checkoutId) / markUsed(tx, checkoutId)
 *   setCartDiscountCode({ db, owner, text }) / clearCartDiscountCode({ db, owner })
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";

import { carts, discountCodes, discountRedemptions, type DiscountCode } from "../../../db/tables";
import { percentOfCents } from "~/models/buying/fees.server";
import { affected, type Db, type DbOrTx, first, type Tx } from "~/utils/db.server";
import { greatest } from "~/utils/sql-dialect.server";

export type DiscountError = "unknown-code" | "not-started" | "expired" | "used-up" | "not-applicable" | "already-used";

/** What a code is checked against: the cart's lines (price before the discount). */
export type DiscountLine = { productId: number; storeId: number; quantity: number; unitPriceCents: number };

export type CodeCheck = { ok: true; code: DiscountCode; discounts: number[] } | { ok: false; error: DiscountError };

/** The day a code is judged by: UTC, as YYYY-MM-DD (decision 109). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The code's designs; null: the whole store. */
export function codeProductIds(code: Pick<DiscountCode, "productIds">): number[] | null {
  if (code.productIds === null) return null;
  const ids: unknown = JSON.parse(code.productIds);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * The discount of each amount: percent off per amount, rounded half up; an amount off spread over the amounts in
 * proportion by largest remainder (ties to the earlier amount), never more than their sum, so never below 0.
 */
export function allocateDiscount(code: Pick<DiscountCode, "percentOffBp" | "amountOffCents">, amounts: number[]): number[] {
  if (code.percentOffBp !== null) return amounts.map((a) => Math.min(a, percentOfCents(a, code.percentOffBp!)));
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (sum === 0) return amounts.map(() => 0);
  const total = Math.min(code.amountOffCents ?? 0, sum);
  const shares = amounts.map((a) => Math.floor((total * a) / sum));
  let left = total - shares.reduce((s, a) => s + a, 0);
  const order = amounts.map((a, i) => ({ i, rest: (total * a) % sum })).sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A line's discount per unit: `quantity - extra` units get `base` cents off, `extra` units one cent more. */
export function unitDiscounts(discountCents: number, quantity: number): { base: number; extra: number } {
  return { base: Math.floor(discountCents / quantity), extra: discountCents % quantity };
}

const normal = (text: string) => text.trim().toLowerCase();

/** The live codes (not removed) of these stores spelled `text`, case-insensitively, oldest first. */
async function liveCodes(db: DbOrTx, text: string, storeIds: number[] | null) {
  return await db
    .select()
    .from(discountCodes)
    .where(
      and(
        sql`lower(${discountCodes.code}) = ${normal(text)}`,
        isNull(discountCodes.removedAt),
        storeIds === null ? undefined : inArray(discountCodes.storeId, storeIds),
      ),
    )
    .orderBy(asc(discountCodes.id));
}

async function usedByBuyer(db: DbOrTx, codeId: number, userId: number): Promise<boolean> {
  return Boolean(
    await first(db
      .select({ id: discountRedemptions.id })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.userId, userId), inArray(discountRedemptions.status, ["reserved", "used"]))).limit(1)),
  );
}

async function judge(db: DbOrTx, code: DiscountCode, lines: DiscountLine[], userId: number | undefined, today: string): Promise<CodeCheck> {
  if (code.starts !== null && today < code.starts) return { ok: false, error: "not-started" };
  if (code.ends !== null && today > code.ends) return { ok: false, error: "expired" };
  if (code.maxUses !== null && code.uses >= code.maxUses) return { ok: false, error: "used-up" };
  if (code.oncePerBuyer && userId !== undefined && await usedByBuyer(db, code.id, userId)) return { ok: false, error: "already-used" };
  const ids = codeProductIds(code);
  const applies = lines.map((l) => l.storeId === code.storeId && (ids === null || ids.includes(l.productId)));
  if (!applies.some(Boolean)) return { ok: false, error: "not-applicable" };
  const amounts = lines.map((l, i) => (applies[i] ? l.unitPriceCents * l.quantity : 0));
  return { ok: true, code, discounts: allocateDiscount(code, amounts) };
}

/**
 * Whether `text` names a code that applies to these lines now: a code of a store in the cart (the oldest that
 * applies when several stores spell it alike), started, not ended, with a use left, not used by this buyer if it
 * is once per buyer, and for at least one line. The first refusal is answered; a code of no store in the cart is
 * unknown, whether or not another store has it.
 */
export async function checkCode({
  db,
  text,
  lines,
  userId,
  now = new Date(),
}: {
  db: DbOrTx;
  text: string;
  lines: DiscountLine[];
  userId?: number;
  now?: Date;
}): Promise<CodeCheck> {
  const storeIds = [...new Set(lines.map((l) => l.storeId))];
  const candidates = storeIds.length > 0 ? await liveCodes(db, text, storeIds) : [];
  // A code only of stores outside the cart is answered as no code at all: a guesser learns nothing (issue 34, item 7).
  if (candidates.length === 0) return { ok: false, error: "unknown-code" };
  const today = utcDay(now);
  let first: CodeCheck | undefined;
  for (const code of candidates) {
    const result = await judge(db, code, lines, userId, today);
    if (result.ok) return result;
    first ??= result;
  }
  return first!;
}

/** Reserves one use for a checkout: a conditional update below `max_uses`; false (nothing written) when none is left. */
export async function claimUse(tx: Tx, { codeId, userId, checkoutId }: { codeId: number; userId: number; checkoutId: number }): Promise<boolean> {
  const taken = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        isNull(discountCodes.removedAt),
        or(isNull(discountCodes.maxUses), sql`${discountCodes.uses} < ${discountCodes.maxUses}`),
      ),
    );
  if (affected(taken) !== 1) return false;
  await tx.insert(discountRedemptions).values({ codeId, userId, checkoutId, status: "reserved" });
  return true;
}

/** The checkout closed unpaid: its reserved use returns to the code (once). */
export async function releaseUse(tx: Tx, checkoutId: number) {
  const released = (await tx
    .update(discountRedemptions)
    .set({ status: "released" })
    .where(and(eq(discountRedemptions.checkoutId, checkoutId), eq(discountRedemptions.status, "reserved")))
    .returning())[0];
  if (!released) return;
  await tx.update(discountCodes)
    .set({ uses: greatest(tx, sql`${discountCodes.uses} - 1`, 0) })
    .where(eq(discountCodes.id, released.codeId));
}

/** The checkout was paid: its reserved use counts for good, and the buyer's cart forgets the code. */
export async function markUsed(tx: Tx, { checkoutId, userId }: { checkoutId: number; userId: number }) {
  await tx.update(discountRedemptions)
    .set({ status: "used" })
    .where(and(eq(discountRedemptions.checkoutId, checkoutId), eq(discountRedemptions.status, "reserved")));
  await tx.update(carts).set({ discountCode: null }).where(eq(carts.userId, userId));
}

/** The code text stored on a cart (null: none). */
export async function cartDiscountCode(db: DbOrTx, cartId: number): Promise<string | null> {
  return (await first(db.select({ code: carts.discountCode }).from(carts).where(eq(carts.id, cartId)).limit(1)))?.code ?? null;
}

/** Stores the entered code on the cart (the caller has checked it); empty text removes it. */
export async function storeCartDiscountCode(db: Db | Tx, cartId: number, text: string | null) {
  const code = text === null || text.trim() === "" ? null : text.trim();
  await db.update(carts).set({ discountCode: code }).where(eq(carts.id, cartId));
}
