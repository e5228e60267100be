import type { ActionFunctionArgs } from "@remix-run/node";

import { clientKeyOf } from "~/auth/login.server";
import { createSession } from "~/models/accounts/sessions.server";
import { registerUser } from "~/models/accounts/users.server";
import { ApiRegisterSchema, newPassword } from "~/schemas/auth";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { AUTH_MESSAGES } from "~/utils/messages";
import { z } from "zod";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/auth/register {email, password, firstname, lastname} -> {token}.
 * Spec 8: 400 for an email problem (invalid, duplicate), 401 for a password problem, 402 for anything else.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const body = await parseBody(request, ApiRegisterSchema);
  if (!z.string().email().safeParse(body.email).success) return apiError(400, "Enter a valid email address");
  const password = newPassword.safeParse(body.password);
  if (!password.success) return apiError(401, password.error.issues[0]?.message ?? "Invalid password");
  const db = getDb();
  const result = await registerUser({
    db,
    email: body.email,
    password: body.password,
    firstName: body.firstname,
    lastName: body.lastname,
    clientKey: clientKeyOf(request),
  });
  if (!result.ok && result.error === "rate-limited") return apiError(429, AUTH_MESSAGES.tooManyRegistrations);
  if (!result.ok) return apiError(400, AUTH_MESSAGES.duplicateEmail);
  const token = createSession({ db, userId: result.user.id, userAgent: request.headers.get("User-Agent") });
  return Response.json({ token }, { status: 201 });
}
