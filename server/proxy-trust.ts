/**
 * What Express's `req.ip`, `req.protocol` and `req.hostname` give, with the `trust proxy` verdict on the peer
 * computed once per connection instead of once per getter (each parses the peer's address with ipaddr.js; a page
 * asked three times). The rules are Express's own: a peer that `trust proxy` trusts may name the client's address
 * (X-Forwarded-For, walked from the right while the hops are trusted), scheme (X-Forwarded-Proto) and host
 * (X-Forwarded-Host); any other peer cannot.
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

/** The scheme the client used (Express's `req.protocol`). */
export function protocolOf(req: Request): string {
  const own = (req.socket as Socket & { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (typeof forwarded !== "string" || !forwarded || !fromTrustedProxy(req)) return own;
  const comma = forwarded.indexOf(",");
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim();
}

/** The host name the client asked for, without its port (Express's `req.hostname`). */
export function hostnameOf(req: Request): string | undefined {
  let host = req.headers["x-forwarded-host"];
  if (typeof host !== "string" || !host || !fromTrustedProxy(req)) host = req.headers.host;
  else if (host.includes(",")) host = host.slice(0, host.indexOf(",")).trimEnd();
  if (!host) return undefined;
  const offset = host[0] === "[" ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", offset);
  return colon === -1 ? host : host.slice(0, colon);
}
