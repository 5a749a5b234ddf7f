import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { singleDrainListener } from "./drain-listeners.js";

/** React Router's way of writing a page: wait for "drain" with once/off after each refused write. */
async function writeLikeReactRouter(res: Response, chunks: number): Promise<void> {
  for (let i = 0; i < chunks; i++) {
    if (!res.write(randomBytes(64 * 1024))) {
      await new Promise<void>((resolve) => {
        const onDrain = () => {
          res.off("drain", onDrain);
          resolve();
        };
        res.once("drain", onDrain);
      });
    }
  }
  res.end();
}

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
process.on("warning", onWarning);
const servers: Array<{ close: () => void }> = [];
afterAll(() => {
  process.off("warning", onWarning);
  for (const server of servers) server.close();
});

async function serve(withFix: boolean): Promise<string> {
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withFix) app.use(singleDrainListener);
  app.get("/", (_req, res) => void writeLikeReactRouter(res.type("html"), 40));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function download(url: string): Promise<number> {
  const response = await fetch(url, { headers: { "Accept-Encoding": "br" } });
  expect(response.headers.get("content-encoding")).toBe("br");
  return (await response.arrayBuffer()).byteLength;
}

describe("drain listeners under compression", () => {
  it("a long compressed answer written with back-pressure keeps one drain listener", async () => {
    // Without the fix the same writer leaves a listener per wait on the zlib stream: Node warns.
    await download(await serve(false));
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.some((w) => w.includes("drain listeners added to [BrotliCompress]"))).toBe(true);
    warnings.length = 0;

    const bytes = await download(await serve(true));
    await new Promise((resolve) => setImmediate(resolve));
    // The body arrives whole (fetch decompresses it): 40 chunks of 64 KiB.
    expect(bytes).toBe(40 * 64 * 1024);
    expect(warnings.filter((w) => w.includes("drain listeners"))).toEqual([]);
  });
});
