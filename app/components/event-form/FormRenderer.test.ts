import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { EventFormDefinition } from "~/schemas/event-form";
import { FormRenderer } from "./FormRenderer";

const def: EventFormDefinition = {
  fields: [
    { id: "member", type: "checkbox", title: { de: "Mitglied", cs: "Člen" }, required: false },
    {
      id: "chamber",
      type: "localizedText",
      title: { de: "Welche Kammer?", cs: "Která komora?" },
      placeholder: { de: "IHK Dresden", cs: "HK Ústí" },
      required: true,
      condition: { join: "AND", rules: [{ fieldId: "member", operator: "checked" }] },
    },
    {
      id: "meal",
      type: "localizedSelect",
      title: { de: "Essen", cs: "Jídlo" },
      required: false,
      options: [{ id: "veg", label: { de: "Vegetarisch", cs: "Vegetariánské" } }],
    },
  ],
};

const render = (locale: "de" | "cs", errors?: Record<string, string>) =>
  renderToString(createElement(MantineProvider, null, createElement(FormRenderer, { definition: def, locale, errors })));

describe("FormRenderer on the server (what a browser without JavaScript gets)", () => {
  it("renders every field, conditional ones included, with answer.<id> names and labels in the locale", () => {
    const html = render("cs");
    expect(html).toContain('name="answer.member"');
    expect(html).toContain('name="answer.chamber"');
    expect(html).toContain('name="answer.meal"');
    expect(html).toContain("Která komora?");
    expect(html).toContain('placeholder="HK Ústí"');
    expect(html).toContain("Vegetariánské");
    expect(html).toContain('lang="cs"');
    // No native required: a conditional required field would block the submit without JavaScript.
    expect(html).not.toMatch(/\srequired=""/);
    expect(html).toContain('aria-required="true"');
  });

  it("shows field errors translated into the renderer's locale", () => {
    expect(render("de", { chamber: "FIELD_REQUIRED" })).toContain("Bitte füllen Sie dieses Feld aus.");
    expect(render("cs", { chamber: "FIELD_REQUIRED" })).toContain("Vyplňte prosím toto pole.");
  });
});
