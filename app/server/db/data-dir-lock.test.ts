import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir, readLockOwner } from "./data-dir-lock.server";
import { openPglite } from "./client.server";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Starts a separate process that takes the lock; resolves with its first line of output. */
function holdInChild(dir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/lock-holder.ts", dir], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve({ child, line: chunk.toString().trim() }));
    child.once("error", reject);
  });
}

const tempDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pn-lock-")), "pglite");

describe("one process per embedded data directory", () => {
  it("refuses a second process at once, naming the owner and what to do", async () => {
    const dir = tempDir();
    const { child, line } = await holdInChild(dir);
    expect(line).toBe("locked");
    const error = await lockDataDir(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as DataDirInUseError).owner?.pid).toBe(child.pid);
    expect((error as Error).message).toMatch(/stop that process first/);
    expect((error as Error).message).toMatch(/admin:create/);
    expect((error as Error).message).toMatch(/DATABASE_URL/);
  });

  it("refuses a second open inside the same process, and PGlite itself through openPglite", async () => {
    const dir = tempDir();
    const handle = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    const { line } = await holdInChild(dir);
    expect(line).toMatch(/^refused: The embedded database .* is already in use by process \d+/);
    await handle.close();
    // Released on close: the next process may open it.
    const again = await openPglite(dir);
    await again.close();
  });

  it("takes over at once from a process that was killed with SIGKILL", async () => {
    const dir = tempDir();
    const { child } = await holdInChild(dir);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(readLockOwner(dir)?.pid).toBe(child.pid);
    const release = await lockDataDir(dir);
    expect(readLockOwner(dir)?.pid).toBe(process.pid);
    await release();
    expect(readLockOwner(dir)).toBeNull();
  });
});
