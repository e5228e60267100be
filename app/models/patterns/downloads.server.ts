/**
 * The files of a pattern download (decision 063), built at download time from the version the buyer asked for
 * (the current one by default) once authorised by downloadOrderPattern: the original DXF (stamped for buyers) and
 * the print PDFs (A4, US Letter, A0 copy-shop, projector) of the chosen sizes, stamped on every page. Generated
 * files are cached on disk under DATA_DIR/cache/patterns/downloads per order (or 'own' for unstamped copies),
 * version, format, size selection and stamp; concurrent requests for one file share one build.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { buildPrintPdf, type PrintFormat } from "./pdf.server";
import { stampDxf } from "./stamp.server";
import { ensureParsed } from "./versions.server";
import type { OrderDownload } from "~/models/buying/downloads.server";
import type { DbOrTx } from "~/utils/db.server";
import { cacheDir, uploadPath } from "~/utils/files.server";

export const DOWNLOAD_FORMATS = ["dxf", "A4", "Letter", "A0", "projector"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_FORMAT_LABELS: Record<DownloadFormat, string> = {
  dxf: "DXF (original)",
  A4: "A4 PDF",
  Letter: "US Letter PDF",
  A0: "A0 copy-shop PDF",
  projector: "Projector PDF",
};

export function isDownloadFormat(value: string): value is DownloadFormat {
  return (DOWNLOAD_FORMATS as readonly string[]).includes(value);
}

/** The download links of an order (JSON `downloads` and the purchase page): every format, all sizes. */
export function orderDownloadLinks(orderId: number, version?: number): { format: DownloadFormat; label: string; url: string }[] {
  return DOWNLOAD_FORMATS.map((format) => {
    const query = new URLSearchParams({ format, ...(version !== undefined ? { version: String(version) } : {}) });
    return { format, label: DOWNLOAD_FORMAT_LABELS[format], url: `/download/${orderId}?${query}` };
  });
}

export type BuiltDownload = { path: string; contentType: string; fileName: string };

const building = new Map<string, Promise<void>>();
const hash = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 12);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "pattern";

/** Writes `target` once (atomically); concurrent callers wait for the same build. */
async function cached(target: string, build: () => Promise<Uint8Array> | Uint8Array): Promise<void> {
  if (fs.existsSync(target)) return;
  const running = building.get(target);
  if (running) return running;
  const job = (async () => {
    const bytes = await build();
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.promises.writeFile(temp, bytes);
    await fs.promises.rename(temp, target);
  })().finally(() => building.delete(target));
  building.set(target, job);
  return job;
}

/**
 * The file to send for an authorised download, or null when the source is gone (missing file, unreadable
 * pattern, a PDF asked of a product without versions). `sizes`: the sizes to print, empty for all; sizes the
 * pattern does not have are left out.
 */
export async function buildOrderDownload({
  db,
  access,
  format,
  sizes,
  dataDir,
}: {
  db: DbOrTx;
  access: Extract<OrderDownload, { ok: true }>;
  format: DownloadFormat;
  sizes: string[];
  dataDir?: string;
}): Promise<BuiltDownload | null> {
  const source = uploadPath(access.file.name, dataDir);
  if (!source || !fs.existsSync(source)) return null;
  const versionPart = access.version ? `v${access.version.version}` : "";
  const owner = access.stamp ? `o${access.order.id}-${hash(access.stamp)}` : "own";
  const dir = path.join(cacheDir(dataDir), "patterns", "downloads");
  const base = slug(access.order.productName);

  if (format === "dxf") {
    const fileName = access.file.originalName.toLowerCase().endsWith(".dxf") ? access.file.originalName : `${base}.dxf`;
    const named = versionPart ? fileName.replace(/(\.dxf)?$/i, `-${versionPart}.dxf`) : fileName;
    if (!access.stamp) return { path: source, contentType: "application/dxf", fileName: named };
    const target = path.join(dir, `${owner}-${access.file.name.slice(0, 32)}.dxf`);
    await cached(target, async () => stampDxf(new Uint8Array(await fs.promises.readFile(source)), access.stamp!));
    return { path: target, contentType: "application/dxf", fileName: named };
  }

  if (!access.version) return null;
  const pattern = ensureParsed({ db, versionId: access.version.id });
  if (!pattern) return null;
  const chosen = pattern.sizes.filter((s) => sizes.includes(s));
  const all = chosen.length === 0 || chosen.length === pattern.sizes.length;
  const sizesPart = all ? "all" : hash(chosen.join("\u0000"));
  const target = path.join(dir, `${owner}-p${access.order.productId}-${versionPart}-${access.version.id}-${format}-${sizesPart}.pdf`);
  await cached(target, () =>
    buildPrintPdf(pattern, {
      format: format as PrintFormat,
      sizes: all ? [] : chosen,
      stamp: access.stamp,
      title: `${access.order.productName} (version ${access.version!.version})`,
    }),
  );
  const sizeName = all ? "all-sizes" : slug(chosen.join("-"));
  return { path: target, contentType: "application/pdf", fileName: `${base}-${versionPart}-${format.toLowerCase()}-${sizeName}.pdf` };
}
