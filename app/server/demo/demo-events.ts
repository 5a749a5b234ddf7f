import type { EventFormDefinition } from "~/schemas/event-form";

/**
 * Demo events across the programme area (issue 10): past and upcoming, one B2B, one external,
 * fees in EUR and CZK, one online, one full with a waiting list, one scheduled for later.
 * Days are relative to the seeding day; hours are Central European wall-clock time.
 */
export interface DemoEvent {
  key: string;
  titleDe: string;
  titleCs: string;
  textDe: string;
  textCs: string;
  /** Index into TOWNS (demo-catalogue.ts); null = online. */
  town: number | null;
  venue?: string;
  day: number;
  hour: number;
  hours: number;
  /** Days the event was/will be published relative to the seeding day (default -14). */
  publishDay?: number;
  deadlineDay?: number;
  maxParticipants?: number;
  fee?: { minor: number; currency: "EUR" | "CZK"; de: string; cs: string };
  external?: string;
  b2b?: boolean;
  /** Index of the organising demo company (1 = the demo Multiplikator's company). */
  organiser: number;
  coOrganiser?: number;
  form: "standard" | "b2b" | "short";
  /** Registrations made by demo participants (the rest of a full event waits). */
  registrations?: number;
  color: string;
}

export const DEMO_EVENTS: DemoEvent[] = [
  {
    key: "unternehmertag",
    titleDe: "Grenzüberschreitender Unternehmertag Dresden",
    titleCs: "Přeshraniční den podnikatelů Drážďany",
    textDe: "Vorträge, Marktplatz und Gespräche mit Unternehmen aus Sachsen und Tschechien. Simultanübersetzung Deutsch–Tschechisch.",
    textCs: "Přednášky, tržiště a rozhovory s firmami ze Saska a Česka. Simultánní tlumočení němčina–čeština.",
    town: 0,
    venue: "Internationales Congress Center",
    day: 21,
    hour: 9,
    hours: 8,
    maxParticipants: 120,
    organiser: 1,
    coOrganiser: 10,
    form: "standard",
    registrations: 2,
    color: "#134c9e",
  },
  {
    key: "b2b-maschinenbau",
    titleDe: "B2B-Kooperationsbörse Maschinenbau",
    titleCs: "B2B kooperační burza strojírenství",
    textDe: "Vorab vereinbarte Gespräche von 20 Minuten zwischen Herstellern und Zulieferern beider Länder.",
    textCs: "Předem domluvené dvacetiminutové schůzky výrobců a dodavatelů z obou zemí.",
    town: 10,
    venue: "Kongresové centrum Ústí nad Labem",
    day: 35,
    hour: 10,
    hours: 6,
    // Registration closed two days ago: B2B matching is open (24 companies, 20 lists; seed-b2b.server.ts).
    deadlineDay: -2,
    maxParticipants: 40,
    b2b: true,
    organiser: 1,
    form: "b2b",
    registrations: 3,
    color: "#0b7285",
  },
  {
    key: "workshop-foerdermittel",
    titleDe: "Workshop: Fördermittel für kleine und mittlere Unternehmen",
    titleCs: "Workshop: dotace pro malé a střední podniky",
    textDe: "Welche Programme fördern grenzüberschreitende Projekte? Mit Beispielen und Sprechstunde.",
    textCs: "Které programy podporují přeshraniční projekty? S příklady a konzultacemi.",
    town: 1,
    venue: "Rathaus Pirna, Ratssaal",
    day: 10,
    hour: 13,
    hours: 4,
    maxParticipants: 25,
    fee: { minor: 4900, currency: "EUR", de: "Zahlbar innerhalb von 14 Tagen nach Rechnungseingang.", cs: "Splatné do 14 dnů od doručení faktury." },
    organiser: 1,
    form: "short",
    color: "#2b8a3e",
  },
  {
    key: "exportforum",
    titleDe: "Exportforum Tschechien",
    titleCs: "Exportní fórum Česko",
    textDe: "Markteintritt, Recht und Steuern: Fachleute berichten aus der Praxis. Anmeldung beim Partner.",
    textCs: "Vstup na trh, právo a daně: odborníci z praxe. Registrace u partnera.",
    town: 14,
    venue: "Krajský úřad Libereckého kraje",
    day: 45,
    hour: 9,
    hours: 7,
    external: "https://www.example.org/exportforum",
    organiser: 12,
    form: "short",
    color: "#5f3dc4",
  },
  {
    key: "online-rechnungen",
    titleDe: "Online-Seminar: Rechnungen und Umsatzsteuer im Nachbarland",
    titleCs: "Online seminář: faktury a DPH v sousední zemi",
    textDe: "Wie Sie korrekt an tschechische Kunden fakturieren. 90 Minuten mit Fragerunde.",
    textCs: "Jak správně fakturovat německým zákazníkům. 90 minut s diskusí.",
    town: null,
    day: 7,
    hour: 16,
    hours: 2,
    organiser: 1,
    form: "short",
    color: "#e67700",
  },
  {
    key: "netzwerkabend",
    titleDe: "Netzwerkabend Erzgebirge",
    titleCs: "Networkingový večer Krušné hory",
    textDe: "Kleiner Kreis, gutes Essen, neue Kontakte. Die Plätze sind begrenzt.",
    textCs: "Malý okruh, dobré jídlo, nové kontakty. Počet míst je omezený.",
    town: 6,
    venue: "Manufaktur der Träume",
    day: 14,
    hour: 18,
    hours: 4,
    maxParticipants: 3,
    organiser: 1,
    form: "standard",
    registrations: 5,
    color: "#c92a2a",
  },
  {
    key: "zulieferermesse",
    titleDe: "Zulieferermesse Nordböhmen",
    titleCs: "Veletrh subdodavatelů severní Čechy",
    textDe: "Messestände und Kurzvorträge regionaler Zulieferer.",
    textCs: "Stánky a krátké prezentace regionálních subdodavatelů.",
    town: 12,
    venue: "Dům kultury Teplice",
    day: 28,
    hour: 9,
    hours: 8,
    fee: { minor: 50000, currency: "CZK", de: "Zahlung vor Ort oder per Überweisung.", cs: "Platba na místě nebo převodem." },
    organiser: 11,
    form: "standard",
    color: "#364fc7",
  },
  {
    key: "fachkraeftetag",
    titleDe: "Fachkräftetag Oberlausitz",
    titleCs: "Den odborníků Horní Lužice",
    textDe: "Ausbildung, Pendeln, Anerkennung von Abschlüssen: Unternehmen und Behörden im Gespräch.",
    textCs: "Vzdělávání, dojíždění, uznávání kvalifikací: firmy a úřady v diskusi.",
    town: 3,
    venue: "Landskron Kulturbrauerei",
    day: 60,
    hour: 10,
    hours: 5,
    organiser: 2,
    form: "standard",
    color: "#087f5b",
  },
  {
    key: "digitalisierung",
    titleDe: "Praxistag Digitalisierung im Handwerk",
    titleCs: "Praktický den digitalizace v řemesle",
    textDe: "Vorführungen zu Auftragsverwaltung, Zeiterfassung und Online-Shops.",
    textCs: "Ukázky správy zakázek, evidence času a e-shopů.",
    town: 5,
    venue: "TU Bergakademie Freiberg",
    day: -20,
    hour: 9,
    hours: 6,
    organiser: 1,
    form: "short",
    registrations: 5,
    color: "#134c9e",
  },
  {
    key: "energieeffizienz",
    titleDe: "Energieeffizienz in Hotellerie und Gastronomie",
    titleCs: "Energetická účinnost v hotelnictví a gastronomii",
    textDe: "Erfahrungen aus Karlsbad und dem Vogtland.",
    textCs: "Zkušenosti z Karlových Varů a Fojtska.",
    town: 16,
    venue: "Lázeňský dům",
    day: -45,
    hour: 10,
    hours: 5,
    organiser: 13,
    form: "short",
    color: "#2b8a3e",
  },
  {
    key: "tourismuskonferenz",
    titleDe: "Tourismuskonferenz Elbsandstein",
    titleCs: "Konference cestovního ruchu Labské pískovce",
    textDe: "Gemeinsame Angebote für Gäste auf beiden Seiten der Grenze.",
    textCs: "Společné nabídky pro hosty na obou stranách hranice.",
    town: 11,
    venue: "Zámek Děčín",
    day: -90,
    hour: 9,
    hours: 8,
    organiser: 11,
    form: "standard",
    color: "#0b7285",
  },
  {
    key: "jahresempfang",
    titleDe: "Jahresempfang der Wirtschaftsförderung",
    titleCs: "Výroční setkání agentury pro podporu podnikání",
    textDe: "Rückblick, Ausblick und Begegnung zum Jahresbeginn.",
    textCs: "Ohlédnutí, výhled a setkání na začátku roku.",
    town: 0,
    venue: "Albertinum",
    day: 90,
    hour: 18,
    hours: 3,
    publishDay: 5,
    organiser: 1,
    form: "short",
    color: "#5f3dc4",
  },
];

