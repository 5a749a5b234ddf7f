import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Häufige Fragen",
    lead: "Antworten auf die wichtigsten Fragen zu PartnerNet – von der Anmeldung über das Firmenprofil bis zu Veranstaltungen. Ihre Frage ist nicht dabei? Schreiben Sie uns an {operatorEmail}.",
    sections: [
      {
        heading: "Allgemeines",
        faq: [
          {
            question: "Wer kann PartnerNet nutzen, und was kostet es?",
            answer: "PartnerNet richtet sich an Unternehmen, Kammern, Verbände und andere Organisationen im sächsisch-tschechischen Grenzraum. Die Nutzung ist kostenlos. Ohne Anmeldung können Sie Firmen, Angebote und Gesuche suchen sowie Veranstaltungen und Neuigkeiten ansehen. Für Kontaktdaten, ein eigenes Firmenprofil, eigene Angebote und Gesuche und die Anmeldung zu Veranstaltungen brauchen Sie einen kostenlosen Account.",
          },
          {
            question: "In welchen Sprachen ist PartnerNet verfügbar?",
            answer: "Die gesamte Plattform ist auf Deutsch und Tschechisch verfügbar. Über die Sprachauswahl wechseln Sie jederzeit die Sprache; Ihre Wahl wird in einem Cookie für 365 Tage gespeichert. Firmenbeschreibungen, Angebote, Gesuche, Veranstaltungen und Neuigkeiten erscheinen in der Sprache, in der sie verfasst wurden. Die Branchenbezeichnungen (NACE) gibt es in beiden Sprachen, sodass Sie Unternehmen auch finden, wenn diese ihr Profil in der anderen Sprache angelegt haben.",
          },
          {
            question: "Warum sehe ich Kontaktdaten erst nach der Anmeldung?",
            answer: "Telefonnummern, E-Mail-Adressen und Ansprechpersonen sollen der Anbahnung von Geschäftskontakten dienen – nicht Adresssammlern und Spam-Versendern. Deshalb zeigen wir sie nur angemeldeten Nutzerinnen und Nutzern. Die Registrierung ist kostenlos und in wenigen Minuten erledigt. Ansprechpersonen werden außerdem nur veröffentlicht, wenn sie eingewilligt haben.",
          },
        ],
      },
      {
        heading: "Registrierung und Anmeldung",
        faq: [
          {
            question: "Wie registriere ich mich?",
            answer: "Wählen Sie „Registrieren“, geben Sie Ihren Namen und Ihre E-Mail-Adresse ein und akzeptieren Sie die Nutzungsbedingungen und die Datenschutzerklärung. Sie erhalten eine E-Mail mit einem Bestätigungslink, der nur begrenzte Zeit gültig ist. Sobald Sie ihn aufgerufen haben, ist Ihr Account aktiv und Sie können sich anmelden. Neue Accounts erhalten automatisch die Rolle „Organisation“.",
          },
          {
            question: "Passwort vergessen oder Probleme bei der Anmeldung – wie melde ich mich an?",
            answer: "PartnerNet arbeitet ohne Passwörter. Geben Sie auf der Anmeldeseite Ihre E-Mail-Adresse ein; wir senden Ihnen einen einmaligen Anmeldecode, den Sie im nächsten Schritt eingeben. Ein Passwort, das Sie vergessen könnten, gibt es also nicht – fordern Sie einfach einen neuen Code an, frühestens nach 2 Minuten. Es gilt immer nur der zuletzt gesendete Code. Kommt keine E-Mail an, prüfen Sie bitte Ihren Spam-Ordner und die Schreibweise der Adresse. Hilft das nicht, wenden Sie sich an {operatorEmail}.",
          },
          {
            question: "Kann ich mich auch ohne E-Mail-Code anmelden?",
            answer: "Wenn auf der Anmeldeseite zusätzlich ein externer Anmeldedienst (OpenID Connect) angeboten wird, können Sie sich auch darüber anmelden. Sie werden dann zu diesem Dienst weitergeleitet und kehren nach erfolgreicher Anmeldung zu PartnerNet zurück. Die Anmeldung mit E-Mail-Adresse und Einmalcode steht Ihnen unabhängig davon immer zur Verfügung.",
          },
          {
            question: "Wie lange bleibe ich angemeldet?",
            answer: "Eine Sitzung dauert 8 Stunden. Danach – oder wenn Sie sich vorher abmelden – melden Sie sich einfach erneut mit einem neuen Code an. Auf gemeinsam genutzten Computern melden Sie sich bitte nach der Nutzung ab.",
          },
          {
            question: "Wie lösche ich meinen Account?",
            answer: "Unter „Mein Account“ können Sie Ihren Account selbst löschen; zur Bestätigung geben Sie Ihre E-Mail-Adresse erneut ein. Die Löschung ist endgültig und kann nicht rückgängig gemacht werden. Das Firmenprofil Ihres Unternehmens bleibt bestehen, denn es gehört zum Unternehmen und nicht zu Ihrem persönlichen Account. Möchten Sie, dass auch das Firmenprofil gelöscht wird oder Sie nicht mehr als Ansprechperson genannt werden, schreiben Sie uns an {operatorEmail}.",
          },
        ],
      },
      {
        heading: "Firmenprofil",
        faq: [
          {
            question: "Wie lege ich ein Firmenprofil an oder verknüpfe meinen Account mit einem bestehenden Profil?",
            answer: "Melden Sie sich an und prüfen Sie zuerst über die Suche, ob Ihr Unternehmen schon eingetragen ist – manche Profile hat das PartnerNet-Team bereits angelegt. Gibt es das Profil schon, beantragen Sie die Verknüpfung mit Ihrem Account; ein Admin prüft den Antrag und bestätigt ihn. Andernfalls legen Sie ein neues Firmenprofil an. Neue Profile werden vom Team geprüft, bevor sie veröffentlicht werden.",
          },
          {
            question: "Ein Firmenprofil enthält falsche Angaben. Wie melde ich das?",
            answer: "Auf jeder Firmenseite finden Sie eine Funktion, mit der Sie einen Fehler melden können. Beschreiben Sie kurz, welche Angabe nicht stimmt und wie sie richtig lautet. Das PartnerNet-Team prüft die Meldung, klärt sie bei Bedarf mit dem Unternehmen und lässt das Profil korrigieren. Betrifft der Fehler Ihr eigenes Unternehmen und ist Ihr Account mit dem Profil verknüpft, können Sie die Angaben auch direkt selbst ändern.",
          },
        ],
      },
      {
        heading: "Suche, Angebote und Gesuche",
        faq: [
          {
            question: "Wie finde ich passende Unternehmen?",
            answer: "In der Suche können Sie Firmen sowie Angebote und Gesuche nach Branche (NACE-Code), nach Schlagwörtern und nach Entfernung zu einem Ort oder einer Postleitzahl filtern – auf beiden Seiten der Grenze. Die Suche ist ohne Anmeldung möglich; die Kontaktdaten der gefundenen Unternehmen sehen Sie, sobald Sie angemeldet sind.",
          },
          {
            question: "Was sind Angebote und Gesuche, und wie lange bleiben sie sichtbar?",
            answer: "Mit Angeboten und Gesuchen zeigt Ihr Unternehmen, welche Leistungen es anbietet oder sucht, zum Beispiel Lohnfertigung, Transportkapazitäten oder Übersetzungen. Sie erscheinen im Firmenprofil und in der Suche. Voraussetzung ist ein mit Ihrem Account verknüpftes Firmenprofil. Beim Anlegen wählen Sie eine Laufzeit von 30, 60, 90 oder 180 Tagen. In den letzten 7 Tagen vor Ablauf können Sie die Anzeige um 30 Tage verlängern, danach wird sie nicht mehr angezeigt.",
          },
        ],
      },
      {
        heading: "Veranstaltungen",
        faq: [
          {
            question: "Wie melde ich mich zu einer Veranstaltung an?",
            answer: "Veranstaltungen können Sie ohne Anmeldung ansehen. Für die Teilnahme brauchen Sie einen Account und ein damit verknüpftes Firmenprofil, denn Sie melden sich im Namen Ihres Unternehmens an. Öffnen Sie die Veranstaltung und melden Sie sich direkt dort an; Ihre Anmeldungen finden Sie unter „Meine Veranstaltungen“. Bei Veranstaltungen mit B2B-Matchmaking bringt der Veranstalter passende Teilnehmende zu vorbereiteten Einzelgesprächen zusammen.",
          },
        ],
      },
      {
        heading: "Multiplikatoren",
        faq: [
          {
            question: "Wie werde ich Multiplikator?",
            answer: "Multiplikatoren sind zum Beispiel Kammern, Verbände, Wirtschaftsförderungen oder Netzwerke, die auf PartnerNet eigene Veranstaltungen und Neuigkeiten veröffentlichen. Voraussetzung ist ein Account, der mit dem Profil Ihrer Organisation verknüpft ist. Die Rolle „Multiplikator“ beantragen Sie unter „Mein Account“; ein Admin prüft den Antrag und schaltet die Rolle frei. Mehr dazu lesen Sie auf der Seite „Für Multiplikatoren“.",
          },
        ],
      },
      {
        heading: "Hilfe und Kontakt",
        faq: [
          {
            question: "An wen wende ich mich bei weiteren Fragen?",
            answer: "Das PartnerNet-Team von {operatorName} hilft Ihnen gern weiter: per E-Mail an {operatorEmail} oder telefonisch unter {operatorPhone}.",
          },
        ],
      },
    ],
  },
  cs: {
    title: "Časté dotazy",
    lead: "Odpovědi na nejdůležitější otázky k platformě PartnerNet – od přihlášení přes firemní profil až po akce. Nenašli jste odpověď na svou otázku? Napište nám na {operatorEmail}.",
    sections: [
      {
        heading: "Obecné",
        faq: [
          {
            question: "Kdo může PartnerNet používat a kolik to stojí?",
            answer: "PartnerNet je určen firmám, hospodářským komorám, svazům a dalším organizacím v česko-saském příhraničí. Používání je zdarma. Bez přihlášení můžete vyhledávat firmy, nabídky a poptávky a prohlížet akce a novinky. Pro zobrazení kontaktních údajů, vlastní firemní profil, zveřejňování nabídek a poptávek a registraci na akce potřebujete bezplatný účet.",
          },
          {
            question: "V jakých jazycích je PartnerNet k dispozici?",
            answer: "Celá platforma je k dispozici v češtině a němčině. Jazyk můžete kdykoli přepnout v nabídce jazyků; vaši volbu si uložíme do cookie na 365 dní. Popisy firem, nabídky, poptávky, akce a novinky se zobrazují v jazyce, ve kterém byly napsány. Názvy oborů (NACE) jsou v obou jazycích, takže najdete i firmy, které svůj profil vytvořily v druhém jazyce.",
          },
          {
            question: "Proč vidím kontaktní údaje až po přihlášení?",
            answer: "Telefonní čísla, e-mailové adresy a kontaktní osoby mají sloužit k navazování obchodních kontaktů – ne sběračům adres a rozesílatelům spamu. Proto je zobrazujeme jen přihlášeným uživatelům. Registrace je zdarma a zabere jen pár minut. Kontaktní osoby navíc zveřejňujeme pouze s jejich souhlasem.",
          },
        ],
      },
      {
        heading: "Registrace a přihlášení",
        faq: [
          {
            question: "Jak se zaregistruji?",
            answer: "Zvolte „Registrace“, zadejte své jméno a e-mailovou adresu a potvrďte souhlas s podmínkami užití a se zásadami ochrany osobních údajů. Obdržíte e-mail s ověřovacím odkazem, který platí jen omezenou dobu. Jakmile na něj kliknete, je váš účet aktivní a můžete se přihlásit. Nové účty automaticky dostávají roli „Organizace“.",
          },
          {
            question: "Zapomenuté heslo nebo potíže s přihlášením – jak se přihlásit?",
            answer: "PartnerNet hesla nepoužívá. Na přihlašovací stránce zadejte svou e-mailovou adresu; pošleme vám jednorázový přihlašovací kód, který zadáte v dalším kroku. Žádné heslo, které byste mohli zapomenout, tedy nemáte – stačí si vyžádat nový kód, nejdříve po 2 minutách. Platí vždy jen naposledy zaslaný kód. Pokud e-mail nepřichází, zkontrolujte složku se spamem a správnost zadané adresy. Když ani to nepomůže, obraťte se na {operatorEmail}.",
          },
          {
            question: "Mohu se přihlásit i bez kódu z e-mailu?",
            answer: "Pokud je na přihlašovací stránce nabízena i externí přihlašovací služba (OpenID Connect), můžete se přihlásit také přes ni. Budete přesměrováni na tuto službu a po úspěšném přihlášení se vrátíte zpět do PartnerNetu. Přihlášení e-mailovou adresou a jednorázovým kódem máte k dispozici vždy.",
          },
          {
            question: "Jak dlouho platí přihlášení?",
            answer: "Přihlášení platí 8 hodin. Poté – nebo pokud se odhlásíte dříve – se jednoduše znovu přihlásíte novým kódem. Na sdílených počítačích se po skončení práce prosím vždy odhlaste.",
          },
          {
            question: "Jak zruším svůj účet?",
            answer: "Účet můžete sami zrušit na stránce „Můj účet“; pro potvrzení znovu zadáte svou e-mailovou adresu. Zrušení je definitivní a nelze ho vrátit zpět. Firemní profil vaší firmy zůstane zachován, protože patří firmě, a ne vašemu osobnímu účtu. Pokud má být smazán i firemní profil nebo už nechcete být uváděni jako kontaktní osoba, napište nám na {operatorEmail}.",
          },
        ],
      },
      {
        heading: "Firemní profil",
        faq: [
          {
            question: "Jak vytvořím firemní profil nebo propojím svůj účet s existujícím profilem?",
            answer: "Přihlaste se a nejprve si ve vyhledávání ověřte, zda už vaše firma v adresáři není – některé profily už založil tým PartnerNetu. Pokud profil existuje, požádejte o jeho propojení se svým účtem; žádost posoudí a potvrdí administrátor. Jinak založte nový firemní profil. Nové profily před zveřejněním kontroluje náš tým.",
          },
          {
            question: "Firemní profil obsahuje chybné údaje. Jak to nahlásím?",
            answer: "Na stránce každé firmy najdete funkci pro nahlášení chyby. Stručně popište, který údaj nesedí a jak má správně znít. Tým PartnerNetu hlášení prověří, v případě potřeby ho vyjasní s firmou a zajistí opravu profilu. Týká-li se chyba vaší vlastní firmy a je-li váš účet s profilem propojený, můžete údaje opravit rovnou sami.",
          },
        ],
      },
      {
        heading: "Vyhledávání, nabídky a poptávky",
        faq: [
          {
            question: "Jak najdu vhodné firmy?",
            answer: "Ve vyhledávání můžete firmy, nabídky a poptávky filtrovat podle oboru (kód NACE), klíčových slov a vzdálenosti od zvoleného místa nebo PSČ – na obou stranách hranice. Vyhledávat můžete i bez přihlášení; kontaktní údaje nalezených firem uvidíte, jakmile se přihlásíte.",
          },
          {
            question: "Co jsou nabídky a poptávky a jak dlouho jsou vidět?",
            answer: "V nabídkách a poptávkách vaše firma ukazuje, jaké služby nebo výrobky nabízí či hledá, například zakázkovou výrobu, přepravní kapacity nebo překlady. Zobrazují se ve firemním profilu a ve vyhledávání. Podmínkou je firemní profil propojený s vaším účtem. Při zadání zvolíte dobu platnosti 30, 60, 90 nebo 180 dní. Během posledních 7 dní před vypršením můžete inzerát prodloužit o 30 dní, jinak se poté přestane zobrazovat.",
          },
        ],
      },
      {
        heading: "Akce",
        faq: [
          {
            question: "Jak se zaregistruji na akci?",
            answer: "Akce si můžete prohlížet i bez přihlášení. K účasti potřebujete účet a s ním propojený firemní profil, protože se registrujete jménem své firmy. Otevřete detail akce a zaregistrujte se přímo tam; své registrace najdete v sekci „Moje akce“. Na akcích s B2B matchmakingem pořadatel propojuje vhodné účastníky a domlouvá jim předem připravená individuální jednání.",
          },
        ],
      },
      {
        heading: "Multiplikátoři",
        faq: [
          {
            question: "Jak se stanu multiplikátorem?",
            answer: "Multiplikátoři jsou například hospodářské komory, svazy, agentury pro podporu podnikání nebo sítě, které na PartnerNetu zveřejňují vlastní akce a novinky. Podmínkou je účet propojený s profilem vaší organizace. O roli „Multiplikátor“ požádáte na stránce „Můj účet“; žádost posoudí administrátor a roli vám přidělí. Více informací najdete na stránce „Pro multiplikátory“.",
          },
        ],
      },
      {
        heading: "Pomoc a kontakt",
        faq: [
          {
            question: "Na koho se mohu obrátit s dalšími dotazy?",
            answer: "Tým PartnerNetu z organizace {operatorName} vám rád pomůže: e-mailem na {operatorEmail} nebo telefonicky na čísle {operatorPhone}.",
          },
        ],
      },
    ],
  },
};
