import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { outcome, PARTICIPANT_LIST_POLICY } from "../../../tests/support/document-fixtures";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { href } from "~/routing/paths";
import type { DbHandle } from "~/server/db/client.server";
import { bodyLimitFor } from "~/server/http/body-limits";
import { eventBadgeLogos } from "~/server/db/schema";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { addBadgeLogos, badgeLogos, moveBadgeLogo, removeBadgeLogo } from "./logos.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pn-badge-logos-"));
const storage = new LocalDiskStorage(root);
/** Stored logo files on disk (sidecars excluded). */
const storedCount = () => (fs.existsSync(path.join(root, "badge-logos")) ? fs.readdirSync(path.join(root, "badge-logos")).filter((f) => !f.endsWith(".meta.json")).length : 0);

let handle: DbHandle;
let png: Buffer, jpg: Buffer, webp: Buffer;
let organiser: TestUser, otherMulti: TestUser, participant: TestUser, admin: TestUser;
let companyId: string;

const file = (bytes: Buffer | string, name: string, type: string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
const logo = (name = "logo.png") => file(png, name, "image/png");

beforeAll(async () => {
  handle = await createTestDb();
  png = await sharp({ create: { width: 1600, height: 400, channels: 4, background: "#0a5" } }).png().toBuffer();
  jpg = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#c00" } }).jpeg().toBuffer();
  webp = await sharp({ create: { width: 30, height: 10, channels: 3, background: "#00c" } }).webp().toBuffer();
  const { db } = handle;
  organiser = await insertUser(db, "Multiplikator");
  otherMulti = await insertUser(db, "Multiplikator");
  participant = await insertUser(db, "Organisation");
  admin = await insertUser(db, "Admin");
  companyId = await insertCompany(db, { members: [organiser.id] });
  await insertCompany(db, { members: [otherMulti.id] });
  await insertCompany(db, { members: [participant.id] });
});
afterAll(() => handle?.close());

const newEvent = () => insertEvent(handle.db, { companyId });

describe("badge logos", () => {
  it("stores PNG and JPG re-encoded as PNG of at most 800 px, in upload order", async () => {
    const eventId = await newEvent();
    await addBadgeLogos(handle.db, organiser, eventId, [logo("Kammer.png"), file(jpg, "Region Ústí.jpg", "image/jpeg")], storage);
    const logos = await badgeLogos(handle.db, eventId);
    expect(logos.map((l) => [l.fileName, l.position])).toEqual([
      ["Kammer.png", 0],
      ["Region Ústí.jpg", 1],
    ]);
    for (const l of logos) {
      expect(l.storageKey).toMatch(/^badge-logos\/.+\.png$/);
      const stored = await storage.get(l.storageKey);
      expect(stored?.contentType).toBe("image/png");
      const meta = await sharp(stored!.data).metadata();
      expect(meta.format).toBe("png");
      expect(meta.width).toBeLessThanOrEqual(800);
    }
  });

  it("refuses a 6th logo, a file over 4 MB, a non-image, WebP and GIF — each with its code at the field, nothing stored", async () => {
    const eventId = await newEvent();
    await addBadgeLogos(handle.db, organiser, eventId, [logo(), logo(), logo(), logo(), logo()], storage);
    const before = storedCount();
    await expect(addBadgeLogos(handle.db, organiser, eventId, [logo()], storage)).rejects.toMatchObject({ code: "TOO_MANY_FILES", details: { max: 5, field: "logos" } });

    const fresh = await newEvent();
    const big = file(Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024)]), "gross.png", "image/png");
    await expect(addBadgeLogos(handle.db, organiser, fresh, [big], storage)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { maxMb: 4, field: "logos" } });
    await expect(addBadgeLogos(handle.db, organiser, fresh, [file("<svg/>", "logo.png", "image/png")], storage)).rejects.toMatchObject({
      code: "FILE_TYPE_NOT_ALLOWED",
      details: { allowed: "PNG, JPG", field: "logos" },
    });
    await expect(addBadgeLogos(handle.db, organiser, fresh, [file(webp, "logo.webp", "image/webp")], storage)).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    // A WebP in disguise: the bytes decide.
    await expect(addBadgeLogos(handle.db, organiser, fresh, [file(webp, "logo.png", "image/png")], storage)).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    await expect(addBadgeLogos(handle.db, organiser, fresh, [file("GIF89a", "a.gif", "image/gif")], storage)).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    // A good logo before a bad one: all or nothing.
    await expect(addBadgeLogos(handle.db, organiser, fresh, [logo(), file("text", "b.png", "image/png")], storage)).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    await expect(addBadgeLogos(handle.db, organiser, fresh, [], storage)).rejects.toMatchObject({ code: "FILE_REQUIRED", details: { field: "logos" } });
    expect(await badgeLogos(handle.db, fresh)).toEqual([]);
    expect(storedCount()).toBe(before);
  });

  it("removes a logo and its file, closes the gap, and says ALREADY_HANDLED the second time", async () => {
    const eventId = await newEvent();
    await addBadgeLogos(handle.db, organiser, eventId, [logo("a.png"), logo("b.png"), logo("c.png")], storage);
    const [a, b] = await badgeLogos(handle.db, eventId);
    await removeBadgeLogo(handle.db, organiser, eventId, a!.id, storage);
    expect(await storage.get(a!.storageKey)).toBeNull();
    expect((await badgeLogos(handle.db, eventId)).map((l) => [l.fileName, l.position])).toEqual([
      ["b.png", 0],
      ["c.png", 1],
    ]);
    await expect(removeBadgeLogo(handle.db, organiser, eventId, a!.id, storage)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    // A logo of another event is not this event's to remove.
    const other = await newEvent();
    await expect(removeBadgeLogo(handle.db, organiser, other, b!.id, storage)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    expect(await storage.get(b!.storageKey)).not.toBeNull();
  });

  it("moves a logo up and down; the ends stay put", async () => {
    const eventId = await newEvent();
    await addBadgeLogos(handle.db, organiser, eventId, [logo("a.png"), logo("b.png"), logo("c.png")], storage);
    const names = async () => (await badgeLogos(handle.db, eventId)).map((l) => l.fileName);
    const id = async (name: string) => (await badgeLogos(handle.db, eventId)).find((l) => l.fileName === name)!.id;
    await moveBadgeLogo(handle.db, organiser, eventId, await id("c.png"), "up");
    expect(await names()).toEqual(["a.png", "c.png", "b.png"]);
    await moveBadgeLogo(handle.db, organiser, eventId, await id("a.png"), "down");
    expect(await names()).toEqual(["c.png", "a.png", "b.png"]);
    await moveBadgeLogo(handle.db, organiser, eventId, await id("c.png"), "up");
    await moveBadgeLogo(handle.db, organiser, eventId, await id("b.png"), "down");
    expect(await names()).toEqual(["c.png", "a.png", "b.png"]);
  });

  it("two uploads at once never exceed 5 logos; files and rows agree", async () => {
    const eventId = await newEvent();
    const before = storedCount();
    const upload = () => addBadgeLogos(handle.db, organiser, eventId, [logo(), logo(), logo()], storage);
    const results = await Promise.allSettled([upload(), upload()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "TOO_MANY_FILES" } });
    const rows = await handle.db.select().from(eventBadgeLogos).where(eq(eventBadgeLogos.eventId, eventId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.position))).toEqual(new Set([0, 1, 2]));
    expect(storedCount() - before).toBe(3);
  });
});

