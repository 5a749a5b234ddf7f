import { describe, expect, it } from "vitest";
import { NameSchema, RequestCodeSchema, SignupSchema } from "./account";
import { AddressSchema, ChallengeSchema, CompanyProfileSchema, ServiceSchema } from "./company";
import { parseSearchParams } from "./search";
import { hasForbiddenControl, hasVisibleText, requiredText } from "./text";

const INVISIBLE_ONLY = [
  "\u200B\u200B", // zero-width spaces
  "\u200C\u200D\u2060\uFEFF", // joiners, word joiner, BOM
  "\u3164", // Hangul filler
  "\u115F\u1160", // Hangul choseong/jungseong fillers
  "\uFFA0\uFFA0", // halfwidth Hangul filler
  "\u0301\u0308", // combining marks alone
  "\u00AD", // soft hyphen
  " \u3000\u2800 ", // spaces and Braille blank
  "\u034F\u200E\u200F", // grapheme joiner, bidi marks
];

describe("required text (decision 012)", () => {
  it.each(INVISIBLE_ONLY)("treats text without a visible character as empty: %j", (value) => {
    expect(hasVisibleText(value)).toBe(false);
    expect(NameSchema.safeParse(value).error?.issues[0]?.message).toBe("NAME_REQUIRED");
    expect(requiredText(100, "TITLE_REQUIRED").safeParse(value).error?.issues[0]?.message).toBe("TITLE_REQUIRED");
  });

  it("keeps real text, including letters with combining marks and CJK/Hangul syllables", () => {
    for (const value of ["Müller", "Cafe\u0301", "한국", "Ž", "A\u200B"]) expect(hasVisibleText(value)).toBe(true);
    expect(NameSchema.parse("  Jana Nováková ")).toBe("Jana Nováková");
  });

  it("applies to every required text of the company forms", () => {
    const blank = "\u3164\u200B";
    expect(AddressSchema.safeParse({ kind: "HEADQUARTERS", country: "DE", state: blank, line1: blank, postalCode: "01067", city: blank }).error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["STATE_REQUIRED", "ADDRESS_LINE_REQUIRED", "CITY_REQUIRED"]),
    );
    const profile = CompanyProfileSchema.safeParse({ name: blank, descriptionDe: blank, descriptionCs: "x", website: "example.org", nace: ["A"], tags: [], newTags: [`${blank}|${blank}`] });
    expect(profile.error?.issues.map((i) => i.message)).toEqual(expect.arrayContaining(["COMPANY_NAME_REQUIRED", "DESCRIPTION_TRANSLATION_REQUIRED", "TAG_TRANSLATION_REQUIRED"]));
    const service = ServiceSchema.safeParse({ type: "OFFER", title: blank, description: "\u0301", keywords: `${blank}, \u200B`, termsUrl: "example.org", validityDays: "30" });
    expect(service.error?.issues.map((i) => i.message)).toEqual(expect.arrayContaining(["TITLE_REQUIRED", "DESCRIPTION_REQUIRED", "KEYWORDS_REQUIRED"]));
    expect(ChallengeSchema.safeParse({ reasons: ["other"], description: blank }).error?.issues.map((i) => i.message)).toContain("CHALLENGE_DESCRIPTION_REQUIRED");
  });
});

describe("control characters (decision 012)", () => {
  it("refuses NUL and other controls and lone surrogates, allows tab, line breaks and pasted line separators", () => {
    for (const value of ["a\u0000b", "\u0007", "\u001B[31m", "\u007F", "\u0085", "\uD800", "x\uDC00"]) expect(hasForbiddenControl(value)).toBe(true);
    for (const value of ["line 1\nline 2\r\n\tend", "😀", "Příliš žluťoučký kůň", "pasted\u2028text\u2029"]) expect(hasForbiddenControl(value)).toBe(false);
  });

  it("makes form schemas report INVALID_INPUT instead of passing NUL on", () => {
    expect(SignupSchema.safeParse({ name: "A\u0000B", email: "a@b.de", acceptTerms: "on", acceptPrivacy: "on" }).error?.issues[0]).toMatchObject({ path: ["name"], message: "INVALID_INPUT" });
    expect(RequestCodeSchema.safeParse({ email: "a@b.de\u0000" }).success).toBe(false);
    expect(RequestCodeSchema.safeParse({ email: "a@b.de", redirectTo: "/de/konto\r\nSet-Cookie: x=1" }).error?.issues[0]?.path).toEqual(["redirectTo"]);
    expect(RequestCodeSchema.safeParse({ email: "a@b.de", redirectTo: "/de\u2028" }).success).toBe(false);
  });

  it("makes the search report a malformed term instead of searching for it", () => {
    const result = parseSearchParams(new URLSearchParams({ q: "bau\u0000", country: "DE" }));
    expect(result.kind).toBe("invalid");
    expect(result.kind === "invalid" && result.errors.q).toBe("INVALID_INPUT");
    const place = parseSearchParams(new URLSearchParams({ q: "bau", place: "Dresden\u0000", country: "DE" }));
    expect(place.kind === "invalid" && place.errors.location).toBe("INVALID_INPUT");
  });
});
