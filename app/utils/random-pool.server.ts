/**
 * Random bytes for per-request values (the CSP nonce, the request id) from a pool filled 4 KB at a time by the
 * system's CSPRNG: each byte is handed out once. One `randomBytes` call per request each cost a system call and a
 * buffer (issue 33: `randomFillSync` was 0.1 ms of a page's CPU under load); the pool makes it one per ~200 requests.
 */
import crypto from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_BYTES) return crypto.randomBytes(n);
  if (used + n > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  const bytes = pool.subarray(used, used + n);
  used += n;
  return bytes;
}
