/**
 * Single-line fields refuse line breaks, tabs and control characters with TEXT_SINGLE_LINE on the
 * field; multi-line fields (descriptions, messages, notes, rich text) keep them (decision 030).
 * The first test walks every form schema's fields: each one either is listed as multi-line or
 * refuses a line break — a new text field that forgets the rule fails here.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { RequestCodeSchema, SignupSchema, UpdateNameSchema } from "./account";
import { LinkSearchSchema } from "./approvals";
import { RawB2bPlanForm } from "./b2b-plan";
import { AddressSchema, ChallengeSchema, CompanyProfileSchema, ContactSchema, NewTagSchema, ServiceSchema } from "./company";
import { GeocodeQuerySchema } from "./company-form";
import { evaluationSchema } from "./evaluation";
import { eventFormSchema } from "./event";
import { FormFieldSchema, type EventFormDefinition } from "./event-form";
import { validateAnswers } from "./event-form-logic";
import { parseFormDefinition } from "./event-form-rules";
import { invoiceFormSchema } from "./invoice-form";
import { newsFormSchema } from "./news";
import { participantMailSchema } from "./participant-mail";
import { PlacesQuerySchema } from "./places";
import { hasLineBreakOrControl, requiredLine, singleLine } from "./text";

type AnySchema = z.ZodType;

/** The object whose fields a form schema parses (through transforms and refinements). */
function shapeOf(schema: AnySchema): Record<string, AnySchema> {
  const def = (schema as unknown as { def: { type: string; in?: AnySchema; shape?: Record<string, AnySchema> } }).def;
  if (def.type === "pipe" && def.in) return shapeOf(def.in);
  if (def.type === "object" && def.shape) return def.shape;
  throw new Error(`not an object schema: ${def.type}`);
}

const FORMS: { name: string; schema: AnySchema; multiLine: string[] }[] = [
  { name: "sign-up", schema: SignupSchema, multiLine: [] },
  { name: "sign-in", schema: RequestCodeSchema, multiLine: [] },
  { name: "account name", schema: UpdateNameSchema, multiLine: [] },
  { name: "company profile", schema: CompanyProfileSchema, multiLine: ["descriptionDe", "descriptionCs"] },
  { name: "new tag", schema: NewTagSchema, multiLine: [] },
  { name: "address", schema: AddressSchema, multiLine: [] },
  { name: "contact", schema: ContactSchema, multiLine: [] },
  { name: "offer / request", schema: ServiceSchema, multiLine: ["description"] },
  { name: "challenge", schema: ChallengeSchema, multiLine: ["description"] },
  { name: "geocode lookup", schema: GeocodeQuerySchema, multiLine: [] },
  { name: "event", schema: eventFormSchema(2026), multiLine: ["descriptionDe", "descriptionCs", "paymentTermsDe", "paymentTermsCs"] },
  { name: "news", schema: newsFormSchema(2026), multiLine: ["descriptionDe", "descriptionCs"] },
  { name: "invoice", schema: invoiceFormSchema(2026), multiLine: [] },
  { name: "participant mail", schema: participantMailSchema("de"), multiLine: ["messageDe", "messageCs"] },
  { name: "B2B plan", schema: RawB2bPlanForm, multiLine: [] },
  { name: "evaluation", schema: evaluationSchema, multiLine: ["notes"] },
  { name: "form builder field", schema: FormFieldSchema, multiLine: ["description"] },
  { name: "link search", schema: LinkSearchSchema, multiLine: [] },
  { name: "places lookup", schema: PlacesQuerySchema, multiLine: [] },
];

const BREAKS = ["Zeile 1\nZeile 2", "a\r\nb", "Tab\tgetrennt", "pasted\u2028line", "next\u0085line"];

function issuesAt(schema: AnySchema, field: string, value: unknown) {
  const result = schema.safeParse({ [field]: value });
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field);
}

