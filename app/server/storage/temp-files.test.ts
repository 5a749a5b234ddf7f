import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { removeStaleTemporaryFiles } from "./temp-files.server";

it("removes temporary files a killed process left, and nothing else", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pn-temp-"));
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "pn-outbox-"));
  fs.mkdirSync(path.join(root, "logos"));
  const old = Date.now() / 1000 - 3600;
  const write = (file: string, ageSeconds?: number) => {
    fs.writeFileSync(file, "x");
    if (ageSeconds !== undefined) fs.utimesSync(file, old, old);
  };
  write(path.join(root, "logos", ".abcdefghijklmnopqrstuv.webp.0123456789ab.tmp"), 3600);
  write(path.join(root, "logos", "abcdefghijklmnopqrstuv.webp"), 3600);
  write(path.join(root, "logos", "abcdefghijklmnopqrstuv.webp.meta.json"), 3600);
  // A write under way on another instance right now: too young to be an orphan.
  write(path.join(root, "logos", ".fresh.webp.0123456789ab.tmp"));
  write(path.join(outbox, "2026-01-01T00-00-00-000Z-abc.json.tmp"), 3600);
  write(path.join(outbox, "2026-01-01T00-00-00-000Z-abd.json"), 3600);

  expect(await removeStaleTemporaryFiles([root, outbox, path.join(root, "missing")])).toBe(2);
  expect(fs.readdirSync(path.join(root, "logos")).sort()).toEqual([".fresh.webp.0123456789ab.tmp", "abcdefghijklmnopqrstuv.webp", "abcdefghijklmnopqrstuv.webp.meta.json"]);
  expect(fs.readdirSync(outbox)).toEqual(["2026-01-01T00-00-00-000Z-abd.json"]);
});
