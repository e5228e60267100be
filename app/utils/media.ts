/** URLs of uploaded files and their resized variants; shared by server and client. */

/** Widths a client may ask for with `?w=` (WebP variants made once and cached on disk). */
export const IMAGE_WIDTHS = [200, 400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function fileUrl(name: string, width?: ImageWidth): string {
  const base = `/api/files/${encodeURIComponent(name)}`;
  return width ? `${base}?w=${width}` : base;
}

/** A `srcset` over the given widths, e.g. for a card: "…?w=200 200w, …?w=400 400w". */
export function imageSrcSet(name: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `${fileUrl(name, w)} ${w}w`).join(", ");
}

/** `fetchpriority="high"` for the first image a page shows, spelled for React 18, which passes lowercase attributes through unchanged. */
export const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;
