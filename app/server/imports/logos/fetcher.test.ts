import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngBytes, startLogoServer } from "../../../../tests/support/logo-server";
import { classifyAddress } from "./addresses.server";
import { fetchLogo, type FetchLogoOptions, LogoFetchError } from "./fetcher.server";

/**
 * The SSRF-safe logo fetcher (decision 042) against a real HTTP server on 127.0.0.1: an image,
 * redirects (followed, too many, to a loopback or internal address refused), a body over the
 * limit cut off while streaming, something that is no image, private and reserved addresses
 * refused before any connection, the pinned name resolution, and the deadline.
 */

let server: Awaited<ReturnType<typeof startLogoServer>>;
let png: Buffer;
let bigWritten = 0;
let bigFinished = false;
const BIG_TOTAL = 64 * 1024 * 1024;
const allowed: FetchLogoOptions = { loopback: "allowed" };

async function failure(promise: Promise<unknown>): Promise<LogoFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LogoFetchError) return error;
    throw error;
  }
  throw new Error("expected the fetch to fail");
}

beforeAll(async () => {
  png = await pngBytes();
  server = await startLogoServer({
    "/logo.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(png),
    "/logo-charset": (_req, res) => res.writeHead(200, { "content-type": "image/png; charset=binary", "content-length": String(png.length) }).end(png),
    "/page.html": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html><body>no logo</body></html>"),
    "/disguised.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end("<html><body>no logo, really</body></html>"),
    "/big.png": (_req, res) => {
      // Up to 64 MB without a Content-Length: the limit must be enforced while streaming.
      res.writeHead(200, { "content-type": "image/png" });
      bigWritten = 0;
      bigFinished = false;
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      png.copy(chunk);
      const write = () => {
        while (bigWritten < BIG_TOTAL && !res.destroyed) {
          bigWritten += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", write);
        }
        if (!res.destroyed) res.end(() => (bigFinished = true));
      };
      write();
    },
    "/declared-big.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/png", "content-length": String(50 * 1024 * 1024) });
      res.write(png);
    },
    "/missing.png": (_req, res) => res.writeHead(404).end(),
    "/busy.png": (_req, res) => res.writeHead(503).end(),
    "/hang": () => undefined,
    "/drip.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(png.subarray(0, 16));
      const timer = setInterval(() => res.write(Buffer.alloc(1)), 50);
      res.on("close", () => clearInterval(timer));
    },
    "/r1": (_req, res) => res.writeHead(302, { location: "/logo.png" }).end(),
    "/r2": (_req, res) => res.writeHead(301, { location: "/r1" }).end(),
    "/r3": (_req, res) => res.writeHead(307, { location: "/r2" }).end(),
    "/r4": (_req, res) => res.writeHead(308, { location: "/r3" }).end(),
    "/to-self": (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${server.port}/logo.png` }).end(),
    "/to-mapped-loopback": (_req, res) => res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${server.port}/logo.png` }).end(),
    "/to-metadata": (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
    "/to-private": (_req, res) => res.writeHead(302, { location: "http://10.0.0.1/logo.png" }).end(),
    "/to-file": (_req, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end(),
  });
});
afterAll(async () => server?.close());

