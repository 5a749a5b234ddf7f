import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MIB, storeImage } from "./images.server";
import { LocalDiskStorage, newStorageKey } from "./storage.server";
import { readFormWithLimit } from "./uploads.server";

let dir: string;
let storage: LocalDiskStorage;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pn-storage-"));
  storage = new LocalDiskStorage(path.join(dir, "files"));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Every file below the storage root, temp and sidecar files included. */
async function filesInStorage(): Promise<string[]> {
  const entries = await fs.readdir(storage.root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(storage.root, path.join(e.parentPath, e.name)));
}

function upload(data: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(data)], name, { type });
}

async function decoded(key: string) {
  const file = await storage.get(key);
  expect(file).not.toBeNull();
  return { contentType: file!.contentType, meta: await sharp(file!.data).metadata() };
}

describe("LocalDiskStorage", () => {
  it("streams a stored file and answers null for a missing or impossible key", async () => {
    const key = newStorageKey("imports", "csv");
    const data = Buffer.alloc(700 * 1024, "a;b\n");
    await storage.put(key, data, "text/csv");
    const stream = await storage.openReadStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(await storage.openReadStream(newStorageKey("imports", "csv"))).toBeNull();
    expect(await storage.openReadStream("../etc/passwd")).toBeNull();
  });

  it("stores, reads and deletes a file by key, leaving no temp files", async () => {
    const key = newStorageKey("mail", "csv");
    await storage.put(key, Buffer.from("a;b\n"), "text/csv");
    expect(await storage.get(key)).toEqual({ data: Buffer.from("a;b\n"), contentType: "text/csv" });
    expect((await filesInStorage()).sort()).toEqual([key, `${key}.meta.json`].sort());

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await filesInStorage()).toEqual([]);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("never resolves a key outside its root", async () => {
    await fs.writeFile(path.join(dir, "secret.txt"), "secret");
    for (const key of ["../../etc/passwd", "../secret.txt", "/etc/passwd", "logos/../../secret.txt", "logos/abcdefghijklmnop.webp.meta.json"]) {
      expect(await storage.get(key), key).toBeNull();
    }
    await expect(storage.put("../secret.txt", Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete("../secret.txt")).rejects.toThrow(/Invalid storage key/);
    expect(await fs.readFile(path.join(dir, "secret.txt"), "utf8")).toBe("secret");
  });

  it("refuses a content type that could inject headers", async () => {
    await expect(storage.put(newStorageKey("logos", "webp"), Buffer.from("x"), "text/html\r\nSet-Cookie: a=b")).rejects.toThrow(/content type/);
  });
});

describe("storeImage", () => {
  let photo: Buffer;

  beforeAll(async () => {
    // A 4000×3000 camera-like JPEG, tagged "rotate 90°" and carrying EXIF we must not publish.
    photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 20 } } })
      .jpeg({ quality: 70 })
      .withExif({ IFD0: { Copyright: "secret owner", ImageDescription: "GPS-ish" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });

  it("re-encodes a large JPEG to an upright WebP at most 1200 px wide without EXIF", async () => {
    expect(photo.length).toBeLessThan(4 * MIB);
    const key = await storeImage(storage, upload(photo, "Foto.JPG", "image/jpeg"), { prefix: "logos" });
    expect(key).toMatch(/^logos\/[A-Za-z0-9_-]+\.webp$/);

    const { contentType, meta } = await decoded(key);
    expect(contentType).toBe("image/webp");
    expect(meta.format).toBe("webp");
    // Orientation 6 turns 4000×3000 into a portrait 3000×4000, then scaled to 1200 wide.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("keeps the alpha channel of a PNG and never enlarges", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const key = await storeImage(storage, upload(png, "logo.png", "image/png"), { prefix: "services" });
    const { meta } = await decoded(key);
    expect(key.startsWith("services/")).toBe(true);
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([800, 600, true]);
  });

  it("accepts WebP and honours a smaller maxWidth", async () => {
    const webp = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#3366cc" } }).webp().toBuffer();
    const key = await storeImage(storage, upload(webp, "banner.webp", "image/webp"), { prefix: "events", maxWidth: 300 });
    expect((await decoded(key)).meta).toMatchObject({ width: 300, height: 150 });
  });

  it("rejects a missing or empty upload with FILE_REQUIRED", async () => {
    for (const value of [null, undefined, "", upload(new Uint8Array(), "", "application/octet-stream")]) {
      await expect(storeImage(storage, value, { prefix: "logos" })).rejects.toMatchObject({ code: "FILE_REQUIRED" });
    }
  });

  it("rejects a file over 4 MB with FILE_TOO_LARGE before looking at it", async () => {
    const big = new Uint8Array(5 * 1024 * 1024);
    crypto.getRandomValues(big.subarray(0, 65_536));
    await expect(storeImage(storage, upload(big, "big.png", "image/png"), { prefix: "logos" })).rejects.toMatchObject({
      code: "FILE_TOO_LARGE",
      status: 413,
      details: { maxMb: 4 },
    });
  });

  it("rejects a PDF renamed to .png and writes nothing", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    await expect(storeImage(storage, upload(pdf, "logo.png", "image/png"), { prefix: "logos" })).rejects.toMatchObject({
      code: "FILE_TYPE_NOT_ALLOWED",
      details: { allowed: "JPG, PNG, WebP" },
    });
    expect(await filesInStorage()).toEqual([]);
  });

  it("rejects GIF and SVG, whether declared honestly or disguised as PNG", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases = [
      upload(gif, "anim.gif", "image/gif"),
      upload(gif, "anim.png", "image/png"),
      upload(svg, "logo.svg", "image/svg+xml"),
      upload(svg, "logo.png", "image/png"),
    ];
    for (const file of cases) {
      await expect(storeImage(storage, file, { prefix: "logos" }), file.name).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    }
    expect(await filesInStorage()).toEqual([]);
  });

  it("rejects a real image whose declared type or name is not an allowed image type", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer();
    for (const file of [upload(png, "logo.exe", "image/png"), upload(png, "logo", "image/png"), upload(png, "logo.png", "application/octet-stream")]) {
      await expect(storeImage(storage, file, { prefix: "logos" }), file.name).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    }
  });

  it("rejects a truncated JPEG with IMAGE_INVALID", async () => {
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    await expect(storeImage(storage, upload(truncated, "cut.jpg", "image/jpeg"), { prefix: "logos" })).rejects.toMatchObject({ code: "IMAGE_INVALID" });
    expect(await filesInStorage()).toEqual([]);
  });

  it("rejects a decompression bomb (small file, over 40 megapixels) with IMAGE_INVALID", async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1 * MIB);
    await expect(storeImage(storage, upload(bomb, "bomb.png", "image/png"), { prefix: "logos" })).rejects.toMatchObject({ code: "IMAGE_INVALID" });
  });
});

