import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { eventFormSchema, type EventInput } from "~/schemas/event";
import { parseEventAdminFilters } from "~/schemas/event-admin-filters";
import { deleteCompany } from "~/server/companies/deletion.server";
import { purgeDeletedCompanies } from "~/server/companies/purge.server";
import type { DbHandle } from "~/server/db/client.server";
import { eventFiles, eventForms, eventOrganizers, eventRegistrations, events } from "~/server/db/schema";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { listManagedEvents } from "./list-managed.server";
import { addOrganizer, createEvent, deleteEvent, getEventForEdit, removeOrganizer, restoreEvent, setEventActive, updateEvent } from "./manage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pn-events-"));
const storage = new LocalDiskStorage(root);
/** Stored event files on disk (sidecars excluded). */
const storedCount = () => (fs.existsSync(path.join(root, "events")) ? fs.readdirSync(path.join(root, "events")).filter((f) => !f.endsWith(".meta.json")).length : 0);

let handle: DbHandle;
let png: Buffer;
const image = (name = "bild.png") => new File([new Uint8Array(png)], name, { type: "image/png" });
const pdf = (name = "Flyer 2026.pdf", body = "%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF") => new File([body], name, { type: "application/pdf" });
const none = { images: [] as File[], attachments: [] as File[] };

const RAW = {
  titleDe: "Unternehmertag",
  titleCs: "Den podnikatelů",
  descriptionDe: '<p>Programm <a href="https://ihk.example">Link</a></p><script>alert(1)</script>',
  descriptionCs: "<p>Program</p>",
  locationKind: "ADDRESS",
  country: "DE",
  state: "Sachsen",
  line1: "Langer Weg 4",
  postalCode: "01239",
  city: "Dresden",
  startDate: "24.12.2030",
  startTime: "09:00",
  endDate: "24.12.2030",
  endTime: "17:00",
  publishNow: "on",
  registrationKind: "INTERNAL",
  active: "on",
};
function input(overrides: Record<string, unknown> = {}, extra: Partial<EventInput> = {}): EventInput {
  return { ...eventFormSchema(2026).parse({ ...RAW, ...overrides }), ...extra };
}

let admin: TestUser, orgNoCompany: TestUser, orgWithCompany: TestUser, multi: TestUser, multiOther: TestUser, multiTwo: TestUser;
let companyA: string, companyB: string, companyC: string, pending: string, orgCompany: string;

beforeAll(async () => {
  handle = await createTestDb();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } }).png().toBuffer();
  const db = handle.db;
  admin = await insertUser(db, "Admin");
  orgNoCompany = await insertUser(db, "Organisation");
  orgWithCompany = await insertUser(db, "Organisation");
  multi = await insertUser(db, "Multiplikator");
  multiOther = await insertUser(db, "Multiplikator");
  multiTwo = await insertUser(db, "Multiplikator");
  companyA = await insertCompany(db, { name: "IHK Dresden Test", members: [multi.id, multiTwo.id] });
  companyB = await insertCompany(db, { name: "HK Ústí Test", members: [multiOther.id, multiTwo.id] });
  companyC = await insertCompany(db, { name: "Wirtschaftsförderung Test" });
  pending = await insertCompany(db, { name: "Neu GmbH", status: "PENDING" });
  orgCompany = await insertCompany(db, { name: "Org GmbH", members: [orgWithCompany.id] });
});
afterAll(() => handle?.close());

