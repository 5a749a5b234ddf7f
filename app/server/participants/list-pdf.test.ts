import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILTER, parseParticipantSelection, type ParticipantSelection } from "~/schemas/participant-selection";
import type { DbHandle } from "~/server/db/client.server";
import { createTestDb } from "../../../tests/support/db";
import { documentScenario, manyPeople, outcomesByRole, PARTICIPANT_LIST_POLICY, parsePdf, policyActors } from "../../../tests/support/document-fixtures";
import { participantListPdf } from "./list-pdf.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());

const all = (): ParticipantSelection => ({ filter: { ...DEFAULT_FILTER }, ids: [] });

describe("participant list PDF", () => {
  it("German: event header, every row with Czech and German characters intact, translated states, page x of y", async () => {
    const { organiser, eventId } = await documentScenario(handle.db);
    const now = new Date("2026-11-24T20:00:00Z");
    const { bytes, fileName, rowCount } = await participantListPdf(handle.db, organiser, eventId, all(), "de", now);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(fileName).toBe("Teilnahmeliste – Grenzforum Straße der Wirtschaft.pdf");
    expect(rowCount).toBe(4);
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBe(1);
    const text = pdf.text;
    for (const expected of [
      "Grenzforum Straße der Wirtschaft",
      "Ústí nad Labem",
      "4 Anmeldungen (alle)",
      "erstellt am 24.11.2026, 21:00",
      "Jürgen Weiß",
      "Weiß Straßenbau GmbH",
      "Jana Dvořáková",
      "Stavby Ústí nad Labem s.r.o.",
      "Řehoř Růžička",
      "Änne Groß",
      "Tschechien",
      "Ústecký kraj",
      "Geschäftsführer",
      "Angemeldet",
      "Warteliste",
      "Storniert",
      // The form's other answer is a column of its own (the function has its own column).
      "Ernährung",
      "vegetarisch",
      "Seite 1 von 1",
    ]) {
      expect(text).toContain(expected);
    }
    for (const header of ["Person", "Firma", "Land", "Region", "Funktion", "Angemeldet am", "Status"]) expect(text).toContain(header);
  });

  it("Czech: translated header and states, 'Strana 1 z N'; the page count grows with the rows and every page says so", async () => {
    const { organiser, eventId } = await documentScenario(handle.db, manyPeople(60));
    const { bytes, fileName } = await participantListPdf(handle.db, organiser, eventId, all(), "cs");
    expect(fileName).toBe("Seznam účastníků – Hraniční fórum v Ústí nad Labem.pdf");
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    pdf.pageTexts.forEach((page, i) => {
      // Header and table head on every page.
      expect(page).toContain("Hraniční fórum v Ústí nad Labem");
      expect(page).toContain("Osoba");
      expect(page).toContain(`Strana ${i + 1} z ${pdf.pages}`);
    });
    expect(pdf.text).toContain("60 přihlášek (všechny)");
    expect(pdf.text).toContain("Přihlášeno");
    expect(pdf.text).toContain("Petr Šťastná");
    expect(pdf.text).toContain("Ústecký kraj");

    const small = await documentScenario(handle.db, manyPeople(5));
    const fewer = await parsePdf((await participantListPdf(handle.db, small.organiser, small.eventId, all(), "cs")).bytes);
    expect(fewer.pages).toBeLessThan(pdf.pages);
  });

  it("prints the selection: ticked rows, or the filter", async () => {
    const { organiser, eventId, registrations } = await documentScenario(handle.db);
    const ticked = parseParticipantSelection(new URLSearchParams(`ids=${registrations[1]}`));
    const one = await parsePdf((await participantListPdf(handle.db, organiser, eventId, ticked, "de")).bytes);
    expect(one.text).toContain("1 Anmeldung (ausgewählt)");
    expect(one.text).toContain("Jana Dvořáková");
    expect(one.text).not.toContain("Jürgen Weiß");
    const filtered = await parsePdf((await participantListPdf(handle.db, organiser, eventId, parseParticipantSelection(new URLSearchParams("country=CZ")), "de")).bytes);
    expect(filtered.text).toContain("2 Anmeldungen (gefiltert)");
    expect(filtered.text).not.toContain("Änne Groß");
    const none = await parsePdf((await participantListPdf(handle.db, organiser, eventId, parseParticipantSelection(new URLSearchParams("q=niemand")), "de")).bytes);
    expect(none.text).toContain("Keine Anmeldungen in dieser Auswahl.");
  });

  it("puts many form answers into a line under each participant instead of squeezing columns", async () => {
    const fields = ["a", "b", "c", "d", "e"].map((id) => ({ id, type: "text" as const, title: { de: `Frage ${id.toUpperCase()}`, cs: `Otázka ${id.toUpperCase()}` }, required: false }));
    const { organiser, eventId } = await documentScenario(handle.db, [{ name: "Eva Svobodová", company: "Svoboda s.r.o.", answers: { a: "Antwort A", e: "Antwort E" } }], { fields });
    const pdf = await parsePdf((await participantListPdf(handle.db, organiser, eventId, all(), "de")).bytes);
    expect(pdf.text).toContain("Frage A: Antwort A · Frage E: Antwort E");
    // No header cell for them, and unanswered questions are left out.
    expect(pdf.text).not.toContain("Frage B");
  });

  it("wraps a long e-mail address and answer inside its column: nothing is cut", async () => {
    const long = "Eine sehr lange Antwort ohne Ende, die in ihrer Spalte umbrochen werden muss, weil sie nicht in eine Zeile passt – Ústí nad Labem";
    const { organiser, eventId } = await documentScenario(handle.db, [{ name: "Maximiliane Müller-Lüdenscheidt-Hohenstein", company: "Straßenbaugesellschaft Oberlausitz mbH & Co. KG", answers: { diet: long } }]);
    const pdf = await parsePdf((await participantListPdf(handle.db, organiser, eventId, all(), "de")).bytes);
    // Whitespace is collapsed: a wrapped text reads as it was written.
    expect(pdf.text).toContain(long);
    expect(pdf.text).toContain("Maximiliane Müller-Lüdenscheidt-Hohenstein");
  });
});

describe("policy: the PDF download × role", () => {
  it("organiser and admin get it; another Multiplikator and an Organisation user are not authorised; anonymous must sign in", async () => {
    const { organiser, eventId } = await documentScenario(handle.db);
    const actors = await policyActors(handle.db, organiser);
    expect(await outcomesByRole(actors, (actor) => participantListPdf(handle.db, actor, eventId, all(), "de"))).toEqual(PARTICIPANT_LIST_POLICY);
  });
});
