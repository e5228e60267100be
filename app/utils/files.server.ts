/**
 * The local file store: uploads live in `${DATA_DIR}/uploads` under random names, resized image
 * variants in `${DATA_DIR}/cache/w{width}/`. Names are validated before any path is built, so no
 * request can reach outside these folders.
 */
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { getEnv } from "~/utils/env.server";
import { IMAGE_WIDTHS, type ImageWidth } from "~/utils/media";

/** Random hex names with a short extension, exactly as uploads (and the seed) write them. */
const FILE_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;


export function isValidFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

export function uploadsDir(dataDir = getEnv().DATA_DIR): string {
  return path.join(dataDir, "uploads");
}

export function cacheDir(dataDir = getEnv().DATA_DIR): string {
  return path.join(dataDir, "cache");
}

/** The path of an uploaded file, or null when the name is malformed. */
export function uploadPath(name: string, dataDir?: string): string | null {
  if (!isValidFileName(name)) return null;
  return path.join(uploadsDir(dataDir), name);
}

export async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

const inFlight = new Map<string, Promise<string>>();

/**
 * A WebP copy of an uploaded image at most `width` pixels wide, made once and kept on disk.
 * Concurrent requests for the same variant share one conversion; the file appears atomically.
 */
export function resizedImage(name: string, width: ImageWidth, dataDir?: string): Promise<string> {
  const source = uploadPath(name, dataDir);
  if (!source) return Promise.reject(new Error(`invalid file name: ${name}`));
  const dir = path.join(cacheDir(dataDir), `w${width}`);
  const target = path.join(dir, `${name.slice(0, 32)}.webp`);
  const running = inFlight.get(target);
  if (running) return running;
  const job = (async () => {
    if (await statFile(target)) return target;
    await fs.promises.mkdir(dir, { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await sharp(source, { animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 75, effort: 3 })
      .toFile(temp);
    await fs.promises.rename(temp, target);
    return target;
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}
