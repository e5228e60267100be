/**
 * Rate limits counted in SQLite (table `rate_limits`), so they hold under concurrent requests and
 * across processes that share the database file. One generic fixed-window counter for every
 * feature (logins, messages, help requests...):
 *
 *   const { allowed } = hit({ db, key: `messages:${userId}`, limit: 20, windowMs: 60_000 });
 *   if (!allowed) return 429;
 *
 * `hit` counts the attempt and answers in ONE statement (an upsert with RETURNING), so two requests
 * can never both read "4 of 5" and both go through; count it BEFORE the work it protects. Keys are
 * free text: prefix them with the feature (`login:account:...`, `messages:...`). A window starts
 * at the first hit and the count restarts once `resetAt` has passed. Counts stop growing at
 * `limit + 1`, so a flood costs one row and refused attempts do not extend anything.
 * See docs/decisions/036-rate-limits-in-sqlite.md.
 */
import { sql } from "drizzle-orm";

import { type DbOrTx, rawRow, rawRun } from "~/utils/db.server";
import { greatest, least } from "~/utils/sql-dialect.server";

export type RateLimitState = {
  /** Whether this attempt is within the limit. */
  allowed: boolean;
  /** Attempts counted in the current window, this one included (at most limit + 1). */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
};

type HitArgs = { db: DbOrTx; key: string; limit: number; windowMs: number; now?: number };

/** Counts one attempt for `key` and says whether it is allowed (count <= limit). Atomic. */
export async function hit({ db, key, limit, windowMs, now = Date.now() }: HitArgs): Promise<RateLimitState> {
  const reset = now + windowMs;
  const row = await rawRow<{ count: number; reset_at: number }>(db, sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${reset})
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE ${least(db, sql`rate_limits.count + 1`, limit + 1)} END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${reset} ELSE rate_limits.reset_at END
    RETURNING count, reset_at`);
  if (!row) throw new Error("The rate limit upsert returned no row");
  return { allowed: row.count <= limit, count: row.count, resetAt: row.reset_at };
}

/** The current state of `key` without counting anything (count 0 when there is no open window). */
export async function peek({ db, key, limit, now = Date.now() }: Omit<HitArgs, "windowMs">): Promise<RateLimitState> {
  const row = await rawRow<{ count: number; reset_at: number } | undefined>(db, sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${now}`);
  const count = row?.count ?? 0;
  return { allowed: count < limit, count, resetAt: row?.reset_at ?? now };
}

/** Takes back one counted attempt (e.g. it turned out not to be a failure). */
export async function release({ db, key, now = Date.now() }: { db: DbOrTx; key: string; now?: number }) {
  await rawRun(db, sql`UPDATE rate_limits SET count = ${greatest(db, sql`count - 1`, 0)} WHERE key = ${key} AND reset_at > ${now}`);
}

/** Forgets `key` (e.g. the account's failures after a successful login). */
export async function clear({ db, key }: { db: DbOrTx; key: string }) {
  await rawRun(db, sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Deletes windows that have ended (run now and then; correctness does not depend on it). */
export async function sweepRateLimits({ db, now = Date.now() }: { db: DbOrTx; now?: number }) {
  await rawRun(db, sql`DELETE FROM rate_limits WHERE reset_at <= ${now}`);
}

/** Windows counted in this process, per scope (the database handle: tests open many). */
const inProcess = new WeakMap<object, Map<string, { count: number; resetAt: number }>>();
const IN_PROCESS_KEYS = 10_000;

/**
 * `hit` for a limit a GET counts (decision 161): a GET never writes, so its attempts are counted in this process's
 * memory, not in `rate_limits`. The same fixed window; a flood of keys sweeps the ended windows. Each process (and
 * machine) counts on its own: N processes let N × `limit` through, which the limits counted this way accept.
 */
export function hitInProcess({ scope, key, limit, windowMs, now = Date.now() }: Omit<HitArgs, "db"> & { scope: object }): RateLimitState {
  let windows = inProcess.get(scope);
  if (!windows) {
    windows = new Map();
    inProcess.set(scope, windows);
  }
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    if (windows.size >= IN_PROCESS_KEYS) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    window = { count: 0, resetAt: now + windowMs };
    windows.set(key, window);
  }
  window.count = Math.min(window.count + 1, limit + 1);
  return { allowed: window.count <= limit, count: window.count, resetAt: window.resetAt };
}
