import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { decryptSecret, encryptSecret } from "./crypto.server";
import { decodeKey, loadDataKey } from "./env.server";

describe("secrets at rest", () => {
  const key = crypto.randomBytes(32);

  it("round-trips with AES-256-GCM and never shows the plain text", () => {
    const stored = encryptSecret("000123456789", key);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain("000123456789");
    expect(Buffer.from(stored.slice(3), "base64").includes(Buffer.from("000123456789"))).toBe(false);
    expect(decryptSecret(stored, key)).toBe("000123456789");
    // a fresh IV each time
    expect(encryptSecret("000123456789", key)).not.toBe(stored);
    expect(encryptSecret("", key)).toBe("");
  });

  it("refuses a tampered value or another key", () => {
    const stored = encryptSecret("987654321", key);
    const raw = Buffer.from(stored.slice(3), "base64");
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${raw.toString("base64")}`, key)).toThrow();
    expect(() => decryptSecret(stored, crypto.randomBytes(32))).toThrow();
    expect(() => decryptSecret("987654321", key)).toThrow();
  });

  it("takes DATA_KEY as hex or base64, else generates DATA_DIR/data-key once", () => {
    const hex = key.toString("hex");
    expect(decodeKey(hex)?.equals(key)).toBe(true);
    expect(decodeKey(key.toString("base64"))?.equals(key)).toBe(true);
    expect(decodeKey("short")).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-key-"));
    try {
      expect(loadDataKey({ DATA_KEY: hex, DATA_DIR: dir }).equals(key)).toBe(true);
      expect(fs.existsSync(path.join(dir, "data-key"))).toBe(false);
      const generated = loadDataKey({ DATA_KEY: undefined, DATA_DIR: dir });
      expect(generated).toHaveLength(32);
      expect(loadDataKey({ DATA_KEY: undefined, DATA_DIR: dir }).equals(generated)).toBe(true);
      expect((fs.statSync(path.join(dir, "data-key")).mode & 0o777).toString(8)).toBe("600");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
