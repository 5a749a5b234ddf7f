import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteJsonLd } from "~/routing/site-json-ld";
import { companyJsonLd } from "~/server/companies/json-ld.server";
import { getCompanyDetail } from "~/server/companies/detail.server";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyContacts } from "~/server/db/schema";
import { getPublicEvent } from "~/server/events/detail.server";
import { eventJsonLd } from "~/server/events/json-ld.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { companySeo, eventSeo } from "./entity-seo.server";
import { metaExcerpt } from "./excerpt.server";
import { eq } from "drizzle-orm";

const BASE = "https://partnernet.example";
const NOW = new Date("2026-11-23T12:00:00Z");
let handle: DbHandle;
let companyId: string;

beforeAll(async () => {
  handle = await createTestDb();
  companyId = await insertCompany(handle.db, { name: "Glaswerk Meißen GmbH", city: "Meißen" });
  await handle.db.update(companies).set({ logoKey: "logos/abc.webp", descriptionDe: "Mundgeblasenes Glas.\n\nSeit 1890.", descriptionCs: "" }).where(eq(companies.id, companyId));
  await handle.db.insert(companyContacts).values({ companyId, function: "GENERAL", name: "Eva Muster", email: "eva@firma.example", phone: "+49 351 1", consentAt: NOW });
});
afterAll(() => handle.close());

describe("schema.org JSON-LD builders (issue 13)", () => {
  it("Organization for a company: name, page URL, logo, description, headquarters, website; no contact data", async () => {
    const member = await insertUser(handle.db);
    // Even built from what a signed-in viewer sees, the structured data carries no contacts.
    const detail = await getCompanyDetail(handle.db, { id: member.id, role: "Organisation" }, companyId, NOW);
    expect(detail.contacts).not.toBeNull();
    const url = `${BASE}/de/firmen/${companyId}`;
    const json = companyJsonLd(detail, "de", url, BASE);
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Glaswerk Meißen GmbH",
      url,
      logo: `${BASE}/files/logos/abc.webp`,
      description: "Mundgeblasenes Glas.\n\nSeit 1890.",
      address: { "@type": "PostalAddress", streetAddress: "Hauptstraße 1", postalCode: "01067", addressLocality: "Meißen", addressCountry: "DE" },
      sameAs: ["https://firma.example"],
    });
    const text = JSON.stringify(json);
    for (const secret of ["eva@firma.example", "+49 351 1", "Eva Muster", "email", "telephone", "contactPoint"]) expect(text).not.toContain(secret);
    // Czech page of a company without Czech text: the German text rather than none.
    expect(companyJsonLd(detail, "cs", url, BASE).description).toBe("Mundgeblasenes Glas.\n\nSeit 1890.");
  });

  it("Event for an event page: name, dates, place, organiser with its page, page URL", async () => {
    const eventId = await insertEvent(handle.db, { companyId, titleDe: "Glastag", titleCs: "Den skla", city: "Meißen" }, NOW);
    const detail = await getPublicEvent(handle.db, null, eventId, NOW);
    const url = `${BASE}/cs/ud%C3%A1losti/${eventId}`;
    const json = eventJsonLd(detail, "cs", url, BASE);
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Den skla",
      startDate: detail.event.startsAt,
      endDate: detail.event.endsAt,
      location: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Meißen" } },
      organizer: [{ "@type": "Organization", name: "Glaswerk Meißen GmbH", url: `${BASE}/cs/firmy/${companyId}` }],
      url,
    });
    expect(eventSeo(detail, "de").description).toBe("Beschreibung");
  });

  it("WebSite with a search action in the page's language, and PartnerNet as Organization", () => {
    const json = siteJsonLd(BASE, "cs");
    const [org, site] = json["@graph"];
    expect(org).toMatchObject({ "@type": "Organization", name: "PartnerNet", url: `${BASE}/de` });
    expect(site).toMatchObject({
      "@type": "WebSite",
      url: `${BASE}/cs`,
      inLanguage: "cs-CZ",
      potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${BASE}/cs/vyhledavani?q={search_term_string}` } },
    });
  });
});

describe("descriptions and images of entity pages", () => {
  it("excerpts long texts at a word boundary, at most 160 characters", () => {
    const long = `${"Glas ".repeat(60)}Ende`;
    const text = metaExcerpt(long);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("Glas…")).toBe(true);
    expect(metaExcerpt("  kurz \n\n und  gut ")).toBe("kurz und gut");
  });

  it("a company: its text and logo; without text in the language, a sentence naming it", async () => {
    const detail = await getCompanyDetail(handle.db, null, companyId, NOW);
    expect(companySeo(detail, "de")).toEqual({ description: "Mundgeblasenes Glas. Seit 1890.", image: "/files/logos/abc.webp", imageAlt: "Glaswerk Meißen GmbH" });
    expect(companySeo(detail, "cs").description).toBe("Glaswerk Meißen GmbH: firemní profil na PartnerNet, dvojjazyčném adresáři firem pro česko-saské příhraničí.");
  });
});
