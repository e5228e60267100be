/**
 * Answers whose body is already in memory (a string or bytes). The server (server/remix-handler.ts) writes such a
 * body in one piece, with its length, instead of reading the Response's web stream chunk by chunk: for a small JSON
 * answer the stream's reader, its promises and a chunked write cost more than the loader (bench/NOTES.md, issue 33,
 * fourth pass). An answer Remix replaces (a HEAD, an error) is a new Response and is streamed as before.
 *
 * The table lives on globalThis: the Remix build and the server are bundled apart, and both must see one table.
 */
const KEY = Symbol.for("patternhouse.known-bodies");
type Table = WeakMap<Response, string | Uint8Array>;
const holder = globalThis as typeof globalThis & { [KEY]?: Table };
const bodies: Table = (holder[KEY] ??= new WeakMap());

/** A Response whose body the server may write directly. */
export function inMemoryResponse(body: string | Uint8Array<ArrayBuffer>, init?: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/** A JSON answer from text already serialised. */
export function jsonTextResponse(json: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return inMemoryResponse(json, { ...init, headers });
}

/** The in-memory body of a Response made here, if it is one and its body was not read. */
export function inMemoryBodyOf(response: Response): string | Uint8Array | undefined {
  if (response.bodyUsed) return undefined;
  return bodies.get(response);
}