const t = (de: string, cs: string) => ({ de, cs });
const same = (text: string) => ({ de: text, cs: text });

/** A realistic form with dependent fields: dinner → menu; companions > 0 → their names. */
const STANDARD: EventFormDefinition = {
  fields: [
    { id: "function", type: "localizedText", title: t("Ihre Funktion im Unternehmen", "Vaše funkce ve firmě"), required: true },
    {
      id: "interpreting",
      type: "localizedSelect",
      title: t("Dolmetschen gewünscht", "Požadované tlumočení"),
      required: false,
      multiple: false,
      options: [
        { id: "none", label: t("Nicht nötig", "Není potřeba") },
        { id: "de-cs", label: t("Deutsch → Tschechisch", "Němčina → čeština") },
        { id: "cs-de", label: t("Tschechisch → Deutsch", "Čeština → němčina") },
      ],
    },
    { id: "dinner", type: "checkbox", title: t("Ich nehme am Abendessen teil", "Zúčastním se večeře"), required: false },
    {
      id: "menu",
      type: "localizedSelect",
      title: t("Menü", "Menu"),
      required: true,
      multiple: false,
      options: [
        { id: "meat", label: t("Mit Fleisch", "S masem") },
        { id: "vegetarian", label: t("Vegetarisch", "Vegetariánské") },
        { id: "vegan", label: t("Vegan", "Veganské") },
      ],
      condition: { join: "AND", rules: [{ fieldId: "dinner", operator: "checked" }] },
    },
    { id: "companions", type: "number", title: t("Begleitpersonen", "Doprovod (počet osob)"), required: false },
    {
      id: "companionNames",
      type: "localizedText",
      title: t("Namen der Begleitpersonen", "Jména doprovodu"),
      required: true,
      condition: { join: "AND", rules: [{ fieldId: "companions", operator: "numGt", value: "0" }] },
    },
  ],
};

