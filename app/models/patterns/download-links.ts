/**
 * The download formats of a pattern and an order's links to them. Apart from downloads.server.ts (which builds the
 * files and needs the layouts, the fit engine and the pool) so that what only links to downloads imports nothing.
 */
export const DOWNLOAD_FORMATS = ["dxf", "A4", "Letter", "A0", "roll36", "24x36", "projector"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_FORMAT_LABELS: Record<DownloadFormat, string> = {
  dxf: "DXF (original)",
  A4: "A4 PDF",
  Letter: "US Letter PDF",
  A0: "A0 copy-shop PDF",
  roll36: "36-inch roll PDF (US copy shop)",
  "24x36": "24 x 36 in PDF (US copy shop)",
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
