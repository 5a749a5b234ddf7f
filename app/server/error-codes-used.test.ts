import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "./errors";

/**
 * Every error code defined is reported somewhere (issue 19): a code only in errors.ts and the
 * catalogues is a message no user can ever see — use it where the spec means it, or remove it.
 * "Used" means quoted in the application's own code (app/ and server/, tests and the catalogues
 * not counted).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const ERRORS_FILE = path.join(ROOT, "app/server/errors.ts");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || file === ERRORS_FILE) return [];
    return [fs.readFileSync(file, "utf8")];
  });
}

describe("error codes", () => {
  it("are each used outside errors.ts and the catalogues", () => {
    const code = [...sources(path.join(ROOT, "app")), ...sources(path.join(ROOT, "server"))].join("\n");
    const unused = ERROR_CODES.filter((c) => !code.includes(`"${c}"`) && !code.includes(`'${c}'`) && !code.includes(`\`${c}\``));
    expect(unused).toEqual([]);
  });
});
