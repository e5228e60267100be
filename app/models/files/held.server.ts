/**
 * Uploads held across a failed submit (issue 34, item 16). A form refused for one field must not cost the seller
 * the files that were fine: those are copied to `${DATA_DIR}/held/<token>` with a manifest (owner, field, name, type,
 * size, time), the form carries the tokens back as hidden fields, and the next submit takes them as if chosen again.
 * A token is 128 random bits and only its owner can take it; held files live a day, an owner holds at most
 * MAX_HELD_FILES of them (the oldest go first), and nothing under `held/` is ever served.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { getEnv } from "~/utils/env.server";
import type { TempFile } from "~/utils/multipart.server";

export const HELD_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_HELD_FILES = 24;

type Manifest = { ownerId: number; field: string; originalName: string; declaredType: string; size: number; createdAt: number };
/** What the form shows and sends back of a held file. */
export type HeldFile = { token: string; field: string; originalName: string; size: number };

const TOKEN = /^[0-9a-f]{32}$/;

function heldDir(): string {
  return path.join(getEnv().DATA_DIR, "held");
}

async function readManifest(token: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(heldDir(), `${token}.json`), "utf8")) as Manifest;
  } catch {
    return null;
  }
}

async function remove(token: string) {
  await Promise.all([fs.promises.rm(path.join(heldDir(), token), { force: true }), fs.promises.rm(path.join(heldDir(), `${token}.json`), { force: true })]);
}

/** Drops held files past their day, and the owner's oldest beyond MAX_HELD_FILES (counting `adding` new ones). */
async function prune(ownerId: number, adding: number, now: number) {
  const names = await fs.promises.readdir(heldDir()).catch(() => [] as string[]);
  const own: { token: string; createdAt: number }[] = [];
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    const token = name.slice(0, -5);
    const manifest = await readManifest(token);
    if (!manifest || now - manifest.createdAt > HELD_TTL_MS) await remove(token);
    else if (manifest.ownerId === ownerId) own.push({ token, createdAt: manifest.createdAt });
  }
  own.sort((a, b) => a.createdAt - b.createdAt);
  for (const { token } of own.slice(0, Math.max(0, own.length + adding - MAX_HELD_FILES))) await remove(token);
}

/** Copies accepted temp files into the held folder; answers their tokens. */
export async function holdFiles({ ownerId, files, now = Date.now() }: { ownerId: number; files: TempFile[]; now?: number }): Promise<HeldFile[]> {
  if (files.length === 0) return [];
  await fs.promises.mkdir(heldDir(), { recursive: true });
  await prune(ownerId, files.length, now);
  const held: HeldFile[] = [];
  for (const file of files.slice(0, MAX_HELD_FILES)) {
    const token = crypto.randomBytes(16).toString("hex");
    await fs.promises.copyFile(file.path, path.join(heldDir(), token));
    const manifest: Manifest = { ownerId, field: file.field, originalName: file.originalName, declaredType: file.declaredType, size: file.size, createdAt: now };
    await fs.promises.writeFile(path.join(heldDir(), `${token}.json`), JSON.stringify(manifest));
    held.push({ token, field: file.field, originalName: file.originalName, size: file.size });
  }
  return held;
}

/**
 * The held files of these tokens that belong to the owner and are still within their day, as temp files (their path
 * in the held folder). Unknown, foreign or expired tokens are skipped.
 */
export async function takeHeldFiles({ ownerId, tokens, now = Date.now() }: { ownerId: number; tokens: string[]; now?: number }): Promise<(TempFile & { token: string })[]> {
  const taken: (TempFile & { token: string })[] = [];
  for (const token of [...new Set(tokens)].slice(0, MAX_HELD_FILES)) {
    if (!TOKEN.test(token)) continue;
    const manifest = await readManifest(token);
    if (!manifest || manifest.ownerId !== ownerId || now - manifest.createdAt > HELD_TTL_MS) continue;
    const file = path.join(heldDir(), token);
    if (!fs.existsSync(file)) continue;
    taken.push({ token, field: manifest.field, originalName: manifest.originalName, declaredType: manifest.declaredType, path: file, size: manifest.size });
  }
  return taken;
}

/**
 * Removes the owner's held files (after a save used them, or when the seller chose others); another owner's token,
 * an unknown or a malformed one is left alone (issue 46, item 8: `held_drop` comes from the form).
 */
export async function releaseHeld({ ownerId, tokens }: { ownerId: number; tokens: string[] }) {
  const own = async (token: string) => TOKEN.test(token) && (await readManifest(token))?.ownerId === ownerId;
  await Promise.all([...new Set(tokens)].map(async (token) => (await own(token)) && remove(token)));
}