const B2B: EventFormDefinition = {
  fields: [
    { id: "function", type: "localizedText", title: t("Ihre Funktion im Unternehmen", "Vaše funkce ve firmě"), required: true },
    {
      id: "looking",
      type: "localizedSelect",
      title: t("Sie suchen", "Hledáte"),
      required: true,
      multiple: true,
      options: [
        { id: "suppliers", label: t("Zulieferer", "Dodavatele") },
        { id: "customers", label: t("Kunden", "Zákazníky") },
        { id: "partners", label: t("Kooperationspartner", "Kooperační partnery") },
      ],
    },
    { id: "interpreter", type: "checkbox", title: t("Ich brauche einen Dolmetscher", "Potřebuji tlumočníka"), required: false },
    { id: "info", type: "info", title: t("Die Gesprächspartner wählen Sie nach Anmeldeschluss.", "Partnery pro jednání vyberete po uzávěrce registrace."), required: false },
  ],
};

const SHORT: EventFormDefinition = {
  fields: [
    { id: "function", type: "localizedText", title: t("Ihre Funktion im Unternehmen", "Vaše funkce ve firmě"), required: false },
    { id: "email", type: "email", title: same("E-Mail für Rückfragen / E-mail pro dotazy"), required: false },
  ],
};

export const DEMO_FORMS: Record<DemoEvent["form"], EventFormDefinition> = { standard: STANDARD, b2b: B2B, short: SHORT };

/** Demo participants (each a member of one demo company) who fill the demo registrations. */
export const DEMO_PARTICIPANTS = [
  { email: "teilnehmer.1@partnernet.example", name: "Thomas Richter", locale: "de" as const, company: 4 },
  { email: "ucastnik.2@partnernet.example", name: "Jana Dvořáková", locale: "cs" as const, company: 5 },
  { email: "teilnehmer.3@partnernet.example", name: "Sabine Krause", locale: "de" as const, company: 6 },
  { email: "ucastnik.4@partnernet.example", name: "Pavel Černý", locale: "cs" as const, company: 7 },
  { email: "teilnehmer.5@partnernet.example", name: "Uwe Lehmann", locale: "de" as const, company: 8 },
  // Registered nowhere: the e2e registration journey in Czech uses this account.
  { email: "ucastnik.6@partnernet.example", name: "Lucie Horáková", locale: "cs" as const, company: 9 },
];
