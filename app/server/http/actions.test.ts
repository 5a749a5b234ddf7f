import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, readForm, readFormStrict, safeRedirectTarget } from "./actions.server";
import { bodyLimitFor, IMAGE_MAX_BYTES, IMPORT_FILE_MAX_BYTES, TEXT_BODY_MAX_BYTES } from "./body-limits";

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { method: "POST", body, headers });

async function statusOf(result: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const value = result as { init?: { status?: number }; data: Record<string, unknown> };
  return { status: value.init?.status ?? 200, data: value.data };
}

describe("readForm (decision 012)", () => {
  it("parses urlencoded and multipart forms", async () => {
    const form = await readFormStrict(post("/de/anmelden", new URLSearchParams({ email: "a@b.de" })));
    expect(form.get("email")).toBe("a@b.de");
    const multipart = new FormData();
    multipart.append("name", "Müller\nGmbH");
    expect((await readFormStrict(post("/de/registrieren", multipart))).get("name")).toMatch(/^Müller\r?\nGmbH$/);
  });

  it.each([
    ["JSON", '{"email":"a@b.de"}', { "Content-Type": "application/json" }],
    ["no content type", "email=a", {}],
    ["broken multipart", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated", { "Content-Type": "multipart/form-data; boundary=x" }],
    ["multipart without boundary", "abc", { "Content-Type": "multipart/form-data" }],
  ])("answers a body that is not a form (%s) with 400 INVALID_INPUT", async (_name, body, headers) => {
    const { status, data } = await statusOf(await readForm(post("/de/anmelden", body, headers)));
    expect(status).toBe(400);
    expect(data.error).toBe("INVALID_INPUT");
  });

  it("answers a NUL in any text field with a 400 field error", async () => {
    const { status, data } = await statusOf(await readForm(post("/de/registrieren", new URLSearchParams({ name: "a\u0000b", email: "a@b.de" }))));
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ name: "INVALID_INPUT" });
  });

  it("stops reading a text form at 64 KB (413 PAYLOAD_TOO_LARGE), uploads at their file limit", async () => {
    const big = new URLSearchParams({ name: "x".repeat(TEXT_BODY_MAX_BYTES) });
    const { status, data } = await statusOf(await readForm(post("/de/anmelden", big)));
    expect([status, data.error]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    // The same body is fine where a file may come along.
    expect(await readFormStrict(post("/de/firmen/anlegen", big))).toBeInstanceOf(FormData);
    const tooBig = new FormData();
    tooBig.append("logo", new File([new Uint8Array(IMAGE_MAX_BYTES + 1100 * 1024)], "a.png", { type: "image/png" }));
    const upload = await statusOf(await readForm(post("/cs/firmy/vytvorit", tooBig)));
    expect([upload.status, upload.data.error, upload.data.details]).toEqual([413, "FILE_TOO_LARGE", { maxMb: 4 }]);
  });
});

describe("bodyLimitFor", () => {
  it("gives text limits to text pages and file limits only to upload pages", () => {
    expect(bodyLimitFor("/de/anmelden").maxBytes).toBe(TEXT_BODY_MAX_BYTES);
    expect(bodyLimitFor("/auth/logout").maxBytes).toBe(TEXT_BODY_MAX_BYTES);
    expect(bodyLimitFor("/de/firmen/1b4e28ba-2fa1-11d2-883f-0016d3cca427").fileMaxBytes).toBe(IMAGE_MAX_BYTES);
    expect(bodyLimitFor("/cs/firmy/abc/upravit").fileMaxBytes).toBe(IMAGE_MAX_BYTES);
    expect(bodyLimitFor("/de/admin/import/anlegen").fileMaxBytes).toBe(IMPORT_FILE_MAX_BYTES);
    expect(bodyLimitFor("/de/firmen/anlegen.data").fileMaxBytes).toBe(IMAGE_MAX_BYTES);
    expect(bodyLimitFor("/de/anmelden.data").maxBytes).toBe(TEXT_BODY_MAX_BYTES);
  });
});

describe("parseForm", () => {
  it("reports control characters even in fields the schema does not name", () => {
    const form = new FormData();
    form.append("name", "ok");
    form.append("extra", "\u0000");
    expect(() => parseForm(z.object({ name: z.string() }), form)).toThrow(expect.objectContaining({ fieldErrors: { extra: "INVALID_INPUT" } }));
  });
});

describe("safeRedirectTarget", () => {
  it.each(["/de/konto\r\nSet-Cookie: a=b", "/de/\u0000", "/de/\u2028x", "/de/\u2029", "/de/\u0085", "//evil.example", "https://evil.example", "/de\\@evil"])("falls back for %j", (target) => {
    expect(safeRedirectTarget(target, "/de/mein-account")).toBe("/de/mein-account");
  });

  it("keeps local targets and percent-encodes non-ASCII so the Location header is valid", () => {
    expect(safeRedirectTarget("/de/firmen/1?x=1", "/de")).toBe("/de/firmen/1?x=1");
    expect(safeRedirectTarget("/cs/události/5", "/cs")).toBe("/cs/ud%C3%A1losti/5");
    expect(() => new Headers({ Location: safeRedirectTarget("/cs/události/5 ž", "/cs") })).not.toThrow();
  });
});
