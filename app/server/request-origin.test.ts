import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/server/accounts/links.server";
import { loadConfig } from "./config.server";
import { publicBaseUrl, runWithOrigin } from "./request-origin.server";

describe("links in mails without PUBLIC_URL (development, tests)", () => {
  it("point at the port the server runs on", () => {
    expect(loadConfig({ PORT: "3300" }).publicUrl).toBe("http://localhost:3300");
    expect(loadConfig({ PORT: "3300", PUBLIC_URL: "https://partnernet.example.org/" }).publicUrl).toBe("https://partnernet.example.org");
  });

  it("follow the origin the request came in on", () => {
    expect(publicBaseUrl()).toBe(`http://localhost:${process.env.PORT ?? 3000}`);
    runWithOrigin("http://127.0.0.1:5173", () => {
      expect(absoluteUrl("verify", "cs", { token: "abc" })).toBe("http://127.0.0.1:5173/cs/overeni?token=abc");
    });
  });
});
