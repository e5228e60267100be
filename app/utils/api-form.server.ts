/** The JSON face's multipart forms (spec 7.3): text parts holding JSON, and file parts. */
import { jsonKindError, type JsonKind } from "~/schemas/json";
import { apiError } from "~/utils/api.server";
import { BodyTooLargeError, MAX_JSON_BYTES, readText } from "~/utils/body.server";
import { UploadRequestError, readMultipart, type MultipartResult, type ReadMultipartOptions } from "~/utils/multipart.server";
import { isId } from "~/utils/ids";

/** A multipart form, or a JSON body read as one; `json` keeps the JSON body's own values (null for a form). */
export type ApiForm = MultipartResult & { json: Record<string, unknown> | null };

/**
 * Reads a multipart (or urlencoded) body; a JSON body becomes text fields holding each top-level value
 * (objects as JSON), so the same code reads both. The caller must `cleanup()` in a `finally`.
 */
export async function readApiForm(request: Request, options?: ReadMultipartOptions): Promise<ApiForm> {
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
    return { fields, files: [], problems: [], cleanup: async () => {}, json: body as Record<string, unknown> };
  }
  try {
    return { ...(await readMultipart(request, options)), json: null };
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
export function fieldErrorResponse(errors: Record<string, string[]>, busy?: { status: number; retryAfter: number }) {
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

/**
 * A top-level number of the form: a text part holding digits in a multipart form (every part is text there), a JSON
 * number in a JSON body (`"49"` or `""` is a 400 naming the field). Undefined when absent (or a blank part, or null).
 */
export function numberField(form: ApiForm, name: string, kind: JsonKind): number | string | undefined {
  if (form.json) {
    const value = form.json[name];
    if (value === undefined || value === null) return undefined;
    const problem = jsonKindError(name, kind, value);
    if (problem) throw apiError(400, problem, { field: name, errors: { [name]: [problem] } });
    return value as number;
  }
  const value = form.fields.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * `media` as [{id, media}] or [id]: the ids to keep, in order; undefined keeps all. Each id is a positive JSON
 * integer: anything else is a 400 naming it (never silently dropped, which would delete that media).
 */
export function keepList(value: unknown): number[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) throw apiError(400, "media must be a JSON list of {id}", { field: "media" });
  return value.map((item, i) => {
    const isObject = typeof item === "object" && item !== null;
    const what = isObject ? `media.${i}.id` : `media.${i}`;
    const id = isObject ? (item as { id?: unknown }).id : item;
    const problem =
      id === undefined || id === null
        ? `${what} is required`
        : (jsonKindError(what, "id", id) ?? (isId(id) ? null : `${what} must be a positive whole number`));
    if (problem) throw apiError(400, problem, { field: "media", errors: { media: [problem] } });
    return id as number;
  });
}
