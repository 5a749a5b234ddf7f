/**
 * The route catalogue: every page of the spec (§2) with its German and Czech path, its
 * access rule (§6) and the module that renders it. `app/routes.ts` generates the router
 * config from this table, and the language switch, guards and sitemap read it too.
 */
import type { Role } from "../server/db/schema";

export type Access = "public" | "signedIn" | "adminArea" | "adminOnly";

export interface PageDef {
  id: string;
  de: string;
  cs: string;
  access: Access;
  file: string;
  /** Listed in sitemap.xml (public pages without parameters; detail pages come from the database). */
  sitemap?: boolean;
  /** Rendered by the generic content module (static text pages). */
  content?: boolean;
  /** A download (resource route), not an HTML page: no axe, no navigation. */
  resource?: boolean;
}

const ADMIN_DE = "admin";
const ADMIN_CS = "admin";

export const PAGES: readonly PageDef[] = [
  // Public
  { id: "home", de: "", cs: "", access: "public", file: "routes/home.tsx", sitemap: true },
  { id: "about", de: "ueber-uns", cs: "o-nas", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  { id: "companyDetail", de: "firmen/:id", cs: "firmy/:id", access: "public", file: "routes/company-detail.tsx" },
  { id: "privacy", de: "datenschutz", cs: "ochrana-udaju", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  { id: "eventDetail", de: "veranstaltungen/:id", cs: "události/:id", access: "public", file: "routes/event-detail.tsx" },
  { id: "eventList", de: "veranstaltungen/anzeigen", cs: "udalosti/seznam", access: "public", file: "routes/event-list.tsx", sitemap: true },
  // Not in the spec's table (it leaves the registration form's path open): decision 015.
  { id: "eventRegister", de: "veranstaltungen/:id/anmeldung", cs: "události/:id/registrace", access: "signedIn", file: "routes/event-register.tsx" },
  { id: "eventB2bPreferences", de: "veranstaltungen/:id/b2b-wuensche", cs: "události/:id/b2b-prani", access: "signedIn", file: "routes/event-b2b-preferences.tsx" },
  { id: "eventCalendar", de: "veranstaltungen/:id/kalender.ics", cs: "události/:id/kalendar.ics", access: "public", file: "routes/event-calendar.ts", resource: true },
  // A participating company's B2B agenda (issue 12): its members and the organisers.
  { id: "eventB2bAgendaPdf", de: "veranstaltungen/:id/b2b-agenda.pdf", cs: "události/:id/b2b-program.pdf", access: "signedIn", file: "routes/event-b2b-agenda-pdf.ts", resource: true },
  { id: "eventB2bAgendaIcs", de: "veranstaltungen/:id/b2b-agenda.ics", cs: "události/:id/b2b-program.ics", access: "signedIn", file: "routes/event-b2b-agenda-ics.ts", resource: true },
  { id: "faq", de: "faq", cs: "faq", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  { id: "forCompanies", de: "fuer-unternehmen", cs: "pro-firmy", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  { id: "imprint", de: "impressum", cs: "tiraz", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  { id: "login", de: "anmelden", cs: "prihlaseni", access: "public", file: "routes/login.tsx", sitemap: true },
  { id: "forMultipliers", de: "fuer-multiplikatoren", cs: "pro-multiplikatory", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  { id: "newsDetail", de: "neuigkeiten/:id", cs: "novinky/:id", access: "public", file: "routes/news-detail.tsx" },
  { id: "newsList", de: "neuigkeiten/anzeigen", cs: "novinky/seznam", access: "public", file: "routes/news-list.tsx", sitemap: true },
  // RSS feeds per language (issue 13; paths not in the spec's table: decision 025).
  { id: "newsFeed", de: "neuigkeiten/feed.xml", cs: "novinky/feed.xml", access: "public", file: "routes/news-feed.ts", resource: true },
  { id: "eventFeed", de: "veranstaltungen/feed.xml", cs: "udalosti/feed.xml", access: "public", file: "routes/event-feed.ts", resource: true },
  { id: "search", de: "suche", cs: "vyhledavani", access: "public", file: "routes/search.tsx", sitemap: true },
  { id: "signup", de: "registrieren", cs: "registrace", access: "public", file: "routes/signup.tsx", sitemap: true },
  { id: "verify", de: "verifizieren", cs: "overeni", access: "public", file: "routes/verify.tsx" },
  { id: "terms", de: "nutzungsbedingungen", cs: "podminky-uziti", access: "public", file: "routes/content-page.tsx", sitemap: true, content: true },
  // Signed in (all three roles)
  { id: "account", de: "mein-account", cs: "muj-ucet", access: "signedIn", file: "routes/account.tsx" },
  // The invoices the user's companies received (issue 19, decision 027).
  { id: "accountInvoices", de: "mein-account/rechnungen", cs: "muj-ucet/faktury", access: "signedIn", file: "routes/account-invoices.tsx" },
  { id: "accountInvoicePdf", de: "mein-account/rechnungen/:invoiceId/pdf", cs: "muj-ucet/faktury/:invoiceId/pdf", access: "signedIn", file: "routes/account-invoice-pdf.ts", resource: true },
  { id: "myEvents", de: "meine-veranstaltungen", cs: "moje-udalosti", access: "signedIn", file: "routes/my-events.tsx" },
  { id: "companyCreate", de: "firmen/anlegen", cs: "firmy/vytvorit", access: "signedIn", file: "routes/company-create.tsx" },
  { id: "companyLink", de: "firmen/verknuepfen", cs: "firmy/propojit", access: "signedIn", file: "routes/company-link.tsx" },
  // Not in the spec's table (it names the edit screen without a path): see decision 006.
  { id: "companyEdit", de: "firmen/:id/bearbeiten", cs: "firmy/:id/upravit", access: "signedIn", file: "routes/company-edit.tsx" },
  // Admin area
  { id: "admin", de: ADMIN_DE, cs: ADMIN_CS, access: "adminArea", file: "routes/admin-home.tsx" },
  { id: "adminApprovals", de: `${ADMIN_DE}/freigaben`, cs: `${ADMIN_CS}/schvaleni`, access: "adminOnly", file: "routes/admin-approvals.tsx" },
  { id: "adminB2b", de: `${ADMIN_DE}/veranstaltungen/b2b/:id`, cs: `${ADMIN_CS}/udalosti/b2b/:id`, access: "adminArea", file: "routes/admin-b2b.tsx" },
  // Downloads of the B2B page (issue 12; paths not in the spec's table: decision 024).
  { id: "adminB2bPlanCsv", de: `${ADMIN_DE}/veranstaltungen/b2b/:id/b2b-plan.csv`, cs: `${ADMIN_CS}/udalosti/b2b/:id/b2b-plan.csv`, access: "adminArea", file: "routes/admin-b2b-plan-csv.ts", resource: true },
  { id: "adminB2bPlanPdf", de: `${ADMIN_DE}/veranstaltungen/b2b/:id/b2b-plan.pdf`, cs: `${ADMIN_CS}/udalosti/b2b/:id/b2b-plan.pdf`, access: "adminArea", file: "routes/admin-b2b-plan-pdf.ts", resource: true },
  { id: "adminB2bPreferences", de: `${ADMIN_DE}/veranstaltungen/b2b/:id/wuensche/:companyId`, cs: `${ADMIN_CS}/udalosti/b2b/:id/prani/:companyId`, access: "adminArea", file: "routes/admin-b2b-preferences.tsx" },
  { id: "adminChallenges", de: `${ADMIN_DE}/anfechtungen`, cs: `${ADMIN_CS}/napadeni`, access: "adminOnly", file: "routes/admin-challenges.tsx" },
  { id: "adminCompanies", de: `${ADMIN_DE}/firmen`, cs: `${ADMIN_CS}/firmy`, access: "adminOnly", file: "routes/admin-companies.tsx" },
  // The company database's filtered selection (issue 20; paths not in the spec's table: decision 034).
  { id: "adminCompaniesCsv", de: `${ADMIN_DE}/firmen/firmen.csv`, cs: `${ADMIN_CS}/firmy/firmy.csv`, access: "adminOnly", file: "routes/admin-companies-download.ts", resource: true },
  { id: "adminCompaniesXlsx", de: `${ADMIN_DE}/firmen/firmen.xlsx`, cs: `${ADMIN_CS}/firmy/firmy.xlsx`, access: "adminOnly", file: "routes/admin-companies-download.ts", resource: true },
  { id: "adminDuplicates", de: `${ADMIN_DE}/duplikate`, cs: `${ADMIN_CS}/duplikaty`, access: "adminOnly", file: "routes/admin-duplicates.tsx" },
  { id: "adminEventEvaluation", de: `${ADMIN_DE}/veranstaltungen/auswertung/:id`, cs: `${ADMIN_CS}/udalosti/vyhodnoceni/:id`, access: "adminArea", file: "routes/admin-event-evaluation.tsx" },
  { id: "adminEventEvaluationCsv", de: `${ADMIN_DE}/veranstaltungen/auswertung/:id/auswertung.csv`, cs: `${ADMIN_CS}/udalosti/vyhodnoceni/:id/vyhodnoceni.csv`, access: "adminArea", file: "routes/admin-event-evaluation-csv.ts", resource: true },
  { id: "adminEvents", de: `${ADMIN_DE}/veranstaltungen`, cs: `${ADMIN_CS}/udalosti`, access: "adminArea", file: "routes/admin-events.tsx" },
  // Not in the spec's table (it leaves event create and edit open): decision 015.
  { id: "adminEventCreate", de: `${ADMIN_DE}/veranstaltungen/anlegen`, cs: `${ADMIN_CS}/udalosti/vytvorit`, access: "adminArea", file: "routes/admin-event-create.tsx" },
  { id: "adminEventEdit", de: `${ADMIN_DE}/veranstaltungen/:id/bearbeiten`, cs: `${ADMIN_CS}/udalosti/:id/upravit`, access: "adminArea", file: "routes/admin-event-edit.tsx" },
  { id: "adminEventForm", de: `${ADMIN_DE}/veranstaltungen/:id/formular`, cs: `${ADMIN_CS}/udalosti/:id/formular`, access: "adminArea", file: "routes/admin-event-form.tsx" },
  { id: "adminImportCreate", de: `${ADMIN_DE}/import/anlegen`, cs: `${ADMIN_CS}/import/vytvorit`, access: "adminOnly", file: "routes/admin-import-create.tsx" },
  { id: "adminImports", de: `${ADMIN_DE}/import`, cs: `${ADMIN_CS}/import`, access: "adminOnly", file: "routes/admin-imports.tsx" },
  // An import's rejected rows (issue 21; paths not in the spec's table: decision 039).
  { id: "adminImportsReportCsv", de: `${ADMIN_DE}/import/:id/abgelehnte-zeilen.csv`, cs: `${ADMIN_CS}/import/:id/odmitnute-radky.csv`, access: "adminOnly", file: "routes/admin-imports-report.ts", resource: true },
  { id: "adminImportsReportXlsx", de: `${ADMIN_DE}/import/:id/abgelehnte-zeilen.xlsx`, cs: `${ADMIN_CS}/import/:id/odmitnute-radky.xlsx`, access: "adminOnly", file: "routes/admin-imports-report.ts", resource: true },
  { id: "adminNews", de: `${ADMIN_DE}/neuigkeiten`, cs: `${ADMIN_CS}/novinky`, access: "adminArea", file: "routes/admin-news.tsx" },
  // Not in the spec's table (it leaves news create and edit open): decision 025.
  { id: "adminNewsCreate", de: `${ADMIN_DE}/neuigkeiten/anlegen`, cs: `${ADMIN_CS}/novinky/vytvorit`, access: "adminArea", file: "routes/admin-news-create.tsx" },
  { id: "adminNewsEdit", de: `${ADMIN_DE}/neuigkeiten/:id/bearbeiten`, cs: `${ADMIN_CS}/novinky/:id/upravit`, access: "adminArea", file: "routes/admin-news-edit.tsx" },
  { id: "adminParticipants", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id`, access: "adminArea", file: "routes/admin-participants.tsx" },
  // The organisers' toolkit below the participant list (issue 11; paths not in the spec's table: decision 019).
  { id: "adminParticipantsCsv", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/teilnehmer.csv`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/ucastnici.csv`, access: "adminArea", file: "routes/admin-participants-csv.ts", resource: true },
  { id: "adminParticipantsPdf", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/teilnehmer.pdf`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/ucastnici.pdf`, access: "adminArea", file: "routes/admin-participants-pdf.ts", resource: true },
  { id: "adminParticipantCheckin", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/check-in/:registrationId`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/check-in/:registrationId`, access: "adminArea", file: "routes/admin-participant-checkin.tsx" },
  { id: "adminParticipantMail", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/e-mail`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/e-mail`, access: "adminArea", file: "routes/admin-participant-mail.tsx" },
  { id: "adminNameTags", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/namensschilder`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/jmenovky`, access: "adminArea", file: "routes/admin-name-tags.tsx" },
  { id: "adminNameTagsPdf", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/namensschilder.pdf`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/jmenovky.pdf`, access: "adminArea", file: "routes/admin-name-tags-pdf.ts", resource: true },
  { id: "adminInvoices", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/rechnungen`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/faktury`, access: "adminArea", file: "routes/admin-invoices.tsx" },
  { id: "adminInvoiceCreate", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/rechnungen/neu`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/faktury/nova`, access: "adminArea", file: "routes/admin-invoice-create.tsx" },
  { id: "adminInvoicePdf", de: `${ADMIN_DE}/veranstaltungen/teilnahmeliste/:id/rechnungen/:invoiceId/pdf`, cs: `${ADMIN_CS}/udalosti/ucastnici/:id/faktury/:invoiceId/pdf`, access: "adminArea", file: "routes/admin-invoice-pdf.ts", resource: true },
  // Every invoice, also those whose event or organiser is gone (issue 19, decision 027): admins only.
  { id: "adminArchiveInvoices", de: `${ADMIN_DE}/rechnungen`, cs: `${ADMIN_CS}/faktury`, access: "adminOnly", file: "routes/admin-archive-invoices.tsx" },
  { id: "adminArchiveInvoicePdf", de: `${ADMIN_DE}/rechnungen/:invoiceId/pdf`, cs: `${ADMIN_CS}/faktury/:invoiceId/pdf`, access: "adminOnly", file: "routes/admin-archive-invoice-pdf.ts", resource: true },
  // Reports beside the statistics (issue 20; paths not in the spec's table: decision 036). Admins only.
  { id: "adminAuditTrail", de: `${ADMIN_DE}/statistiken/protokoll`, cs: `${ADMIN_CS}/statistiky/protokol`, access: "adminOnly", file: "routes/admin-audit-trail.tsx" },
  { id: "adminAuditTrailCsv", de: `${ADMIN_DE}/statistiken/protokoll.csv`, cs: `${ADMIN_CS}/statistiky/protokol.csv`, access: "adminOnly", file: "routes/admin-audit-trail-csv.ts", resource: true },
  { id: "adminFunderReport", de: `${ADMIN_DE}/statistiken/foerderbericht`, cs: `${ADMIN_CS}/statistiky/zprava-pro-poskytovatele`, access: "adminOnly", file: "routes/admin-funder-report.tsx" },
  { id: "adminFunderReportPdf", de: `${ADMIN_DE}/statistiken/foerderbericht.pdf`, cs: `${ADMIN_CS}/statistiky/zprava-pro-poskytovatele.pdf`, access: "adminOnly", file: "routes/admin-funder-report-pdf.ts", resource: true },
  { id: "adminFunderReportCsv", de: `${ADMIN_DE}/statistiken/foerderbericht.csv`, cs: `${ADMIN_CS}/statistiky/zprava-pro-poskytovatele.csv`, access: "adminOnly", file: "routes/admin-funder-report-csv.ts", resource: true },
  { id: "adminStatistics", de: `${ADMIN_DE}/statistiken`, cs: `${ADMIN_CS}/statistiky`, access: "adminOnly", file: "routes/admin-statistics.tsx" },
  // The statistics as CSV (issue 20; path not in the spec's table: decision 035).
  { id: "adminStatisticsCsv", de: `${ADMIN_DE}/statistiken/statistik.csv`, cs: `${ADMIN_CS}/statistiky/statistika.csv`, access: "adminOnly", file: "routes/admin-statistics-csv.ts", resource: true },
  // Profiles and tags missing a language, machine translation (issue 21; paths not in the spec's table: decision 041).
  { id: "adminTranslations", de: `${ADMIN_DE}/uebersetzungen`, cs: `${ADMIN_CS}/preklady`, access: "adminOnly", file: "routes/admin-translations.tsx" },
  { id: "adminUsers", de: `${ADMIN_DE}/accounts`, cs: `${ADMIN_CS}/uzivatele`, access: "adminOnly", file: "routes/admin-accounts.tsx" },
  // The filtered selection of the accounts page (decision 033): one module for both formats.
  { id: "adminUsersCsv", de: `${ADMIN_DE}/accounts/accounts.csv`, cs: `${ADMIN_CS}/uzivatele/uzivatele.csv`, access: "adminOnly", file: "routes/admin-accounts-download.ts", resource: true },
  { id: "adminUsersXlsx", de: `${ADMIN_DE}/accounts/accounts.xlsx`, cs: `${ADMIN_CS}/uzivatele/uzivatele.xlsx`, access: "adminOnly", file: "routes/admin-accounts-download.ts", resource: true },
  // issue 25: offers meet requests — one ad's complementary ads of other companies (decision 060).
  { id: "adMatches", de: "firmen/:companyId/anzeigen/:id/passende-partner", cs: "firmy/:companyId/inzeraty/:id/vhodni-partneri", access: "public", file: "routes/ad-matches.tsx" },
  // issue 25: the public API's reference (decision 064)
  { id: "apiReference", de: "api", cs: "api", access: "public", file: "routes/api-reference.tsx", sitemap: true },
  // issue 25: Multiplikators act for their members (decision 063)
  { id: "eventRegisterMembers", de: "veranstaltungen/:id/mitglieder-anmelden", cs: "události/:id/registrace-clenu", access: "signedIn", file: "routes/event-register-members.tsx" },
  { id: "adminMemberRegistrations", de: `${ADMIN_DE}/mitgliederanmeldungen`, cs: `${ADMIN_CS}/registrace-clenu`, access: "adminArea", file: "routes/admin-member-registrations.tsx" },
  { id: "accountRegistrationGrants", de: "mein-account/anmelderechte", cs: "muj-ucet/opravneni-registrace", access: "signedIn", file: "routes/account-registration-grants.tsx" },
  // issue 25: saved searches (decision 061) — managed next to the account pages; the digest
  // mails' one-click unsubscribe (RFC 8058) needs no session, so it is public (`:id` is the
  // signed token; the page itself says noindex).
  { id: "savedSearches", de: "mein-account/suchauftraege", cs: "muj-ucet/hlidaci-hledani", access: "signedIn", file: "routes/account-saved-searches.tsx" },
  { id: "savedSearchUnsubscribe", de: "suchauftraege/abbestellen/:id", cs: "hlidaci-hledani/odhlaseni/:id", access: "public", file: "routes/saved-search-unsubscribe.tsx" },
  // issue 25: network effects (decision 062): the one-click prolong of an ad-expiry reminder and the iCal feeds.
  { id: "adProlong", de: "anzeige-verlaengern", cs: "prodlouzeni-inzeratu", access: "public", file: "routes/ad-prolong.tsx" },
  { id: "eventsCalendarFeed", de: "veranstaltungen/kalender.ics", cs: "udalosti/kalendar.ics", access: "public", file: "routes/calendar-feed-public.ts", resource: true },
  { id: "organiserCalendarFeed", de: "firmen/:id/veranstaltungen.ics", cs: "firmy/:id/udalosti.ics", access: "public", file: "routes/calendar-feed-organiser.ts", resource: true },
  { id: "personalCalendarFeed", de: "kalender/meine-veranstaltungen.ics", cs: "kalendar/moje-udalosti.ics", access: "public", file: "routes/calendar-feed-personal.ts", resource: true },
];

export type PageId = (typeof PAGES)[number]["id"];

export const ROLES_BY_ACCESS: Record<Access, readonly Role[] | null> = {
  public: null,
  signedIn: ["Admin", "Organisation", "Multiplikator"],
  adminArea: ["Admin", "Multiplikator"],
  adminOnly: ["Admin"],
};

const byId = new Map(PAGES.map((p) => [p.id, p]));

/** The module of pages whose feature is not built yet (events, news, most admin lists). */
export const PLACEHOLDER_FILE = "routes/placeholder.tsx";

/**
 * Whether a page exists for users. Pages still on the placeholder keep their paths (the language
 * switch and guards know them) but are hidden: not linked, not in the sitemap, and they answer
 * 404 (decision 014). The issues that build them replace the module and so bring them back.
 */
export function isBuilt(id: string): boolean {
  return getPage(id).file !== PLACEHOLDER_FILE;
}

export function getPage(id: string): PageDef {
  const page = byId.get(id);
  if (!page) throw new Error(`Unknown page id ${id}`);
  return page;
}
