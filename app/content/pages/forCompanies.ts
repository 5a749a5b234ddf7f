import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Für Unternehmen",
    lead: "Neue Lieferanten, Kunden und Kooperationspartner jenseits der Grenze finden – kostenlos und ohne Sprachbarriere. So nutzen Sie PartnerNet für Ihr Unternehmen.",
    sections: [
      {
        heading: "Ihre Vorteile",
        items: [
          "Sichtbar im Nachbarland: Ihr Firmenprofil ist für Unternehmen auf beiden Seiten der Grenze auffindbar – nach Branche, Schlagwörtern und Entfernung.",
          "Gezielt anbieten und suchen: Mit Angeboten und Gesuchen zeigen Sie freie Kapazitäten oder konkreten Bedarf, etwa in Fertigung, Logistik oder bei Dienstleistungen.",
          "Zweisprachig von Anfang an: Oberfläche und Branchenbezeichnungen (NACE) stehen auf Deutsch und Tschechisch bereit.",
          "Geprüfte Einträge: Neue Firmenprofile werden vom PartnerNet-Team geprüft, Kontaktdaten sehen nur angemeldete Nutzer.",
          "Persönlich kennenlernen: Veranstaltungen und B2B-Matchmaking in der Grenzregion, Anmeldung direkt über die Plattform.",
          "Kostenlos: Für Unternehmen fallen keine Gebühren an.",
        ],
      },
      {
        heading: "In fünf Schritten zum Firmenprofil",
        paragraphs: [
          "Ein Firmenprofil ist schnell angelegt. Halten Sie am besten Anschrift, Branche, eine kurze Beschreibung Ihrer Leistungen und gegebenenfalls Ihr Logo bereit.",
        ],
        items: [
          "Registrieren Sie sich mit Ihrem Namen und Ihrer geschäftlichen E-Mail-Adresse und bestätigen Sie den Link, den wir Ihnen per E-Mail senden.",
          "Melden Sie sich mit Ihrer E-Mail-Adresse und dem zugesandten Einmalcode an – ein Passwort brauchen Sie nicht.",
          "Prüfen Sie über die Suche, ob Ihr Unternehmen bereits eingetragen ist. Wenn ja, beantragen Sie die Verknüpfung Ihres Accounts mit diesem Profil; ein Admin bestätigt sie.",
          "Wenn nicht, legen Sie ein neues Firmenprofil an: Name, Anschrift, Branche (NACE), Schlagwörter, Beschreibung und Kontaktdaten.",
          "Nach der Prüfung durch das PartnerNet-Team wird Ihr Profil veröffentlicht und ist in der Suche zu finden.",
        ],
      },
      {
        heading: "Angebote und Gesuche veröffentlichen",
        paragraphs: [
          "Angebote und Gesuche sind kurze Anzeigen zu einem konkreten Thema, zum Beispiel „Freie Kapazitäten für CNC-Fräsen“ oder „Spedition für Teilladungen nach Liberec gesucht“. Sie erscheinen in Ihrem Firmenprofil und in der Suche und sind befristet, damit die Inhalte aktuell bleiben.",
        ],
        items: [
          "Öffnen Sie Ihr Firmenprofil und legen Sie ein neues Angebot oder Gesuch an.",
          "Beschreiben Sie Leistung oder Bedarf möglichst konkret und ordnen Sie Branche und Schlagwörter zu.",
          "Wählen Sie eine Laufzeit von 30, 60, 90 oder 180 Tagen.",
          "In den letzten 7 Tagen vor Ablauf können Sie die Anzeige um 30 Tage verlängern.",
        ],
      },
      {
        heading: "Veranstaltungen und B2B-Matchmaking",
        paragraphs: [
          "Kammern, Verbände und andere Multiplikatoren veröffentlichen auf PartnerNet Veranstaltungen in der Grenzregion – vom Fachforum bis zur Kooperationsbörse. Mit einem Firmenprofil melden Sie Ihr Unternehmen direkt über die Plattform an und finden Ihre Anmeldungen unter „Meine Veranstaltungen“. Bei Veranstaltungen mit B2B-Matchmaking führen Sie vorbereitete Einzelgespräche mit passenden Unternehmen aus dem Nachbarland.",
        ],
      },
      {
        heading: "Tipps für ein gutes Profil",
        items: [
          "Beschreiben Sie Ihre Leistungen konkret: Produkte, Verfahren, Werkstoffe, Zertifizierungen, Kapazitäten.",
          "Schreiben Sie so, dass auch Leser mit einer anderen Muttersprache Sie verstehen: kurze Sätze, gängige Fachbegriffe, keine internen Abkürzungen.",
          "Wählen Sie die passenden NACE-Branchen und ergänzen Sie aussagekräftige Schlagwörter.",
          "Nennen Sie eine erreichbare Ansprechperson – aber nur mit deren Einwilligung.",
          "Verwenden Sie nur Logos und Bilder, an denen Sie die Rechte haben.",
          "Halten Sie Ihre Angaben aktuell; Änderungen können Sie jederzeit selbst vornehmen.",
        ],
      },
    ],
  },
  cs: {
    title: "Pro firmy",
    lead: "Najděte nové dodavatele, zákazníky a partnery za hranicí – zdarma a bez jazykové bariéry. Takto můžete PartnerNet využít pro svou firmu.",
    sections: [
      {
        heading: "Co vám PartnerNet přinese",
        items: [
          "Viditelnost v sousední zemi: váš firemní profil najdou firmy na obou stranách hranice – podle oboru, klíčových slov i vzdálenosti.",
          "Cílené nabídky a poptávky: ukažte volné kapacity nebo konkrétní potřebu, například ve výrobě, logistice nebo službách.",
          "Dvojjazyčnost od začátku: prostředí platformy i názvy oborů (NACE) jsou k dispozici česky a německy.",
          "Prověřené záznamy: nové firemní profily kontroluje tým PartnerNetu a kontaktní údaje vidí jen přihlášení uživatelé.",
          "Osobní setkání: akce a B2B matchmaking v příhraničí s registrací přímo přes platformu.",
          "Zdarma: firmy za používání platformy nic neplatí.",
        ],
      },
      {
        heading: "Firemní profil v pěti krocích",
        paragraphs: [
          "Firemní profil založíte rychle. Připravte si adresu, obor činnosti, krátký popis vašich produktů a služeb a případně logo.",
        ],
        items: [
          "Zaregistrujte se svým jménem a pracovní e-mailovou adresou a potvrďte odkaz, který vám pošleme e-mailem.",
          "Přihlaste se e-mailovou adresou a jednorázovým kódem, který vám přijde e-mailem – heslo nepotřebujete.",
          "Ve vyhledávání si ověřte, zda už vaše firma v adresáři není. Pokud ano, požádejte o propojení svého účtu s tímto profilem; propojení potvrdí administrátor.",
          "Pokud ne, založte nový firemní profil: název, adresa, obor (NACE), klíčová slova, popis a kontaktní údaje.",
          "Jakmile profil zkontroluje tým PartnerNetu, bude zveřejněn a objeví se ve vyhledávání.",
        ],
      },
      {
        heading: "Zveřejňování nabídek a poptávek",
        paragraphs: [
          "Nabídky a poptávky jsou krátké inzeráty ke konkrétnímu tématu, například „Volné kapacity na CNC frézování“ nebo „Hledáme dopravce pro kusové zásilky do Drážďan“. Zobrazují se ve vašem firemním profilu a ve vyhledávání a mají omezenou platnost, aby obsah zůstával aktuální.",
        ],
        items: [
          "Otevřete svůj firemní profil a vytvořte novou nabídku nebo poptávku.",
          "Popište službu nebo potřebu co nejkonkrétněji a přiřaďte obor a klíčová slova.",
          "Zvolte dobu platnosti 30, 60, 90 nebo 180 dní.",
          "Během posledních 7 dní před vypršením můžete inzerát prodloužit o 30 dní.",
        ],
      },
      {
        heading: "Akce a B2B matchmaking",
        paragraphs: [
          "Hospodářské komory, svazy a další multiplikátoři na PartnerNetu zveřejňují akce v příhraničí – od odborných fór až po kooperační burzy. S firemním profilem zaregistrujete svou firmu přímo přes platformu a své registrace najdete v sekci „Moje akce“. Na akcích s B2B matchmakingem vás čekají předem připravená individuální jednání s vhodnými firmami ze sousední země.",
        ],
      },
      {
        heading: "Tipy pro dobrý profil",
        items: [
          "Popište konkrétně, co nabízíte: výrobky, technologie, materiály, certifikace, kapacity.",
          "Pište tak, aby vám rozuměli i čtenáři s jiným mateřským jazykem: krátké věty, běžné odborné výrazy, žádné interní zkratky.",
          "Zvolte vhodné obory NACE a doplňte výstižná klíčová slova.",
          "Uveďte dosažitelnou kontaktní osobu – ovšem jen s jejím souhlasem.",
          "Používejte jen loga a obrázky, k nimž máte práva.",
          "Udržujte údaje aktuální; změny můžete kdykoli provést sami.",
        ],
      },
    ],
  },
};
