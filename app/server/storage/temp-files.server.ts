import { promises as fs } from "node:fs";
import path from "node:path";

/** Older than this, a temporary file cannot belong to a write still under way on another instance. */
const STALE_AFTER_MS = 10 * 60_000;

/** Temporary names: storage's `.<name>.<hex>.tmp` and the outbox's `<id>.json.tmp`. */
const TEMP_NAME = /\.tmp$/;

/**
 * Removes temporary files that a killed process left behind (writes go to a temp file and are
 * renamed into place, so a crash mid-write leaves one). Runs on start; returns how many it removed.
 */
export async function removeStaleTemporaryFiles(roots: readonly string[], now = Date.now()): Promise<number> {
  let removed = 0;
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && TEMP_NAME.test(entry.name)) {
        const stat = await fs.stat(full).catch(() => null);
        if (stat && now - stat.mtimeMs > STALE_AFTER_MS) {
          await fs.rm(full, { force: true });
          removed++;
        }
      }
    }
  }
  for (const root of roots) await walk(root);
  return removed;
}
