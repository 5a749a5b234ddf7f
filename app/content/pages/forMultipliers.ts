import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Für Multiplikatoren",
    lead: "Kammern, Verbände, Wirtschaftsförderungen, Cluster und Netzwerke erreichen über PartnerNet Unternehmen auf beiden Seiten der Grenze. Als Multiplikator veröffentlichen Sie Ihre Veranstaltungen und Neuigkeiten direkt auf der Plattform – kostenlos.",
    sections: [
      {
        heading: "Wer ist Multiplikator?",
        paragraphs: [
          "Multiplikatoren sind Organisationen, die Unternehmen im sächsisch-tschechischen Grenzraum informieren, beraten und vernetzen – zum Beispiel Industrie- und Handelskammern, Handwerkskammern, die tschechischen Wirtschaftskammern, Branchenverbände, Cluster, Wirtschaftsförderungen, Hochschulen oder Kommunen.",
          "Die Rolle „Multiplikator“ ergänzt die Standardrolle „Organisation“: Sie behalten alle Funktionen eines normalen Accounts und erhalten zusätzlich Zugang zu einem Verwaltungsbereich für Veranstaltungen und Neuigkeiten.",
        ],
      },
      {
        heading: "Ihre Vorteile",
        items: [
          "Reichweite: Ihre Veranstaltungen und Neuigkeiten erscheinen dort, wo Unternehmen aus beiden Ländern nach Partnern suchen.",
          "Anmeldungen an einem Ort: Unternehmen melden sich über die Plattform an, Teilnahmelisten und Auswertungen finden Sie im Verwaltungsbereich.",
          "B2B-Matchmaking: Für Kooperationsbörsen planen Sie Einzelgespräche zwischen den teilnehmenden Unternehmen.",
          "Zweisprachige Plattform: Die Oberfläche steht auf Deutsch und Tschechisch bereit, so erreichen Ihre Inhalte auch das Publikum im Nachbarland.",
          "Kostenlos: Auch für Multiplikatoren fallen keine Gebühren an.",
        ],
      },
      {
        heading: "So werden Sie Multiplikator",
        paragraphs: [
          "Voraussetzung ist ein Account, der mit dem Profil Ihrer Organisation verknüpft ist. Die Rolle schaltet ein Admin von PartnerNet frei.",
        ],
        items: [
          "Registrieren Sie sich und bestätigen Sie Ihre E-Mail-Adresse über den zugesandten Link.",
          "Legen Sie ein Profil für Ihre Organisation an oder verknüpfen Sie Ihren Account mit dem bestehenden Profil.",
          "Beantragen Sie unter „Mein Account“ die Rolle „Multiplikator“.",
          "Ein Admin prüft Ihren Antrag und schaltet die Rolle frei.",
          "Danach finden Sie in Ihrem Account-Menü den Verwaltungsbereich für Veranstaltungen und Neuigkeiten.",
        ],
      },
      {
        heading: "Veranstaltungen veröffentlichen",
        items: [
          "Legen Sie im Verwaltungsbereich eine neue Veranstaltung an: Titel, Datum, Ort und Beschreibung.",
          "Legen Sie fest, ob ein B2B-Matchmaking stattfinden soll.",
          "Nach der Veröffentlichung können sich Unternehmen mit Firmenprofil direkt über PartnerNet anmelden.",
          "Teilnahmeliste, Planung der B2B-Gespräche und Auswertung finden Sie bei der jeweiligen Veranstaltung im Verwaltungsbereich.",
        ],
      },
      {
        heading: "Neuigkeiten veröffentlichen",
        paragraphs: [
          "Mit Neuigkeiten informieren Sie die Unternehmen der Region zum Beispiel über Förderprogramme, Ausschreibungen, Gemeinschaftsstände auf Messen oder die Ergebnisse Ihrer Veranstaltungen. Neuigkeiten sind öffentlich sichtbar und erscheinen in der Nachrichtenübersicht von PartnerNet.",
        ],
      },
      {
        heading: "Verantwortung für Inhalte",
        paragraphs: [
          "Für die von Ihnen veröffentlichten Veranstaltungen und Neuigkeiten sind Sie verantwortlich. Achten Sie auf korrekte Angaben, auf die Rechte an Bildern und Logos und auf den Datenschutz: Teilnahmelisten dürfen nur für die Durchführung der jeweiligen Veranstaltung genutzt werden. Inhalte, die gegen die Nutzungsbedingungen verstoßen, kann das PartnerNet-Team deaktivieren.",
        ],
      },
    ],
  },
  cs: {
    title: "Pro multiplikátory",
    lead: "Hospodářské komory, svazy, agentury pro podporu podnikání, klastry a sítě oslovují přes PartnerNet firmy na obou stranách hranice. Jako multiplikátor zveřejňujete své akce a novinky přímo na platformě – zdarma.",
    sections: [
      {
        heading: "Kdo je multiplikátor?",
        paragraphs: [
          "Multiplikátoři jsou organizace, které firmy v česko-saském příhraničí informují, poskytují jim poradenství a propojují je – například hospodářské komory, německé obchodní a řemeslné komory (IHK a HWK), oborové svazy, klastry, agentury pro podporu podnikání, vysoké školy nebo obce.",
          "Role „Multiplikátor“ rozšiřuje základní roli „Organizace“: zachováte si všechny funkce běžného účtu a navíc získáte přístup do administrace akcí a novinek.",
        ],
      },
      {
        heading: "Co vám role přinese",
        items: [
          "Dosah: vaše akce a novinky se zobrazují tam, kde firmy z obou zemí hledají partnery.",
          "Registrace na jednom místě: firmy se registrují přes platformu, seznamy účastníků a vyhodnocení najdete v administraci.",
          "B2B matchmaking: pro kooperační burzy naplánujete individuální jednání mezi zúčastněnými firmami.",
          "Dvojjazyčná platforma: prostředí je k dispozici česky a německy, takže váš obsah osloví i publikum v sousední zemi.",
          "Zdarma: ani multiplikátoři za používání platformy nic neplatí.",
        ],
      },
      {
        heading: "Jak se stát multiplikátorem",
        paragraphs: [
          "Podmínkou je účet propojený s profilem vaší organizace. Roli přiděluje administrátor PartnerNetu.",
        ],
        items: [
          "Zaregistrujte se a potvrďte svou e-mailovou adresu pomocí zaslaného odkazu.",
          "Založte profil své organizace nebo propojte svůj účet s existujícím profilem.",
          "Na stránce „Můj účet“ požádejte o roli „Multiplikátor“.",
          "Administrátor vaši žádost posoudí a roli vám přidělí.",
          "Poté najdete v nabídce svého účtu administraci akcí a novinek.",
        ],
      },
      {
        heading: "Zveřejňování akcí",
        items: [
          "V administraci vytvořte novou akci: název, datum, místo a popis.",
          "Určete, zda bude součástí akce B2B matchmaking.",
          "Po zveřejnění se mohou firmy s firemním profilem registrovat přímo přes PartnerNet.",
          "Seznam účastníků, plánování B2B jednání a vyhodnocení najdete u příslušné akce v administraci.",
        ],
      },
      {
        heading: "Zveřejňování novinek",
        paragraphs: [
          "V novinkách můžete firmy v regionu informovat například o dotačních programech, veřejných zakázkách, společných expozicích na veletrzích nebo o výsledcích vašich akcí. Novinky jsou veřejně přístupné a zobrazují se v přehledu novinek na PartnerNetu.",
        ],
      },
      {
        heading: "Odpovědnost za obsah",
        paragraphs: [
          "Za akce a novinky, které zveřejníte, odpovídáte vy. Dbejte na správnost údajů, na práva k obrázkům a logům a na ochranu osobních údajů: seznamy účastníků smíte používat jen pro účely konání dané akce. Obsah, který porušuje podmínky užití, může tým PartnerNetu deaktivovat.",
        ],
      },
    ],
  },
};
