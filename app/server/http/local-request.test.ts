import { describe, expect, it } from "vitest";
import { isLocalRequest } from "./local-request";

describe("local requests (the only ones that see development pages)", () => {
  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.1.1"])("accepts the loopback peer %s", (peer) => {
    expect(isLocalRequest(peer, {})).toBe(true);
  });

  it.each(["192.168.1.20", "10.0.0.5", "::ffff:192.168.1.20", "fe80::1", "2001:db8::1", "127.example.org", undefined])(
    "refuses the peer %s",
    (peer) => {
      expect(isLocalRequest(peer, {})).toBe(false);
    },
  );

  it.each(["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-proto", "via"])(
    "refuses a loopback peer that forwards a request (%s): a proxy on this machine serves others",
    (header) => {
      expect(isLocalRequest("127.0.0.1", { [header]: "203.0.113.9" })).toBe(false);
    },
  );
});