describe("the logo fetcher", () => {
  it("fetches an image and tells its type from the bytes", async () => {
    const logo = await fetchLogo(`${server.base}/logo.png`, allowed);
    expect(logo.type).toBe("image/png");
    expect(logo.bytes.equals(png)).toBe(true);
    expect((await fetchLogo(`${server.base}/logo-charset`, allowed)).bytes.length).toBe(png.length);
  });

  it("cuts a body over the limit off while streaming, without reading it whole", async () => {
    const error = await failure(fetchLogo(`${server.base}/big.png`, allowed));
    expect(error.code).toBe("LOGO_TOO_LARGE");
    expect(error.retryable).toBe(false);
    // The client hung up: the server never got to write the whole body (only the limit plus
    // what fits in the sockets' buffers).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bigFinished).toBe(false);
    expect(bigWritten).toBeLessThan(BIG_TOTAL / 2);
    expect((await failure(fetchLogo(`${server.base}/big.png`, { ...allowed, maxBytes: 100_000 }))).code).toBe("LOGO_TOO_LARGE");
    // A declared length over the limit is refused before reading.
    expect((await failure(fetchLogo(`${server.base}/declared-big.png`, allowed))).code).toBe("LOGO_TOO_LARGE");
  });

  it("refuses what is not an image: by Content-Type, and by the first bytes", async () => {
    expect((await failure(fetchLogo(`${server.base}/page.html`, allowed))).code).toBe("LOGO_NOT_IMAGE");
    expect((await failure(fetchLogo(`${server.base}/disguised.png`, allowed))).code).toBe("LOGO_NOT_IMAGE");
  });

  it("follows up to three redirects and refuses a fourth", async () => {
    expect((await fetchLogo(`${server.base}/r3`, allowed)).url).toBe(`${server.base}/logo.png`);
    expect((await failure(fetchLogo(`${server.base}/r4`, allowed))).code).toBe("LOGO_TOO_MANY_REDIRECTS");
    expect(server.hits.get("/logo.png")).toBeGreaterThanOrEqual(1);
  });

  it("checks every redirect again: loopback, IPv4-mapped loopback, link-local and private targets are refused", async () => {
    const firstOnly: FetchLogoOptions = { loopback: "first-request" };
    const before = server.hits.get("/logo.png") ?? 0;
    for (const path of ["/to-self", "/to-mapped-loopback"]) {
      const error = await failure(fetchLogo(`${server.base}${path}`, firstOnly));
      expect(error.code).toBe("LOGO_ADDRESS_BLOCKED");
    }
    expect(server.hits.get("/logo.png") ?? 0).toBe(before);
    for (const path of ["/to-metadata", "/to-private"]) expect((await failure(fetchLogo(`${server.base}${path}`, allowed))).code).toBe("LOGO_ADDRESS_BLOCKED");
    expect((await failure(fetchLogo(`${server.base}/to-file`, allowed))).code).toBe("LOGO_URL_INVALID");
  });

  it("refuses loopback unless allowed, and private, link-local, reserved and mapped addresses always, before connecting", async () => {
    expect((await failure(fetchLogo(`${server.base}/logo.png`))).code).toBe("LOGO_ADDRESS_BLOCKED");
    expect((await failure(fetchLogo(`http://localhost:${server.port}/logo.png`))).code).toBe("LOGO_ADDRESS_BLOCKED");
    for (const url of [
      "http://10.0.0.1/logo.png",
      "http://192.168.1.10/logo.png",
      "http://172.16.0.5/logo.png",
      "http://169.254.169.254/logo.png",
      "http://100.64.0.1/logo.png",
      "http://0.0.0.0/logo.png",
      "http://224.0.0.1/logo.png",
      "http://240.0.0.1/logo.png",
      "http://[fe80::1]/logo.png",
      "http://[fd00::1]/logo.png",
      "http://[ff02::1]/logo.png",
      "http://[::ffff:10.0.0.1]/logo.png",
      "http://[::ffff:169.254.169.254]/logo.png",
      "http://[64:ff9b::a00:1]/logo.png",
      "http://[2001:db8::1]/logo.png",
      "http://[::]/logo.png",
      // Other spellings of 127.0.0.1 that URL parsing turns into it.
      "http://2130706433/logo.png",
      "http://0x7f.1/logo.png",
    ]) {
      const error = await failure(fetchLogo(url, { timeoutMs: 2_000 }));
      expect(error.code, url).toBe("LOGO_ADDRESS_BLOCKED");
    }
    // A name is judged by every address it resolves to.
    const resolve = async (host: string) => (host === "mixed.test" ? [{ address: "93.184.216.34", family: 4 }, { address: "10.1.1.1", family: 4 }] : [{ address: "192.168.0.1", family: 4 }]);
    expect((await failure(fetchLogo("https://mixed.test/logo.png", { resolve }))).code).toBe("LOGO_ADDRESS_BLOCKED");
    expect((await failure(fetchLogo("https://internal.test/logo.png", { resolve }))).code).toBe("LOGO_ADDRESS_BLOCKED");
    expect(classifyAddress("93.184.216.34")).toBe("public");
    expect(classifyAddress("2a00:1450:4001::1")).toBe("public");
  });

  it("connects to the address it checked (pinned): the name is asked once per request", async () => {
    let asked = 0;
    const resolve = async () => {
      asked++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const logo = await fetchLogo(`http://logo.partnernet.test:${server.port}/logo.png`, { ...allowed, resolve });
    expect(logo.bytes.equals(png)).toBe(true);
    expect(asked).toBe(1);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    for (const url of ["ftp://example.org/logo.png", "file:///etc/passwd", "data:image/png;base64,AAAA", "javascript:alert(1)", `http://user:secret@127.0.0.1:${server.port}/logo.png`, "not a url"]) {
      expect((await failure(fetchLogo(url, allowed))).code, url).toBe("LOGO_URL_INVALID");
    }
  });

  it("gives up at the deadline: a server that never answers, a body that drips", async () => {
    const started = Date.now();
    const error = await failure(fetchLogo(`${server.base}/hang`, { ...allowed, timeoutMs: 300 }));
    expect(error.code).toBe("LOGO_TIMEOUT");
    expect(error.retryable).toBe(true);
    expect((await failure(fetchLogo(`${server.base}/drip.png`, { ...allowed, timeoutMs: 400 }))).code).toBe("LOGO_TIMEOUT");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reports HTTP errors: 404 for good, 503 worth another attempt", async () => {
    const missing = await failure(fetchLogo(`${server.base}/missing.png`, allowed));
    expect([missing.code, missing.retryable]).toEqual(["LOGO_HTTP_STATUS", false]);
    const busy = await failure(fetchLogo(`${server.base}/busy.png`, allowed));
    expect([busy.code, busy.retryable]).toEqual(["LOGO_HTTP_STATUS", true]);
  });
});
