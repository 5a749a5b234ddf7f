import type { IncomingHttpHeaders } from "node:http";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Headers a reverse proxy adds; a proxy on this machine must not make a remote visitor "local". */
const PROXY_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded", "x-real-ip", "via"];

/**
 * Whether a request comes from this machine itself: the socket peer is a loopback address and
 * no proxy header is present. Decided from the socket, never from headers a client can forge.
 */
export function isLocalRequest(peerAddress: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!peerAddress || !LOOPBACK.test(peerAddress)) return false;
  return PROXY_HEADERS.every((name) => headers[name] === undefined);
}
