/**
 * The request a piece of code runs for, through AsyncLocalStorage: its id (sent as X-Request-Id and shown on the 500
 * page) and, once the viewer is known, the user's id. Set by the server for every request (server/crash-guard.ts);
 * read by the logger so every line written while answering a request names it (app/utils/log.server.ts).
 *
 * The server (build/app.js) and the Remix build (build/server/index.js) are two bundles, each with its own copy of
 * this module: the storage lives on globalThis so both see the same one.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type http from "node:http";

export type RequestContext = {
  /** 12 hex characters, random. */
  id: string;
  /** The response, for the crash guard's 500 page. */
  res?: http.ServerResponse;
  /** The logged-in user, once a loader or action has asked who is asking. */
  userId?: number;
};

const KEY = Symbol.for("patternhouse.request-context");
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };

export const requestContext: AsyncLocalStorage<RequestContext> = ((globalThis as Holder)[KEY] ??=
  new AsyncLocalStorage<RequestContext>());

/** The request this code runs for, if any (none in jobs and at start). */
export function currentRequest(): RequestContext | undefined {
  return requestContext.getStore();
}

/** Notes who is asking, for the request's log line. */
export function noteRequestUser(userId: number | undefined) {
  const ctx = requestContext.getStore();
  if (ctx && userId !== undefined) ctx.userId = userId;
}
