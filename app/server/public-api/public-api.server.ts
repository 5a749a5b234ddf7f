import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import type * as api from "~/schemas/public-api";
import { COUNTRIES } from "~/schemas/enums";
import type { SearchQuery } from "~/schemas/search";
import * as clock from "~/server/clock.server";
import { getCompanyDetail } from "~/server/companies/detail.server";
import type { Db } from "~/server/db/client.server";
import { companyServices } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { getPublicEvent } from "~/server/events/detail.server";
import { listPublicEvents } from "~/server/events/list.server";
import { listPublicNews, getPublicNews } from "~/server/news/public.server";
import { searchCatalogue } from "~/server/search/search.server";
import type { SearchHit } from "~/server/search/types";

/**
 * The public API's reads (issue 25, decision 064). Every read goes through the domain functions
 * the pages use, as an anonymous visitor (actor null): the policy layer decides what is public
 * (verified companies, current ads, published events and news), and contacts are never loaded for
 * an anonymous actor. The answers are built field by field here — nothing is passed through — so
 * no contact, user or internal field can slip into the API by a new column.
 */

type Out<T extends z.ZodType> = z.infer<T>;
export interface Paged<T> {
  data: T[];
  page: number;
  pageCount: number;
  total: number;
  totalCapped: boolean;
}

const ANONYMOUS = null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is no UUID cannot exist: NOT_FOUND without asking the database. */
function ensureId(id: string): void {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
}

const fileUrl = (origin: string, key: string | null) => (key ? `${origin}/files/${key}` : null);
const pageUrl = (origin: string, page: string, locale: Locale, id: string) => `${origin}${href(page, locale, { id })}`;
const iso = (d: Date | string) => new Date(d).toISOString();

/** The search page's query for the API's filters (no term: newest first, or nearest with a point). */
function searchQuery(q: api.CompanyListQuery, type: SearchQuery["type"]): SearchQuery {
  const location = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon, label: "" } : null;
  return {
    term: q.q,
    type,
    tagIds: [...new Set(q.tag)],
    nace: [...new Set(q.nace)],
    countries: q.country.length > 0 ? [...new Set(q.country)] : [...COUNTRIES],
    location,
    radiusKm: location ? (q.r ?? 50) : null,
    sort: "relevance",
    page: q.page,
  };
}

export async function listCompanies(db: Db, q: api.CompanyListQuery, origin: string, now = clock.now()): Promise<Paged<Out<typeof api.companySummary>>> {
  const found = await searchCatalogue(db, ANONYMOUS, searchQuery(q, "COMPANY"), q.lang, now);
  return {
    data: found.hits.map((hit) => ({
      id: hit.id,
      name: hit.companyName,
      excerpt: hit.excerpt,
      logoUrl: fileUrl(origin, hit.logoKey),
      city: hit.city,
      country: hit.country,
      lat: hit.lat,
      lon: hit.lon,
      distanceKm: hit.distanceKm,
      tags: hit.tags.map((t) => ({ id: t.id, label: t.label })),
      url: pageUrl(origin, "companyDetail", q.lang, hit.companyId),
    })),
    ...pageInfo(found),
  };
}

export async function listAds(db: Db, q: api.AdListQuery, origin: string, now = clock.now()): Promise<Paged<Out<typeof api.adSummary>>> {
  const found = await searchCatalogue(db, ANONYMOUS, searchQuery(q, q.kind), q.lang, now);
  return {
    data: found.hits.map((hit: SearchHit) => ({
      id: hit.id,
      kind: hit.kind === "INQUIRY" ? "INQUIRY" : "OFFER",
      title: hit.title,
      excerpt: hit.excerpt,
      imageUrl: fileUrl(origin, hit.imageKey),
      keywords: hit.tags.map((t) => ({ id: t.id, label: t.label })),
      validUntil: iso(hit.validUntil ?? now),
      company: { id: hit.companyId, name: hit.companyName },
      city: hit.city,
      country: hit.country,
      distanceKm: hit.distanceKm,
      url: pageUrl(origin, "companyDetail", q.lang, hit.companyId),
    })),
    ...pageInfo(found),
  };
}

function pageInfo(found: { page: number; pageCount: number; total: number; totalCapped: boolean }) {
  return { page: found.page, pageCount: Math.max(1, found.pageCount), total: found.total, totalCapped: found.totalCapped };
}

export async function getCompany(db: Db, id: string, locale: Locale, origin: string, now = clock.now()): Promise<Out<typeof api.company>> {
  ensureId(id);
  const detail = await getCompanyDetail(db, ANONYMOUS, id, now);
  // The policy shows anonymous visitors verified companies only; the API says so again.
  if (!detail.company.verified) throw new AppError("NOT_FOUND");
  const c = detail.company;
  return {
    id: c.id,
    name: c.name,
    description: (locale === "cs" ? c.descriptionCs : c.descriptionDe) ?? "",
    website: c.website,
    logoUrl: fileUrl(origin, c.logoKey),
    updatedAt: iso(c.updatedAt),
    nace: detail.nace.map((n) => ({ code: n.code, label: locale === "cs" ? n.labelCs : n.labelDe })),
    tags: detail.tags.map((t) => ({ id: t.id, label: locale === "cs" ? t.labelCs : t.labelDe })),
    addresses: detail.addresses.map((a) => ({
      kind: a.kind,
      country: a.country,
      line1: a.line1,
      line2: a.line2,
      postalCode: a.postalCode,
      city: a.city,
      lat: a.lat,
      lon: a.lon,
    })),
    ads: detail.services.filter((s) => s.state !== "expired").map((s) => ({ id: s.id, kind: s.type, title: s.title, validUntil: iso(s.validUntil) })),
    url: pageUrl(origin, "companyDetail", locale, c.id),
  };
}

