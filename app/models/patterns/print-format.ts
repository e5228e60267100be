/** The print formats of a pattern's PDFs (pdf.server.ts draws them; the envelope pages size their paper by them). */
export type PrintFormat = "A4" | "Letter" | "A0" | "roll36" | "24x36" | "projector";