describe("every field of every form schema is multi-line by name or refuses line breaks (decision 030)", () => {
  for (const form of FORMS) {
    it(form.name, () => {
      const shape = shapeOf(form.schema);
      for (const field of form.multiLine) expect(Object.keys(shape), `${form.name}: ${field}`).toContain(field);
      for (const field of Object.keys(shape)) {
        if (form.multiLine.includes(field)) continue;
        // Nested labels ({ de, cs }) get the break inside; everything else as the value itself.
        const nested = field === "title" || field === "placeholder";
        for (const value of BREAKS) {
          const issues = issuesAt(form.schema, field, nested ? { de: value, cs: value } : value);
          expect(issues.length, `${form.name}: ${field} accepted ${JSON.stringify(value)}`).toBeGreaterThan(0);
        }
      }
    });
  }

  it("reports TEXT_SINGLE_LINE on the single-line text fields themselves", () => {
    const cases: [AnySchema, string][] = [
      [SignupSchema, "name"],
      [CompanyProfileSchema, "name"],
      [AddressSchema, "line1"],
      [AddressSchema, "line2"],
      [ContactSchema, "name"],
      [ServiceSchema, "title"],
      [ServiceSchema, "keywords"],
      [eventFormSchema(2026), "titleCs"],
      [eventFormSchema(2026), "venue"],
      [newsFormSchema(2026), "titleDe"],
      [invoiceFormSchema(2026), "recipientName"],
      [invoiceFormSchema(2026), "senderBank"],
      [participantMailSchema("cs"), "subjectCs"],
      [RawB2bPlanForm, "tableLabels"],
    ];
    // NEL (U+0085) is a C1 control: refused as malformed input (decision 012) everywhere.
    const breaks = BREAKS.filter((b) => !b.includes("\u0085"));
    for (const [schema, field] of cases) {
      for (const value of breaks) expect(issuesAt(schema, field, value)[0]?.message, `${field} ${JSON.stringify(value)}`).toBe("TEXT_SINGLE_LINE");
    }
    // NUL stays the malformed-input error of decision 012.
    expect(issuesAt(SignupSchema, "name", "A\u0000B")[0]?.message).toBe("INVALID_INPUT");
  });

  it("keeps line breaks in multi-line fields", () => {
    for (const form of FORMS) {
      for (const field of form.multiLine) {
        const value = field === "description" && form.name === "form builder field" ? { de: "Zeile 1\nZeile 2", cs: "Řádek 1\nŘádek 2" } : "<p>Zeile 1</p>\n<p>Zeile 2\tmit Tab</p>";
        expect(issuesAt(form.schema, field, value).map((i) => i.message), `${form.name}: ${field}`).not.toContain("TEXT_SINGLE_LINE");
        expect(issuesAt(form.schema, field, value).map((i) => i.message), `${form.name}: ${field}`).not.toContain("INVALID_INPUT");
      }
    }
    const mail = participantMailSchema("de").parse({ subjectDe: "Programm", messageDe: "Guten Tag,\n\nanbei das Programm.\n" });
    expect(mail.messageDe).toBe("Guten Tag,\n\nanbei das Programm.");
  });
});

describe("the shared helper (decision 030)", () => {
  it("knows line breaks and controls, and passes ordinary text", () => {
    for (const value of BREAKS) expect(hasLineBreakOrControl(value)).toBe(true);
    for (const value of ["Příliš žluťoučký kůň", "Müller & Söhne GmbH", "😀 ok", "A\u00A0B"]) expect(hasLineBreakOrControl(value)).toBe(false);
    expect(singleLine().safeParse("Titel").success).toBe(true);
    expect(requiredLine(10, "TITLE_REQUIRED").safeParse("  Titel  ").data).toBe("Titel");
  });
});

describe("the form builder and the registration answers (decision 030)", () => {
  const def: EventFormDefinition = {
    fields: [
      { id: "f_name", type: "text", title: { de: "Name", cs: "Name" }, required: true },
      { id: "f_note", type: "localizedText", title: { de: "Hinweis", cs: "Poznámka" }, description: { de: "Zeile 1\nZeile 2", cs: "Řádek 1\nŘádek 2" }, required: false },
      { id: "f_choice", type: "select", title: { de: "Wahl", cs: "Wahl" }, required: false, options: [{ id: "o_1", label: { de: "Eins", cs: "Jedna" } }] },
    ],
  };

  it("accepts multi-line descriptions and refuses a line break in a title, a placeholder or an option label, on the field", () => {
    expect(parseFormDefinition(def).ok).toBe(true);
    const title = structuredClone(def);
    title.fields[0]!.title = { de: "Na\nme", cs: "Na\nme" };
    const placeholder = structuredClone(def);
    placeholder.fields[1]!.placeholder = { de: "z. B.\tx", cs: "např. x" };
    const option = structuredClone(def);
    option.fields[2]!.options![0]!.label.cs = "Jed\r\nna";
    for (const [broken, id] of [[title, "f_name"], [placeholder, "f_note"], [option, "f_choice"]] as const) {
      const parsed = parseFormDefinition(broken);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.errors[id]?.map((e) => e.code)).toContain("TEXT_SINGLE_LINE");
    }
    // Shown where it is: at the title, at the option.
    const titleErrors = parseFormDefinition(title);
    expect(!titleErrors.ok && titleErrors.errors.f_name).toEqual([{ code: "TEXT_SINGLE_LINE", title: true }]);
    const optionErrors = parseFormDefinition(option);
    expect(!optionErrors.ok && optionErrors.errors.f_choice).toEqual([{ code: "TEXT_SINGLE_LINE", option: 0 }]);
  });

  it("refuses a line break in a one-line answer, on the field", () => {
    expect(validateAnswers(def, { f_name: "Jana\nNováková" })).toEqual({ ok: false, errors: { f_name: "TEXT_SINGLE_LINE" } });
    expect(validateAnswers(def, { f_name: "Jana Nováková" })).toMatchObject({ ok: true, answers: { f_name: "Jana Nováková" } });
  });
});
