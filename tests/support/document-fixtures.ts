import { extractLinks, extractText, getDocumentProxy } from "unpdf";
import type { EventFormDefinition } from "~/schemas/event-form";
import type { RegistrationStatus } from "~/schemas/enums";
import type { Db } from "~/server/db/client.server";
import { eventRegistrations } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { insertCompany, insertUser, type TestUser } from "./approvals-fixtures";
import { insertEvent } from "./event-fixtures";

/**
 * Events with participants for the document tests (participant list PDF, name tags): German and
 * Czech people and companies with the characters a document must not garble (ß, ř, ů, Ú …).
 * Registrations are inserted directly (no mails, any state), one second apart in list order.
 */
export const DOCUMENT_FORM: EventFormDefinition = {
  fields: [
    { id: "function", type: "localizedText", title: { de: "Ihre Funktion", cs: "Vaše funkce" }, required: false },
    { id: "diet", type: "text", title: { de: "Ernährung", cs: "Strava" }, required: false },
  ],
};

export interface DocumentPerson {
  name: string;
  company: string;
  czech?: boolean;
  status?: RegistrationStatus;
  answers?: Record<string, string | boolean | string[]>;
}

export const PEOPLE: DocumentPerson[] = [
  { name: "Jürgen Weiß", company: "Weiß Straßenbau GmbH", answers: { function: "Geschäftsführer", diet: "vegetarisch" } },
  { name: "Jana Dvořáková", company: "Stavby Ústí nad Labem s.r.o.", czech: true, answers: { function: "Jednatelka" } },
  { name: "Řehoř Růžička", company: "Sklárna Děčín a.s.", czech: true, status: "WAITING" },
  { name: "Änne Groß", company: "Groß & Söhne KG", status: "CANCELLED" },
];

export interface DocumentScenario {
  organiser: TestUser;
  organiserCompany: string;
  eventId: string;
  /** Registration ids in list order. */
  registrations: string[];
}

export async function documentScenario(db: Db, people: DocumentPerson[] = PEOPLE, form: EventFormDefinition = DOCUMENT_FORM): Promise<DocumentScenario> {
  const organiser = await insertUser(db, "Multiplikator");
  const organiserCompany = await insertCompany(db, { members: [organiser.id] });
  const eventId = await insertEvent(db, {
    companyId: organiserCompany,
    form,
    titleDe: "Grenzforum Straße der Wirtschaft",
    titleCs: "Hraniční fórum v Ústí nad Labem",
    city: "Ústí nad Labem",
  });
  const start = Date.now();
  const registrations: string[] = [];
  for (const [i, person] of people.entries()) {
    const user = await insertUser(db, "Organisation", { name: person.name, locale: person.czech ? "cs" : "de" });
    const companyId = await insertCompany(db, {
      name: person.company,
      members: [user.id],
      city: person.czech ? "Ústí nad Labem" : "Dresden",
      address: person.czech ? { country: "CZ", state: "Ústecký kraj", postalCode: "400 01", districtCode: "3510" } : {},
    });
    const [row] = await db
      .insert(eventRegistrations)
      .values({
        eventId,
        companyId,
        userId: user.id,
        status: person.status ?? "REGISTERED",
        formVersion: 1,
        answers: person.answers ?? {},
        locale: person.czech ? "cs" : "de",
        cancelledAt: person.status === "CANCELLED" ? new Date(start + i * 1000) : null,
        createdAt: new Date(start + i * 1000),
      })
      .returning({ id: eventRegistrations.id });
    registrations.push(row!.id);
  }
  return { organiser, organiserCompany, eventId, registrations };
}

/** `count` registered people with German and Czech names (for page counts). */
export function manyPeople(count: number): DocumentPerson[] {
  const first = ["Jana", "Jürgen", "Petr", "Grete", "Tomáš", "Jörg", "Zdeňka", "Uwe"];
  const last = ["Nováková", "Weiß", "Dvořák", "Müller", "Černý", "Straßer", "Šťastná", "Lehmann"];
  return Array.from({ length: count }, (_, i) => ({
    name: `${first[i % first.length]} ${last[(i * 3) % last.length]} ${i + 1}`,
    company: i % 2 ? `Firma ${i + 1} GmbH` : `Společnost ${i + 1} s.r.o.`,
    czech: i % 2 === 0,
  }));
}

export interface ParsedPdf {
  pages: number;
  /** Text per page, whitespace collapsed. */
  pageTexts: string[];
  /** All text, whitespace collapsed. */
  text: string;
  links: string[];
}

/** A generated PDF read back the way a viewer reads it (unpdf / pdf.js). */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedPdf> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const { links } = await extractLinks(pdf);
  const pageTexts = text.map((t) => t.replace(/\s+/g, " ").trim());
  return { pages: totalPages, pageTexts, text: pageTexts.join(" "), links };
}

/** The roles of the policy tests, next to the event's organiser: another Multiplikator, a participant's user, anonymous, an admin. */
export async function policyActors(db: Db, organiser: TestUser): Promise<Record<PolicyRole, Actor>> {
  const otherMulti = await insertUser(db, "Multiplikator");
  await insertCompany(db, { members: [otherMulti.id] });
  const participant = await insertUser(db, "Organisation");
  await insertCompany(db, { members: [participant.id] });
  return { organiser, otherMulti, participant, anonymous: null, admin: await insertUser(db, "Admin") };
}

export type PolicyRole = "organiser" | "otherMulti" | "participant" | "anonymous" | "admin";

/** What every page, action and download of the participant list answers per role (spec §6). */
export const PARTICIPANT_LIST_POLICY: Record<PolicyRole, string> = {
  organiser: "ok",
  otherMulti: "PARTICIPANT_LIST_FORBIDDEN",
  participant: "PARTICIPANT_LIST_FORBIDDEN",
  anonymous: "UNAUTHENTICATED",
  admin: "ok",
};

/** "ok", or the error code a call was refused with. */
export function outcome(run: () => Promise<unknown>): Promise<string> {
  return run().then(
    () => "ok",
    (error: { code?: string }) => error.code ?? String(error),
  );
}

/** The outcome of `run` for each role. */
export async function outcomesByRole(actors: Record<PolicyRole, Actor>, run: (actor: Actor) => Promise<unknown>): Promise<Record<PolicyRole, string>> {
  const result = {} as Record<PolicyRole, string>;
  for (const [role, actor] of Object.entries(actors) as Array<[PolicyRole, Actor]>) result[role] = await outcome(() => run(actor));
  return result;
}
