import type { z } from "zod";

import { BodyTooLargeError, MAX_JSON_BYTES, readBytes } from "~/utils/body.server";

/** A JSON error response: `{ error }` with a 4xx status. */
export function apiError(status: number, error: string, extra?: Record<string, unknown>) {
  return Response.json({ error, ...extra }, { status });
}

export const JSON_ONLY_MESSAGE = "Send the request body as JSON (Content-Type: application/json)";

/** The media type of a Content-Type header, lowercased, without parameters. */
function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

export type BodyOptions = {
  /** Also accept `multipart/form-data` (the routes spec 7 defines with file uploads). */
  multipart?: boolean;
};

/**
 * Reads a JSON body as a plain object; malformed input is a 400. Only `application/json` is read
 * (or `multipart/form-data` where the route allows it); any other type with a body is a 415, so a
 * form or `text/plain` post from another page is never taken as API input. An empty body is `{}`.
 */
export async function readBody(request: Request, options: BodyOptions = {}): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  const bytes = await readBytes(request, MAX_JSON_BYTES).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) throw apiError(413, error.message);
    throw error;
  });
  if (!bytes) throw apiError(400, "The request body could not be read");
  if (options.multipart && type === "multipart/form-data") {
    const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData().catch(() => {
      throw apiError(400, "The request body could not be read");
    });
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  }
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  if (type !== "application/json") throw apiError(415, JSON_ONLY_MESSAGE);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw apiError(400, "The request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/** A body zod refused: the first problem, `<field>: <message>`, as the 400's `error`. */
export function invalidBody(error: z.ZodError): Response {
  const issue = error.issues[0];
  const field = issue?.path.join(".");
  return apiError(400, field ? `${field}: ${issue.message}` : (issue?.message ?? "Invalid request"));
}

/** Validates a body with a zod schema; the first problem becomes the 400's `error`. */
export async function parseBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  options: BodyOptions = {},
): Promise<z.infer<S>> {
  const result = schema.safeParse(await readBody(request, options));
  if (!result.success) throw invalidBody(result.error);
  return result.data;
}

/** Guards a method: anything else gets 405 JSON. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw apiError(405, `Method ${request.method} is not allowed here`);
  }
}
