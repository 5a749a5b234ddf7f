import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { DEFAULT_FILTER, parseParticipantSelection, type ParticipantSelection } from "~/schemas/participant-selection";
import type { DbHandle } from "~/server/db/client.server";
import type { Actor } from "~/server/policy/policy";
import { runWithOrigin } from "~/server/request-origin.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { createTestDb } from "../../../tests/support/db";
import { documentScenario, manyPeople, outcomesByRole, PARTICIPANT_LIST_POLICY, parsePdf, policyActors } from "../../../tests/support/document-fixtures";
import { addBadgeLogos } from "./logos.server";
import { nameTagSet, nameTagsPdf } from "./name-tags.server";
import { checkinUrl, qrPath } from "./qr.server";

const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-name-tags-")));
const ORIGIN = "https://partnernet.example";
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());

const all = (): ParticipantSelection => ({ filter: { ...DEFAULT_FILTER }, ids: [] });
const select = (query: string) => parseParticipantSelection(new URLSearchParams(query));
const pdfOf = (actor: Actor, eventId: string, selection: ParticipantSelection, locale: "de" | "cs" = "de") =>
  runWithOrigin(ORIGIN, () => nameTagsPdf(handle.db, actor, eventId, selection, locale, storage));

describe("the QR code", () => {
  const eventId = "0c8f0a8e-4b7e-4f7e-9e3a-3c2a8f7e9d10";
  const registrationId = "1d9e1b9f-5c8f-4a8f-8f4b-4d3b9a8f0e21";

  it("encodes the absolute check-in address of the registration, in the language of the print", () => {
    expect(runWithOrigin(ORIGIN, () => checkinUrl("de", eventId, registrationId))).toBe(`${ORIGIN}/de/admin/veranstaltungen/teilnahmeliste/${eventId}/check-in/${registrationId}`);
    expect(runWithOrigin(ORIGIN, () => checkinUrl("cs", eventId, registrationId))).toBe(`${ORIGIN}${encodeURI(href("adminParticipantCheckin", "cs", { id: eventId, registrationId }))}`);
  });

  it("draws exactly the modules of that address (the path is the QR matrix)", () => {
    const url = `${ORIGIN}/de/admin/veranstaltungen/teilnahmeliste/${eventId}/check-in/${registrationId}`;
    const { size, d } = qrPath(url);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
    expect(size).toBe(modules.size);
    const drawn = new Set<string>();
    for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) for (let i = 0; i < Number(run); i++) drawn.add(`${Number(x) + i},${y}`);
    for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) expect(drawn.has(`${col},${row}`)).toBe(Boolean(modules.get(row, col)));
  });
});

describe("name-tag PDF", () => {
  it("17 participants: 3 A4 sheets of 8, every name intact, each badge linking its own check-in", async () => {
    const people = manyPeople(17);
    const { organiser, eventId, registrations } = await documentScenario(handle.db, people);
    const { bytes, fileName, badges, sheets } = await pdfOf(organiser, eventId, all());
    expect({ badges, sheets }).toEqual({ badges: 17, sheets: 3 });
    expect(fileName).toBe("Namensschilder – Grenzforum Straße der Wirtschaft.pdf");
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBe(3);
    for (const person of people) expect(pdf.text).toContain(person.name);
    expect(pdf.text).toContain("Tschechien");
    expect(pdf.text).toContain("Deutschland");
    expect(pdf.text).toContain("Společnost 1 s.r.o.");
    const expected = registrations.map((id) => `${ORIGIN}/de/admin/veranstaltungen/teilnahmeliste/${eventId}/check-in/${id}`);
    expect([...pdf.links].sort()).toEqual([...expected].sort());
    // 8 on the first two sheets, 1 on the last.
    expect(pdf.pageTexts[2]).toContain(people[16]!.name);
    expect(pdf.pageTexts[2]).not.toContain(people[1]!.name);
  });

  it("in Czech: Czech country names and Czech check-in addresses", async () => {
    const { organiser, eventId } = await documentScenario(handle.db);
    const pdf = await parsePdf((await pdfOf(organiser, eventId, all(), "cs")).bytes);
    expect(pdf.text).toContain("Jana Dvořáková");
    expect(pdf.text).toContain("Stavby Ústí nad Labem s.r.o.");
    expect(pdf.text).toContain("Česko");
    expect(pdf.text).toContain("Jednatelka");
    expect(pdf.links.every((l) => l.startsWith(`${ORIGIN}/cs/admin/udalosti/ucastnici/${eventId}/check-in/`))).toBe(true);
  });

  it("prints the event's logos across the top of each badge", async () => {
    const { organiser, eventId } = await documentScenario(handle.db);
    // Image objects in the file (react-pdf writes object dictionaries uncompressed).
    const images = (bytes: Buffer) => bytes.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;
    expect(images((await pdfOf(organiser, eventId, all())).bytes)).toBe(0);
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#036" } }).png().toBuffer();
    await addBadgeLogos(handle.db, organiser, eventId, [new File([new Uint8Array(png)], "kammer.png", { type: "image/png" })], storage);
    const withLogos = await pdfOf(organiser, eventId, all());
    expect(images(withLogos.bytes)).toBeGreaterThan(0);
    // The text still reads right next to the image.
    expect((await parsePdf(withLogos.bytes)).text).toContain("Jana Dvořáková");
  });
});

describe("who gets a badge", () => {
  it("everyone confirmed by default (waiting list and cancelled left out and counted); a state filter or ticked rows print what they name", async () => {
    const { organiser, eventId, registrations } = await documentScenario(handle.db);
    const names = async (selection: ParticipantSelection) => (await nameTagSet(handle.db, organiser, eventId, selection, "de")).rows.map((r) => r.personName);
    const set = await nameTagSet(handle.db, organiser, eventId, all(), "de");
    expect(set.rows.map((r) => r.personName)).toEqual(["Jürgen Weiß", "Jana Dvořáková"]);
    expect(set.leftOut).toBe(2);
    expect(set.audience).toBe("ALL");
    expect(await names(select("country=CZ"))).toEqual(["Jana Dvořáková"]);
    expect(await names(select("state=WAITING"))).toEqual(["Řehoř Růžička"]);
    // Ticked: exactly those, the cancelled one included.
    expect(await names(select(`ids=${registrations[3]}&ids=${registrations[0]}`))).toEqual(["Jürgen Weiß", "Änne Groß"]);
    const ticked = await parsePdf((await pdfOf(organiser, eventId, select(`ids=${registrations[3]}`))).bytes);
    expect(ticked.text).toContain("Änne Groß");
  });

  it("an empty selection is NAME_TAGS_NONE, not an empty PDF", async () => {
    const { organiser, eventId } = await documentScenario(handle.db);
    await expect(pdfOf(organiser, eventId, select("q=niemand"))).rejects.toMatchObject({ code: "NAME_TAGS_NONE" });
  });
});

describe("policy: name-tag page and PDF × role", () => {
  it("organiser and admin; another Multiplikator and an Organisation user are not authorised; anonymous must sign in", async () => {
    const { organiser, eventId } = await documentScenario(handle.db);
    const actors = await policyActors(handle.db, organiser);
    expect(await outcomesByRole(actors, (actor) => nameTagSet(handle.db, actor, eventId, all(), "de"))).toEqual(PARTICIPANT_LIST_POLICY);
    expect(await outcomesByRole(actors, (actor) => pdfOf(actor, eventId, all()))).toEqual(PARTICIPANT_LIST_POLICY);
  });
});
