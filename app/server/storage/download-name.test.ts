import { expect, it } from "vitest";
import { attachmentDisposition } from "./download-name";

it("names a download by its original file name, safely", () => {
  expect(attachmentDisposition(null)).toBe("attachment");
  expect(attachmentDisposition("Flyer 2026.pdf")).toBe(`attachment; filename="Flyer 2026.pdf"; filename*=UTF-8''Flyer%202026.pdf`);
  expect(attachmentDisposition("Přihláška (CZ).pdf")).toBe(`attachment; filename="Prihlaska (CZ).pdf"; filename*=UTF-8''P%C5%99ihl%C3%A1%C5%A1ka%20%28CZ%29.pdf`);
  for (const bad of ['a"b.pdf', "a\r\nSet-Cookie: x", "../etc/passwd", "x".repeat(201), "  "]) expect(attachmentDisposition(bad)).toBe("attachment");
});
