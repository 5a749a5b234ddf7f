import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Datenschutzerklärung",
    lead: "Wir nehmen den Schutz Ihrer personenbezogenen Daten ernst. Hier erfahren Sie, welche Daten PartnerNet verarbeitet, zu welchen Zwecken und auf welcher Rechtsgrundlage, wie lange wir sie speichern und welche Rechte Sie haben.",
    sections: [
      {
        heading: "1. Verantwortlicher",
        paragraphs: [
          "Verantwortlich für die Datenverarbeitung auf dieser Plattform im Sinne der Datenschutz-Grundverordnung (DSGVO) ist: {operatorName}, {operatorAddress}, vertreten durch {operatorRepresentative}, E-Mail: {operatorEmail}, Telefon: {operatorPhone}.",
          "Bei Fragen zum Datenschutz und zur Ausübung Ihrer Rechte können Sie sich jederzeit unter diesen Kontaktdaten an uns wenden.",
        ],
      },
      {
        heading: "2. Welche Daten wir verarbeiten",
        paragraphs: [
          "Wir verarbeiten nur Daten, die für den Betrieb der Plattform erforderlich sind oder die Sie uns selbst zur Verfügung stellen:",
        ],
        items: [
          "Accountdaten: Name, E-Mail-Adresse, Rolle (Organisation, Multiplikator oder Admin), bevorzugte Sprache, Zeitpunkt der Registrierung, der E-Mail-Bestätigung und der Zustimmung zu den Nutzungsbedingungen sowie gegebenenfalls die Kennung eines verknüpften externen Anmeldedienstes (OpenID Connect).",
          "Anmeldedaten: Bestätigungslinks, Einmalcodes und Sitzungen. Wir speichern davon nur kryptografische Prüfwerte, nicht die Codes selbst. Zur Abwehr von Missbrauch zählen wir Anmeldeversuche je E-Mail-Adresse und IP-Adresse.",
          "Firmenprofildaten: Firmenname, Anschrift, Branche, Schlagwörter, Beschreibung, Logo und Bilder, allgemeine Kontaktdaten, Angebote und Gesuche sowie die Verknüpfung zwischen Accounts und Firmenprofilen.",
          "Ansprechpersonen: Name, Funktion und dienstliche Kontaktdaten. Ansprechpersonen werden nur veröffentlicht, wenn die betreffende Person eingewilligt hat, und nur angemeldeten Nutzern angezeigt.",
          "Veranstaltungsdaten: Anmeldungen zu Veranstaltungen mit den Antworten im Anmeldeformular, Check-in und Bewertung, Angaben für das B2B-Matchmaking (Wunschlisten, Gesprächspläne), Teilnahmelisten und Namensschilder.",
          "E-Mails an Teilnehmende: Veranstalter können den Angemeldeten ihrer Veranstaltung über PartnerNet E-Mails senden. Wir speichern Betreff, Text und gegebenenfalls einen Anhang sowie je Empfänger Name, E-Mail-Adresse, Sprache und Zustellstatus.",
          "Rechnungen: Rechnungen und Stornorechnungen, die Veranstalter über PartnerNet an teilnehmende Firmen stellen, mit den Angaben beider Seiten (Firma, Anschrift, USt-IdNr., gegebenenfalls Ansprechperson), Positionen und Beträgen.",
          "Anträge und Meldungen: Anträge auf Verknüpfung mit einem Firmenprofil oder auf die Rolle „Multiplikator“ sowie Meldungen zu fehlerhaften Firmenprofilen.",
          "Server-Logdateien: IP-Adresse, Datum und Uhrzeit des Abrufs, aufgerufene Adresse, Statuscode, übertragene Datenmenge sowie Browser und Betriebssystem (User-Agent).",
          "Protokoll (Audit-Trail): Anmeldungen, Suchanfragen sowie das Anlegen und Ändern von Firmenprofilen, Angeboten und Gesuchen werden mit Zeitpunkt protokolliert. Bei angemeldeten Nutzern wird der Eintrag dem Account zugeordnet; Suchanfragen nicht angemeldeter Besucher speichern wir ohne personenbezogene Daten.",
          "Kommunikation: Inhalt und Absender von Nachrichten, die Sie uns per E-Mail oder Telefon übermitteln.",
        ],
      },
      {
        heading: "3. Zwecke und Rechtsgrundlagen",
        items: [
          "Bereitstellung der Plattform, Registrierung und Anmeldung, Firmenprofile, Angebote und Gesuche, Veranstaltungsanmeldungen, Rollen sowie der Versand der dafür nötigen E-Mails (Bestätigungslink, Anmeldecodes, Benachrichtigungen): Art. 6 Abs. 1 lit. b DSGVO (Nutzungsvertrag nach den Nutzungsbedingungen).",
          "Veröffentlichung von Ansprechpersonen: Art. 6 Abs. 1 lit. a DSGVO (Einwilligung). Die Einwilligung kann jederzeit mit Wirkung für die Zukunft widerrufen werden.",
          "Sicherheit und Missbrauchsabwehr (Server-Logdateien, Begrenzung von Anmeldeversuchen, Protokoll der Anmeldungen): Art. 6 Abs. 1 lit. f DSGVO. Unser berechtigtes Interesse ist ein sicherer und störungsfreier Betrieb.",
          "Prüfung neuer Firmenprofile und Bearbeitung von Fehlermeldungen durch das PartnerNet-Team: Art. 6 Abs. 1 lit. f DSGVO. Unser berechtigtes Interesse ist ein korrektes und vertrauenswürdiges Firmenverzeichnis.",
          "Durchführung von Veranstaltungen durch den Veranstalter (Teilnahmeliste, Check-in, Namensschilder, E-Mails an Teilnehmende, B2B-Gesprächspläne, Rechnungen): Art. 6 Abs. 1 lit. b DSGVO.",
          "Aufbewahrung von Rechnungen: Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit § 147 der Abgabenordnung (Deutschland) bzw. § 35 des tschechischen Umsatzsteuergesetzes (zákon o DPH).",
          "Beantwortung Ihrer Anfragen: Art. 6 Abs. 1 lit. b bzw. lit. f DSGVO.",
        ],
      },
      {
        heading: "4. Cookies und lokale Speicherung",
        paragraphs: [
          "PartnerNet verwendet ausschließlich technisch notwendige Cookies. Dafür ist keine Einwilligung erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG). Tracking- oder Werbe-Cookies setzen wir nicht ein.",
        ],
        items: [
          "pb_auth: Sitzungscookie, das nach der Anmeldung gesetzt wird. Es enthält nur eine zufällige Sitzungskennung, ist für Skripte nicht lesbar (httpOnly) und läuft nach 8 Stunden oder bei der Abmeldung ab.",
          "locale: speichert die gewählte Sprache (Deutsch oder Tschechisch) für 365 Tage.",
          "Farbschema: Ihre Wahl zwischen hellem und dunklem Design wird im lokalen Speicher Ihres Browsers (localStorage) abgelegt und nicht an uns übertragen. Sie können sie jederzeit über die Einstellungen Ihres Browsers löschen.",
        ],
      },
      {
        heading: "5. Web-Analyse",
        // Which text shows depends on the configuration (decision 035); the page adds the opt-out switch.
        analytics: {
          firstParty: [
            "Wir zählen Seitenaufrufe und Klicks auf Links zu anderen Websites mit einer eigenen, datensparsamen Nutzungsstatistik auf unserem Server. Gespeichert werden je Tag nur Zähler: die aufgerufene öffentliche Seite (ohne Suchparameter), bei Klicks das Linkziel (ohne Suchparameter), der Name der verweisenden Website und eine Geräteklasse nach Bildschirmbreite (Smartphone, Tablet, Desktop). Ihre IP-Adresse und Ihren Browser speichern wir dabei nicht, wir setzen keine Cookies und verknüpfen nichts mit Ihrem Konto; einzelne Besuche oder Personen lassen sich aus den Zählern nicht erkennen. Seiten im angemeldeten Bereich zählen wir nicht. Ein externer Analysedienst wird nicht eingesetzt.",
            "Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist es, das Angebot bedarfsgerecht zu gestalten und der Förderstelle über seine Nutzung zu berichten. Sendet Ihr Browser „Do Not Track“ oder „Global Privacy Control“, zählen wir Ihre Besuche nicht.",
            "Sie können der Zählung mit dem Schalter unten widersprechen. Er legt im lokalen Speicher Ihres Browsers (localStorage) den Eintrag „plausible_ignore“ ab, der nicht an uns übertragen wird; löschen Sie ihn oder stellen Sie den Schalter zurück, wird wieder gezählt.",
          ],
          plausible: [
            "Zur Reichweitenmessung nutzen wir ein Plausible-kompatibles Analysewerkzeug, das ohne Cookies arbeitet. Ihr Browser lädt dafür ein Skript von {analyticsHost} und meldet dorthin Seitenaufrufe und Klicks auf Links zu anderen Websites mit der Adresse der Seite, der verweisenden Website und der Bildschirmbreite. Dabei wird Ihre IP-Adresse technisch bedingt an den Betreiber dieses Dienstes übermittelt. Unsere eigene Zählung auf dem PartnerNet-Server ist in diesem Fall abgeschaltet.",
            "Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist es, das Angebot bedarfsgerecht zu gestalten und der Förderstelle über seine Nutzung zu berichten.",
            "Sie können der Zählung mit dem Schalter unten widersprechen. Er legt im lokalen Speicher Ihres Browsers (localStorage) den Eintrag „plausible_ignore“ ab, den das Skript beachtet; löschen Sie ihn oder stellen Sie den Schalter zurück, wird wieder gezählt.",
          ],
          off: [
            "Derzeit setzen wir keine Werkzeuge zur Web-Analyse oder Reichweitenmessung ein. Sollte künftig ein solches Werkzeug eingebunden werden, passen wir diese Datenschutzerklärung vorher an und holen, soweit erforderlich, Ihre Einwilligung ein.",
          ],
        },
      },
      {
        heading: "6. Karten (OpenStreetMap)",
        paragraphs: [
          "Für die Darstellung von Karten lädt Ihr Browser Kartenkacheln von einem Tile-Server von OpenStreetMap. Dabei werden Ihre IP-Adresse, die angeforderte Kachel und technische Angaben Ihres Browsers (z. B. User-Agent und Referrer) an den Betreiber des Tile-Servers, die OpenStreetMap Foundation im Vereinigten Königreich, übermittelt. Für das Vereinigte Königreich besteht ein Angemessenheitsbeschluss der EU-Kommission.",
          "Karten werden nur auf Seiten geladen, die eine Karte enthalten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt in einer anschaulichen Darstellung von Standorten. Weitere Informationen: https://osmfoundation.org/wiki/Privacy_Policy",
        ],
      },
      {
        heading: "7. Datenquellen",
        paragraphs: [
          "Postleitzahlen und Ortsdaten für die Entfernungssuche stammen von GeoNames (https://www.geonames.org) und werden unter der Lizenz CC BY 4.0 genutzt. Die Daten liegen auf unseren Servern; bei einer Suche werden keine Daten an GeoNames übermittelt.",
          "Die Branchenbezeichnungen nach NACE Rev. 2 stammen vom Statistischen Bundesamt (Destatis, WZ 2008) und vom Tschechischen Statistikamt (ČSÚ, CZ-NACE). Es handelt sich um Klassifikationsdaten ohne Personenbezug.",
          "Firmendaten aus Tabellen (Import): Die Admins können Firmenprofile aus Tabellen übernehmen, etwa aus Listen von Kammern und Verbänden, aus öffentlichen Registern oder aus früheren Projekten. Übernommen werden Name, Kennungen (IČO, Handelsregisternummer, KWIZ-Nummer u. a.), Adressen, Website, Branchen, Beschreibung, Schlagwörter sowie Telefonnummer und E-Mail-Adresse der Firma; wer den Import startet, bestätigt, dass diese Kontaktdaten veröffentlicht werden dürfen. Nennt die Tabelle die Adresse eines Firmenlogos, ruft PartnerNet das Bild danach von dort ab und speichert eine eigene, neu berechnete Kopie als Logo des Profils; dabei wird nur die Bilddatei angefragt. Solche Profile sind als „importiert“ gekennzeichnet, und was eine Person danach selbst ändert, überschreibt ein späterer Import nicht. Abgelehnte Zeilen sehen nur die Admins im Prüfbericht des Imports; sie werden mit dem Import gelöscht.",
        ],
      },
      {
        heading: "8. Empfänger und Speicherort",
        paragraphs: [
          "Ihre Daten werden auf Servern in Deutschland bzw. in der Europäischen Union gespeichert. Als Auftragsverarbeiter nach Art. 28 DSGVO setzen wir einen Hosting-Anbieter für den Betrieb der Server und einen Dienstleister für den Versand von E-Mails ein. Eine Weitergabe an sonstige Dritte, etwa zu Werbezwecken, findet nicht statt.",
          "Inhalte von Firmenprofilen, Angeboten, Gesuchen, Veranstaltungen und Neuigkeiten sind je nach Art öffentlich oder für angemeldete Nutzer sichtbar. Wenn Sie sich zu einer Veranstaltung anmelden, erhält der jeweilige Veranstalter die Anmeldedaten, soweit er sie für die Durchführung benötigt.",
          "Hochgeladene Dateien: Firmenlogos und die Bilder zu Angeboten, Gesuchen, Veranstaltungen und Neuigkeiten sind öffentlich abrufbar. Dateien, die Veranstalter für ihre Arbeit hochladen – Anhänge von E-Mails an Teilnehmende, Logos auf Rechnungen und auf Namensschildern –, sind nicht öffentlich: Abrufen können sie nur die Veranstalter der jeweiligen Veranstaltung und die Admins, das Logo einer Rechnung auch die Mitglieder der Empfängerfirma; Browser und Zwischenspeicher dürfen sie nicht speichern.",
          "Maschinelle Übersetzung: Ist ein Übersetzungsdienst eingerichtet (DeepL SE, Köln, oder ein LibreTranslate-Server), werden die Texte, deren Übersetzung jemand anfordert – Beschreibungen von Firmen, Schlagwörter, Titel und Texte von Veranstaltungen und Neuigkeiten –, zur Übersetzung an diesen Dienst übermittelt, ebenso die Beschreibungen importierter Profile, denen eine Sprache fehlt. Kontaktdaten, Accounts und Anmeldungen werden nicht übermittelt. Ohne eingerichteten Dienst werden keine Texte übermittelt.",
          "Mit Ausnahme des Abrufs von Kartenkacheln (siehe Abschnitt 6) übermitteln wir keine Daten in Länder außerhalb der EU bzw. des EWR.",
        ],
      },
      {
        heading: "9. Speicherdauer",
        paragraphs: [
          "Wir speichern personenbezogene Daten nur so lange, wie es für die genannten Zwecke erforderlich ist. Gesetzliche Aufbewahrungspflichten bleiben unberührt.",
        ],
        items: [
          "Accountdaten: bis zur Löschung des Accounts. Sie können Ihren Account jederzeit selbst unter „Mein Account“ löschen; die Löschung ist endgültig. Ihre Anmeldungen zu Veranstaltungen bleiben danach ohne Bezug zu Ihrer Person (anonymisiert) erhalten, damit der Veranstalter seine Teilnahmezahlen und Auswertungen behält.",
          "Bestätigungslinks und Anmeldecodes: nur für kurze Zeit gültig; Sitzungen enden nach 8 Stunden oder bei der Abmeldung. Zählungen von Anmeldeversuchen werden nach spätestens 24 Stunden gelöscht.",
          "Firmenprofile: solange das Unternehmen auf PartnerNet vertreten sein möchte. Wird ein Account gelöscht, bleibt das Firmenprofil bestehen. Mitglieder eines Firmenprofils können es selbst löschen: Das Profil verschwindet mit seinen Veranstaltungen und Neuigkeiten sofort aus allen Ansichten, kann 30 Tage lang von einem Admin wiederhergestellt werden und wird danach endgültig gelöscht.",
          "Doppelte Firmenprofile (Dubletten): Findet die Datenbank zwei Profile, die dieselbe Firma sein könnten (gleiche IČO oder Handelsregisternummer, gleiche Website- oder E-Mail-Domain, ähnlicher Name in der Nähe), entscheidet ein Admin, ob beide bleiben oder eines gelöscht wird. Vor dem Löschen werden die verknüpften Accounts, Ansprechpersonen, Anzeigen, Anmeldungen und Wunschlisten auf das behaltene Profil übertragen; das gelöschte Profil ist sofort und endgültig entfernt.",
          "Rechnungen und Stornorechnungen: 10 Jahre (Deutschland: § 147 Abgabenordnung; Tschechien: § 35 zákon o DPH), auch wenn das Firmenprofil des Veranstalters oder der Empfängerfirma oder ein Account vorher gelöscht wird.",
          "E-Mails an Teilnehmende und ihre Anhänge: solange die Veranstaltung besteht.",
          "Ansprechpersonen: bis zum Widerruf der Einwilligung oder bis zur Entfernung aus dem Firmenprofil.",
          "Protokoll (Audit-Trail): Nach Löschung eines Accounts bleiben die Einträge ohne Zuordnung zu Ihrer Person erhalten.",
          "Server-Logdateien: werden nach kurzer Frist automatisch gelöscht, sofern sie nicht zur Aufklärung eines konkreten Sicherheitsvorfalls benötigt werden.",
        ],
      },
      {
        heading: "10. Externe Anmeldung (OpenID Connect)",
        paragraphs: [
          "Sofern auf der Anmeldeseite ein externer Anmeldedienst angeboten wird und Sie ihn nutzen, werden Sie zu diesem Dienst weitergeleitet. Nach erfolgreicher Anmeldung übermittelt er uns eine eindeutige Kennung, Ihre E-Mail-Adresse und gegebenenfalls Ihren Namen. Für die Verarbeitung beim Anbieter des Dienstes gilt dessen Datenschutzerklärung. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.",
        ],
      },
      {
        heading: "11. Ihre Rechte",
        paragraphs: [
          "Sie haben gegenüber uns folgende Rechte hinsichtlich Ihrer personenbezogenen Daten. Für die Ausübung genügt eine formlose Nachricht an {operatorEmail}.",
        ],
        items: [
          "Auskunft über die zu Ihrer Person gespeicherten Daten (Art. 15 DSGVO)",
          "Berichtigung unrichtiger Daten (Art. 16 DSGVO)",
          "Löschung Ihrer Daten (Art. 17 DSGVO)",
          "Einschränkung der Verarbeitung (Art. 18 DSGVO)",
          "Datenübertragbarkeit (Art. 20 DSGVO)",
          "Widerspruch gegen Verarbeitungen auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO aus Gründen, die sich aus Ihrer besonderen Situation ergeben (Art. 21 DSGVO)",
          "Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)",
        ],
      },
      {
        heading: "12. Beschwerderecht bei einer Aufsichtsbehörde",
        paragraphs: [
          "Sie haben das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO). Für uns zuständig ist der Sächsische Datenschutz- und Transparenzbeauftragte (https://www.datenschutz.sachsen.de). In Tschechien ist das Úřad pro ochranu osobních údajů (Amt für den Schutz personenbezogener Daten, https://uoou.gov.cz) zuständig. Sie können sich auch an die Aufsichtsbehörde an Ihrem Aufenthaltsort oder Arbeitsplatz wenden.",
        ],
      },
      {
        heading: "13. Pflicht zur Bereitstellung und automatisierte Entscheidungen",
        paragraphs: [
          "Name und E-Mail-Adresse sind für die Registrierung erforderlich; ohne sie können Sie nur die öffentlichen Funktionen nutzen. Eine automatisierte Entscheidungsfindung einschließlich Profiling im Sinne von Art. 22 DSGVO findet nicht statt.",
        ],
      },
      {
        heading: "14. Änderungen dieser Datenschutzerklärung",
        paragraphs: [
          "Wir passen diese Datenschutzerklärung an, wenn sich die Plattform oder die Rechtslage ändert. Es gilt die jeweils auf dieser Seite veröffentlichte Fassung.",
        ],
      },
    ],
  },
  cs: {
    title: "Ochrana osobních údajů",
    lead: "Ochranu vašich osobních údajů bereme vážně. Na této stránce se dozvíte, jaké údaje PartnerNet zpracovává, k jakým účelům a na jakém právním základě, jak dlouho je uchováváme a jaká máte práva.",
    sections: [
      {
        heading: "1. Správce",
        paragraphs: [
          "Správcem osobních údajů zpracovávaných na této platformě ve smyslu obecného nařízení o ochraně osobních údajů (GDPR) je: {operatorName}, {operatorAddress}, zástupce: {operatorRepresentative}, e-mail: {operatorEmail}, telefon: {operatorPhone}.",
          "S dotazy k ochraně osobních údajů a k uplatnění svých práv se na nás můžete kdykoli obrátit prostřednictvím těchto kontaktních údajů.",
        ],
      },
      {
        heading: "2. Jaké údaje zpracováváme",
        paragraphs: [
          "Zpracováváme pouze údaje, které jsou nezbytné pro provoz platformy nebo které nám sami poskytnete:",
        ],
        items: [
          "Údaje o účtu: jméno, e-mailová adresa, role (Organizace, Multiplikátor nebo Administrátor), preferovaný jazyk, čas registrace, ověření e-mailu a souhlasu s podmínkami užití a případně identifikátor propojené externí přihlašovací služby (OpenID Connect).",
          "Přihlašovací údaje: ověřovací odkazy, jednorázové kódy a relace. Ukládáme z nich pouze kryptografické otisky, nikoli samotné kódy. K ochraně před zneužitím evidujeme počet pokusů o přihlášení pro jednotlivé e-mailové a IP adresy.",
          "Údaje firemních profilů: název firmy, adresa, obor, klíčová slova, popis, logo a obrázky, obecné kontaktní údaje, nabídky a poptávky a také propojení mezi účty a firemními profily.",
          "Kontaktní osoby: jméno, funkce a pracovní kontaktní údaje. Kontaktní osoby zveřejňujeme jen s jejich souhlasem a zobrazujeme je pouze přihlášeným uživatelům.",
          "Údaje o akcích: registrace na akce s odpověďmi v registračním formuláři, check-in a hodnocení, údaje pro B2B matchmaking (seznamy přání, plány schůzek), seznamy účastníků a jmenovky.",
          "E-maily účastníkům: pořadatelé mohou přihlášeným na svou akci posílat e-maily přes PartnerNet. Ukládáme předmět, text a případnou přílohu a u každého příjemce jméno, e-mailovou adresu, jazyk a stav doručení.",
          "Faktury: faktury a opravné doklady, které pořadatelé přes PartnerNet vystavují zúčastněným firmám, s údaji obou stran (firma, adresa, DIČ, případně kontaktní osoba), položkami a částkami.",
          "Žádosti a hlášení: žádosti o propojení s firemním profilem nebo o roli „Multiplikátor“ a hlášení chyb ve firemních profilech.",
          "Serverové logy: IP adresa, datum a čas přístupu, požadovaná adresa, stavový kód, objem přenesených dat a prohlížeč a operační systém (User-Agent).",
          "Záznamy činnosti (audit trail): přihlášení, vyhledávání a vytváření a úpravy firemních profilů, nabídek a poptávek zaznamenáváme s časovým údajem. U přihlášených uživatelů je záznam přiřazen k účtu; vyhledávání nepřihlášených návštěvníků ukládáme bez osobních údajů.",
          "Komunikace: obsah a odesílatel zpráv, které nám pošlete e-mailem nebo sdělíte telefonicky.",
        ],
      },
      {
        heading: "3. Účely a právní základy",
        items: [
          "Provoz platformy, registrace a přihlášení, firemní profily, nabídky a poptávky, registrace na akce, role a zasílání potřebných e-mailů (ověřovací odkaz, přihlašovací kódy, oznámení): čl. 6 odst. 1 písm. b) GDPR (smlouva o užívání platformy podle podmínek užití).",
          "Zveřejnění kontaktních osob: čl. 6 odst. 1 písm. a) GDPR (souhlas). Souhlas můžete kdykoli odvolat s účinkem do budoucna.",
          "Bezpečnost a ochrana před zneužitím (serverové logy, omezení počtu pokusů o přihlášení, záznamy přihlášení): čl. 6 odst. 1 písm. f) GDPR. Naším oprávněným zájmem je bezpečný a bezporuchový provoz.",
          "Kontrola nových firemních profilů a vyřizování hlášení chyb týmem PartnerNetu: čl. 6 odst. 1 písm. f) GDPR. Naším oprávněným zájmem je správný a důvěryhodný adresář firem.",
          "Zajištění akcí pořadatelem (seznam účastníků, check-in, jmenovky, e-maily účastníkům, plány B2B schůzek, faktury): čl. 6 odst. 1 písm. b) GDPR.",
          "Archivace faktur: čl. 6 odst. 1 písm. c) GDPR ve spojení s § 35 zákona o DPH (Česko), resp. § 147 německého daňového řádu (Abgabenordnung).",
          "Vyřizování vašich dotazů: čl. 6 odst. 1 písm. b), případně písm. f) GDPR.",
        ],
      },
      {
        heading: "4. Cookies a ukládání v prohlížeči",
        paragraphs: [
          "PartnerNet používá výhradně technicky nezbytné cookies. K jejich použití není potřeba souhlas (§ 25 odst. 2 bod 2 německého zákona o ochraně dat v telekomunikacích a digitálních službách, TDDDG). Sledovací ani reklamní cookies nepoužíváme.",
        ],
        items: [
          "pb_auth: cookie relace, které se nastaví po přihlášení. Obsahuje pouze náhodný identifikátor relace, skripty ho nemohou číst (httpOnly) a jeho platnost skončí po 8 hodinách nebo při odhlášení.",
          "locale: uchovává zvolený jazyk (čeština nebo němčina) po dobu 365 dní.",
          "Barevný režim: vaši volbu mezi světlým a tmavým vzhledem ukládáme do místního úložiště vašeho prohlížeče (localStorage) a nepřenáší se k nám. Kdykoli ji můžete smazat v nastavení prohlížeče.",
        ],
      },
      {
        heading: "5. Webová analytika",
        analytics: {
          firstParty: [
            "Zobrazení stránek a kliknutí na odkazy na jiné weby počítáme vlastní, úspornou statistikou využívání na našem serveru. Za každý den ukládáme pouze počty: navštívenou veřejnou stránku (bez parametrů vyhledávání), u kliknutí cíl odkazu (bez parametrů vyhledávání), název odkazujícího webu a třídu zařízení podle šířky obrazovky (telefon, tablet, počítač). Vaši IP adresu ani prohlížeč přitom neukládáme, nepoužíváme cookies a nic nepropojujeme s vaším účtem; jednotlivé návštěvy ani osoby z těchto počtů poznat nelze. Stránky v přihlášené části nepočítáme. Žádnou externí analytickou službu nepoužíváme.",
            "Právním základem je čl. 6 odst. 1 písm. f) GDPR; naším oprávněným zájmem je přizpůsobit nabídku potřebám uživatelů a podávat poskytovateli dotace zprávy o jejím využívání. Pokud váš prohlížeč odesílá „Do Not Track“ nebo „Global Privacy Control“, vaše návštěvy nepočítáme.",
            "Proti počítání můžete vznést námitku přepínačem níže. Ten uloží do místního úložiště vašeho prohlížeče (localStorage) záznam „plausible_ignore“, který se k nám nepřenáší; když ho smažete nebo přepínač vrátíte, počítání se obnoví.",
          ],
          plausible: [
            "K měření návštěvnosti používáme analytický nástroj kompatibilní s Plausible, který pracuje bez cookies. Váš prohlížeč k tomu načítá skript z {analyticsHost} a odesílá tam zobrazení stránek a kliknutí na odkazy na jiné weby s adresou stránky, odkazujícím webem a šířkou obrazovky. Přitom se z technických důvodů předává vaše IP adresa provozovateli této služby. Naše vlastní počítání na serveru PartnerNet je v tom případě vypnuté.",
            "Právním základem je čl. 6 odst. 1 písm. f) GDPR; naším oprávněným zájmem je přizpůsobit nabídku potřebám uživatelů a podávat poskytovateli dotace zprávy o jejím využívání.",
            "Proti počítání můžete vznést námitku přepínačem níže. Ten uloží do místního úložiště vašeho prohlížeče (localStorage) záznam „plausible_ignore“, který skript respektuje; když ho smažete nebo přepínač vrátíte, počítání se obnoví.",
          ],
          off: [
            "V současné době nepoužíváme žádné nástroje pro webovou analytiku ani měření návštěvnosti. Pokud bychom takový nástroj v budoucnu zavedli, předem tyto informace aktualizujeme a tam, kde je to nutné, si vyžádáme váš souhlas.",
          ],
        },
      },
      {
        heading: "6. Mapy (OpenStreetMap)",
        paragraphs: [
          "Pro zobrazení map načítá váš prohlížeč mapové dlaždice z dlaždicového serveru OpenStreetMap. Přitom se provozovateli tohoto serveru, organizaci OpenStreetMap Foundation se sídlem ve Spojeném království, předává vaše IP adresa, požadovaná dlaždice a technické údaje o prohlížeči (např. User-Agent a Referer). Pro Spojené království existuje rozhodnutí Evropské komise o odpovídající ochraně.",
          "Mapy se načítají pouze na stránkách, které mapu obsahují. Právním základem je čl. 6 odst. 1 písm. f) GDPR; naším oprávněným zájmem je názorné zobrazení polohy firem a akcí. Další informace: https://osmfoundation.org/wiki/Privacy_Policy",
        ],
      },
      {
        heading: "7. Zdroje dat",
        paragraphs: [
          "PSČ a údaje o obcích pro vyhledávání podle vzdálenosti pocházejí z databáze GeoNames (https://www.geonames.org) a používáme je v souladu s licencí CC BY 4.0. Data máme uložena na vlastních serverech; při vyhledávání se do GeoNames žádné údaje nepředávají.",
          "Názvy oborů podle NACE Rev. 2 pocházejí od Českého statistického úřadu (ČSÚ, CZ-NACE) a od německého Spolkového statistického úřadu (Destatis, WZ 2008). Jde o klasifikační data, která neobsahují osobní údaje.",
          "Firemní údaje z tabulek (import): Administrátoři mohou firemní profily převzít z tabulek, například ze seznamů komor a svazů, z veřejných rejstříků nebo z dřívějších projektů. Přebírá se název, identifikátory (IČO, číslo v obchodním rejstříku, číslo KWIZ aj.), adresy, web, obory, popis, klíčová slova a telefon a e-mail firmy; kdo import spustí, potvrzuje, že tyto kontaktní údaje smějí být zveřejněny. Uvádí-li tabulka adresu loga firmy, PartnerNet obrázek poté z této adresy stáhne a uloží jeho vlastní, nově vytvořenou kopii jako logo profilu; žádá se přitom jen o soubor obrázku. Takové profily jsou označeny jako „importované“ a to, co v nich poté někdo sám změní, pozdější import nepřepíše. Odmítnuté řádky vidí jen administrátoři v protokolu importu; smažou se spolu s importem.",
        ],
      },
      {
        heading: "8. Příjemci a místo uložení",
        paragraphs: [
          "Vaše údaje jsou uloženy na serverech v Německu, resp. v Evropské unii. Jako zpracovatele podle čl. 28 GDPR využíváme poskytovatele hostingu pro provoz serverů a poskytovatele služby pro odesílání e-mailů. Jiným třetím osobám, například pro reklamní účely, údaje nepředáváme.",
          "Obsah firemních profilů, nabídek, poptávek, akcí a novinek je podle svého druhu viditelný veřejně nebo pro přihlášené uživatele. Pokud se zaregistrujete na akci, obdrží její pořadatel registrační údaje v rozsahu nezbytném pro konání akce.",
          "Nahrané soubory: loga firem a obrázky k nabídkám, poptávkám, akcím a novinkám jsou veřejně dostupné. Soubory, které pořadatelé nahrávají pro svou práci – přílohy e-mailů účastníkům, loga na fakturách a na jmenovkách –, veřejné nejsou: stáhnout si je mohou jen pořadatelé dané akce a administrátoři, logo faktury také členové firmy, které je faktura určena; prohlížeče ani mezipaměti je nesmějí ukládat.",
          "Strojový překlad: Je-li nastavena překladová služba (DeepL SE, Kolín nad Rýnem, nebo server LibreTranslate), předávají se jí k překladu texty, o jejichž překlad někdo požádá – popisy firem, klíčová slova, názvy a texty akcí a novinek –, a také popisy importovaných profilů, kterým chybí jeden jazyk. Kontaktní údaje, účty a registrace se nepředávají. Bez nastavené služby se žádné texty nepředávají.",
          "S výjimkou načítání mapových dlaždic (viz oddíl 6) nepředáváme žádné údaje do zemí mimo EU, resp. EHP.",
        ],
      },
      {
        heading: "9. Doba uložení",
        paragraphs: [
          "Osobní údaje uchováváme jen po dobu nezbytnou pro uvedené účely. Zákonné povinnosti archivace tím nejsou dotčeny.",
        ],
        items: [
          "Údaje o účtu: do zrušení účtu. Účet můžete kdykoli sami zrušit na stránce „Můj účet“; zrušení je nevratné. Vaše registrace na akce poté zůstanou zachovány bez vazby na vaši osobu (anonymizovaně), aby pořadateli zůstaly počty účastníků a vyhodnocení.",
          "Ověřovací odkazy a přihlašovací kódy platí jen krátkou dobu; relace končí po 8 hodinách nebo odhlášením. Záznamy o počtu pokusů o přihlášení mažeme nejpozději po 24 hodinách.",
          "Firemní profily: dokud chce být firma na PartnerNetu zastoupena. Po zrušení účtu firemní profil zůstává. Členové firemního profilu ho mohou sami smazat: profil i s jeho akcemi a novinkami okamžitě zmizí ze všech zobrazení, po 30 dní ho může administrátor obnovit a poté je definitivně smazán.",
          "Duplicitní firemní profily: Najde-li databáze dva profily, které mohou patřit téže firmě (stejné IČO nebo číslo v obchodním rejstříku, stejná doména webu nebo e-mailu, podobný název nablízku), administrátor rozhodne, zda zůstanou oba, nebo se jeden smaže. Před smazáním se propojené účty, kontaktní osoby, inzeráty, přihlášky a seznamy přání převedou na ponechaný profil; smazaný profil je odstraněn okamžitě a definitivně.",
          "Faktury a opravné doklady: 10 let (Česko: § 35 zákona o DPH; Německo: § 147 Abgabenordnung), i když je firemní profil pořadatele nebo příjemce nebo některý účet smazán dříve.",
          "E-maily účastníkům a jejich přílohy: po dobu existence akce.",
          "Kontaktní osoby: do odvolání souhlasu nebo do odstranění z firemního profilu.",
          "Záznamy činnosti (audit trail): po zrušení účtu zůstávají zachovány bez vazby na vaši osobu.",
          "Serverové logy: po krátké době se automaticky mažou, pokud nejsou potřeba k vyšetření konkrétního bezpečnostního incidentu.",
        ],
      },
      {
        heading: "10. Externí přihlášení (OpenID Connect)",
        paragraphs: [
          "Pokud je na přihlašovací stránce nabízena externí přihlašovací služba a vy ji využijete, budete přesměrováni na tuto službu. Po úspěšném přihlášení nám služba předá jedinečný identifikátor, vaši e-mailovou adresu a případně vaše jméno. Na zpracování u poskytovatele služby se vztahují jeho zásady ochrany osobních údajů. Právním základem je čl. 6 odst. 1 písm. b) GDPR.",
        ],
      },
      {
        heading: "11. Vaše práva",
        paragraphs: [
          "V souvislosti se svými osobními údaji máte vůči nám následující práva. K jejich uplatnění stačí neformální zpráva na adresu {operatorEmail}.",
        ],
        items: [
          "právo na přístup k osobním údajům, které o vás uchováváme (čl. 15 GDPR)",
          "právo na opravu nepřesných údajů (čl. 16 GDPR)",
          "právo na výmaz (čl. 17 GDPR)",
          "právo na omezení zpracování (čl. 18 GDPR)",
          "právo na přenositelnost údajů (čl. 20 GDPR)",
          "právo vznést námitku proti zpracování na základě čl. 6 odst. 1 písm. f) GDPR z důvodů týkajících se vaší konkrétní situace (čl. 21 GDPR)",
          "právo kdykoli odvolat udělený souhlas s účinkem do budoucna (čl. 7 odst. 3 GDPR)",
        ],
      },
      {
        heading: "12. Právo podat stížnost u dozorového úřadu",
        paragraphs: [
          "Máte právo podat stížnost u dozorového úřadu pro ochranu osobních údajů (čl. 77 GDPR). Pro nás je příslušným dozorovým úřadem saský zemský zmocněnec pro ochranu osobních údajů a transparentnost (Sächsischer Datenschutz- und Transparenzbeauftragter, https://www.datenschutz.sachsen.de). V Česku se můžete obrátit na Úřad pro ochranu osobních údajů (https://uoou.gov.cz). Stížnost můžete podat i u dozorového úřadu v místě svého pobytu nebo pracoviště.",
        ],
      },
      {
        heading: "13. Povinnost poskytnout údaje a automatizované rozhodování",
        paragraphs: [
          "Jméno a e-mailová adresa jsou pro registraci nezbytné; bez nich můžete využívat pouze veřejné funkce. K automatizovanému rozhodování včetně profilování ve smyslu čl. 22 GDPR nedochází.",
        ],
      },
      {
        heading: "14. Změny těchto informací",
        paragraphs: [
          "Tyto informace o ochraně osobních údajů aktualizujeme, pokud se změní platforma nebo právní úprava. Platí vždy znění zveřejněné na této stránce.",
        ],
      },
    ],
  },
};
