import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { clonePostgres, TEST_ENGINE } from "../../../tests/support/db";
import { PGLITE_TEMPLATE } from "../../../tests/support/pglite-template";
import { fileFingerprints, type Query, tableFingerprints } from "../../../tests/support/table-fingerprint";
import { type Db, openPglite, openPostgres } from "~/server/db/client.server";
import { seedDemoData } from "~/server/db/seed.server";
import { seedDemoCompanies } from "~/server/demo/seed-companies.server";
import { LocalDiskStorage, newStorageKey } from "~/server/storage/storage.server";
import { createBackup } from "./backup.server";
import { FILES_FOLDER } from "./manifest";
import { restoreBackup } from "./restore.server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pn-backup-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Demo users and companies with their logos (public files), plus a private mail attachment. */
async function seed(db: Db, storageDir: string): Promise<void> {
  const storage = new LocalDiskStorage(storageDir);
  await seedDemoData(db);
  await seedDemoCompanies(db, storage);
  await storage.put(newStorageKey("mail", "pdf"), Buffer.from("%PDF-1.4 programme"), "application/pdf");
}

function pgQuery(client: pg.Client): Query {
  return async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>;
}

it.runIf(TEST_ENGINE === "pglite")("PGlite: refuses while the app holds the data directory; backup → restore into a fresh DATA_DIR gives the same rows and files", async () => {
  const source = path.join(tmp, "source");
  const src = { pgliteDir: path.join(source, "pglite"), storageDir: path.join(source, "files") };
  const app = await openPglite(src.pgliteDir, new Blob([fs.readFileSync(PGLITE_TEMPLATE)]));
  await seed(app.db, src.storageDir);
  const expectedRows = await tableFingerprints(async (sql) => (await app.client.query<Record<string, unknown>>(sql)).rows);
  const expectedFiles = await fileFingerprints(src.storageDir);

  // The "app" still holds the directory: the backup refuses and leaves nothing behind.
  const refused = path.join(tmp, "refused");
  await expect(createBackup({ out: refused, databaseUrl: undefined, ...src })).rejects.toThrow(/needs the app stopped/);
  expect(fs.readdirSync(tmp).filter((n) => n.startsWith("refused"))).toEqual([]);
  await app.close();

  const out = path.join(tmp, "backup-pglite");
  const manifest = await createBackup({ out, databaseUrl: undefined, ...src });
  expect(manifest.engine).toBe("pglite");
  expect(manifest.lastMigrationAt).toBeTruthy();
  // 50 logos and one attachment, each with its content-type sidecar.
  expect(manifest.files).toHaveLength(51 * 2);
  await expect(createBackup({ out, databaseUrl: undefined, ...src })).rejects.toThrow(/exists already/);
  await expect(createBackup({ out: path.join(src.storageDir, "b"), databaseUrl: undefined, ...src })).rejects.toThrow(/outside the data/);

  const target = path.join(tmp, "restored");
  const dst = { pgliteDir: path.join(target, "pglite"), storageDir: path.join(target, "files") };
  await restoreBackup({ from: out, databaseUrl: undefined, ...dst, force: false });
  const check = async () => {
    const restored = await openPglite(dst.pgliteDir);
    try {
      const rows = await tableFingerprints(async (sql) => (await restored.client.query<Record<string, unknown>>(sql)).rows);
      expect(rows["drizzle.__drizzle_migrations"]!.rows).toBeGreaterThan(0);
      expect(rows["public.companies"]!.rows).toBe(50);
      expect(rows).toEqual(expectedRows);
    } finally {
      await restored.close();
    }
    expect(await fileFingerprints(dst.storageDir)).toEqual(expectedFiles);
  };
  await check();

  // A target with data is refused without --force, and replaced with it.
  await expect(restoreBackup({ from: out, databaseUrl: undefined, ...dst, force: false })).rejects.toThrow(/not empty.*--force/s);
  fs.writeFileSync(path.join(dst.storageDir, "logos", "stray.txt"), "not from the backup");
  await restoreBackup({ from: out, databaseUrl: undefined, ...dst, force: true });
  await check();

  // A PGlite backup is not restored into PostgreSQL by mistake.
  await expect(restoreBackup({ from: out, databaseUrl: "postgres://127.0.0.1/none", ...dst, force: true })).rejects.toThrow(/unset DATABASE_URL/);

  // A damaged copy is refused before the target is touched.
  const damaged = path.join(tmp, "damaged");
  fs.cpSync(out, damaged, { recursive: true });
  const victim = path.join(damaged, FILES_FOLDER, manifest.files[0]!.path);
  fs.appendFileSync(victim, "x");
  const fresh = { pgliteDir: path.join(tmp, "fresh", "pglite"), storageDir: path.join(tmp, "fresh", "files") };
  await expect(restoreBackup({ from: damaged, databaseUrl: undefined, ...fresh, force: false })).rejects.toThrow(/damaged/);
  expect(fs.existsSync(path.join(tmp, "fresh"))).toBe(false);
});

