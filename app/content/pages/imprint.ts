import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Impressum",
    lead: "Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)",
    sections: [
      {
        heading: "Anbieter und Betreiber",
        paragraphs: ["{operatorName}", "{operatorAddress}"],
      },
      {
        heading: "Vertreten durch",
        paragraphs: ["{operatorRepresentative}"],
      },
      {
        heading: "Kontakt",
        paragraphs: ["Telefon: {operatorPhone}", "E-Mail: {operatorEmail}"],
      },
      {
        heading: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
        paragraphs: ["{operatorRepresentative}, {operatorAddress}"],
      },
      {
        heading: "Inhalte der Nutzerinnen und Nutzer",
        paragraphs: [
          "Firmenprofile, Angebote und Gesuche werden von den jeweiligen Unternehmen eingestellt, Veranstaltungen und Neuigkeiten von den jeweiligen Multiplikatoren. Für diese Inhalte sind die jeweiligen Verfasser verantwortlich. Der Betreiber prüft neue Firmenprofile vor der Veröffentlichung, macht sich die Inhalte aber nicht zu eigen.",
          "Hinweise auf fehlerhafte oder rechtswidrige Inhalte nehmen wir unter {operatorEmail} entgegen. Fehler in Firmenprofilen können Sie auch direkt über die Meldefunktion auf der jeweiligen Firmenseite melden.",
        ],
      },
      {
        heading: "Links zu externen Websites",
        paragraphs: [
          "PartnerNet enthält Links zu Websites Dritter, etwa zu den Internetauftritten der eingetragenen Unternehmen. Auf deren Inhalte haben wir keinen Einfluss; verantwortlich ist der jeweilige Anbieter. Zum Zeitpunkt der Verlinkung waren keine Rechtsverstöße erkennbar. Werden uns Rechtsverletzungen bekannt, entfernen wir die betreffenden Links umgehend.",
        ],
      },
      {
        heading: "Datenquellen und Lizenzen",
        items: [
          "Kartendaten: © OpenStreetMap-Mitwirkende, lizenziert unter der Open Database License (ODbL), https://www.openstreetmap.org/copyright",
          "Postleitzahlen und Ortsdaten: GeoNames, https://www.geonames.org, lizenziert unter Creative Commons Namensnennung 4.0 (CC BY 4.0)",
          "Branchenbezeichnungen (NACE Rev. 2): Klassifikation der Wirtschaftszweige, Ausgabe 2008 (WZ 2008), Quelle: Statistisches Bundesamt (Destatis); Klasifikace ekonomických činností (CZ-NACE), Quelle: Český statistický úřad (ČSÚ)",
        ],
      },
    ],
  },
  cs: {
    title: "Tiráž",
    lead: "Údaje podle § 5 německého zákona o digitálních službách (Digitale-Dienste-Gesetz, DDG)",
    sections: [
      {
        heading: "Poskytovatel a provozovatel",
        paragraphs: ["{operatorName}", "{operatorAddress}"],
      },
      {
        heading: "Oprávněný zástupce",
        paragraphs: ["{operatorRepresentative}"],
      },
      {
        heading: "Kontakt",
        paragraphs: ["Telefon: {operatorPhone}", "E-mail: {operatorEmail}"],
      },
      {
        heading: "Odpovědná osoba za obsah podle § 18 odst. 2 německé Státní smlouvy o médiích (MStV)",
        paragraphs: ["{operatorRepresentative}, {operatorAddress}"],
      },
      {
        heading: "Obsah vkládaný uživateli",
        paragraphs: [
          "Firemní profily, nabídky a poptávky vkládají příslušné firmy, akce a novinky příslušní multiplikátoři. Za tento obsah odpovídají jeho autoři. Provozovatel nové firemní profily před zveřejněním kontroluje, jejich obsah si však nepřisvojuje.",
          "Upozornění na chybný nebo protiprávní obsah přijímáme na adrese {operatorEmail}. Chyby ve firemních profilech můžete nahlásit také přímo pomocí funkce pro nahlášení chyby na stránce příslušné firmy.",
        ],
      },
      {
        heading: "Odkazy na externí webové stránky",
        paragraphs: [
          "PartnerNet obsahuje odkazy na webové stránky třetích stran, například na weby zapsaných firem. Na jejich obsah nemáme vliv; odpovídá za něj vždy jejich provozovatel. V okamžiku vložení odkazu nebylo zřejmé žádné porušení práva. Pokud se o porušení práva dozvíme, příslušné odkazy neprodleně odstraníme.",
        ],
      },
      {
        heading: "Zdroje dat a licence",
        items: [
          "Mapová data: © přispěvatelé OpenStreetMap, licence Open Database License (ODbL), https://www.openstreetmap.org/copyright",
          "PSČ a údaje o obcích: GeoNames, https://www.geonames.org, licence Creative Commons Uveďte původ 4.0 (CC BY 4.0)",
          "Názvy oborů (NACE Rev. 2): Klasifikace ekonomických činností (CZ-NACE), zdroj: Český statistický úřad (ČSÚ); Klassifikation der Wirtschaftszweige, Ausgabe 2008 (WZ 2008), zdroj: Statistisches Bundesamt (Destatis)",
        ],
      },
    ],
  },
};