/** One current ad: looked up through its company's public page, so only what that page shows. */
export async function getAd(db: Db, id: string, locale: Locale, origin: string, now = clock.now()): Promise<Out<typeof api.ad>> {
  ensureId(id);
  const [row] = await db.select({ companyId: companyServices.companyId }).from(companyServices).where(eq(companyServices.id, id));
  if (!row) throw new AppError("NOT_FOUND");
  const detail = await getCompanyDetail(db, ANONYMOUS, row.companyId, now);
  const service = detail.services.find((s) => s.id === id && s.state !== "expired");
  if (!detail.company.verified || !service) throw new AppError("NOT_FOUND");
  return {
    id: service.id,
    kind: service.type,
    title: service.title,
    description: service.description,
    keywords: [...service.keywords],
    imageUrl: fileUrl(origin, service.imageKey),
    termsUrl: service.termsUrl,
    validUntil: iso(service.validUntil),
    updatedAt: iso(service.updatedAt),
    company: { id: detail.company.id, name: detail.company.name },
    url: pageUrl(origin, "companyDetail", locale, detail.company.id),
  };
}

export async function listEvents(db: Db, q: api.EventListApiQuery, origin: string, now = clock.now()): Promise<Paged<Out<typeof api.eventSummary>>> {
  const point = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : null;
  const result = await listPublicEvents(
    db,
    { title: q.q, when: q.when, from: q.from ?? null, to: q.to ?? null, place: "", point, radiusKm: q.r ?? 50, page: q.page },
    q.lang,
    now,
  );
  // The list shows the last page for a page past the end; the API answers an empty page instead.
  const past = q.page > result.pageCount;
  return {
    data: past
      ? []
      : result.items.map((e) => ({
          id: e.id,
          title: e.title,
          startsAt: iso(e.startsAt),
          endsAt: iso(e.endsAt),
          online: e.online,
          venue: e.venue,
          city: e.city,
          country: e.country,
          organiser: e.organiser,
          imageUrl: fileUrl(origin, e.imageKey),
          feeMinor: e.feeMinor,
          currency: e.currency,
          b2b: e.b2b,
          distanceKm: e.distanceKm,
          url: pageUrl(origin, "eventDetail", q.lang, e.id),
        })),
    page: q.page,
    pageCount: result.pageCount,
    total: result.total,
    totalCapped: false,
  };
}

export async function getEvent(db: Db, id: string, locale: Locale, origin: string, now = clock.now()): Promise<Out<typeof api.event>> {
  ensureId(id);
  const detail = await getPublicEvent(db, ANONYMOUS, id, now);
  const e = detail.event;
  return {
    id: e.id,
    title: locale === "cs" ? e.titleCs : e.titleDe,
    descriptionHtml: locale === "cs" ? e.descriptionCs : e.descriptionDe,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
    online: e.locationKind === "ONLINE",
    venue: e.venue,
    line1: e.line1,
    line2: e.line2,
    postalCode: e.postalCode,
    city: e.city,
    country: e.country,
    lat: e.lat,
    lon: e.lon,
    feeMinor: e.feeMinor,
    currency: e.currency,
    maxParticipants: e.maxParticipants,
    registrationClosesAt: e.registrationClosesAt,
    registrationState: detail.state,
    externalRegistrationUrl: e.externalUrl,
    b2b: e.b2b,
    organisers: detail.organisers.map((o) => ({ id: o.linked ? o.id : null, name: o.name })),
    imageUrls: detail.images.map((i) => `${origin}/files/${i.key}`),
    updatedAt: e.updatedAt,
    url: pageUrl(origin, "eventDetail", locale, e.id),
  };
}

export async function listNews(db: Db, q: api.NewsListApiQuery, origin: string, now = clock.now()): Promise<Paged<Out<typeof api.newsSummary>>> {
  const result = await listPublicNews(db, { q: q.q, page: q.page }, q.lang, now);
  const past = q.page > result.pageCount;
  return {
    data: past
      ? []
      : result.items.map((n) => ({
          id: n.id,
          title: n.title,
          excerpt: n.excerpt,
          imageUrl: `${origin}/files/${n.imageKey}`,
          publishedAt: iso(n.publishAt),
          companyName: n.companyName,
          url: pageUrl(origin, "newsDetail", q.lang, n.id),
        })),
    page: q.page,
    pageCount: result.pageCount,
    total: result.total,
    totalCapped: false,
  };
}

export async function getNews(db: Db, id: string, locale: Locale, origin: string, now = clock.now()): Promise<Out<typeof api.newsItem>> {
  ensureId(id);
  const n = await getPublicNews(db, ANONYMOUS, id, locale, now);
  // Anonymous visitors see published items only; the state says so again.
  if (n.state !== "PUBLISHED") throw new AppError("NOT_FOUND");
  return {
    id: n.id,
    title: n.title,
    descriptionHtml: n.descriptionHtml,
    imageUrl: `${origin}/files/${n.imageKey}`,
    publishedAt: iso(n.publishAt),
    updatedAt: iso(n.updatedAt),
    company: { id: n.companyPublic ? n.companyId : null, name: n.companyName },
    url: pageUrl(origin, "newsDetail", locale, n.id),
  };
}
