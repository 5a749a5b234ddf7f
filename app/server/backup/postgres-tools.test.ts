import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { EMPTY_SEARCH_PATH, findPostgresTool, PUBLIC_SEARCH_PATH, searchPathRewriter, splitPassword } from "./postgres-tools.server";

async function rewrite(chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(searchPathRewriter())) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

it("sets the search path to public outside COPY data only, byte for byte across chunk borders", async () => {
  const script = [
    "SET client_encoding = 'UTF8';",
    EMPTY_SEARCH_PATH,
    "COPY public.notes (id, body) FROM stdin;",
    `1\t${EMPTY_SEARCH_PATH}`,
    EMPTY_SEARCH_PATH, // a one-column row that happens to read like the statement stays as it is
    "2\tÚstí nad Labem – Straße",
    "\\.",
    "CREATE INDEX notes_idx ON public.notes (id);",
    "",
  ].join("\n");
  const bytes = Buffer.from(script, "utf8");
  // Chunks of 7 bytes cut lines and the multi-byte characters apart.
  const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
  const result = (await rewrite(chunks)).toString("utf8");
  expect(result).toBe(script.replace(`'UTF8';\n${EMPTY_SEARCH_PATH}`, `'UTF8';\n${PUBLIC_SEARCH_PATH}`));
  expect(result.split(EMPTY_SEARCH_PATH)).toHaveLength(3);
});

it("keeps a last line without a newline", async () => {
  expect((await rewrite([Buffer.from(`a\n${EMPTY_SEARCH_PATH}`)])).toString()).toBe(`a\n${PUBLIC_SEARCH_PATH}`);
});

it("keeps the password off the tools' command line", () => {
  expect(splitPassword("postgres://app:s%40cret@db.example:6432/partnernet?sslmode=require")).toEqual({
    url: "postgres://app@db.example:6432/partnernet?sslmode=require",
    password: "s@cret",
  });
  expect(splitPassword("postgresql://app@db/partnernet")).toEqual({ url: "postgresql://app@db/partnernet", password: undefined });
});

it("finds the tools in PG_BIN_DIR when set", () => {
  expect(findPostgresTool("pg_dump", "/opt/pg/bin")).toBe("/opt/pg/bin/pg_dump");
  expect(findPostgresTool("psql", undefined)).toMatch(/psql$/);
});