describe("concurrency: removing", () => {
  it("two removals of one logo at once: one removes it, the other hears ALREADY_HANDLED; positions stay 0…n-1", async () => {
    const eventId = await newEvent();
    await addBadgeLogos(handle.db, organiser, eventId, [logo("a.png"), logo("b.png"), logo("c.png")], storage);
    const [a] = await badgeLogos(handle.db, eventId);
    const results = await Promise.allSettled([removeBadgeLogo(handle.db, organiser, eventId, a!.id, storage), removeBadgeLogo(handle.db, admin, eventId, a!.id, storage)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "ALREADY_HANDLED" } });
    expect((await badgeLogos(handle.db, eventId)).map((l) => [l.fileName, l.position])).toEqual([
      ["b.png", 0],
      ["c.png", 1],
    ]);
  });
});

describe("policy: logo actions × role", () => {
  type Who = "organiser" | "otherMulti" | "participant" | "anonymous" | "admin";
  const WHO: Who[] = ["organiser", "otherMulti", "participant", "anonymous", "admin"];
  const actorOf = (who: Who) => ({ organiser, otherMulti, participant, anonymous: null, admin })[who];

  for (const action of ["add", "remove", "move"] as const) {
    it(action, async () => {
      const outcomes: Record<string, string> = {};
      for (const who of WHO) {
        const eventId = await newEvent();
        await addBadgeLogos(handle.db, organiser, eventId, [logo("a.png"), logo("b.png")], storage);
        const [first] = await badgeLogos(handle.db, eventId);
        const actor = actorOf(who);
        outcomes[who] = await outcome(() =>
          action === "add"
            ? addBadgeLogos(handle.db, actor, eventId, [logo()], storage)
            : action === "remove"
              ? removeBadgeLogo(handle.db, actor, eventId, first!.id, storage)
              : moveBadgeLogo(handle.db, actor, eventId, first!.id, "down"),
        );
        // A refused action changed nothing.
        if (outcomes[who] !== "ok") expect((await badgeLogos(handle.db, eventId)).map((l) => l.id)[0]).toBe(first!.id);
      }
      expect(outcomes).toEqual(PARTICIPANT_LIST_POLICY);
    });
  }

  it("the upload route takes 5 logos of 4 MB at once, no more (body limit)", () => {
    const limit = bodyLimitFor(href("adminNameTags", "cs", { id: "0c8f0a8e-4b7e-4f7e-9e3a-3c2a8f7e9d10" }));
    expect(limit).toEqual({ maxBytes: 5 * 4 * 1024 * 1024 + 256 * 1024, fileMaxBytes: 4 * 1024 * 1024 });
    expect(bodyLimitFor(`${href("adminNameTags", "de", { id: "0c8f0a8e-4b7e-4f7e-9e3a-3c2a8f7e9d10" })}.data`)).toEqual(limit);
  });

  it("a deleted event is not found for its organiser", async () => {
    const eventId = await insertEvent(handle.db, { companyId, deletedAt: new Date() });
    await expect(addBadgeLogos(handle.db, organiser, eventId, [logo()], storage)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