describe("createEvent", () => {
  it("creates the event of the Multiplikator's company with form version 1, sanitised text and re-encoded files", async () => {
    const id = await createEvent(handle.db, multi, input({ organizers: [companyC] }), { images: [image()], attachments: [pdf()] }, storage);
    const [row] = await handle.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ companyId: companyA, titleDe: "Unternehmertag", active: true, createdBy: multi.id, locationKind: "ADDRESS", city: "Dresden" });
    expect(row!.descriptionDe).toBe('<p>Programm <a href="https://ihk.example" target="_blank" rel="noopener noreferrer nofollow">Link</a></p>');
    expect(row!.publishAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row!.startsAt.toISOString()).toBe("2030-12-24T08:00:00.000Z");
    expect(await handle.db.select().from(eventForms).where(eq(eventForms.eventId, id))).toEqual([expect.objectContaining({ version: 1, definition: { fields: [] } })]);
    expect(await handle.db.select({ c: eventOrganizers.companyId }).from(eventOrganizers).where(eq(eventOrganizers.eventId, id))).toEqual([{ c: companyC }]);
    const files = await handle.db.select().from(eventFiles).where(eq(eventFiles.eventId, id));
    expect(files.map((f) => [f.kind, f.fileName])).toEqual(expect.arrayContaining([["IMAGE", "bild.png"], ["ATTACHMENT", "Flyer 2026.pdf"]]));
    const img = files.find((f) => f.kind === "IMAGE")!;
    expect(img.storageKey).toMatch(/^events\/.+\.webp$/);
    expect((await storage.get(img.storageKey))?.contentType).toBe("image/webp");
    expect((await storage.get(files.find((f) => f.kind === "ATTACHMENT")!.storageKey))?.contentType).toBe("application/pdf");
  });

  it("places an address without a pin by its postal code (gazetteer), a pin wins", async () => {
    const id = await createEvent(handle.db, multi, input({ lat: "", lon: "" }), { images: [image()], attachments: [] }, storage);
    const [row] = await handle.db.select().from(events).where(eq(events.id, id));
    expect(row!.lat).toBeCloseTo(51.0, 0);
    expect(row!.lon).toBeCloseTo(13.8, 0);
    const pinned = await createEvent(handle.db, multi, input({ lat: "50.77", lon: "14.2" }), { images: [image()], attachments: [] }, storage);
    expect((await handle.db.select().from(events).where(eq(events.id, pinned)))[0]).toMatchObject({ lat: 50.77, lon: 14.2 });
  });

  it("lets a member of several companies choose, an admin pick any verified company", async () => {
    await expect(createEvent(handle.db, multiTwo, input(), { images: [image()], attachments: [] }, storage)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
    const id = await createEvent(handle.db, multiTwo, input({ organizerCompanyId: companyB }), { images: [image()], attachments: [] }, storage);
    expect((await handle.db.select().from(events).where(eq(events.id, id)))[0]!.companyId).toBe(companyB);
    await expect(createEvent(handle.db, multi, input({ organizerCompanyId: companyB }), { images: [image()], attachments: [] }, storage)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
    const byAdmin = await createEvent(handle.db, admin, input({ organizerCompanyId: companyC }), { images: [image()], attachments: [] }, storage);
    expect((await handle.db.select().from(events).where(eq(events.id, byAdmin)))[0]!.companyId).toBe(companyC);
    await expect(createEvent(handle.db, admin, input({ organizerCompanyId: pending }), { images: [image()], attachments: [] }, storage)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
    await expect(createEvent(handle.db, multi, input({ organizers: [pending] }), { images: [image()], attachments: [] }, storage)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
    await expect(createEvent(handle.db, multi, input({ organizers: [companyA] }), { images: [image()], attachments: [] }, storage)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
  });

  it("needs an image or a flyer; a PDF alone is enough", async () => {
    await expect(createEvent(handle.db, multi, input(), none, storage)).rejects.toMatchObject({ code: "EVENT_IMAGE_REQUIRED", details: { field: "images" } });
    const id = await createEvent(handle.db, multi, input(), { images: [], attachments: [pdf()] }, storage);
    expect(await handle.db.select().from(eventFiles).where(eq(eventFiles.eventId, id))).toHaveLength(1);
  });

  it("enforces the file limits and leaves no stored file behind when refused", async () => {
    const before = storedCount();
    const six = Array.from({ length: 6 }, () => image());
    await expect(createEvent(handle.db, multi, input(), { images: six, attachments: [] }, storage)).rejects.toMatchObject({ code: "TOO_MANY_FILES", details: { max: 5, field: "images" } });
    await expect(createEvent(handle.db, multi, input(), { images: [image()], attachments: Array.from({ length: 6 }, () => pdf()) }, storage)).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
      details: { field: "attachments" },
    });
    // A fake PDF after a good image: the image stored first is deleted again.
    await expect(createEvent(handle.db, multi, input(), { images: [image()], attachments: [pdf("x.pdf", "<html>")] }, storage)).rejects.toMatchObject({
      code: "FILE_TYPE_NOT_ALLOWED",
      details: { field: "attachments" },
    });
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await expect(createEvent(handle.db, multi, input(), { images: [big], attachments: [] }, storage)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { field: "images" } });
    const bigPdf = pdf("big.pdf", `%PDF-${"x".repeat(10 * 1024 * 1024)}`);
    await expect(createEvent(handle.db, multi, input(), { images: [], attachments: [bigPdf] }, storage)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { maxMb: 10 } });
    await expect(createEvent(handle.db, multi, input(), { images: [new File(["GIF89a"], "a.gif", { type: "image/gif" })], attachments: [] }, storage)).rejects.toMatchObject({
      code: "FILE_TYPE_NOT_ALLOWED",
    });
    // The database refuses the row (check constraint) after the files were stored: they go again.
    await expect(createEvent(handle.db, multi, input({}, { maxParticipants: 0 }), { images: [image()], attachments: [pdf()] }, storage)).rejects.toThrow();
    expect(storedCount()).toBe(before);
  });

  it("refuses text the sanitiser empties", async () => {
    await expect(createEvent(handle.db, multi, input({}, { descriptionCs: "<script>x</script><img src=x>" }), { images: [image()], attachments: [] }, storage)).rejects.toMatchObject({
      code: "DESCRIPTION_TRANSLATION_REQUIRED",
      details: { field: "descriptionCs" },
    });
  });
});

