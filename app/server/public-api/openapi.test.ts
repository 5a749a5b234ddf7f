import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { companyListQuery } from "~/schemas/public-api";
import { ENDPOINTS, openApiDocument } from "./openapi.server";
import { apiReference, typeText } from "./reference.server";
import { etagOf, matchesIfNoneMatch } from "./http.server";

describe("public API document", () => {
  it("is a valid OpenAPI 3.1 document listing every endpoint", async () => {
    const doc = openApiDocument() as { openapi: string; paths: Record<string, unknown> };
    const result = await new Validator().validate(doc as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(ENDPOINTS.map((e) => `/api/v1${e.path}`).sort());
  });

  it("documents the search page's filters, parsed by the same schema", () => {
    const reference = apiReference("https://example.org");
    const companies = reference.operations.find((o) => o.id === "listCompanies")!;
    expect(companies.parameters.map((p) => p.name)).toEqual(["q", "tag", "nace", "country", "lat", "lon", "r", "page", "lang"]);
    expect(companies.curl).toBe("curl -i 'https://example.org/api/v1/companies?country=CZ&lang=cs'");
    expect(companyListQuery.safeParse({ nace: ["XYZ"] }).error?.issues[0]?.message).toBe("NACE_INVALID");
    expect(typeText({ type: "array", items: { type: "string", enum: ["DE", "CZ"] } })).toBe('"DE" | "CZ"[]');
  });

  it("ETags match weakly, in lists and with *", () => {
    const tag = etagOf("{}");
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch("*", tag)).toBe(true);
    expect(matchesIfNoneMatch('"x"', tag)).toBe(false);
    expect(matchesIfNoneMatch(null, tag)).toBe(false);
  });
});
