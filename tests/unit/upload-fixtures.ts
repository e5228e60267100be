import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";

import type { TempFile } from "~/utils/multipart.server";

/**
 * A data folder of the test file's own (DATA_DIR: uploads/ and outbox/ go beneath it), made before its tests
 * and removed after them, and temp files in it as the multipart reader leaves them.
 */
export function withUploadDir(name: string) {
  let dir = "";
  let n = 0;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-test-`));
    process.env.DATA_DIR = dir;
    process.env.SESSION_SECRET = `${name}-test-secret-0123456789`;
    globalThis.__env = undefined;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    /** A temp file as the multipart reader leaves it. */
    async temp(field: string, originalName: string, bytes: Buffer | Promise<Buffer>): Promise<TempFile> {
      n += 1;
      const file = path.join(dir, `t${n}.part`);
      fs.writeFileSync(file, await bytes);
      return { field, originalName, declaredType: "", path: file, size: fs.statSync(file).size };
    },
  };
}

/** A PNG of one colour. */
export const pngImage = (color: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

let photos = 0;
/** A small photo in the `photos` field (a make's), as the multipart reader leaves it in `dir`. */
export async function photoFile(dir: string): Promise<TempFile> {
  photos += 1;
  const file = path.join(dir, `photo-${photos}.part`);
  fs.writeFileSync(file, await pngImage("#336699", 8, 8));
  return { field: "photos", originalName: "make.png", declaredType: "image/png", path: file, size: fs.statSync(file).size };
}