describe("updateEvent", () => {
  it("keeps, reorders and removes files; new ones come after; counts apply to the result", async () => {
    const id = await createEvent(handle.db, multi, input(), { images: [image("1.png"), image("2.png"), image("3.png")], attachments: [pdf("a.pdf")] }, storage);
    const { files } = await getEventForEdit(handle.db, multi, id);
    const [one, two, three] = files.filter((f) => f.kind === "IMAGE");
    const flyer = files.find((f) => f.kind === "ATTACHMENT")!;
    await updateEvent(
      handle.db,
      multi,
      id,
      input({ titleDe: "Neu", locationKind: "ONLINE", onlineUrl: "https://meet.example/x", keepImages: [three!.id, one!.id], keepAttachments: [] }),
      { images: [image("4.png")], attachments: [] },
      storage,
    );
    const after = await getEventForEdit(handle.db, multi, id);
    expect(after.event).toMatchObject({ titleDe: "Neu", locationKind: "ONLINE", onlineUrl: "https://meet.example/x", city: null });
    expect(after.files.map((f) => [f.fileName, f.position])).toEqual([["3.png", 0], ["1.png", 1], ["4.png", 2]]);
    expect(await storage.get(two!.storageKey)).toBeNull();
    expect(await storage.get(flyer.storageKey)).toBeNull();
    expect(await storage.get(one!.storageKey)).not.toBeNull();

    const keep = after.files.map((f) => f.id);
    await expect(updateEvent(handle.db, multi, id, input({ keepImages: keep }), { images: [image(), image(), image()], attachments: [] }, storage)).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
    });
    await expect(updateEvent(handle.db, multi, id, input({ keepImages: [] }), none, storage)).rejects.toMatchObject({ code: "EVENT_IMAGE_REQUIRED" });
    // Ids of another event's files are ignored, not adopted.
    const other = await createEvent(handle.db, multi, input(), { images: [image()], attachments: [] }, storage);
    const foreign = (await getEventForEdit(handle.db, multi, other)).files[0]!.id;
    await expect(updateEvent(handle.db, multi, id, input({ keepImages: [foreign] }), none, storage)).rejects.toMatchObject({ code: "EVENT_IMAGE_REQUIRED" });
    expect((await getEventForEdit(handle.db, multi, id)).files).toHaveLength(3);
  });

  it("keeps the publication date of a published event on publish now, sets a future one", async () => {
    const id = await insertEvent(handle.db, { companyId: companyA, publishAt: new Date("2026-01-01T00:00:00Z") });
    await handle.db.insert(eventFiles).values({ eventId: id, kind: "IMAGE", storageKey: "events/aaaaaaaaaaaaaaaaaaaaaaaa.webp", fileName: "x.webp", sizeBytes: 1 });
    const keep = (await getEventForEdit(handle.db, multi, id)).files.map((f) => f.id);
    await updateEvent(handle.db, multi, id, input({ keepImages: keep }), none, storage);
    expect((await getEventForEdit(handle.db, multi, id)).event.publishAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    await updateEvent(handle.db, multi, id, input({ keepImages: keep, publishNow: "", publishDate: "1.6.2030", publishTime: "10:00" }), none, storage);
    expect((await getEventForEdit(handle.db, multi, id)).event.publishAt.toISOString()).toBe("2030-06-01T08:00:00.000Z");
  });
});

