import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

import { NonceProvider } from "~/utils/nonce";

export const streamTimeout = 5_000;

/**
 * Pages here have no deferred data (no `defer`, no Suspense), so there is nothing to stream: the document is
 * rendered in one synchronous pass and sent as one body. This skips the stream plumbing a streamed render pays
 * per request (a Node stream, a web ReadableStream over it, a read and a socket write per chunk), which CPU
 * profiles showed costing more than the rendering it carried (bench/NOTES.md). Bots, JavaScript-less clients
 * and browsers all get the whole document at once. Should a route ever `defer`, go back to
 * renderToPipeableStream (Remix's default entry).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const body = html.startsWith("<!DOCTYPE") ? html : `<!DOCTYPE html>${html}`;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
