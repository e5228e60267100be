import { sql } from "drizzle-orm";

import type { DbOrTx } from "~/utils/db.server";

export type RateLimitHit = { ok: boolean; count: number; resetAt: number };

/**
 * Counts one attempt against a fixed-window limit kept in SQLite (`rate_limits`), so the limit holds across
 * processes and under concurrent requests: one atomic upsert increments the counter (or starts a new window)
 * and returns the new count. The attempt is allowed while the count stays within `limit`.
 */
export function hitRateLimit({
  db,
  key,
  limit,
  windowMs,
  now = Date.now(),
}: {
  db: DbOrTx;
  key: string;
  limit: number;
  windowMs: number;
  now?: number;
}): RateLimitHit {
  const reset = now + windowMs;
  const row = db.get<{ count: number; reset_at: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${reset})
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN reset_at <= ${now} THEN 1 ELSE count + 1 END,
      reset_at = CASE WHEN reset_at <= ${now} THEN ${reset} ELSE reset_at END
    RETURNING count, reset_at`);
  return { ok: row.count <= limit, count: row.count, resetAt: row.reset_at };
}

/** The messaging limits (issue 14): per sender, counted in SQLite. */
export const MESSAGE_LIMITS = {
  messagesPerMinute: 20,
  newConversationsPerHour: 10,
  helpRequestsPerHour: 5,
} as const;
