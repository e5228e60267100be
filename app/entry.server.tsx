import { Transform, type TransformCallback } from "node:stream";

import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { log, logError } from "~/utils/log.server";
import { NonceProvider } from "~/utils/nonce";
import { RequestIdContext } from "~/utils/request-id";

export const streamTimeout = 5_000;

/**
 * React writes a page in many ~2 KB pieces, all in one tick; each piece would travel through a web stream
 * and become its own write on the socket. This joins what arrives within one tick into one piece, so a page
 * without deferred data goes out in one write (and later Suspense chunks still stream).
 */
class CoalesceTicks extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  _flush(callback: TransformCallback) {
    this.release();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  // Bots and JavaScript-less clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdContext.Provider value={{ current: loadContext.requestId }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </RequestIdContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new CoalesceTicks();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error, reqId: loadContext.requestId }, "rendering the page failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  // Remix's own answers to a client's mistake (405: a POST to a page without an action, 404) are not server errors.
  const status = (error as { status?: unknown; internal?: unknown } | null)?.status;
  if ((error as { internal?: unknown } | null)?.internal === true && typeof status === "number" && status < 500) return;
  logError({ path: new URL(request.url).pathname, reqId: context?.requestId }, "a loader or action failed", error);
}
