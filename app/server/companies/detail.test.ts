import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { type CompanyIntent, runCompanyIntent } from "~/routes/company-detail.actions.server";
import { AddressSchema, CompanyProfileSchema, ContactSchema, ServiceSchema } from "~/schemas/company";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, companyChallenges, companyServices, companyUserLinks, rateLimitHits, users } from "~/server/db/schema";
import { runWithRequestClock } from "~/server/clock.server";
import { parseForm } from "~/server/http/actions.server";
import type { Actor } from "~/server/policy/policy";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { addAddress, deleteAddress, updateAddress } from "./addresses.server";
import { addContact, deleteContact, updateContact } from "./contacts.server";
import { getCompanyDetail } from "./detail.server";
import { deactivateCompany, verifyCompany } from "./moderation.server";
import { createCompany } from "./profile.server";
import { addDays } from "./service-state";
import { createService, deleteService, prolongService } from "./services.server";

let handle: DbHandle;
let storage: LocalDiskStorage;
let storageDir: string;
let logoBytes: Buffer;

type SignedIn = NonNullable<Actor>;
let admin: SignedIn;
let member: SignedIn;
let otherMember: SignedIn;
let multiplikator: SignedIn;

const db = () => handle.db;

async function insertUser(email: string, role: SignedIn["role"]): Promise<SignedIn> {
  const [row] = await db().insert(users).values({ email, name: email, role, verified: true }).returning({ id: users.id, role: users.role });
  return row!;
}

const profile = CompanyProfileSchema.parse({
  name: "Muster Fräsen GmbH",
  descriptionDe: "Wir fräsen.",
  descriptionCs: "Frézujeme.",
  website: "muster.example",
  nace: ["62.01"],
  tags: [],
  newTags: ["Fräsen|Frézování", "Drehen|Soustružení", "Prototypen|Prototypy"],
});
const headquarters = AddressSchema.parse({ kind: "HEADQUARTERS", country: "DE", state: "Sachsen", line1: "Hauptstraße 1", postalCode: "01067", city: "Dresden" });
const location = AddressSchema.parse({ kind: "LOCATION", country: "CZ", state: "Ústecký kraj", line1: "Hlavní 2", postalCode: "400 01", city: "Ústí nad Labem" });
const contact = ContactSchema.parse({ function: "SALES", name: "Eva Muster", email: "eva@muster.example", phone: "+49 351 123456", consent: "on" });
const service = ServiceSchema.parse({
  type: "OFFER",
  title: "CNC-Fräsen",
  description: "Kleinserien aus Aluminium.",
  keywords: "CNC, Aluminium",
  termsUrl: "https://muster.example/agb",
  validityDays: "30",
});

/** A profile created by `member` through the real create function (PENDING; member confirmed). */
async function newCompany(status: "PENDING" | "VERIFIED" | "DEACTIVATED" = "VERIFIED"): Promise<string> {
  const logo = new File([new Uint8Array(logoBytes)], "logo.png", { type: "image/png" });
  // One member creates more profiles here than a person would in an hour: forget the per-user
  // write counts (the limits themselves are tested in app/server/limits.test.ts).
  await db().delete(rateLimitHits).where(like(rateLimitHits.key, "user-%"));
  const id = await createCompany(db(), member, { profile, headquarters, logo }, storage);
  if (status === "VERIFIED") await verifyCompany(db(), admin, id);
  if (status === "DEACTIVATED") await deactivateCompany(db(), admin, id);
  return id;
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

function fieldErrorsOf(schema: Parameters<typeof parseForm>[0], fields: Record<string, string>): Record<string, string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  try {
    parseForm(schema, form);
  } catch (error) {
    return (error as { fieldErrors: Record<string, string> }).fieldErrors;
  }
  throw new Error("expected a validation failure");
}

