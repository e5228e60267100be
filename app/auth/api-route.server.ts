/**
 * The one way to write a JSON route (issue 36, item 2): a route names its method, its guard, its body schema and its
 * work; this module answers the wrong method (405), the caller (401, 403, 404 NO_STORE), the body (400, 413, 415) and
 * the domain's refusals (its table's status and text) the same way for every `/api` path. A route file then reads:
 *
 *   const route = apiRoute({ method: "POST", guard: "seller", body: ApiShipSchema }, async ({ db, store, body }) => {
 *     const result = await shipOrder({ db, orderId: body.id, actor: { storeId: store.id }, ... });
 *     return result.ok ? { success: true } : domainError(SELLING_ERRORS.ship, result.error);
 *   });
 *   export const loader = route.loader;
 *   export const action = route.action;
 *
 * The order of the checks is the contract's (tests/e2e/api-*.spec.ts):
 * - the other face (a GET to a POST path, or any other method to a GET path) is a 405 `Use POST` / `Use GET`; an
 *   administrator's path answers 401/403 before it, like every /api/admin path;
 * - on the action face a method other than the route's is a 405 `Method X is not allowed here`, before the guard;
 * - then the guard, then the body, then the work.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

import type { Store, User } from "../../db/tables";
import { requireApiAdmin, requireApiSeller, requireApiUser } from "~/auth/guards.server";
import { getApiUser } from "~/auth/viewer.server";
import type { SessionUser } from "~/models/accounts/sessions.server";
import type { ErrorAnswer } from "~/models/answers";
import { readApiForm, type ApiForm } from "~/utils/api-form.server";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb, type Db } from "~/utils/db.server";
import type { ReadMultipartOptions } from "~/utils/multipart.server";

/**
 * Who may call: `none` anyone; `viewer` anyone, the token's user given when there is one; `user` a logged-in user
 * (401); `seller` a user with a store (401, 404 NO_STORE); `admin` an administrator (401, 403).
 */
export type ApiGuard = "none" | "viewer" | "user" | "seller" | "admin";

type Callers = {
  none: object;
  viewer: { user: SessionUser | null };
  user: { user: User };
  seller: { user: User; store: Store };
  admin: { user: User };
};

/** `ANY`: every method does the work (the catch-all paths). */
export type ApiMethod = "GET" | "POST" | "ANY";

/** What the work answers: a Response as it is, anything else as its JSON with status 200. */
type Answer = Response | object | null;

type Schema = z.ZodTypeAny | undefined;
type FormOptions = ReadMultipartOptions | undefined;

/** What the work is given: the request, the path's params, the database, the caller, the body or the form. */
export type ApiContext<G extends ApiGuard, S extends Schema = undefined, O extends FormOptions = undefined> = {
  request: Request;
  params: LoaderFunctionArgs["params"];
  db: Db;
  body: S extends z.ZodTypeAny ? z.infer<S> : undefined;
  form: O extends ReadMultipartOptions ? ApiForm : undefined;
} & Callers[G];

type ApiRouteOptions<G extends ApiGuard, S extends Schema, O extends FormOptions> = {
  method: ApiMethod;
  guard: G;
  /** A JSON body, validated: its first problem is the 400's `{ error }`. */
  body?: S;
  /** A multipart form (or a JSON body read as one, spec 7.3), its files removed after the work whatever happens. */
  form?: O;
};

/** The work: what the route does once the method, the caller and the body are settled. */
export type ApiHandler<G extends ApiGuard, S extends Schema = undefined, O extends FormOptions = undefined> = (
  context: ApiContext<G, S, O>,
) => Answer | Promise<Answer>;

type RouteFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

async function caller(guard: ApiGuard, request: Request): Promise<object> {
  switch (guard) {
    case "none":
      return {};
    case "viewer":
      return { user: await getApiUser(request) };
    case "user":
      return { user: await requireApiUser(request) };
    case "seller":
      return requireApiSeller(request);
    case "admin":
      return { user: await requireApiAdmin(request) };
  }
}

/** The loader and the action of a JSON route. */
export function apiRoute<G extends ApiGuard, S extends Schema = undefined, O extends FormOptions = undefined>(
  options: ApiRouteOptions<G, S, O>,
  handle: ApiHandler<G, S, O>,
): { loader: RouteFunction; action: RouteFunction } {
  const { method, guard, body: schema, form: formOptions } = options;

  const work: RouteFunction = async ({ request, params }) => {
    if (method === "POST") requireMethod(request, "POST");
    const who = await caller(guard, request);
    const body = schema ? await parseBody(request, schema) : undefined;
    const form = formOptions ? await readApiForm(request, formOptions) : undefined;
    try {
      const context = { request, params, db: getDb(), body, form, ...who } as ApiContext<G, S, O>;
      const answer = await handle(context);
      return answer instanceof Response ? answer : Response.json(answer);
    } finally {
      await form?.cleanup();
    }
  };

  // The other face: 405, after the guard on an administrator's path.
  const wrongMethod: RouteFunction = async ({ request }) => {
    if (guard === "admin") await requireApiAdmin(request);
    return apiError(405, `Use ${method}`);
  };

  if (method === "ANY") return { loader: work, action: work };
  return method === "GET" ? { loader: work, action: wrongMethod } : { loader: wrongMethod, action: work };
}

/** A domain's refusal as the JSON face answers it: `{ error: <the table's text>, ...extra }` with the table's status. */
export function domainError<C extends string>(table: Record<C, ErrorAnswer>, code: C, extra?: Record<string, unknown>): Response {
  const { status, message } = table[code];
  return apiError(status, message, extra);
}

/** The work of the catch-all paths: a path /api does not know is a 404 `{ error }`, not the HTML page. */
export function unknownApiPath(): Response {
  return apiError(404, "Not found");
}
