/** Upload limits of spec 9, shared by the server's checks and the forms that show them (no server code here). */

/** 26214400 bytes (25 MB) per file. */
export const MAX_FILE_BYTES = 26_214_400;
/** Up to 10 media per design and per store. */
export const MAX_MEDIA = 10;
