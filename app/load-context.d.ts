import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce of the Content-Security-Policy (server.ts). */
    cspNonce: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
