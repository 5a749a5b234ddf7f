import { afterAll, beforeAll, expect, it } from "vitest";
import { S3Storage } from "~/server/storage/s3-storage.server";
import { newStorageKey } from "~/server/storage/storage.server";
import { startLocalS3, type LocalS3 } from "../tests/support/s3";
import { startServer, type TestServer } from "../tests/support/server";

/**
 * The built server with S3_BUCKET set keeps uploads in the bucket (decision 056): a file another
 * instance put there is served by this one, with its type and the same bytes; a private kind stays
 * a 404 on the public path, exactly as on local disk (decision 029).
 */
let s3: LocalS3;
let server: TestServer;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startLocalS3("partnernet-http");
  server = await startServer(s3.env);
  storage = new S3Storage(s3.options);
}, 180_000);

afterAll(async () => {
  storage?.destroy();
  await server?.close();
  await s3?.close();
});

it("serves a public file from the bucket and keeps a private one off the public path", async () => {
  const logo = newStorageKey("logos", "webp");
  const bytes = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake logo bytes");
  await storage.put(logo, bytes, "image/webp");
  const response = await fetch(`${server.url}/files/${logo}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

  const attachment = newStorageKey("mail", "pdf");
  await storage.put(attachment, Buffer.from("%PDF-1.4 private"), "application/pdf");
  expect((await fetch(`${server.url}/files/${attachment}`)).status).toBe(404);
  expect((await fetch(`${server.url}/files/${newStorageKey("logos", "webp")}`)).status).toBe(404);
});
