/**
 * The one in-memory cache helper (decision 093): a key, an entry limit (least recently used dropped first), an
 * optional time to live and an optional data version per entry, so that a value read from the database is
 * never served once the data has changed (`dataVersion(db)` from db.server.ts). `lru-cache` keeps the entries;
 * expiry and versions are checked here, against an injectable clock, so tests need no timers.
 *
 * Not this idea, and so not this helper: per-request memos (a WeakMap keyed by the Request), statements prepared
 * once per database handle (preparedPerDb), builds in flight shared by concurrent requests, and files cached on disk.
 */
import { LRUCache } from "lru-cache";

export type CacheOptions = {
  /** At most this many entries; the least recently used goes first. */
  max: number;
  /** Entries older than this are not served (and are dropped when next asked for). */
  ttlMs?: number;
  /** The clock for ttlMs (tests pass their own). */
  now?: () => number;
};

/** `version`: the data version the value was computed at; a lookup with another version misses. */
export type CacheLookup = { version?: string };

export type Cache<V> = {
  get(key: string, lookup?: CacheLookup): V | undefined;
  has(key: string, lookup?: CacheLookup): boolean;
  set(key: string, value: V, lookup?: CacheLookup): V;
  /** The cached value, or `compute()`'s, which is then kept. */
  getOrSet(key: string, compute: () => V, lookup?: CacheLookup): V;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
};

type Entry<V> = { value: V; version: string | undefined; expiresAt: number };

export function createCache<V>({ max, ttlMs, now = Date.now }: CacheOptions): Cache<V> {
  const entries = new LRUCache<string, Entry<V>>({ max });

  function find(key: string, lookup?: CacheLookup): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== lookup?.version || entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function set(key: string, value: V, lookup?: CacheLookup): V {
    entries.set(key, { value, version: lookup?.version, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
    return value;
  }

  return {
    get: (key, lookup) => find(key, lookup)?.value,
    has: (key, lookup) => find(key, lookup) !== undefined,
    set,
    getOrSet(key, compute, lookup) {
      const entry = find(key, lookup);
      return entry ? entry.value : set(key, compute(), lookup);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
