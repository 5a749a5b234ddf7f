import path from "node:path";
import { isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseParticipantSelection } from "~/schemas/participant-selection";
import { companies, eventBadgeLogos, eventFiles, invoices, news, participantMailings } from "~/server/db/schema";
import { issueInvoice } from "~/server/invoices/invoices.server";
import { addBadgeLogos } from "~/server/name-tags/logos.server";
import { createMailing } from "~/server/participants/mailing.server";
import { newStorageKey, LocalDiskStorage } from "~/server/storage/storage.server";
import { createInvoiceWorld, type InvoiceWorld, invoiceInput } from "../tests/support/invoice-fixtures";
import { type RawResponse, rawRequest, signIn, startServer, type TestServer, withServerDb } from "../tests/support/server";

/**
 * Private files over HTTP (issue 19, decision 029): each private kind — a participant mail's
 * attachment, an invoice logo, a name-tag logo — uploaded through the real domain functions, then
 * fetched by an anonymous visitor, another Multiplikator, a participant (the invoice's recipient),
 * the event's organiser and an admin, at its authorised URL and at the public one; and the public
 * kinds (company logo, offer image, event and news image) anonymously, cacheable.
 */

type Viewer = "anonymous" | "otherMultiplikator" | "recipient" | "organiser" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "otherMultiplikator", "recipient", "organiser", "admin"];
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", RATE_LIMIT_PER_EMAIL_PER_HOUR: "1000" };
const SECURITY_HEADERS = ["x-content-type-options", "content-security-policy", "referrer-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy", "cache-control"];

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
const privateKeys: Record<"mail" | "invoices" | "badge-logos", string> = { mail: "", invoices: "", "badge-logos": "" };
const publicKeys: Record<"logos" | "services" | "events" | "news", string> = { logos: "", services: "", events: "", news: "" };
const bytes: Record<string, Buffer> = {};

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: color } }).png().toBuffer();
}

