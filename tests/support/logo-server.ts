import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** A small real PNG (a coloured square). */
export async function pngBytes(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * A real HTTP server on 127.0.0.1 for the logo fetcher's tests (decision 042): routes by path,
 * counts requests and the bytes each response managed to write before the client went away.
 */
export async function startLogoServer(routes: Record<string, Handler>): Promise<{
  base: string;
  port: number;
  hits: Map<string, number>;
  close: () => Promise<void>;
}> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