it.runIf(TEST_ENGINE === "postgres")("PostgreSQL: backup while the app writes, restore into an empty database: same rows and files, parents and children from one snapshot", async () => {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const source = await clonePostgres();
  const targetName = `${source.name}_restored`;
  const targetUrl = new URL(adminUrl);
  targetUrl.pathname = `/${targetName}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${targetName} TEMPLATE template0`);
  const storageDir = path.join(tmp, "pg-files");
  const writer = new pg.Client({ connectionString: source.url });
  const reader = new pg.Client({ connectionString: source.url });
  const restored = new pg.Client({ connectionString: targetUrl.toString() });
  try {
    const app = await openPostgres(source.url);
    await seed(app.db, storageDir);
    await app.close();
    await writer.connect();
    await reader.connect();
    // Stand-ins for the app's parent/child writes with an uploaded file: the file is stored
    // before the transaction that references it, as writeWithFiles does.
    await writer.query("CREATE TABLE bk_parent (id serial PRIMARY KEY, file_key text NOT NULL); CREATE TABLE bk_child (parent_id int NOT NULL REFERENCES bk_parent, n int NOT NULL)");
    const expectedRows = await tableFingerprints(pgQuery(reader));
    const expectedFiles = await fileFingerprints(storageDir);

    const storage = new LocalDiskStorage(storageDir);
    let writing = true;
    let committed = 0;
    const writes = (async () => {
      while (writing) {
        const key = newStorageKey("events", "pdf");
        await storage.put(key, randomBytes(2048), "application/pdf");
        await writer.query("BEGIN");
        const { rows } = await writer.query<{ id: number }>("INSERT INTO bk_parent (file_key) VALUES ($1) RETURNING id", [key]);
        await writer.query("INSERT INTO bk_child SELECT $1, n FROM generate_series(1, 3) n", [rows[0]!.id]);
        await writer.query("COMMIT");
        committed++;
      }
    })();
    while (committed < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const out = path.join(tmp, "backup-postgres");
    const manifest = await createBackup({ out, databaseUrl: source.url, pgliteDir: path.join(tmp, "unused"), storageDir });
    const duringBackup = committed;
    writing = false;
    await writes;
    expect(manifest.engine).toBe("postgres");
    expect(duringBackup).toBeGreaterThan(20);

    const dstFiles = path.join(tmp, "pg-restored-files");
    await restoreBackup({ from: out, databaseUrl: targetUrl.toString(), pgliteDir: path.join(tmp, "unused"), storageDir: dstFiles, force: false });
    await restored.connect();
    const check = async () => {
      const rows = await tableFingerprints(pgQuery(restored));
      const { "public.bk_parent": parents, "public.bk_child": children, ...appRows } = rows;
      const { "public.bk_parent": _p, "public.bk_child": _c, ...expectedAppRows } = expectedRows;
      expect(rows["drizzle.__drizzle_migrations"]!.rows).toBeGreaterThan(0);
      expect(rows["public.companies"]!.rows).toBe(50);
      expect(appRows).toEqual(expectedAppRows);
      // One snapshot: every restored parent has all three children, and none has a missing file.
      expect(parents!.rows).toBeGreaterThanOrEqual(20);
      // …and the writes went on while the backup ran (the snapshot is older than its end).
      expect(parents!.rows).toBeLessThan(duringBackup);
      expect(children!.rows).toBe(parents!.rows * 3);
      const { rows: incomplete } = await restored.query("SELECT p.id FROM bk_parent p LEFT JOIN bk_child c ON c.parent_id = p.id GROUP BY p.id HAVING count(c.*) <> 3");
      expect(incomplete).toEqual([]);
      const files = await fileFingerprints(dstFiles);
      const { rows: keys } = await restored.query<{ file_key: string }>("SELECT file_key FROM bk_parent");
      for (const { file_key } of keys) expect(files[file_key], file_key).toBeDefined();
      // The app's files are all there, and every restored file is identical to its original.
      for (const [rel, sha] of Object.entries(expectedFiles)) expect(files[rel], rel).toBe(sha);
      const now = await fileFingerprints(storageDir);
      for (const [rel, sha] of Object.entries(files)) expect(now[rel], rel).toBe(sha);
    };
    await check();

    await expect(restoreBackup({ from: out, databaseUrl: targetUrl.toString(), pgliteDir: path.join(tmp, "unused"), storageDir: dstFiles, force: false })).rejects.toThrow(
      /not empty.*--force/s,
    );
    await restored.query("CREATE TABLE stray (id int)");
    await restoreBackup({ from: out, databaseUrl: targetUrl.toString(), pgliteDir: path.join(tmp, "unused"), storageDir: dstFiles, force: true });
    await check();
    const { rows: stray } = await restored.query("SELECT to_regclass('public.stray') AS t");
    expect(stray[0]!.t).toBeNull();

    // A PostgreSQL backup is not restored into PGlite by mistake.
    await expect(restoreBackup({ from: out, databaseUrl: undefined, pgliteDir: path.join(tmp, "unused"), storageDir: dstFiles, force: true })).rejects.toThrow(/set DATABASE_URL/);
  } finally {
    await Promise.all([writer.end(), reader.end(), restored.end()].map((p) => p.catch(() => undefined)));
    await admin.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    await admin.end();
    await source.drop();
  }
});
