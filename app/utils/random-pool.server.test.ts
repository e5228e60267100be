import { describe, expect, it } from "vitest";

import { pooledRandomBytes } from "~/utils/random-pool.server";

describe("pooledRandomBytes", () => {
  it("hands out each byte of the pool once: ten thousand request ids and nonces, no two alike", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const id = pooledRandomBytes(6).toString("hex");
      const nonce = pooledRandomBytes(16).toString("base64");
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(id).add(nonce);
    }
    expect(seen.size).toBe(20_000);
  });

  it("gives a request larger than the pool its own bytes", () => {
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });
});
