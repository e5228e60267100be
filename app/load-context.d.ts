import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce of the Content-Security-Policy (server.ts). */
    cspNonce: string;
    /** The request's id (X-Request-Id), for its log lines and the 500 page (server/crash-guard.ts). */
    requestId?: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
