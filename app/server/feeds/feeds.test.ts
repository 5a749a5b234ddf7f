import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { eventFiles } from "~/server/db/schema";
import { insertCompany } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { insertNews } from "../../../tests/support/public-news-fixtures";
import { childrenNamed, childText, parseXml, type XmlElement } from "../../../tests/support/xml";
import { eventFeedXml } from "./event-feed.server";
import { NEWS_FEED_SIZE, newsFeedXml } from "./news-feed.server";

const NOW = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;
const ORIGIN = "https://partnernet.example";
let handle: DbHandle;
let companyId: string;
const ids: Record<string, string> = {};

const channelOf = (xml: string): XmlElement => childrenNamed(parseXml(xml), "channel")[0]!;
const itemTitles = (ch: XmlElement) => childrenNamed(ch, "item").map((i) => childText(i, "title"));

beforeAll(async () => {
  handle = await createTestDb();
  const { db } = handle;
  companyId = await insertCompany(db, { name: "Kammer & Partner" });
  ids.messe = await insertNews(db, { companyId, titleDe: "Messe <Dresden> & mehr", titleCs: "Veletrh Drážďany", publishAt: new Date(NOW.getTime() - DAY), descriptionDe: "<p>Der <strong>Text</strong> &amp; mehr</p>" }, NOW);
  ids.usti = await insertNews(db, { companyId, titleDe: "Förderaufruf Ústí", titleCs: "Výzva Ústí", publishAt: new Date(NOW.getTime() - 3 * DAY) }, NOW);
  ids.scheduled = await insertNews(db, { companyId, titleDe: "Morgen", titleCs: "Zítra", publishAt: new Date(NOW.getTime() + DAY) }, NOW);
  await insertNews(db, { companyId, titleDe: "Inaktiv", active: false }, NOW);
  await insertNews(db, { companyId, titleDe: "Gelöscht", deletedAt: NOW }, NOW);

  ids.workshop = await insertEvent(db, { companyId, titleDe: "Workshop Dresden", titleCs: "Workshop Drážďany", startsAt: new Date("2026-12-01T09:00:00Z") }, NOW);
  ids.running = await insertEvent(db, { companyId, titleDe: "Läuft gerade", startsAt: new Date("2026-11-25T08:00:00Z"), endsAt: new Date("2026-11-25T16:00:00Z") }, NOW);
  await insertEvent(db, { companyId, titleDe: "Vorbei", startsAt: new Date("2026-10-01T09:00:00Z") }, NOW);
  await insertEvent(db, { companyId, titleDe: "Noch geheim", publishAt: new Date(NOW.getTime() + DAY) }, NOW);
  await insertEvent(db, { companyId, titleDe: "Inaktiv", active: false }, NOW);
  await db.insert(eventFiles).values({ eventId: ids.workshop, kind: "IMAGE", storageKey: "events/w.webp", fileName: "w.webp", sizeBytes: 10, position: 0 });
});
afterAll(() => handle.close());

