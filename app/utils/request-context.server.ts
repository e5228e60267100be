/**
 * The request a piece of code works for: its id (sent as X-Request-Id, on the request's log line and on the 500 page)
 * and, once the viewer is known, the user's id (for the log line). Set by the server for every request
 * (server/crash-guard.ts) and found again from the objects that stand for the request: Node's request and response,
 * and the web Request that Remix hands the loaders and actions (the same object, the server-runtime patch keeps it;
 * patches/README.md).
 *
 * Not AsyncLocalStorage (issue 33, decision 121): on Node 20 it runs a hook on every promise created anywhere in the
 * process, and a page creates thousands; it cost 6-13 % of every request's throughput (bench/NOTES.md). Code that
 * logs for a request passes what it knows of it (`reqId`), or the request itself.
 *
 * The server (build/app.js) and the Remix build (build/server/index.js) are two bundles, each with its own copy of
 * this module: the map lives on globalThis so both see the same one.
 */
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
type Holder = { [KEY]?: WeakMap<object, RequestContext> };

const contexts: WeakMap<object, RequestContext> = ((globalThis as Holder)[KEY] ??= new WeakMap());

/** Ties `ctx` to an object that stands for its request (Node's request or response, the web Request). */
export function bindRequestContext(holder: object, ctx: RequestContext) {
  contexts.set(holder, ctx);
}

/** The context of the request `holder` stands for, if any (none in jobs, tests and at start). */
export function requestContextOf(holder: object | undefined | null): RequestContext | undefined {
  return holder ? contexts.get(holder) : undefined;
}

/** Notes who is asking, for the request's log line. */
export function noteRequestUser(request: Request, userId: number | undefined) {
  const ctx = contexts.get(request);
  if (ctx && userId !== undefined) ctx.userId = userId;
}
