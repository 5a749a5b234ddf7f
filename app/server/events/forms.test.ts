import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventFormDefinition, FormField } from "~/schemas/event-form";
import type { DbHandle } from "~/server/db/client.server";
import { eventForms, eventRegistrations } from "~/server/db/schema";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { FormRulesFailure, getEventForm, getPublicEventForm, saveEventForm } from "./forms.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const label = (text: string) => ({ de: text, cs: text });
const field = (id: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({ id, type, title: label(id), required: false, ...extra });
const v1: EventFormDefinition = {
  fields: [
    field("meal", "select", { options: [{ id: "veg", label: label("Vegetarisch") }, { id: "meat", label: label("Fleisch") }] }),
    field("allergy", "text", { condition: { join: "AND", rules: [{ fieldId: "meal", operator: "equals", value: "veg" }] } }),
  ],
};

async function setup() {
  const { db } = handle;
  const organiser = await insertUser(db, "Multiplikator");
  const company = await insertCompany(db, { members: [organiser.id] });
  const eventId = await insertEvent(db, { companyId: company, form: v1 });
  return { db, organiser, company, eventId };
}

describe("form versions", () => {
  it("saves new versions, applies the edit rules against the saved one and counts registrations on older versions", async () => {
    const { db, organiser, company, eventId } = await setup();
    expect(await getEventForm(db, organiser, eventId)).toEqual({ version: 1, definition: v1, olderRegistrations: 0, event: { titleDe: "Testveranstaltung", titleCs: "Testovací akce" } });
    await db.insert(eventRegistrations).values({ eventId, companyId: company, userId: organiser.id, status: "REGISTERED", formVersion: 1, answers: { meal: ["veg"] } });

    // Renaming an option of a field with dependents is fine; the registration answered version 1.
    const meal: FormField = { ...v1.fields[0]!, options: [{ id: "veg", label: label("Vegan") }, { id: "meat", label: label("Fleisch") }] };
    const renamed = { fields: [meal, v1.fields[1]!] };
    expect(await saveEventForm(db, organiser, eventId, renamed, 1)).toEqual({ version: 2, olderRegistrations: 1 });

    // Adding an option, or deleting the field others depend on, is refused and changes nothing.
    const added = { fields: [{ ...meal, options: [...meal.options!, { id: "fish", label: label("Fisch") }] }, v1.fields[1]!] };
    const addError = await saveEventForm(db, organiser, eventId, added, 2).catch((e: unknown) => e);
    expect(addError).toBeInstanceOf(FormRulesFailure);
    expect((addError as FormRulesFailure).errors["meal"]).toEqual([{ code: "FORM_OPTIONS_LOCKED", fields: ["allergy"] }]);
    const deleteError = await saveEventForm(db, organiser, eventId, { fields: [v1.fields[1]!] }, 2).catch((e: unknown) => e);
    expect((deleteError as FormRulesFailure).errors["meal"]).toEqual([{ code: "FORM_FIELD_HAS_DEPENDENTS", fields: ["allergy"] }]);

    // Without the dependent (version 3) the options are free again (version 4).
    expect((await saveEventForm(db, organiser, eventId, { fields: [meal] }, 2)).version).toBe(3);
    expect((await saveEventForm(db, organiser, eventId, { fields: [added.fields[0]] }, 3)).version).toBe(4);

    // Old versions stay readable for the registrations that answered them.
    expect((await getPublicEventForm(db, eventId, 1)).definition).toEqual(v1);
    expect((await getPublicEventForm(db, eventId)).version).toBe(4);
    await expect(getPublicEventForm(db, eventId, 9)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("treats an event without a form row as the empty form, version 0", async () => {
    const { db, organiser, eventId } = await setup();
    await db.delete(eventForms).where(eq(eventForms.eventId, eventId));
    expect(await getEventForm(db, organiser, eventId)).toMatchObject({ version: 0, definition: { fields: [] }, olderRegistrations: 0 });
    expect(await getPublicEventForm(db, eventId, 0)).toEqual({ version: 0, definition: { fields: [] } });
    expect((await saveEventForm(db, organiser, eventId, v1, 0)).version).toBe(1);
  });

  it("refuses invalid definitions with per-field errors and a stale base with FORM_CHANGED", async () => {
    const { db, organiser, eventId } = await setup();
    const broken = await saveEventForm(db, organiser, eventId, { fields: [field("x", "select")] }, 1).catch((e: unknown) => e);
    expect((broken as FormRulesFailure).errors).toEqual({ x: [{ code: "FORM_OPTIONS_REQUIRED" }] });
    await expect(saveEventForm(db, organiser, eventId, { fields: "nope" }, 1)).rejects.toBeInstanceOf(FormRulesFailure);
    await expect(saveEventForm(db, organiser, eventId, v1, 0)).rejects.toMatchObject({ code: "FORM_CHANGED", status: 409 });
    expect((await getEventForm(db, organiser, eventId)).version).toBe(1);
  });

  it("saves a number field's minimum and maximum, and refuses a range that is no range or no number (decision 030)", async () => {
    const { db, organiser, eventId } = await setup();
    const people = field("people", "number", { min: "1", max: "12" });
    expect((await saveEventForm(db, organiser, eventId, { fields: [...v1.fields, people] }, 1)).version).toBe(2);
    expect((await getEventForm(db, organiser, eventId)).definition.fields[2]).toMatchObject({ min: "1", max: "12" });
    const reversed = await saveEventForm(db, organiser, eventId, { fields: [...v1.fields, { ...people, min: "5", max: "2,5" }] }, 2).catch((e: unknown) => e);
    expect((reversed as FormRulesFailure).errors).toEqual({ people: [{ code: "FORM_NUMBER_RANGE_INVALID", bound: "max" }] });
    const words = await saveEventForm(db, organiser, eventId, { fields: [...v1.fields, { ...people, min: "eins" }] }, 2).catch((e: unknown) => e);
    expect((words as FormRulesFailure).errors).toEqual({ people: [{ code: "FORM_NUMBER_BOUND_INVALID", bound: "min" }] });
    const onText = await saveEventForm(db, organiser, eventId, { fields: [...v1.fields, field("note", "text", { max: "3" })] }, 2).catch((e: unknown) => e);
    expect((onText as FormRulesFailure).errors).toEqual({ note: [{ code: "INVALID_INPUT" }] });
    expect((await getEventForm(db, organiser, eventId)).version).toBe(2);
  });

  it("lets exactly one of several concurrent saves on the same base win", async () => {
    const { db, organiser, eventId } = await setup();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => saveEventForm(db, organiser, eventId, { fields: [field(`f${i}`, "text")] }, 1)),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(refused.map((r) => (r.reason as { code?: string }).code)).toEqual(Array(5).fill("FORM_CHANGED"));
    const rows = await db.select({ version: eventForms.version }).from(eventForms).where(eq(eventForms.eventId, eventId));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
  });
});

describe("form policy per role", () => {
  it("lets organiser Multiplikators and admins read and save; others get NOT_FOUND or FORBIDDEN", async () => {
    const { db, organiser, eventId } = await setup();
    const orgNoCompany = await insertUser(db, "Organisation");
    const orgWithCompany = await insertUser(db, "Organisation");
    await insertCompany(db, { members: [orgWithCompany.id] });
    const multiOther = await insertUser(db, "Multiplikator");
    await insertCompany(db, { members: [multiOther.id] });
    const admin = await insertUser(db, "Admin");
    const actors: Record<string, TestUser | null> = { anonymous: null, orgNoCompany, orgWithCompany, multiOrganiser: organiser, multiOther, admin };

    const outcome: Record<string, string> = {};
    let base = 1;
    for (const [who, actor] of Object.entries(actors)) {
      try {
        const current = await getEventForm(db, actor, eventId);
        const saved = await saveEventForm(db, actor, eventId, current.definition, base);
        base = saved.version;
        outcome[who] = "saved";
      } catch (error) {
        outcome[who] = (error as { code?: string }).code ?? "?";
      }
    }
    // The event is public, so outsiders see it exists but may not manage it.
    expect(outcome).toEqual({
      anonymous: "FORBIDDEN",
      orgNoCompany: "FORBIDDEN",
      orgWithCompany: "FORBIDDEN",
      multiOrganiser: "saved",
      multiOther: "FORBIDDEN",
      admin: "saved",
    });
    // Anyone may read the form of a public event to register.
    expect((await getPublicEventForm(db, eventId)).version).toBe(3);
  });

  it("hides the form of an unpublished event from the public and from outsiders, not from its organisers", async () => {
    const { db } = handle;
    const organiser = await insertUser(db, "Multiplikator");
    const company = await insertCompany(db, { members: [organiser.id] });
    const outsider = await insertUser(db, "Multiplikator");
    await insertCompany(db, { members: [outsider.id] });
    const scheduled = await insertEvent(db, { companyId: company, publishAt: new Date(Date.now() + 86_400_000), form: v1 });
    await expect(getPublicEventForm(db, scheduled)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getEventForm(db, outsider, scheduled)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(saveEventForm(db, outsider, scheduled, v1, 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getEventForm(db, organiser, scheduled)).definition).toEqual(v1);
    await expect(getEventForm(db, organiser, "not-an-id")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
