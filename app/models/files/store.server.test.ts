import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { createTestDb } from "../../../tests/unit/helpers";
import { files, productMedia, products, stores, users } from "../../../db/tables";
import { inspectFile, type AcceptKind } from "~/models/files/inspect.server";
import { deleteUnreferencedFiles, discardFiles, storeFile } from "~/models/files/store.server";
import { readMultipart, sweepStaleTempFiles, TempFileWriter, tooLargeMessage } from "~/utils/multipart.server";
import { MAX_FILE_BYTES } from "~/utils/upload-limits";
import { first } from "~/utils/db.server";

const DXF = fs.readFileSync(path.join(__dirname, "../../../tests/fixtures/bodice-block.dxf"));

/** A real PNG (red 40 x 20). */
function png(width = 40, height = 20) {
  return sharp({ create: { width, height, channels: 3, background: "#c00" } }).png().toBuffer();
}

/** A real JPEG 40 x 20 with EXIF orientation 6 (displayed rotated 90 degrees) and a camera make. */
function rotatedJpeg() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#0c0" } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: "SecretCam", Model: "X1" } } })
    .toBuffer();
}

/** The opening boxes of an ISO-BMFF MP4: ftyp isom + an empty mdat. */
function mp4() {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2avc1mp41"),
  ]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from("mdat")]);
  return Buffer.concat([ftyp, mdat]);
}

/** An EBML header whose DocType is webm. */
function webm() {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from("webm")]);
  const body = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 0x01]), docType]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(32)]);
}

let dataDir: string;
let db: Db;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
  db = createTestDb();
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function multipartRequest(entries: [string, string | { name: string; bytes: Uint8Array; type?: string }][]) {
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.name);
  }
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

function tempDir() {
  return path.join(dataDir, "tmp");
}

describe("readMultipart", () => {
  it("streams files to temp files and keeps every text field in order", async () => {
    const image = await png();
    const request = multipartRequest([
      ["name", "Linen wrap dress"],
      ["media", { name: "front.png", bytes: image, type: "image/png" }],
      ["variant.value", "S"],
      ["variant.value", "M"],
      ["pattern", { name: "dress.dxf", bytes: DXF }],
    ]);
    const result = await readMultipart(request, { tempDir: tempDir() });
    expect(result.fields.get("name")).toBe("Linen wrap dress");
    expect(result.fields.getAll("variant.value")).toEqual(["S", "M"]);
    expect(result.fields.has("media")).toBe(false);
    expect(result.problems).toEqual([]);
    expect(result.files.map((f) => [f.field, f.originalName, f.size])).toEqual([
      ["media", "front.png", image.length],
      ["pattern", "dress.dxf", DXF.length],
    ]);
    expect(fs.readFileSync(result.files[0].path).equals(image)).toBe(true);
    await result.cleanup();
    expect(fs.readdirSync(tempDir())).toEqual([]);
  });

  it("refuses a file of 25 MiB + 1 byte while reading, keeps the other fields and files", async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    const exact = new Uint8Array(MAX_FILE_BYTES);
    const request = multipartRequest([
      ["name", "Kept"],
      ["media", { name: "huge.png", bytes: big }],
      ["media", { name: "exact.png", bytes: exact }],
      ["desc", "typed after the big file"],
    ]);
    const result = await readMultipart(request, { tempDir: tempDir() });
    expect(result.problems).toEqual([
      { field: "media", fileName: "huge.png", message: "huge.png is too large. Maximum file size is 25MB." },
    ]);
    expect(tooLargeMessage("huge.png")).toBe("huge.png is too large. Maximum file size is 25MB.");
    expect(result.files.map((f) => [f.originalName, f.size])).toEqual([["exact.png", MAX_FILE_BYTES]]);
    expect(result.fields.get("name")).toBe("Kept");
    expect(result.fields.get("desc")).toBe("typed after the big file");
    // only the accepted file is on disk: the refused one was never completed
    expect(fs.readdirSync(tempDir())).toHaveLength(1);
    await result.cleanup();
    expect(fs.readdirSync(tempDir())).toEqual([]);
  });

  it("skips empty file inputs and reads urlencoded forms without files", async () => {
    const withEmpty = multipartRequest([
      ["name", "x"],
      ["media", { name: "", bytes: new Uint8Array() }],
    ]);
    const result = await readMultipart(withEmpty, { tempDir: tempDir() });
    expect(result.files).toEqual([]);
    expect(result.problems).toEqual([]);

    const urlencoded = new Request("http://localhost/upload", {
      method: "POST",
      body: new URLSearchParams({ intent: "remove", id: "3" }),
    });
    const plain = await readMultipart(urlencoded, { tempDir: tempDir() });
    expect(plain.fields.get("intent")).toBe("remove");
    expect(plain.files).toEqual([]);
  });

  it("drops file parts beyond maxFiles with a problem", async () => {
    const image = await png();
    const request = multipartRequest(
      Array.from({ length: 3 }, (_, i) => ["media", { name: `${i}.png`, bytes: image }] as [string, { name: string; bytes: Buffer }]),
    );
    const result = await readMultipart(request, { tempDir: tempDir(), maxFiles: 2 });
    expect(result.files).toHaveLength(2);
    expect(result.problems.map((p) => p.fileName)).toEqual(["2.png"]);
    await result.cleanup();
  });
});

