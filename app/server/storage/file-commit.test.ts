import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeWithFiles } from "./file-commit.server";
import { LocalDiskStorage, newStorageKey } from "./storage.server";

const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-files-")));
async function stored(): Promise<string> {
  const key = newStorageKey("logos", "webp");
  await storage.put(key, Buffer.from("x"), "image/webp");
  return key;
}

describe("files follow the transaction that references them", () => {
  it("deletes retired files only after the write succeeded", async () => {
    const [old, fresh] = [await stored(), await stored()];
    const seenDuringWrite = await writeWithFiles(storage, [fresh], async ({ retire }) => {
      retire(old);
      return storage.get(old);
    });
    expect(seenDuringWrite).not.toBeNull();
    expect(await storage.get(old)).toBeNull();
    expect(await storage.get(fresh)).not.toBeNull();
  });

  it("keeps the old files and removes the new ones when the write fails", async () => {
    const [old, fresh] = [await stored(), await stored()];
    await expect(
      writeWithFiles(storage, [fresh], async ({ retire }) => {
        retire(old);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await storage.get(old)).not.toBeNull();
    expect(await storage.get(fresh)).toBeNull();
  });
});
