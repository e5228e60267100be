import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

import { resizedImage } from "~/models/files/images.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "files-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("resizedImage", () => {
  it("makes a WebP variant once, caches it on disk and shares concurrent conversions", async () => {
    const name = "0123456789abcdef0123456789abcdef.png";
    fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#b4443a" } })
      .png()
      .toFile(path.join(dataDir, "uploads", name));

    const [a, b] = await Promise.all([resizedImage(name, 400, dataDir), resizedImage(name, 400, dataDir)]);
    expect(a).toBe(path.join(dataDir, "cache", "w400", "0123456789abcdef0123456789abcdef.webp"));
    expect(b).toBe(a);
    const meta = await sharp(a).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 267 });
    const made = fs.statSync(a).mtimeMs;
    await resizedImage(name, 400, dataDir);
    expect(fs.statSync(a).mtimeMs).toBe(made);
    // Never enlarged past the original.
    expect((await sharp(await resizedImage(name, 1200, dataDir)).metadata()).width).toBe(900);
    await expect(resizedImage("../../etc/passwd", 400, dataDir)).rejects.toThrow(/invalid file name/);
  });
});
