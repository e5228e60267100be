/**
 * Bounded reading of request bodies (decision 090): a body is never read into memory past its limit, and one that
 * cannot be read (a client gone midway) is null, never a thrown error. Page forms: forms.server.ts; uploads:
 * uploads.server.ts.
 */
/** A page form without files: 1 MiB is a thousand times the longest form here (a design description is 5 KB). */
export const MAX_FORM_BYTES = 1024 * 1024;
/** A JSON body of the API (files go as multipart, read by readMultipart). */
export const MAX_JSON_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is too large: at most ${Math.round(limit / 1024)} KB.`);
  }
}

/** The body's bytes, at most `limit` (BodyTooLargeError beyond it); null when the body cannot be read. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLargeError(limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    return null;
  }
  return Buffer.concat(chunks);
}

/** The body as text (UTF-8), bounded as readBytes; null when it cannot be read. */
export async function readText(request: Request, limit = MAX_JSON_BYTES): Promise<string | null> {
  const bytes = await readBytes(request, limit);
  return bytes ? new TextDecoder().decode(bytes) : null;
}