async function inspect(name: string, bytes: Uint8Array, accept: AcceptKind[]) {
  const file = path.join(dataDir, `probe-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(file, bytes);
  return inspectFile({ path: file, originalName: name, size: bytes.length }, accept);
}

describe("inspectFile", () => {
  it("recognises images, videos, DXF and documents by content", async () => {
    expect(await inspect("a.png", await png(), ["image"])).toMatchObject({ ok: true, file: { ext: "png" } });
    expect(await inspect("a.jpeg", await rotatedJpeg(), ["image"])).toMatchObject({ ok: true, file: { ext: "jpg" } });
    expect(await inspect("clip.mp4", mp4(), ["image", "video"])).toMatchObject({
      ok: true,
      file: { kind: "video", ext: "mp4", contentType: "video/mp4" },
    });
    expect(await inspect("clip.webm", webm(), ["image", "video"])).toMatchObject({
      ok: true,
      file: { kind: "video", ext: "webm" },
    });
    expect(await inspect("dress.dxf", DXF, ["dxf"])).toMatchObject({ ok: true, file: { kind: "dxf", ext: "dxf" } });
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
    expect(await inspect("cv.pdf", pdf, ["document"])).toMatchObject({ ok: true, file: { ext: "pdf" } });
  });

  it("refuses content that is not what the field takes, whatever the name says", async () => {
    expect(await inspect("pattern.dxf", await png(), ["dxf"])).toEqual({
      ok: false,
      message: "pattern.dxf is not a DXF pattern file with at least one entity.",
    });
    expect(await inspect("photo.png", Buffer.from("just some text, not an image\n"), ["image"])).toEqual({
      ok: false,
      message: "photo.png is not an image (JPEG, PNG, GIF, WebP or BMP).",
    });
    expect(await inspect("clip.mp4", mp4(), ["image"])).toMatchObject({ ok: false });
    expect(await inspect("movie.png", Buffer.from("nope"), ["image", "video"])).toEqual({
      ok: false,
      message: "movie.png is not an image (JPEG, PNG, GIF, WebP or BMP) or a video (MP4, WebM or MOV).",
    });
    // A binary DXF is named as such; NUL bytes are never text. (What a text DXF holds is the pattern reader's
    // judgement, in its worker pool: models/patterns/read.server.ts.)
    const binary = Buffer.concat([Buffer.from("AutoCAD Binary DXF\r\n\u001a\u0000"), Buffer.alloc(64, 1)]);
    expect(await inspect("cad.dxf", binary, ["dxf"])).toEqual({ ok: false, message: "cad.dxf is a binary DXF. Export it again as an ASCII (text) DXF." });
    expect(await inspect("nul.dxf", Buffer.from("0\nSECTION\u0000\n"), ["dxf"])).toMatchObject({ ok: false });
    expect(await inspect("empty.png", new Uint8Array(), ["image"])).toEqual({ ok: false, message: "empty.png is empty." });
  });
});

describe("streams that cannot throw outside a request", () => {
  it("a full disk is a recorded failure of the write, never an 'error' event nobody listens to", async () => {
    const writer = new TempFileWriter("/dev/full", "w");
    for (let i = 0; i < 4; i++) await writer.write(Buffer.alloc(64 * 1024, 1));
    await writer.close();
    expect(writer.failed).toMatchObject({ code: "ENOSPC" });
  });

  it("abandoning a file with writes pending raises nothing", async () => {
    const file = path.join(dataDir, "abandoned.part");
    const writer = new TempFileWriter(file);
    const pending = Array.from({ length: 50 }, () => writer.write(Buffer.alloc(256 * 1024, 2)));
    await writer.abandon();
    await Promise.all(pending);
    expect(writer.failed).toBeNull();
  });

  it("a body that breaks off midway (a client gone) is a 400 and leaves no temp file", async () => {
    const boundary = "----hostile";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="pattern"; filename="p.dxf"\r\nContent-Type: application/dxf\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
        else if (sent < 20) controller.enqueue(new Uint8Array(128 * 1024).fill(48));
        else controller.error(new Error("socket hang up"));
        sent++;
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    await expect(readMultipart(request, { tempDir: tempDir() })).rejects.toMatchObject({ status: 400, message: "The form could not be read" });
    expect(fs.readdirSync(tempDir())).toEqual([]);
  });

  it("ten files over the limit at once are each refused, and every temp file is gone", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        readMultipart(multipartRequest([["note", `n${i}`], ["pattern", { name: `big${i}.dxf`, bytes: new Uint8Array(MAX_FILE_BYTES + 1) }]]), {
          tempDir: tempDir(),
        }),
      ),
    );
    for (const [i, r] of results.entries()) {
      expect(r.problems).toEqual([{ field: "pattern", fileName: `big${i}.dxf`, message: tooLargeMessage(`big${i}.dxf`) }]);
      expect(r.fields.get("note")).toBe(`n${i}`);
      await r.cleanup();
    }
    expect(fs.readdirSync(tempDir())).toEqual([]);
    // 250 MB through ten parsers: seconds when idle, over 20 s on a machine running other suites (a hang still fails).
  }, 120_000);
});

describe("sweepStaleTempFiles", () => {
  it("removes temp files left by a process that died mid-upload, not fresh ones", async () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "old.part"), "x");
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(path.join(dir, "old.part"), hourAgo, hourAgo);
    fs.writeFileSync(path.join(dir, "new.part"), "y");
    expect(await sweepStaleTempFiles(dir, 3_600_000)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(["new.part"]);
  });
});

describe("storeFile", () => {
  it("re-encodes images: orientation applied, EXIF gone, random name, files row", async () => {
    const [user] = await db.insert(users).values({ email: "s@x.test", passwordHash: "x", firstName: "S", lastName: "X" }).returning();
    const jpeg = await rotatedJpeg();
    const temp = path.join(dataDir, "in.jpg");
    fs.writeFileSync(temp, jpeg);
    const checked = await inspectFile({ path: temp, originalName: "IMG_1.JPG", size: jpeg.length }, ["image"]);
    if (!checked.ok) throw new Error(checked.message);
    const stored = await storeFile({ db, temp: { path: temp, originalName: "IMG_1.JPG" }, inspected: checked.file, kind: "media", ownerId: user.id, dataDir });
    expect(stored.name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const file = path.join(dataDir, "uploads", stored.name);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(fs.readFileSync(file).includes(Buffer.from("SecretCam"))).toBe(false);
    const row = await first(db.select().from(files).where(eq(files.name, stored.name)).limit(1));
    expect(row).toMatchObject({ originalName: "IMG_1.JPG", contentType: "image/jpeg", kind: "media", ownerId: user.id, size: fs.statSync(file).size });
  });

  it("moves DXF and video files as they are; discardFiles removes file and row", async () => {
    const temp = path.join(dataDir, "p.part");
    fs.writeFileSync(temp, DXF);
    const stored = await storeFile({
      db,
      temp: { path: temp, originalName: "dress.dxf" },
      inspected: { kind: "dxf", ext: "dxf", contentType: "application/dxf" },
      kind: "pattern",
      ownerId: null,
      dataDir,
    });
    const file = path.join(dataDir, "uploads", stored.name);
    expect(fs.readFileSync(file).equals(DXF)).toBe(true);
    expect(fs.existsSync(temp)).toBe(false);
    await discardFiles({ db, names: [stored.name], dataDir });
    expect(fs.existsSync(file)).toBe(false);
    expect(await first(db.select().from(files).where(eq(files.name, stored.name)).limit(1))).toBeUndefined();
  });

  it("deleteUnreferencedFiles keeps files still in use", async () => {
    const [user] = await db.insert(users).values({ email: "t@x.test", passwordHash: "x", firstName: "T", lastName: "X" }).returning();
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const temp = path.join(dataDir, `${i}.png`);
      fs.writeFileSync(temp, await png());
      const s = await storeFile({ db, temp: { path: temp, originalName: `${i}.png` }, inspected: { kind: "image", ext: "png", contentType: "image/png" }, kind: "media", ownerId: user.id, dataDir });
      names.push(s.name);
    }
    const [store] = await db.insert(stores).values({ userId: user.id, name: "S" }).returning();
    const [product] = await db
      .insert(products)
      .values({ storeId: store.id, name: "P", description: "D", priceCents: 500, type: "Ready", category1: "women", category2: "tops" })
      .returning();
    await db.insert(productMedia).values({ productId: product.id, media: names[0] });
    await deleteUnreferencedFiles({ db, names, dataDir });
    expect(fs.existsSync(path.join(dataDir, "uploads", names[0]))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "uploads", names[1]))).toBe(false);
  });
});
