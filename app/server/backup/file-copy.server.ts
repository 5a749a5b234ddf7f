import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BackupError, type FileEntry } from "./manifest";

/**
 * The stored files under `root`, as "/"-separated relative paths, sorted. Temporary files of
 * writes under way (leading dot, `.tmp`) are left out: the storage renames a file into place
 * only when it is complete, so what is listed is whole.
 */
export async function listStoredFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string, rel: string): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name.endsWith(".tmp")) continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), childRel);
      else if (entry.isFile()) found.push(childRel);
    }
  }
  await walk(root, "");
  return found.sort();
}

/** Copies `from` to `to` (a new file) and returns its size and SHA-256, read once. */
export async function copyWithChecksum(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  const hash = createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: "wx" }));
  return { bytes, sha256: hash.digest("hex") };
}

export async function checksumOf(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/**
 * Copies the stored files of `root` not yet in `copied` into `target`, adding them to `copied`.
 * A file deleted while we walk (its record was removed) is skipped: it is gone from the app too.
 */
export async function copyNewFiles(root: string, target: string, copied: Map<string, FileEntry>): Promise<void> {
  for (const rel of await listStoredFiles(root)) {
    if (copied.has(rel)) continue;
    try {
      copied.set(rel, { path: rel, ...(await copyWithChecksum(path.join(root, rel), path.join(target, rel))) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await fs.rm(path.join(target, rel), { force: true });
    }
  }
}

/** Throws BackupError naming the first file whose size or checksum differs from the manifest. */
export async function verifyFile(file: string, expected: { bytes: number; sha256: string }, label: string): Promise<void> {
  let actual;
  try {
    actual = await checksumOf(file);
  } catch (error) {
    throw new BackupError(`The backup is damaged: ${label} cannot be read (${(error as Error).message}).`);
  }
  if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) throw new BackupError(`The backup is damaged: ${label} does not match its checksum.`);
}
