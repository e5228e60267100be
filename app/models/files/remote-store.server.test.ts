/** The file store with FILE_STORE_URL (decision 102) against s3rver, a real S3 protocol server on loopback. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";

import { createTestDb } from "../../../tests/unit/helpers";
import { inspectFile } from "~/models/files/inspect.server";
import { discardFiles, FileStoreUnavailableError, getFileRecord, localUpload, storeFile } from "~/models/files/store.server";
import { parseEnv } from "~/utils/env.server";
import { S3_KEYS, startS3Server } from "../../../tests/fakes/s3-server";

const port = 20_000 + Math.floor(Math.random() * 20_000);
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;

function useStore(endpoint: string) {
  globalThis.__env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "remote-store-test-secret-0123",
    FILE_STORE_URL: "s3://files/shop",
    FILE_STORE_S3_ENDPOINT: endpoint,
    FILE_STORE_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
    FILE_STORE_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
  } as NodeJS.ProcessEnv);
}

async function pngTemp(name: string) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, await sharp({ create: { width: 30, height: 20, channels: 3, background: "#0a0" } }).png().toBuffer());
  const temp = { field: "media", originalName: "green.png", declaredType: "image/png", path: file, size: fs.statSync(file).size };
  const inspected = await inspectFile(temp, ["image"]);
  if (!inspected.ok) throw new Error(inspected.message);
  return { temp, inspected: inspected.file };
}

const objectFile = (name: string) => path.join(s3.directory, "files", "shop", "uploads", `${name}._S3rver_object`);

beforeAll(async () => {
  s3 = await startS3Server({ port, bucket: "files" });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remote-store-test-"));
});
afterAll(async () => {
  globalThis.__env = undefined;
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("puts an upload into the bucket, fetches it back into an empty disk with the same bytes and time, and deletes both", async () => {
  useStore(s3.endpoint);
  const db = createTestDb();
  const { temp, inspected } = await pngTemp("a.part");
  const stored = await storeFile({ db, temp, inspected, kind: "media", ownerId: null });
  const local = path.join(dataDir, "uploads", stored.name);
  const bytes = fs.readFileSync(local);
  const mtime = Math.floor(fs.statSync(local).mtimeMs);
  expect(fs.readFileSync(objectFile(stored.name)).equals(bytes)).toBe(true);

  fs.rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
  const fetched = await localUpload(stored.name);
  expect(fetched?.path).toBe(local);
  expect(fs.readFileSync(local).equals(bytes)).toBe(true);
  expect(Math.floor(fetched!.stat.mtimeMs)).toBe(mtime);
  expect(await localUpload("0".repeat(32) + ".png")).toBeNull();

  await discardFiles({ db, names: [stored.name] });
  expect(fs.existsSync(local)).toBe(false);
  expect(fs.existsSync(objectFile(stored.name))).toBe(false);
  expect(await getFileRecord({ db, name: stored.name })).toBeUndefined();
});

it("refuses an upload when the bucket cannot be reached, keeping no file and no row", async () => {
  useStore(`http://127.0.0.1:${port + 1}`);
  const db = createTestDb();
  const { temp, inspected } = await pngTemp("b.part");
  await expect(storeFile({ db, temp, inspected, kind: "media", ownerId: null })).rejects.toBeInstanceOf(FileStoreUnavailableError);
  expect(fs.readdirSync(path.join(dataDir, "uploads")).filter((n) => !n.endsWith(".part"))).toEqual([]);
  await expect(localUpload("1".repeat(32) + ".png")).rejects.toBeInstanceOf(FileStoreUnavailableError);
});

it("a bad FILE_STORE_URL stops the start with a message naming it", () => {
  expect(() => parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, FILE_STORE_URL: "https://bucket/x" } as NodeJS.ProcessEnv)).toThrow(/FILE_STORE_URL: expected s3:\/\/bucket\/prefix/);
});