beforeAll(async () => {
  handle = await createTestDb();
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "pn-detail-"));
  storage = new LocalDiskStorage(storageDir);
  logoBytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#1c5cb8" } }).png().toBuffer();
  admin = await insertUser("admin@detail.test", "Admin");
  member = await insertUser("member@detail.test", "Organisation");
  otherMember = await insertUser("other@detail.test", "Organisation");
  multiplikator = await insertUser("multi@detail.test", "Multiplikator");
  // The other member belongs to a different company.
  const otherCompany = await createCompany(
    db(),
    admin,
    { profile: { ...profile, name: "Andere s.r.o." }, headquarters: location, logo: new File([new Uint8Array(logoBytes)], "l.png", { type: "image/png" }) },
    storage,
  );
  await db().insert(companyUserLinks).values({ companyId: otherCompany, userId: otherMember.id, status: "CONFIRMED" });
});

afterAll(async () => {
  await handle.close();
  await fs.rm(storageDir, { recursive: true, force: true });
});

describe("visibility", () => {
  it("shows a pending profile to its members and admins only, a verified one to everyone, and hides a deactivated one again", async () => {
    const id = await newCompany("PENDING");
    expect((await getCompanyDetail(db(), member, id)).company.status).toBe("PENDING");
    expect((await getCompanyDetail(db(), admin, id)).company).toMatchObject({ status: "PENDING", verified: false, origin: "MANUAL" });
    for (const actor of [null, otherMember, multiplikator]) expect(await codeOf(getCompanyDetail(db(), actor, id))).toBe("NOT_FOUND");

    await verifyCompany(db(), admin, id);
    for (const actor of [null, member, otherMember, multiplikator, admin]) {
      expect((await getCompanyDetail(db(), actor, id)).company.verified).toBe(true);
    }

    await deactivateCompany(db(), admin, id);
    for (const actor of [null, otherMember, multiplikator]) expect(await codeOf(getCompanyDetail(db(), actor, id))).toBe("NOT_FOUND");
    expect((await getCompanyDetail(db(), member, id)).company.status).toBe("DEACTIVATED");
    expect((await getCompanyDetail(db(), admin, id)).company.status).toBe("DEACTIVATED");
  });

  it("gives the profile with logo, industries, tags and headquarters, origin only to admins", async () => {
    const id = await newCompany();
    const detail = await getCompanyDetail(db(), null, id);
    expect(detail.company.logoKey).toMatch(/^logos\//);
    expect(await storage.get(detail.company.logoKey!)).not.toBeNull();
    expect(detail.company.origin).toBeNull();
    expect(detail.nace).toEqual([expect.objectContaining({ code: "62.01", labelCs: "Programování" })]);
    expect(detail.tags.map((t) => t.labelDe).sort()).toEqual(["Drehen", "Fräsen", "Prototypen"]);
    expect(detail.addresses).toEqual([expect.objectContaining({ kind: "HEADQUARTERS", city: "Dresden", postalCode: "01067" })]);
    expect(detail.addresses[0]!.lat).toBeCloseTo(51.05, 1);
    expect(detail.can).toMatchObject({ edit: false, moderate: false, viewContacts: false, fileChallenge: false, manageServices: false });
    expect((await getCompanyDetail(db(), admin, id)).company.origin).toBe("MANUAL");
  });

  it("hides contacts from anonymous visitors and shows them to signed-in users", async () => {
    const id = await newCompany();
    await addContact(db(), member, id, contact);
    const anonymous = await getCompanyDetail(db(), null, id);
    expect(anonymous.contacts).toBeNull();
    expect(anonymous.can.viewContacts).toBe(false);
    for (const actor of [multiplikator, otherMember, member, admin]) {
      const detail = await getCompanyDetail(db(), actor, id);
      expect(detail.contacts).toEqual([{ id: expect.any(String), function: "SALES", name: "Eva Muster", email: "eva@muster.example", phone: "+49 351 123456" }]);
    }
  });

  it("shows expired ads only to members and admins, with their state", async () => {
    const id = await newCompany();
    const now = new Date();
    const expired = await createService(db(), member, id, { ...service, title: "Alt" }, null, storage, addDays(now, -40));
    const expiring = await createService(db(), member, id, { ...service, title: "Bald" }, null, storage, addDays(now, -25));
    const valid = await createService(db(), member, id, { ...service, type: "INQUIRY", title: "Neu" }, null, storage, now);

    for (const actor of [null, otherMember, multiplikator]) {
      const states = (await getCompanyDetail(db(), actor, id, now)).services.map((s) => [s.id, s.state]);
      expect(states).toEqual(expect.arrayContaining([[expiring, "expiring"], [valid, "valid"]]));
      expect(states).toHaveLength(2);
    }
    for (const actor of [member, admin]) {
      const states = (await getCompanyDetail(db(), actor, id, now)).services.map((s) => [s.id, s.state]);
      expect(states).toEqual(expect.arrayContaining([[expired, "expired"], [expiring, "expiring"], [valid, "valid"]]));
      expect(states).toHaveLength(3);
    }
  });
});

describe("address, contact and service actions by role", () => {
  const roles: Array<[string, () => Actor, string | null]> = [
    ["anonymous", () => null, "FORBIDDEN"],
    ["member", () => member, null],
    ["member of another company", () => otherMember, "FORBIDDEN"],
    ["Multiplikator (no member)", () => multiplikator, "FORBIDDEN"],
    ["Admin", () => admin, null],
  ];

  it.each(roles)("%s on a verified profile", async (_label, actorOf, expected) => {
    const actor = actorOf();
    const id = await newCompany();
    // Targets made by the member, so refused actors have real rows to aim at.
    const addressId = await addAddress(db(), member, id, location);
    const contactId = await addContact(db(), member, id, contact);
    const serviceId = await createService(db(), member, id, service, null, storage, addDays(new Date(), -25));

    const results = {
      addAddress: await codeOf(addAddress(db(), actor, id, location)),
      updateAddress: await codeOf(updateAddress(db(), actor, id, addressId, { ...location, city: "Děčín", postalCode: "405 02" })),
      addContact: await codeOf(addContact(db(), actor, id, contact)),
      updateContact: await codeOf(updateContact(db(), actor, id, contactId, { ...contact, name: "Eva Neu" })),
      createService: await codeOf(createService(db(), actor, id, service, null, storage)),
      prolongService: await codeOf(prolongService(db(), actor, id, serviceId)),
      deleteService: await codeOf(deleteService(db(), actor, id, serviceId, storage)),
      deleteContact: await codeOf(deleteContact(db(), actor, id, contactId)),
      deleteAddress: await codeOf(deleteAddress(db(), actor, id, addressId)),
    };
    for (const [action, code] of Object.entries(results)) expect(code, action).toBe(expected);

    const after = await getCompanyDetail(db(), admin, id);
    if (expected === null) {
      expect(after.addresses.map((a) => a.city).sort()).toEqual(["Dresden", "Ústí nad Labem"]);
      expect(after.contacts).toHaveLength(1);
      expect(after.services.map((s) => s.id)).not.toContain(serviceId);
    } else {
      expect(after.addresses).toHaveLength(2);
      expect(after.contacts).toEqual([expect.objectContaining({ id: contactId, name: "Eva Muster" })]);
      expect(after.services.map((s) => s.id)).toEqual([serviceId]);
    }
  });

  it.each([
    ["anonymous", () => null],
    ["member of another company", () => otherMember],
    ["Multiplikator (no member)", () => multiplikator],
  ] as Array<[string, () => Actor]>)("%s gets NOT_FOUND on a pending profile", async (_label, actorOf) => {
    const id = await newCompany("PENDING");
    const actor = actorOf();
    expect(await codeOf(addAddress(db(), actor, id, location))).toBe("NOT_FOUND");
    expect(await codeOf(addContact(db(), actor, id, contact))).toBe("NOT_FOUND");
    expect(await codeOf(createService(db(), actor, id, service, null, storage))).toBe("NOT_FOUND");
  });

  it("refuses to delete the headquarters or to turn it into a further location", async () => {
    const id = await newCompany();
    const hq = (await getCompanyDetail(db(), member, id)).addresses.find((a) => a.kind === "HEADQUARTERS")!;
    expect(await codeOf(deleteAddress(db(), member, id, hq.id))).toBe("HEADQUARTERS_REQUIRED");
    expect(await codeOf(updateAddress(db(), admin, id, hq.id, { ...headquarters, kind: "LOCATION" }))).toBe("HEADQUARTERS_REQUIRED");
  });
});

describe("validation through the shared schemas", () => {
  const validContact = { function: "SALES", email: "a@b.de", phone: "+49 351 1234", consent: "on" };
  it("requires consent, a valid phone and a valid e-mail for contacts", () => {
    // An unchecked checkbox is simply absent from the form.
    const { consent: _omit, ...withoutConsent } = validContact;
    expect(fieldErrorsOf(ContactSchema, withoutConsent)).toEqual({ consent: "CONTACT_CONSENT_REQUIRED" });
    expect(fieldErrorsOf(ContactSchema, { ...validContact, phone: "call me" })).toEqual({ phone: "PHONE_INVALID" });
    expect(fieldErrorsOf(ContactSchema, { ...validContact, email: "nobody@" })).toEqual({ email: "EMAIL_INVALID" });
  });

  const validService = { type: "OFFER", title: "T", description: "D", keywords: "a, b", termsUrl: "https://x.example/agb", validityDays: "30" };
  it("requires keywords, a valid terms URL and a validity of 30/60/90/180 days for ads", () => {
    expect(fieldErrorsOf(ServiceSchema, { ...validService, keywords: " , " })).toEqual({ keywords: "KEYWORDS_REQUIRED" });
    expect(fieldErrorsOf(ServiceSchema, { ...validService, termsUrl: "not a url" })).toEqual({ termsUrl: "URL_INVALID" });
    expect(fieldErrorsOf(ServiceSchema, { ...validService, validityDays: "45" })).toEqual({ validityDays: "VALIDITY_INVALID" });
  });
});

describe("prolonging ads", () => {
  it("is refused 10 days before expiry and adds 30 days 5 days before", async () => {
    const id = await newCompany();
    const created = new Date("2026-03-01T10:00:00Z");
    const serviceId = await createService(db(), member, id, service, null, storage, created);
    const validUntil = addDays(created, 30);
    expect(await codeOf(prolongService(db(), member, id, serviceId, addDays(validUntil, -10)))).toBe("PROLONG_NOT_ALLOWED");
    const prolonged = await prolongService(db(), member, id, serviceId, addDays(validUntil, -5));
    expect(prolonged.toISOString()).toBe(addDays(validUntil, 30).toISOString());
    const [row] = await db().select({ validUntil: companyServices.validUntil }).from(companyServices).where(eq(companyServices.id, serviceId));
    expect(row!.validUntil.toISOString()).toBe(addDays(created, 60).toISOString());
    // Prolonged once, the ad is valid again (35 days left), so not again right away.
    expect(await codeOf(prolongService(db(), member, id, serviceId, addDays(validUntil, -5)))).toBe("PROLONG_NOT_ALLOWED");
  });
});

describe("the request clock (e2e)", () => {
  it("shows an ad as expiring and lets it be prolonged when the request is 25 days later", async () => {
    const id = await newCompany();
    const serviceId = await createService(db(), member, id, service, null, storage);
    const later = new Request("http://localhost/de", { headers: { Cookie: "e2e_clock=25" } });
    const stateOf = (detail: Awaited<ReturnType<typeof getCompanyDetail>>) => detail.services.find((s) => s.id === serviceId)?.state;

    // Today: valid, and prolonging is refused.
    expect(stateOf(await getCompanyDetail(db(), member, id))).toBe("valid");
    expect(await codeOf(prolongService(db(), member, id, serviceId))).toBe("PROLONG_NOT_ALLOWED");
    // Without the server flag (E2E_CLOCK) the cookie changes nothing.
    expect(stateOf(await runWithRequestClock(later, () => getCompanyDetail(db(), member, id), false))).toBe("valid");
    expect(await codeOf(runWithRequestClock(later, () => prolongService(db(), member, id, serviceId), false))).toBe("PROLONG_NOT_ALLOWED");

    // A request carrying the test clock sees the ad's last week (the server allows it: enabled = true).
    const prolonged = await runWithRequestClock(
      later,
      async () => {
        expect(stateOf(await getCompanyDetail(db(), member, id))).toBe("expiring");
        return prolongService(db(), member, id, serviceId);
      },
      true,
    );
    const [row] = await db().select({ createdAt: companyServices.createdAt }).from(companyServices).where(eq(companyServices.id, serviceId));
    expect(prolonged.toISOString()).toBe(addDays(row!.createdAt, 60).toISOString());
  });
});

describe("audit trail", () => {
  it("records created and updated ads and profile updates", async () => {
    const id = await newCompany();
    const image = new File([new Uint8Array(logoBytes)], "ad.png", { type: "image/png" });
    const serviceId = await createService(db(), member, id, service, image, storage, addDays(new Date(), -25));
    const [{ imageKey }] = (await db().select({ imageKey: companyServices.imageKey }).from(companyServices).where(eq(companyServices.id, serviceId))) as [{ imageKey: string }];
    expect(await storage.get(imageKey)).not.toBeNull();
    await prolongService(db(), member, id, serviceId);
    await deleteService(db(), admin, id, serviceId, storage);
    // A deleted ad's image is no longer downloadable.
    expect(await storage.get(imageKey)).toBeNull();
    await addContact(db(), member, id, contact);
    await addAddress(db(), admin, id, location);

    const rows = (await db().select().from(auditTrail)).filter((r) => r.details?.["companyId"] === id);
    const summary = rows.map((r) => [r.action, r.userId, r.details?.["change"] ?? r.details?.["part"] ?? null]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ["CREATED_COMPANY_SERVICE", member.id, null],
        ["UPDATED_COMPANY_SERVICE", member.id, "prolonged"],
        ["UPDATED_COMPANY_SERVICE", admin.id, "deleted"],
        ["UPDATED_COMPANY_PROFILE", member.id, "contact"],
        ["UPDATED_COMPANY_PROFILE", admin.id, "address"],
      ]),
    );
  });
});

