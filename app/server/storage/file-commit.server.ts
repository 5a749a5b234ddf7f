import type { FileStorage } from "./storage.server";
import { logger } from "~/server/logger.server";

/** What a write that stores or replaces files hands to its transaction. */
export interface FileChanges {
  /** A file the record no longer references once the transaction commits (old logo, deleted ad's image). */
  retire(key: string | null | undefined): void;
}

/**
 * Runs `write` (a database transaction) that references the freshly stored `added` files and may
 * retire old ones. Files and rows must agree: if the transaction fails, the added files are
 * deleted (nothing references them); retired files are deleted only after it commits, so a
 * rolled-back change never loses a file still in use and a committed one leaves no file
 * downloadable that no record references. A failed delete is logged, never turned into an error:
 * the user's change is done.
 */
export async function writeWithFiles<T>(storage: FileStorage, added: ReadonlyArray<string | null | undefined>, write: (files: FileChanges) => Promise<T>): Promise<T> {
  const retired: string[] = [];
  let result: T;
  try {
    result = await write({ retire: (key) => void (key && retired.push(key)) });
  } catch (error) {
    await removeAll(storage, added.filter((k): k is string => Boolean(k)));
    throw error;
  }
  await removeAll(storage, retired.filter((key) => !added.includes(key)));
  return result;
}

async function removeAll(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => storage.delete(key).catch((error: unknown) => logger.error({ err: error }, `Could not delete stored file ${key}`))),
  );
}
