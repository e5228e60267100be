/**
 * The app's own models and session storage for the e2e fixtures (issue 20, item 9): the test server's SQLite file
 * opened as the app's Drizzle database (WAL: safe beside the running server; no migration, the server did that),
 * and login cookies minted by the app's cookie session storage with the e2e servers' secret; designs created with the
 * app's design model, their files stored in the server's data folder.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { openDatabase, type Db } from "../../db/client";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { DATA_DIR } from "./utils";
import { saveDesign } from "~/models/selling/designs.server";
import type { RawDesign } from "~/schemas/selling";
import { createSessionStorage } from "~/utils/cookie-session.server";
import { getEnv } from "~/utils/env.server";
import type { TempFile } from "~/utils/multipart.server";

/** Runs `work` with the app's database handle on the test server's data, then closes it. */
export async function withAppDb<T>(work: (db: Db) => T | Promise<T>, dataDir = DATA_DIR): Promise<T> {
  const db = openDatabase(path.join(dataDir, "marketplace.db"), { migrate: false });
  try {
    return await work(db);
  } finally {
    db.$client.close();
  }
}

const storage = createSessionStorage(E2E_SESSION_SECRET);

/** The `__session` cookie (name and value) the app sets for a session token. */
export async function sessionCookie(token: string): Promise<{ name: string; value: string }> {
  const session = await storage.getSession();
  session.set("token", token);
  const header = await storage.commitSession(session);
  const pair = header.slice(0, header.indexOf(";"));
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

/**
 * Points the app's environment (getEnv, read once per process) in this test process at the shared test server's:
 * its DATA_DIR and secret, so models that store files (saveDesign, saveStore with a logo) write where the server
 * serves them from. One pattern worker thread is enough for a fixture's DXF.
 */
function pointEnvAtServer() {
  process.env.DATA_DIR = DATA_DIR;
  process.env.SESSION_SECRET = E2E_SESSION_SECRET;
  process.env.PATTERN_WORKERS ??= "1";
  if (getEnv().DATA_DIR !== path.resolve(DATA_DIR)) throw new Error(`the app's env in this process reads ${getEnv().DATA_DIR}, not ${DATA_DIR}`);
}

export type Upload = { field: string; name: string; type: string; bytes: Buffer };

/**
 * Hands files to a model as the multipart reader would (temp files with the client's name and declared type), on
 * the shared server's data; the temp folder is removed afterwards (the models move or copy what they keep).
 */
export async function withUploads<T>(uploads: Upload[], work: (db: Db, temps: TempFile[]) => Promise<T>): Promise<T> {
  pointEnvAtServer();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "e2e-uploads-"));
  try {
    const temps = await Promise.all(
      uploads.map(async (u, i): Promise<TempFile> => {
        const file = path.join(dir, `${i}-${u.name}`);
        await fs.writeFile(file, u.bytes);
        return { field: u.field, originalName: u.name, declaredType: u.type, path: file, size: u.bytes.length };
      }),
    );
    return await withAppDb((db) => work(db, temps));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Creates a design with the app's own model (what the Upload Design form and the JSON face call): its images, size
 * chart and, for a pattern, DXF are checked, stored and read as for a seller. Answers the product id.
 */
export async function createDesign({
  storeId,
  ownerId,
  raw,
  image,
  pattern,
}: {
  storeId: number;
  ownerId: number;
  raw: RawDesign;
  image: Buffer;
  pattern?: { name: string; bytes: Buffer };
}): Promise<number> {
  const uploads: Upload[] = [
    { field: "images", name: "photo.png", type: "image/png", bytes: image },
    { field: "sizeChart", name: "size-chart.png", type: "image/png", bytes: image },
  ];
  if (pattern) uploads.push({ field: "pattern", name: pattern.name, type: "application/dxf", bytes: pattern.bytes });
  const result = await withUploads(uploads, (db, [media, sizeChart, dxf]) =>
    saveDesign({ db, storeId, ownerId, raw, keepMedia: null, files: { media: [media!], sizeChart, pattern: dxf ?? null } }),
  );
  if (!result.ok) throw new Error(`createDesign ${String(raw.name)}: ${JSON.stringify(result)}`);
  return result.product.id;
}
