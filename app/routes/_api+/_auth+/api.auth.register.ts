import { z } from "zod";

import { apiRoute, domainError } from "~/auth/api-route.server";
import { clientKeyOf } from "~/auth/login.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { createSession } from "~/models/accounts/sessions.server";
import { registerUser } from "~/models/accounts/users.server";
import { ApiRegisterSchema, newPassword } from "~/schemas/auth";
import { apiError } from "~/utils/api.server";

/**
 * POST /api/auth/register {email, password, firstname, lastname} -> {token}.
 * Spec 8: 400 for an email problem (invalid, duplicate), 401 for a password problem, 402 for anything else.
 */
const route = apiRoute({ method: "POST", guard: "none", body: ApiRegisterSchema }, async ({ request, db, body }) => {
  if (!z.string().email().safeParse(body.email).success) return domainError(ACCOUNTS_ERRORS.register, "invalid-email");
  const password = newPassword.safeParse(body.password);
  if (!password.success) {
    const { status, message } = ACCOUNTS_ERRORS.register["invalid-password"];
    return apiError(status, password.error.issues[0]?.message ?? message);
  }
  const clientKey = clientKeyOf(request);
  const result = await registerUser({ db, email: body.email, password: body.password, firstName: body.firstname, lastName: body.lastname, clientKey });
  if (!result.ok) return domainError(ACCOUNTS_ERRORS.register, result.error);
  const token = await createSession({ db, userId: result.user.id, userAgent: request.headers.get("User-Agent") });
  return Response.json({ token }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
