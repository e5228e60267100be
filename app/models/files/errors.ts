/**
 * The file store's answers (decision 102), read by every route that serves or stores a file, HTML and JSON alike:
 * `unavailable` when FILE_STORE_URL's bucket cannot be reached (FileStoreUnavailableError), with Retry-After; the
 * others are GET /api/files/{name}'s refusals (an unknown file, a private one, a width it does not resize to).
 */
import { answers } from "~/models/answers";

export const FILES_ERRORS = {
  ...answers(503, { unavailable: "The file store cannot be reached right now. Please try again in a moment." }),
  ...answers(404, { "not-found": "File not found" }),
  ...answers(401, { "sign-in": "Authentication required" }),
  ...answers(403, { forbidden: "You may not download this file" }),
  ...answers(400, { "bad-width": "Unsupported width", "not-image": "Only images can be resized" }),
  ...answers(415, { "not-resizable": "This image cannot be resized" }),
};

/** A form refused because the bucket did not answer: the file store's text at the field whose file was not kept. */
export function unstoredFileErrors(field: string): Record<string, string[]> {
  return { [field]: [FILES_ERRORS.unavailable.message] };
}