it("the news feed lists public items newest first with absolute links in the feed's language", async () => {
  const ch = channelOf(await newsFeedXml(handle.db, "de", ORIGIN, NOW));
  expect(childText(ch, "title")).toBe("PartnerNet – Neuigkeiten");
  expect(childText(ch, "link")).toBe(`${ORIGIN}/de/neuigkeiten/anzeigen`);
  expect(childText(ch, "language")).toBe("de-DE");
  expect(childrenNamed(ch, "atom:link")[0]!.attributes["href"]).toBe(`${ORIGIN}/de/neuigkeiten/feed.xml`);
  expect(itemTitles(ch)).toEqual(["Messe <Dresden> & mehr", "Förderaufruf Ústí"]);
  const [first] = childrenNamed(ch, "item");
  expect(childText(first!, "link")).toBe(`${ORIGIN}/de/neuigkeiten/${ids.messe}`);
  expect(childText(first!, "guid")).toBe(`${ORIGIN}/de/neuigkeiten/${ids.messe}`);
  expect(childText(first!, "pubDate")).toBe(new Date(NOW.getTime() - DAY).toUTCString());
  // The description is the plain text, no markup.
  expect(childText(first!, "description")).toBe("Der Text & mehr");
  expect(childText(first!, "category")).toBe("Kammer & Partner");
  expect(childrenNamed(first!, "media:content")[0]!.attributes["url"]).toBe(`${ORIGIN}/files/news/test-image.webp`);

  const cs = channelOf(await newsFeedXml(handle.db, "cs", ORIGIN, NOW));
  expect(childText(cs, "language")).toBe("cs-CZ");
  expect(childText(cs, "link")).toBe(`${ORIGIN}/cs/novinky/seznam`);
  expect(itemTitles(cs)).toEqual(["Veletrh Drážďany", "Výzva Ústí"]);
  expect(childText(childrenNamed(cs, "item")[0]!, "link")).toBe(`${ORIGIN}/cs/novinky/${ids.messe}`);
});

it("a scheduled item joins the news feed when it is due; the feed carries the newest 50", async () => {
  const tomorrow = new Date(NOW.getTime() + DAY);
  expect(itemTitles(channelOf(await newsFeedXml(handle.db, "de", ORIGIN, tomorrow)))[0]).toBe("Morgen");
  for (let i = 0; i < NEWS_FEED_SIZE; i++) await insertNews(handle.db, { companyId, titleDe: `Alt ${i}`, publishAt: new Date(NOW.getTime() - (10 + i) * DAY) }, NOW);
  const titles = itemTitles(channelOf(await newsFeedXml(handle.db, "de", ORIGIN, NOW)));
  expect(titles).toHaveLength(NEWS_FEED_SIZE);
  expect(titles.slice(0, 3)).toEqual(["Messe <Dresden> & mehr", "Förderaufruf Ústí", "Alt 0"]);
});

it("the event feed lists upcoming public events soonest first, with when and where", async () => {
  const ch = channelOf(await eventFeedXml(handle.db, "de", ORIGIN, NOW));
  expect(childText(ch, "title")).toBe("PartnerNet – Veranstaltungen");
  expect(childText(ch, "link")).toBe(`${ORIGIN}/de/veranstaltungen/anzeigen`);
  expect(childrenNamed(ch, "atom:link")[0]!.attributes["href"]).toBe(`${ORIGIN}/de/veranstaltungen/feed.xml`);
  expect(itemTitles(ch)).toEqual(["Läuft gerade", "Workshop Dresden"]);
  const workshop = childrenNamed(ch, "item")[1]!;
  expect(childText(workshop, "link")).toBe(`${ORIGIN}/de/veranstaltungen/${ids.workshop}`);
  expect(childText(workshop, "description")).toMatch(/^01\.12\.2026, 10:00\s*–\s*18:00( Uhr)? · Dresden — Beschreibung$/);
  expect(childrenNamed(workshop, "media:content")[0]!.attributes).toMatchObject({ url: `${ORIGIN}/files/events/w.webp`, type: "image/webp" });
  expect(childrenNamed(childrenNamed(ch, "item")[0]!, "media:content")).toHaveLength(0);

  const cs = channelOf(await eventFeedXml(handle.db, "cs", ORIGIN, NOW));
  expect(childText(cs, "language")).toBe("cs-CZ");
  // The Czech detail path carries a diacritic: percent-encoded in the link.
  expect(childText(childrenNamed(cs, "item")[1]!, "link")).toBe(`${ORIGIN}/cs/ud%C3%A1losti/${ids.workshop}`);
  expect(itemTitles(cs)).toEqual(["Testovací akce", "Workshop Drážďany"]);
  // An event published tomorrow is in tomorrow's feed.
  expect(itemTitles(channelOf(await eventFeedXml(handle.db, "de", ORIGIN, new Date(NOW.getTime() + DAY))))).toContain("Noch geheim");
});
