import { checksumOf, listStoredFiles } from "~/server/backup/file-copy.server";
import path from "node:path";

export type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

/**
 * Every table of every schema (the app's, drizzle's migrations, pg-boss's), each as its row count
 * and the md5 of its rows' text forms in sorted order: two databases with equal fingerprints hold
 * the same rows.
 */
export async function tableFingerprints(query: Query): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await query(
    "SELECT table_schema AS s, table_name AS t FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { s, t } of tables as Array<{ s: string; t: string }>) {
    const name = `"${s.replaceAll('"', '""')}"."${t.replaceAll('"', '""')}"`;
    const [row] = await query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM ${name} x`);
    result[`${s}.${t}`] = { rows: Number(row!.n), md5: String(row!.h) };
  }
  return result;
}

/** Relative path → sha256 of every stored file (sidecars included) under `root`. */
export async function fileFingerprints(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const rel of await listStoredFiles(root)) result[rel] = (await checksumOf(path.join(root, rel))).sha256;
  return result;
}
