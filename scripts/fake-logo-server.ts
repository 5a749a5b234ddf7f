import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import sharp from "sharp";

/**
 * An https server with logos for the end-to-end test of imported logos (decision 042):
 * `FAKE_LOGO_PORT=4911 npx tsx scripts/fake-logo-server.ts`. Its certificate
 * (tests/support/logo-tls, for 127.0.0.1) is trusted by the app under test through
 * NODE_EXTRA_CA_CERTS, and the app reaches loopback only with LOGO_FETCH_ALLOW_LOOPBACK=1.
 * /logo.png is a PNG, /page.html is not an image.
 */
const port = Number(process.env.FAKE_LOGO_PORT ?? 4911);
const dir = path.resolve(import.meta.dirname, "../tests/support/logo-tls");
const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
const server = https.createServer({ cert: fs.readFileSync(path.join(dir, "cert.pem")), key: fs.readFileSync(path.join(dir, "key.pem")) }, (req, res) => {
  const url = (req.url ?? "/").split("?")[0];
  if (url === "/logo.png") res.writeHead(200, { "content-type": "image/png", "content-length": String(png.length) }).end(png);
  else if (url === "/page.html") res.writeHead(200, { "content-type": "text/html" }).end("<html><body>no logo</body></html>");
  else if (url === "/health") res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  else res.writeHead(404).end();
});
server.listen(port, "127.0.0.1", () => console.log(`Fake logo server on https://127.0.0.1:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
