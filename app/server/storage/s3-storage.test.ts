import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../../tests/support/s3";
import { S3Storage } from "./s3-storage.server";
import { newStorageKey } from "./storage.server";

/**
 * The S3 adapter (decision 056) against a real S3-compatible server (s3rver) on loopback: the same
 * contract as LocalDiskStorage (storage.test.ts), and two "machines" (two adapters, as two
 * instances would hold) see each other's files.
 */
let s3: LocalS3;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = new S3Storage(s3.options);
});

afterAll(async () => {
  storage?.destroy();
  await s3?.close();
});

describe("S3Storage", () => {
  it("stores, reads and deletes a file by key with its content type; deleting again is no error", async () => {
    const key = newStorageKey("mail", "csv");
    await storage.put(key, Buffer.from("a;b\n"), "text/csv");
    expect(await storage.get(key)).toEqual({ data: Buffer.from("a;b\n"), contentType: "text/csv" });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("streams a large file in chunks and answers null for a missing or impossible key", async () => {
    const key = newStorageKey("imports", "csv");
    const data = Buffer.alloc(3 * 1024 * 1024, "a;b;c\n");
    await storage.put(key, data, "text/csv");
    const stream = await storage.openReadStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(await storage.openReadStream(newStorageKey("imports", "csv"))).toBeNull();
    expect(await storage.openReadStream("../etc/passwd")).toBeNull();
    expect(await storage.get("logos/../../secret.webp")).toBeNull();
  });

  it("refuses to write a key it could not have generated or a content type with extra parts", async () => {
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put(newStorageKey("logos", "webp"), Buffer.from("x"), "text/html\r\nX-Evil: 1")).rejects.toThrow(/Invalid content type/);
    await expect(storage.delete("logos")).rejects.toThrow(/Invalid storage key/);
  });

  it("shares files between instances (two adapters on one bucket) and keeps installations apart by key prefix", async () => {
    const other = new S3Storage(s3.options);
    const prefixed = new S3Storage({ ...s3.options, keyPrefix: "second-site/" });
    try {
      const key = newStorageKey("logos", "webp");
      await storage.put(key, Buffer.from("logo"), "image/webp");
      expect(await other.get(key)).toEqual({ data: Buffer.from("logo"), contentType: "image/webp" });
      expect(await prefixed.get(key)).toBeNull();
      await prefixed.put(key, Buffer.from("theirs"), "image/webp");
      expect((await storage.get(key))!.data.toString()).toBe("logo");
      expect((await prefixed.get(key))!.data.toString()).toBe("theirs");
    } finally {
      other.destroy();
      prefixed.destroy();
    }
  });

  it("does not believe a stored content type that is not a plain MIME type", async () => {
    const key = newStorageKey("logos", "png");
    // Written around the adapter, as another tool with access to the bucket could.
    const { PutObjectCommand, S3Client } = await import("@aws-sdk/client-s3");
    const { bucket, endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = s3.options;
    const raw = new S3Client({ endpoint, region, forcePathStyle, credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! } });
    await raw.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from("png"), ContentType: "text/html; charset=utf-8" }));
    raw.destroy();
    expect((await storage.get(key))!.contentType).toBe("image/png");
  });
});