describe("the company page's action dispatch", () => {
  function form(fields: Record<string, string | string[]>): FormData {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) data.append(k, value);
    return data;
  }
  const run = (actor: Actor, id: string, intent: CompanyIntent, fields: Record<string, string | string[]>) =>
    runCompanyIntent(db(), actor, id, intent, form({ intent, ...fields }), storage);

  it("parses each intent with its schema and calls the domain function", async () => {
    const id = await newCompany();
    await run(member, id, "addContact", { function: "GENERAL", email: "info@muster.example", phone: "0351 1234567", consent: "on" });
    const noConsent = await run(member, id, "addContact", { function: "GENERAL", email: "x@muster.example", phone: "0351 1234567" }).catch((e: unknown) => e);
    expect(noConsent).toMatchObject({ fieldErrors: { consent: "CONTACT_CONSENT_REQUIRED" } });
    await run(admin, id, "createService", { ...{ type: "INQUIRY", title: "Suche", description: "Lager", keywords: "Lager", termsUrl: "muster.example/agb", validityDays: "90" } });
    const detail = await getCompanyDetail(db(), member, id);
    expect(detail.contacts?.map((c) => c.email)).toEqual(["info@muster.example"]);
    expect(detail.services).toEqual([expect.objectContaining({ type: "INQUIRY", keywords: ["Lager"], termsUrl: "https://muster.example/agb", validityDays: 90 })]);
    expect(await codeOf(run(member, id, "deleteAddress", { addressId: "not-a-uuid" }))).toBe("NOT_FOUND");
  });

  it("files a challenge with several reasons, and reports missing reasons per field", async () => {
    const id = await newCompany();
    const missing = await run(otherMember, id, "challenge", { description: "Falsche Adresse" }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ fieldErrors: { reasons: "CHALLENGE_REASON_REQUIRED" } });
    await run(otherMember, id, "challenge", { reasons: ["address", "website"], description: "Die Firma ist umgezogen." });
    const rows = await db().select().from(companyChallenges).where(eq(companyChallenges.companyId, id));
    expect(rows).toEqual([expect.objectContaining({ authorId: otherMember.id, reasons: ["address", "website"], status: "PENDING" })]);
    expect(await codeOf(run(null, id, "challenge", { reasons: ["name"], description: "x" }))).toBe("UNAUTHENTICATED");
  });

  it("lets only admins verify and deactivate", async () => {
    const id = await newCompany("PENDING");
    expect(await codeOf(run(member, id, "verify", {}))).toBe("FORBIDDEN");
    await run(admin, id, "verify", {});
    expect((await getCompanyDetail(db(), null, id)).company.status).toBe("VERIFIED");
    await run(admin, id, "deactivate", {});
    expect(await codeOf(getCompanyDetail(db(), null, id))).toBe("NOT_FOUND");
  });
});
