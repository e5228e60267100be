/** The JSON face's multipart forms (spec 7.3): text parts holding JSON, and file parts. */
import { apiError } from "~/utils/api.server";
import { BodyTooLargeError, MAX_JSON_BYTES, readText } from "~/utils/body.server";
import { UploadRequestError, readMultipart, type MultipartResult, type ReadMultipartOptions } from "~/utils/uploads.server";

/**
 * Reads a multipart (or urlencoded) body; a JSON body becomes text fields holding each top-level value
 * (objects as JSON), so the same code reads both. The caller must `cleanup()` in a `finally`.
 */
export async function readApiForm(request: Request, options?: ReadMultipartOptions): Promise<MultipartResult> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const text = await readText(request, MAX_JSON_BYTES).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) throw apiError(413, error.message);
      throw error;
    });
    let body: unknown;
    try {
      body = JSON.parse(text ?? "");
    } catch {
      throw apiError(400, "The request body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw apiError(400, "The request body must be a JSON object");
    const fields = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue;
      fields.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
    return { fields, files: [], problems: [], cleanup: async () => {} };
  }
  try {
    return await readMultipart(request, options);
  } catch (error) {
    if (error instanceof UploadRequestError) throw apiError(error.status, error.message);
    throw error;
  }
}

/** A text part holding JSON; undefined when absent; a 400 when it is not JSON. */
export function jsonPart(fields: FormData, name: string): unknown {
  const value = fields.get(name);
  if (value === null || typeof value !== "string" || value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw apiError(400, `${name} must be JSON`, { field: name });
  }
}

/** The first field error as the 400's `{ error, field, errors }` (or a 503 with Retry-After when the server was busy). */
export function fieldErrorResponse(errors: Record<string, string[]>, busy?: { status: 503; retryAfter: number }) {
  const [field, messages] = Object.entries(errors)[0] ?? ["", ["Invalid request"]];
  const response = apiError(busy?.status ?? 400, messages[0] ?? "Invalid request", { field, errors });
  if (busy) response.headers.set("Retry-After", String(busy.retryAfter));
  return response;
}

/** Zod issues as field errors. */
export function zodErrors(issues: { path: (string | number)[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return errors;
}

/** `media` as [{id, media}] or [id]: the ids to keep, in order; undefined keeps all. */
export function keepList(value: unknown): number[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) throw apiError(400, "media must be a JSON list of {id}", { field: "media" });
  return value
    .map((item) => Number(typeof item === "object" && item !== null ? (item as { id?: unknown }).id : item))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
