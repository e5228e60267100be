/**
 * Encryption at rest for small secrets such as a bank account number (AES-256-GCM, key derived from
 * SESSION_SECRET with HKDF). Stored as `v1:<iv>:<tag>:<ciphertext>`, base64url.
 */
import crypto from "node:crypto";

import { getEnv } from "./env.server";

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", getEnv().SESSION_SECRET, "patternhouse", "secret-box v1", 32));
}

export function encryptText(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(":");
}

export function decryptText(sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(":");
  if (version !== "v1" || !iv || !tag || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