beforeAll(async () => {
  server = await startServer(ENV);
  const setup = await withServerDb(server, ENV, async (db) => {
    const storage = new LocalDiskStorage(path.join(server.dataDir, "files"));
    const world: InvoiceWorld = await createInvoiceWorld(db);
    const organiser = world.organiser;
    await addBadgeLogos(db, organiser, world.eventId, [new File([new Uint8Array(await png("#c00"))], "Kammer.png", { type: "image/png" })], storage);
    const pdf = Buffer.from("%PDF-1.4\n% test attachment\n");
    await createMailing(
      db,
      organiser,
      world.eventId,
      { selection: parseParticipantSelection(new URLSearchParams()), texts: { subjectDe: "Programm", messageDe: "Anbei.", subjectCs: "Program", messageCs: "V příloze." }, attachment: new File([new Uint8Array(pdf)], "Programm.pdf", { type: "application/pdf" }) },
      storage,
    );
    await issueInvoice(db, organiser, world.eventId, invoiceInput(world), new File([new Uint8Array(await png("#0a0"))], "logo.png", { type: "image/png" }), storage);
    const [badge] = await db.select({ key: eventBadgeLogos.storageKey }).from(eventBadgeLogos);
    const [mailing] = await db.select({ key: participantMailings.attachmentKey }).from(participantMailings);
    const [invoice] = await db.select({ key: invoices.logoKey }).from(invoices);
    // Public kinds: the demo data's company logo, event image and news image, and an offer image.
    const [company] = await db.select({ key: companies.logoKey }).from(companies).where(isNotNull(companies.logoKey)).limit(1);
    const [eventImage] = await db.select({ key: eventFiles.storageKey }).from(eventFiles).limit(1);
    const [newsItem] = await db.select({ key: news.imageKey }).from(news).limit(1);
    const serviceKey = newStorageKey("services", "webp");
    await storage.put(serviceKey, await sharp(await png("#00c")).webp().toBuffer(), "image/webp");
    return {
      world,
      keys: { mail: mailing!.key!, invoices: invoice!.key!, "badge-logos": badge!.key, logos: company!.key!, services: serviceKey, events: eventImage!.key, news: newsItem!.key },
      storage,
    };
  });
  server = setup.server;
  const { world, keys, storage } = setup.result;
  for (const kind of Object.keys(privateKeys) as Array<keyof typeof privateKeys>) privateKeys[kind] = keys[kind];
  for (const kind of Object.keys(publicKeys) as Array<keyof typeof publicKeys>) publicKeys[kind] = keys[kind];
  for (const key of Object.values(keys)) bytes[key] = (await storage.get(key))!.data;
  const emails: Record<Exclude<Viewer, "anonymous">, string> = {
    otherMultiplikator: world.otherMultiplikator.email,
    recipient: world.participant.email,
    organiser: world.organiser.email,
    admin: world.admin.email,
  };
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, emails[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const get = (viewer: Viewer, target: string): Promise<RawResponse> => rawRequest(server, { path: target, headers: cookies[viewer] ? { Cookie: cookies[viewer] } : {} });

/** Who may read each private kind; everyone else gets the 404 of a missing file. */
const ALLOWED: Record<keyof typeof privateKeys, Viewer[]> = {
  mail: ["organiser", "admin"],
  "badge-logos": ["organiser", "admin"],
  invoices: ["organiser", "admin", "recipient"],
};

function headerCounts(response: RawResponse): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i]!.toLowerCase();
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

describe("private files (decision 029)", () => {
  it("serves each private kind only to those allowed, never cached, and never at /files", async () => {
    const outcomes: string[] = [];
    for (const [kind, key] of Object.entries(privateKeys) as Array<[keyof typeof privateKeys, string]>) {
      expect(key.startsWith(`${kind}/`), key).toBe(true);
      for (const viewer of VIEWERS) {
        const authorised = await get(viewer, `/private-files/${key}`);
        const guessed = await get(viewer, `/files/${key}`);
        outcomes.push(`${kind} ${viewer}: ${authorised.status} /files ${guessed.status}`);
        expect(guessed.status, `${kind} ${viewer} /files`).toBe(404);
        expect(authorised.headers["cache-control"], `${kind} ${viewer}`).toMatch(authorised.status === 200 ? /^private, no-store$/ : /no-store/);
        if (authorised.status === 200) {
          expect(Number(authorised.headers["content-length"])).toBe(bytes[key]!.length);
          expect(authorised.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
        }
      }
    }
    const expected = (Object.keys(privateKeys) as Array<keyof typeof privateKeys>).flatMap((kind) =>
      VIEWERS.map((viewer) => `${kind} ${viewer}: ${ALLOWED[kind].includes(viewer) ? 200 : 404} /files 404`),
    );
    expect(outcomes).toEqual(expected);
  });

  it("offers a mail attachment for download under its uploaded name", async () => {
    const response = await get("organiser", `/private-files/${privateKeys.mail}`);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain("Programm.pdf");
  });

  it("serves the public kinds to anyone, cacheable for a year, and not at /private-files", async () => {
    for (const [kind, key] of Object.entries(publicKeys)) {
      const response = await get("anonymous", `/files/${key}`);
      expect(response.status, kind).toBe(200);
      expect(response.headers["cache-control"], kind).toBe("public, max-age=31536000, immutable");
      expect(Number(response.headers["content-length"]), kind).toBe(bytes[key]!.length);
      expect((await get("admin", `/private-files/${key}`)).status, kind).toBe(404);
    }
  });

  it("sends each security header exactly once on /files and /private-files (issue 19)", async () => {
    const responses = [await get("anonymous", `/files/${publicKeys.logos}`), await get("organiser", `/private-files/${privateKeys["badge-logos"]}`), await get("anonymous", "/files/logos/missing-missing-missing.webp")];
    for (const response of responses) {
      const counts = headerCounts(response);
      for (const name of SECURITY_HEADERS) expect(counts[name] ?? 0, `${name} in ${JSON.stringify(response.rawHeaders)}`).toBe(1);
    }
    // The file's own policy replaces the page policy: nothing on our origin may run script from an upload.
    expect(responses[0]!.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  });
});
