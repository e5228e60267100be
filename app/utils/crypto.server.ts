import crypto from "node:crypto";

import { hash, verify } from "@node-rs/argon2";

import { loadDataKey } from "./env.server";

// argon2id (the library's default algorithm) with OWASP's minimum recommended cost.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random secret for a URL or a bearer token: 32 bytes, base64url. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

const CIPHER_PREFIX = "v1:";

let dataKey: Buffer | undefined;
function key(explicit?: Buffer) {
  if (explicit) return explicit;
  dataKey ??= loadDataKey();
  return dataKey;
}

/**
 * Encrypts a secret for storage (AES-256-GCM, random 12-byte IV): `v1:` + base64(iv | tag | ciphertext).
 * The empty string stays empty (nothing to hide).
 */
export function encryptSecret(plain: string, explicitKey?: Buffer): string {
  if (plain === "") return "";
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(explicitKey), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return CIPHER_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** The plain text of `encryptSecret`'s output; throws when it was tampered with or the key is another. */
export function decryptSecret(stored: string, explicitKey?: Buffer): string {
  if (stored === "") return "";
  if (!stored.startsWith(CIPHER_PREFIX)) throw new Error("not an encrypted value");
  const raw = Buffer.from(stored.slice(CIPHER_PREFIX.length), "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(explicitKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