describe("readFormWithLimit", () => {
  const url = "http://localhost/upload";

  it("parses a normal multipart body", async () => {
    const form = new FormData();
    form.append("name", "Müller GmbH");
    form.append("logo", new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" }));
    const parsed = await readFormWithLimit(new Request(url, { method: "POST", body: form }), MIB);

    expect(parsed.get("name")).toBe("Müller GmbH");
    const logo = parsed.get("logo");
    expect(logo).toBeInstanceOf(File);
    expect([(logo as File).name, (logo as File).type]).toEqual(["logo.png", "image/png"]);
    expect(new Uint8Array(await (logo as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("rejects an oversize body by its Content-Length without reading it", async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(url, { method: "POST", body, duplex: "half", headers: { "Content-Length": String(30 * MIB), "Content-Type": "multipart/form-data; boundary=x" } } as RequestInit);
    await expect(readFormWithLimit(request, 25 * MIB)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { maxMb: 25 } });
    expect(request.bodyUsed).toBe(false);
  });

  it("aborts a streamed body without Content-Length once it passes the limit", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(url, { method: "POST", body, duplex: "half", headers: { "Content-Type": "multipart/form-data; boundary=x" } } as RequestInit);
    await expect(readFormWithLimit(request, MIB)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { maxMb: 1 } });
    expect(sent).toBeLessThan(2 * MIB);
  });

  it("answers a body that is not form data with INVALID_INPUT", async () => {
    const request = new Request(url, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    await expect(readFormWithLimit(request, MIB)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
