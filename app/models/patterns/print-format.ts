/** The print formats of a pattern's PDFs (pdf.server.ts draws them; the envelope pages size their paper by them). */
export type PrintFormat = "A4" | "Letter" | "A0" | "roll36" | "24x36" | "projector";

/** The copy-shop formats: large sheets only (issue 34, item 13), their fabric pages in the A4 and Letter files. */
export const COPY_SHOP_FORMATS: ReadonlySet<PrintFormat> = new Set<PrintFormat>(["A0", "roll36", "24x36"]);
