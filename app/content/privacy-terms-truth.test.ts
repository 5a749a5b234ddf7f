import { describe, expect, it } from "vitest";
import { isBuilt } from "~/routing/catalogue";
import { IGNORE_KEY } from "~/components/analytics/analytics-client";
import { CONTENT_PAGES, type ContentPage } from "./index";

/**
 * The privacy and terms pages describe only what the platform does (issue 19). While a feature's
 * page is still a placeholder in the route catalogue, neither page may mention it; once it is
 * built, its entry here goes and the pages say what it does with personal data.
 */
const UNBUILT_FEATURES: Array<{ page: string; phrases: RegExp }> = [];

const textOf = (page: ContentPage) =>
  [page.title, page.lead ?? "", ...page.sections.flatMap((s) => [s.heading ?? "", ...(s.paragraphs ?? []), ...(s.items ?? []), ...Object.values(s.analytics ?? {}).flat()])].join("\n");
const analyticsOf = (page: ContentPage) => page.sections.find((s) => s.analytics)!.analytics!;
const PAGES = (["privacy", "terms"] as const).flatMap((id) => (["de", "cs"] as const).map((locale) => ({ name: `${id}.${locale}`, text: textOf(CONTENT_PAGES[id][locale]) })));

describe("privacy and terms pages", () => {
  it("describe no feature that is not built yet", () => {
    for (const feature of UNBUILT_FEATURES.filter((f) => !isBuilt(f.page))) {
      for (const page of PAGES) expect(page.text, `${page.name} mentions ${feature.page}`).not.toMatch(feature.phrases);
    }
  });

  it("state in both languages what happens to personal data today", () => {
    const privacy = { de: textOf(CONTENT_PAGES.privacy.de), cs: textOf(CONTENT_PAGES.privacy.cs) };
    // Company deletion reversible for 30 days; invoices kept 10 years (§ 147 AO, § 35 zákon o DPH).
    expect(privacy.de).toMatch(/30 Tage lang[^.]*wiederhergestellt[^.]*endgültig gelöscht/);
    expect(privacy.cs).toMatch(/30 dní[^.]*obnovit[^.]*definitivně smazán/);
    for (const text of [privacy.de, privacy.cs]) {
      expect(text).toMatch(/10 (Jahre|let)/);
      expect(text).toContain("§ 147");
      expect(text).toContain("§ 35");
    }
    // Imports (issue 21): where the data comes from, the contact confirmation, curated fields kept; machine translation.
    expect(privacy.de).toMatch(/Firmendaten aus Tabellen \(Import\)[^"]*veröffentlicht werden dürfen[^"]*überschreibt ein späterer Import nicht/);
    expect(privacy.cs).toMatch(/Firemní údaje z tabulek \(import\)[^"]*smějí být zveřejněny[^"]*pozdější import nepřepíše/);
    expect(privacy.de).toMatch(/Maschinelle Übersetzung[^"]*Kontaktdaten, Accounts und Anmeldungen werden nicht übermittelt/);
    expect(privacy.cs).toMatch(/Strojový překlad[^"]*Kontaktní údaje, účty a registrace se nepředávají/);
    // Registrations outlive a deleted account, anonymised; e-mails to participants; private files.
    expect(privacy.de).toMatch(/Anmeldungen zu Veranstaltungen bleiben[^.]*anonymisiert/);
    expect(privacy.cs).toMatch(/registrace na akce[^.]*anonymizovaně/);
    expect(privacy.de).toContain("E-Mails an Teilnehmende");
    expect(privacy.cs).toContain("E-maily účastníkům");
    expect(privacy.de).toMatch(/Anhänge von E-Mails an Teilnehmende, Logos auf Rechnungen und auf Namensschildern –, sind nicht öffentlich/);
    expect(privacy.cs).toMatch(/přílohy e-mailů účastníkům, loga na fakturách a na jmenovkách –, veřejné nejsou/);
  });

  it("say per analytics mode what is counted, that no IP address is stored, and how to opt out (decision 035)", () => {
    for (const locale of ["de", "cs"] as const) {
      const analytics = analyticsOf(CONTENT_PAGES.privacy[locale]);
      const firstParty = analytics.firstParty.join("\n");
      expect(firstParty).toMatch(locale === "de" ? /IP-Adresse und Ihren Browser speichern wir dabei nicht/ : /IP adresu ani prohlížeč přitom neukládáme/);
      expect(firstParty).toMatch(/Do Not Track/);
      // The switch sets exactly the flag the page names (and Plausible's own script honours).
      for (const mode of ["firstParty", "plausible"] as const) expect(analytics[mode].join("\n")).toContain(`„${IGNORE_KEY}“`);
      expect(analytics.plausible.join("\n")).toContain("{analyticsHost}");
      expect(analytics.off.join("\n")).not.toContain(IGNORE_KEY);
    }
  });
});
