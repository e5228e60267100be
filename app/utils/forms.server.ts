/**
 * Page actions' forms (decision 090): a missing body or one of a type the route does not read is treated as an empty
 * form, so the page shows its form again with the errors of an empty submission (a 400), and a body that cannot be
 * read is the same; never a 500. A body past MAX_FORM_BYTES is a 413.
 */
import { BodyTooLargeError, MAX_FORM_BYTES, readBytes, readText } from "./body.server";
import { readMultipart, UploadRequestError } from "./multipart.server";

const mediaType = (request: Request) => (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();

const tooLarge = (message: string) => new Response(message, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * A page action's form: urlencoded or multipart (text fields only; file parts are dropped), at most MAX_FORM_BYTES.
 * No body, another type, or a body that cannot be read gives an empty form; too large a body throws a 413 Response.
 */
export async function readForm(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
  const type = mediaType(request);
  try {
    if (type === "application/x-www-form-urlencoded") {
      const text = await readText(request, limit);
      const form = new FormData();
      for (const [key, value] of new URLSearchParams(text ?? "")) form.append(key, value);
      return form;
    }
    if (type === "multipart/form-data") {
      const read = await readMultipart(request, { maxFiles: 0, maxBodyBytes: limit, maxFieldBytes: limit });
      await read.cleanup();
      return read.fields;
    }
    // No body, or a type no page reads: the rest is discarded (bounded) and the form is empty.
    await readBytes(request, limit);
    return new FormData();
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge(error.message);
    if (error instanceof UploadRequestError) {
      if (error.status === 413) throw tooLarge(error.message);
      return new FormData();
    }
    throw error;
  }
}