describe("organisers, delete, restore, activate", () => {
  it("adds and removes further organisers; their Multiplikators then manage the event", async () => {
    const id = await insertEvent(handle.db, { companyId: companyA });
    await expect(setEventActive(handle.db, multiOther, id, false)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await addOrganizer(handle.db, multi, id, companyB);
    await addOrganizer(handle.db, multi, id, companyB);
    await setEventActive(handle.db, multiOther, id, false);
    await expect(addOrganizer(handle.db, multi, id, pending)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
    await expect(removeOrganizer(handle.db, multi, id, companyA)).rejects.toMatchObject({ code: "ORGANIZER_INVALID" });
    await removeOrganizer(handle.db, multi, id, companyB);
    // No longer theirs, and inactive (not public): "not yours" is "not found".
    await expect(setEventActive(handle.db, multiOther, id, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("soft-deletes; only admins see and restore deleted events", async () => {
    const id = await insertEvent(handle.db, { companyId: companyA });
    await setEventActive(handle.db, multi, id, false);
    expect((await handle.db.select().from(events).where(eq(events.id, id)))[0]!.active).toBe(false);
    await setEventActive(handle.db, multi, id, true);
    await deleteEvent(handle.db, multi, id);
    expect((await handle.db.select().from(events).where(eq(events.id, id)))[0]!.deletedAt).not.toBeNull();
    await expect(getEventForEdit(handle.db, multi, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(restoreEvent(handle.db, multi, id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setEventActive(handle.db, admin, id, false)).rejects.toMatchObject({ code: "EVENT_DELETED" });
    await expect(deleteEvent(handle.db, admin, id)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    await restoreEvent(handle.db, admin, id);
    await expect(restoreEvent(handle.db, admin, id)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    expect((await getEventForEdit(handle.db, multi, id)).event.deletedAt).toBeNull();
    await expect(restoreEvent(handle.db, admin, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("concurrency", () => {
  it("two simultaneous deletions of one event: one wins, the other hears ALREADY_HANDLED", async () => {
    const id = await insertEvent(handle.db, { companyId: companyA });
    const results = await Promise.allSettled([deleteEvent(handle.db, multi, id), deleteEvent(handle.db, admin, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "ALREADY_HANDLED" } });
  });

  it("simultaneous saves adding images never leave more than the limit", async () => {
    const id = await createEvent(handle.db, multi, input(), { images: [image(), image()], attachments: [] }, storage);
    const keep = (await getEventForEdit(handle.db, multi, id)).files.map((f) => f.id);
    const save = () => updateEvent(handle.db, multi, id, input({ keepImages: keep }), { images: [image(), image(), image()], attachments: [] }, storage);
    const results = await Promise.allSettled([save(), save()]);
    // Each save replaces the file set with its own (kept + new): the second's result wins, both valid.
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect((await getEventForEdit(handle.db, multi, id)).files.length).toBeLessThanOrEqual(5);
  });
});

describe("policy: every action × role", () => {
  type Who = "anonymous" | "orgNoCompany" | "orgWithCompany" | "multiOrganizer" | "multiOther" | "admin";
  const actorOf = (who: Who) => ({ anonymous: null, orgNoCompany, orgWithCompany, multiOrganizer: multi, multiOther, admin })[who];
  const WHO: Who[] = ["anonymous", "orgNoCompany", "orgWithCompany", "multiOrganizer", "multiOther", "admin"];
  /** Expected outcome per actor: "ok" or the error code. Organisation users and strangers don't see an unpublished-to-them event as theirs. */
  const table: Record<string, Record<Who, string>> = {
    create: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "ok", admin: "ok" },
    update: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "FORBIDDEN", admin: "ok" },
    getForEdit: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "FORBIDDEN", admin: "ok" },
    setActive: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "FORBIDDEN", admin: "ok" },
    addOrganizer: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "FORBIDDEN", admin: "ok" },
    removeOrganizer: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "FORBIDDEN", admin: "ok" },
    delete: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "FORBIDDEN", admin: "ok" },
    restore: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "FORBIDDEN", multiOther: "FORBIDDEN", admin: "ok" },
    list: { anonymous: "UNAUTHENTICATED", orgNoCompany: "FORBIDDEN", orgWithCompany: "FORBIDDEN", multiOrganizer: "ok", multiOther: "ok", admin: "ok" },
  };
  const run = async (action: string, who: Who): Promise<string> => {
    const actor = actorOf(who);
    const id = await insertEvent(handle.db, { companyId: companyA, deletedAt: action === "restore" ? new Date() : null });
    await handle.db.insert(eventFiles).values({ eventId: id, kind: "ATTACHMENT", storageKey: "events/bbbbbbbbbbbbbbbbbbbbbbbb.pdf", fileName: "f.pdf", sizeBytes: 1 });
    const keep = (await handle.db.select({ id: eventFiles.id }).from(eventFiles).where(eq(eventFiles.eventId, id))).map((f) => f.id);
    const calls: Record<string, () => Promise<unknown>> = {
      create: () => createEvent(handle.db, actor, input(who === "admin" ? { organizerCompanyId: companyA } : {}), { images: [], attachments: [pdf()] }, storage),
      update: () => updateEvent(handle.db, actor, id, input({ keepAttachments: keep }), none, storage),
      getForEdit: () => getEventForEdit(handle.db, actor, id),
      setActive: () => setEventActive(handle.db, actor, id, false),
      addOrganizer: () => addOrganizer(handle.db, actor, id, companyC),
      removeOrganizer: () => removeOrganizer(handle.db, actor, id, companyC),
      delete: () => deleteEvent(handle.db, actor, id),
      restore: () => restoreEvent(handle.db, actor, id),
      list: () => listManagedEvents(handle.db, actor, parseEventAdminFilters(new URLSearchParams(), 2026)),
    };
    try {
      await calls[action]!();
      return "ok";
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };
  for (const action of Object.keys(table)) {
    it(`${action}`, async () => {
      const outcomes: Record<string, string> = {};
      for (const who of WHO) outcomes[who] = await run(action, who);
      expect(outcomes).toEqual(table[action]);
    });
  }

  it("hides a deleted event from its Multiplikators (not found), not from admins", async () => {
    const id = await insertEvent(handle.db, { companyId: companyA, deletedAt: new Date() });
    await expect(getEventForEdit(handle.db, multi, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getEventForEdit(handle.db, orgWithCompany, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getEventForEdit(handle.db, admin, id)).event.id).toBe(id);
  });
});

describe("listManagedEvents", () => {
  it("shows admins all events with filters, Multiplikators their own, with state and counts", async () => {
    const company = await insertCompany(handle.db, { name: "Liste AG", members: [multiOther.id] });
    const now = new Date("2030-01-01T12:00:00Z");
    const day = 86_400_000;
    const published = await insertEvent(handle.db, { companyId: company, titleDe: "Zebra Messe", maxParticipants: 10, publishAt: new Date(now.getTime() - day) }, now);
    const scheduled = await insertEvent(handle.db, { companyId: company, titleDe: "Zebra Zukunft", publishAt: new Date(now.getTime() + day) }, now);
    const inactive = await insertEvent(handle.db, { companyId: company, titleDe: "Zebra Pause", active: false }, now);
    const deleted = await insertEvent(handle.db, { companyId: company, titleDe: "Zebra Weg", deletedAt: now }, now);
    const past = await insertEvent(handle.db, { companyId: company, titleDe: "Zebra Gestern", startsAt: new Date(now.getTime() - 3 * day), endsAt: new Date(now.getTime() - 2 * day) }, now);
    const reg = (status: "REGISTERED" | "WAITING" | "CANCELLED" | "ATTENDED", userId: string) =>
      handle.db.insert(eventRegistrations).values({ eventId: published, companyId: orgCompany, userId, status, formVersion: 1, answers: {} });
    const people = await Promise.all(Array.from({ length: 5 }, () => insertUser(handle.db)));
    await reg("REGISTERED", people[0]!.id);
    await reg("ATTENDED", people[1]!.id);
    await reg("WAITING", people[2]!.id);
    await reg("CANCELLED", people[3]!.id);

    const filters = (q: string) => parseEventAdminFilters(new URLSearchParams(q), 2030);
    const ids = async (actor: typeof admin | null, q: string) => (await listManagedEvents(handle.db, actor, filters(q), now)).items.map((i) => i.id).sort();
    expect(await ids(admin, `company=${company}`)).toEqual([published, scheduled, inactive, deleted].sort());
    expect(await ids(admin, `company=${company}&time=all`)).toEqual([published, scheduled, inactive, deleted, past].sort());
    expect(await ids(admin, `company=${company}&time=past`)).toEqual([past]);
    expect(await ids(admin, `company=${company}&state=deleted`)).toEqual([deleted]);
    expect(await ids(admin, `company=${company}&state=scheduled`)).toEqual([scheduled]);
    expect(await ids(admin, `company=${company}&state=inactive`)).toEqual([inactive]);
    expect(await ids(admin, `company=${company}&state=published`)).toEqual([published]);
    expect(await ids(admin, `q=zebra%20m&company=${company}`)).toEqual([published]);
    expect(await ids(admin, `q=%25&company=${company}`)).toEqual([]);
    expect(await ids(admin, `company=${company}&from=31.01.2030&to=31.01.2030`)).toEqual([published, scheduled, inactive, deleted].sort());
    expect(await ids(admin, `company=${company}&from=1.2.2030`)).toEqual([]);
    // The Multiplikator of the company sees its events but not the deleted one; another one none of them.
    expect(await ids(multiOther, "time=all")).toEqual(expect.arrayContaining([published, scheduled, inactive, past]));
    expect(await ids(multiOther, "time=all")).not.toContain(deleted);
    expect(await ids(multi, `company=${company}&time=all`)).toEqual([]);

    const [row] = (await listManagedEvents(handle.db, admin, filters(`company=${company}&state=published`), now)).items;
    expect(row).toMatchObject({ registered: 2, waiting: 1, maxParticipants: 10, state: "published", organizer: "Liste AG" });
  });

  it("pages by 30", async () => {
    const company = await insertCompany(handle.db, { name: "Viele KG" });
    for (let i = 0; i < 31; i++) await insertEvent(handle.db, { companyId: company });
    const page1 = await listManagedEvents(handle.db, admin, parseEventAdminFilters(new URLSearchParams(`company=${company}`), 2026));
    const page2 = await listManagedEvents(handle.db, admin, parseEventAdminFilters(new URLSearchParams(`company=${company}&page=2`), 2026));
    expect([page1.items.length, page1.total, page1.pageCount, page2.items.length]).toEqual([30, 31, 2, 1]);
  });
});

describe("deleting a company", () => {
  it("hides its events at once, and the purge after 30 days deletes them with their files; events it co-organises stay", async () => {
    const owner = await insertUser(handle.db, "Multiplikator");
    const company = await insertCompany(handle.db, { name: "Weg GmbH", members: [owner.id] });
    const id = await createEvent(handle.db, owner, input({ organizers: [companyC] }), { images: [image()], attachments: [pdf()] }, storage);
    const coOrganised = await insertEvent(handle.db, { companyId: companyC, organizers: [company] });
    const keys = (await handle.db.select().from(eventFiles).where(eq(eventFiles.eventId, id))).map((f) => f.storageKey);
    expect(keys).toHaveLength(2);
    const deletedAt = new Date();
    await deleteCompany(handle.db, owner, company, "Weg GmbH", deletedAt);
    // Soft: gone for everyone (admins too: they restore the company, not the event) …
    await expect(getEventForEdit(handle.db, admin, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(restoreEvent(handle.db, admin, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listManagedEvents(handle.db, admin, parseEventAdminFilters(new URLSearchParams("state=deleted"), 2026))).items.map((e) => e.id)).not.toContain(id);
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();
    // … and for good after the restore period.
    expect(await purgeDeletedCompanies(handle.db, storage, new Date(deletedAt.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await purgeDeletedCompanies(handle.db, storage, new Date(deletedAt.getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await handle.db.select().from(events).where(eq(events.id, id))).toHaveLength(0);
    expect(await handle.db.select().from(eventFiles).where(eq(eventFiles.eventId, id))).toHaveLength(0);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    expect(await handle.db.select().from(events).where(eq(events.id, coOrganised))).toHaveLength(1);
    expect(await handle.db.select().from(eventOrganizers).where(eq(eventOrganizers.eventId, coOrganised))).toHaveLength(0);
  });
});
