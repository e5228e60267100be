import { json } from "@remix-run/node";
import type { z } from "zod";

import type { User } from "../../db/schema";
import { getUser } from "~/utils/session.server";

/** A JSON error response: `{ error }` with a 4xx status. */
export function apiError(status: number, error: string, extra?: Record<string, unknown>) {
  return json({ error, ...extra }, { status });
}

/** JSON face: a missing, unknown or revoked token gets 401. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw apiError(401, "Authentication required");
  return user;
}

/** JSON face: 401 for visitors, 403 for logged-in users who are not administrators. */
export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (user.role !== "admin") throw apiError(403, "Administrator access required");
  return user;
}

/** Reads a JSON body (or a urlencoded form) as a plain object; malformed input is a 400. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await request.formData().catch(() => {
      throw apiError(400, "The request body could not be read");
    });
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  }
  const text = await request.text();
  if (!text.trim()) return {};
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

/** Validates a body with a zod schema; the first problem becomes the 400's `error`. */
export async function parseBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readBody(request));
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".");
    throw apiError(400, field ? `${field}: ${issue.message}` : (issue?.message ?? "Invalid request"));
  }
  return result.data;
}

/** Guards a method: anything else gets 405 JSON. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw apiError(405, `Method ${request.method} is not allowed here`);
  }
}
