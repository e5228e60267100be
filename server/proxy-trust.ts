/**
 * What Express's `req.ip` gives, with the `trust proxy` verdict on the peer computed once per connection instead of
 * once per request (it parses the peer's address with ipaddr.js). The rules are Express's own: a peer that
 * `trust proxy` trusts may name the client's address (X-Forwarded-For, walked from the right while the hops are
 * trusted); any other peer cannot. (The Remix Request's scheme and host are @remix-run/express's, from Express's
 * `req.protocol` and `req.hostname`: server/remix-handler.ts.)
 */
import type { Socket } from "node:net";

import type { Request } from "express";

const trustedPeers = new WeakMap<Socket, boolean>();

type TrustFn = (address: string | undefined, hop: number) => boolean;

/** Whether the connection's peer is a proxy `trust proxy` trusts. */
export function fromTrustedProxy(req: Request): boolean {
  const socket = req.socket;
  let trusted = trustedPeers.get(socket);
  if (trusted === undefined) {
    trusted = (req.app.get("trust proxy fn") as TrustFn)(socket.remoteAddress, 0);
    trustedPeers.set(socket, trusted);
  }
  return trusted;
}

/** The client's address (Express's `req.ip`). */
export function clientAddress(req: Request): string {
  if (req.headers["x-forwarded-for"] === undefined || !fromTrustedProxy(req)) return req.socket.remoteAddress ?? "unknown";
  return req.ip ?? "unknown";
}
