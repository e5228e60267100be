/**
 * A fixed-window failure counter kept in memory (one process serves the app). Used to refuse
 * logins from an address after repeated failures.
 */
export function createFailureLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const entries = new Map<string, { count: number; resetAt: number }>();

  function current(key: string, now: number) {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    isBlocked(key: string, now = Date.now()) {
      return (current(key, now)?.count ?? 0) >= max;
    },
    fail(key: string, now = Date.now()) {
      const entry = current(key, now) ?? { count: 0, resetAt: now + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      if (entries.size > 10_000) {
        for (const [k, v] of entries) if (v.resetAt <= now) entries.delete(k);
      }
    },
    reset(key: string) {
      entries.delete(key);
    },
  };
}
