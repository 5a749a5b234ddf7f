import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, requestIdFrom, scrub, serializeError, userHash } from "./logger.server";

/** The logger's guards (decision 049): what a line may carry, the user hash, the request id rules. */
function capture() {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ level: "info", pretty: false, destination });
  return { logger, lines: () => written.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("logger", () => {
  it("writes JSON with an ISO time and the level's name", () => {
    const { logger, lines } = capture();
    logger.info({ status: 200 }, "request");
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", status: 200, msg: "request" });
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
  });

  it("replaces e-mail addresses in messages and errors, and censors fields that hold secrets", () => {
    const { logger, lines } = capture();
    logger.warn(`Mail to ana.novak@example.cz failed`);
    const smtp = Object.assign(new Error("550 <ana.novak@example.cz> rejected"), { code: "EENVELOPE", response: "550 ana.novak@example.cz", rejected: ["ana.novak@example.cz"] });
    logger.error({ err: smtp, email: "ana.novak@example.cz", code: "123456", cookie: "pb_auth=x", headers: { authorization: "Bearer y" } }, "failed");
    const text = JSON.stringify(lines());
    expect(text).not.toContain("ana.novak");
    expect(text).not.toContain("123456");
    expect(text).not.toContain("pb_auth");
    expect(text).not.toContain("Bearer");
    expect(lines()[1]).toMatchObject({ err: { type: "Error", message: "550 <[email]> rejected", code: "EENVELOPE" }, email: "[redacted]", code: "[redacted]" });
    expect(lines()[1]!.err).not.toHaveProperty("response");
    expect(scrub("no address here")).toBe("no address here");
  });

  it("keeps an error's type, message, stack, code, status and cause, nothing else", () => {
    const cause = new TypeError("inner");
    const error = Object.assign(new Error("outer", { cause }), { status: 503, detail: "Key (email)=(x@y.z) exists" });
    expect(serializeError(error)).toEqual({ type: "Error", message: "outer", stack: expect.stringContaining("Error: outer"), status: 503, cause: { type: "TypeError", message: "inner", stack: expect.any(String) } });
    expect(serializeError("plain")).toEqual({ type: "string", message: "plain" });
  });
});

describe("user hash", () => {
  it("is 16 hex digits, stable for one user and secret, different across users and secrets", () => {
    const secret = "0123456789abcdef0123456789abcdef";
    const a = userHash("00000000-0000-4000-8000-000000000001", secret);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(userHash("00000000-0000-4000-8000-000000000001", secret)).toBe(a);
    expect(userHash("00000000-0000-4000-8000-000000000002", secret)).not.toBe(a);
    expect(userHash("00000000-0000-4000-8000-000000000001", `${secret}x`)).not.toBe(a);
  });
});

describe("request id", () => {
  it("takes a short safe token, otherwise makes a UUID", () => {
    expect(requestIdFrom("lb-4711.a_B")).toBe("lb-4711.a_B");
    expect(requestIdFrom("x".repeat(64))).toBe("x".repeat(64));
    for (const unsafe of [undefined, "", "x".repeat(65), "a b", "<script>", "a\nb", ["a", "b"]]) {
      expect(requestIdFrom(unsafe)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
