/**
 * Resized image variants of uploaded images, in `${DATA_DIR}/cache/w{width}/` (the storage root and the name
 * checks are store.server.ts).
 */
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { cacheDir, fetchCached, keepCached, localUpload, uploadPath } from "./store.server";
import { IMAGE_WIDTHS, type ImageWidth } from "~/utils/media";

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}


const inFlight = new Map<string, Promise<string>>();

/**
 * A WebP copy of an uploaded image at most `width` pixels wide, made once and kept on disk.
 * Concurrent requests for the same variant share one conversion; the file appears atomically.
 */
export function resizedImage(name: string, width: ImageWidth, dataDir?: string): Promise<string> {
  if (!uploadPath(name, dataDir)) return Promise.reject(new Error(`invalid file name: ${name}`));
  const dir = path.join(cacheDir(dataDir), `w${width}`);
  const target = path.join(dir, `${name.slice(0, 32)}.webp`);
  const running = inFlight.get(target);
  if (running) return running;
  const job = (async () => {
    if (await fetchCached(target, dataDir)) return target;
    const source = (await localUpload(name, dataDir))?.path;
    if (!source) throw new Error(`no such file: ${name}`);
    await fs.promises.mkdir(dir, { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await sharp(source, { animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 75, effort: 3 })
      .toFile(temp);
    await fs.promises.rename(temp, target);
    await keepCached(target, dataDir);
    return target;
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}
