/**
 * A chosen tester's feedback per size (issue 37), and what a published design says of its testing: "Tested by N
 * sewists in sizes …" (the chosen testers of its calls; the sizes they sent feedback on or made).
 */
import { and, eq, isNotNull } from "drizzle-orm";

import { makes, testerApplications, testerCalls, testerFeedback } from "../../../db/tables";
import { getTesterCall } from "./calls.server";
import { getSizeChart } from "~/models/fit/chart.server";
import { type Db, first } from "~/utils/db.server";

export type FeedbackError = "call-not-found" | "not-a-tester" | "invalid-size";

/** The caller's application to a call when they were chosen; else undefined. */
export async function chosenApplication({ db, callId, userId }: { db: Db; callId: number; userId: number }) {
  return await first(db
    .select()
    .from(testerApplications)
    .where(and(eq(testerApplications.callId, callId), eq(testerApplications.userId, userId), isNotNull(testerApplications.chosenAt))).limit(1));
}

/** A chosen tester sends (or replaces) their feedback on one of the call's sizes. */
export async function sendTesterFeedback({
  db,
  callId,
  userId,
  size,
  notes,
  now = new Date(),
}: {
  db: Db;
  callId: number;
  userId: number;
  size: string;
  notes: string;
  now?: Date;
}): Promise<{ ok: true } | { ok: false; error: FeedbackError }> {
  const call = await getTesterCall({ db, callId, now });
  if (!call) return { ok: false, error: "call-not-found" };
  const application = await chosenApplication({ db, callId, userId });
  if (!application) return { ok: false, error: "not-a-tester" };
  if (!call.sizes.includes(size)) return { ok: false, error: "invalid-size" };
  await db.insert(testerFeedback)
    .values({ applicationId: application.id, size, notes, createdAt: now })
    .onConflictDoUpdate({ target: [testerFeedback.applicationId, testerFeedback.size], set: { notes, updatedAt: now } });
  return { ok: true };
}

/** A tester's own feedback on a call, by size. */
export async function ownFeedback({ db, callId, userId }: { db: Db; callId: number; userId: number }): Promise<Record<string, string>> {
  const application = await chosenApplication({ db, callId, userId });
  if (!application) return {};
  const rows = await db.select({ size: testerFeedback.size, notes: testerFeedback.notes }).from(testerFeedback).where(eq(testerFeedback.applicationId, application.id));
  return Object.fromEntries(rows.map((r) => [r.size, r.notes]));
}

/** Every feedback of a call, for its seller: tester, size, notes. */
export async function callFeedback({ db, callId }: { db: Db; callId: number }) {
  return await db
    .select({ userId: testerApplications.userId, size: testerFeedback.size, notes: testerFeedback.notes })
    .from(testerFeedback)
    .innerJoin(testerApplications, eq(testerApplications.id, testerFeedback.applicationId))
    .where(eq(testerApplications.callId, callId))
    .orderBy(testerFeedback.size);
}

export type TestedBy = { count: number; sizes: string[] };

/** Null when no tester was chosen for the design; else how many and in which sizes (the chart's order first). */
export async function testedBy({ db, productId }: { db: Db; productId: number }): Promise<TestedBy | null> {
  const chosen = await db
    .select({ id: testerApplications.id, userId: testerApplications.userId })
    .from(testerApplications)
    .innerJoin(testerCalls, eq(testerCalls.id, testerApplications.callId))
    .where(and(eq(testerCalls.productId, productId), isNotNull(testerApplications.chosenAt)));
  const testers = new Set(chosen.map((c) => c.userId));
  if (testers.size === 0) return null;
  const sizes = new Set<string>();
  for (const c of chosen) for (const f of await db.select({ size: testerFeedback.size }).from(testerFeedback).where(eq(testerFeedback.applicationId, c.id))) sizes.add(f.size);
  for (const m of await db.select({ size: makes.size, userId: makes.userId }).from(makes).where(and(eq(makes.productId, productId), eq(makes.tester, true)))) {
    if (testers.has(m.userId)) sizes.add(m.size);
  }
  const order = (await getSizeChart({ db }, productId))?.rows.map((r) => r.size) ?? [];
  const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
  return { count: testers.size, sizes: [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)) };
}

/** "Tested by 1 sewist in size M", "Tested by 3 sewists in sizes S, M and L". */
export function testedByLine(tested: TestedBy): string {
  const who = `Tested by ${tested.count} ${tested.count === 1 ? "sewist" : "sewists"}`;
  if (tested.sizes.length === 0) return who;
  const list = tested.sizes.length === 1 ? tested.sizes[0] : `${tested.sizes.slice(0, -1).join(", ")} and ${tested.sizes[tested.sizes.length - 1]}`;
  return `${who} in ${tested.sizes.length === 1 ? "size" : "sizes"} ${list}`;
}
