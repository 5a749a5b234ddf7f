import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Nutzungsbedingungen",
    lead: "Diese Nutzungsbedingungen regeln die Nutzung der Plattform PartnerNet. Mit der Registrierung erkennen Sie sie an.",
    sections: [
      {
        heading: "§ 1 Geltungsbereich und Anbieter",
        paragraphs: [
          "PartnerNet ist eine Online-Plattform zur Vernetzung von Unternehmen, Kammern, Verbänden und anderen Organisationen im sächsisch-tschechischen Grenzraum. Anbieter und Betreiber ist {operatorName}, {operatorAddress} (im Folgenden „Betreiber“).",
          "Diese Bedingungen gelten für alle Nutzerinnen und Nutzer der Plattform, für Besucher ohne Account ebenso wie für registrierte Nutzer. Die Plattform richtet sich an Unternehmen und Organisationen; registrierte Nutzer handeln in der Regel für ihr Unternehmen oder ihre Organisation.",
          "Die Nutzung ist unentgeltlich. Ein Anspruch auf Registrierung, auf die Freischaltung bestimmter Rollen oder auf bestimmte Funktionen besteht nicht.",
        ],
      },
      {
        heading: "§ 2 Registrierung, Account und Rollen",
        paragraphs: [
          "Für bestimmte Funktionen – Einsicht in Kontaktdaten, Firmenprofile, Angebote und Gesuche, Anmeldung zu Veranstaltungen – ist ein Account erforderlich. Bei der Registrierung sind Ihr Name und eine gültige E-Mail-Adresse anzugeben, die über einen Bestätigungslink verifiziert wird. Die Anmeldung erfolgt mit einem per E-Mail gesendeten Einmalcode oder, sofern angeboten, über einen externen Anmeldedienst (OpenID Connect).",
          "Der Account ist persönlich und nicht übertragbar. Schützen Sie den Zugang zu Ihrem E-Mail-Postfach und geben Sie Anmeldecodes nicht weiter.",
          "Neue Accounts erhalten die Rolle „Organisation“. Die Rolle „Multiplikator“ kann beantragt werden, wenn der Account mit einem Firmenprofil verknüpft ist; über die Freischaltung entscheidet ein Admin des Betreibers. Der Betreiber kann eine Rolle wieder entziehen, wenn die Voraussetzungen entfallen oder gegen diese Bedingungen verstoßen wird.",
        ],
      },
      {
        heading: "§ 3 Firmenprofile, Angebote und Gesuche",
        paragraphs: [
          "Registrierte Nutzer können ein Firmenprofil anlegen oder die Verknüpfung ihres Accounts mit einem bestehenden Profil beantragen. Sie versichern, dass sie berechtigt sind, für das betreffende Unternehmen zu handeln. Neue Profile werden vor der Veröffentlichung vom Betreiber geprüft; Verknüpfungen mit bestehenden Profilen bestätigt ein Admin.",
          "Angebote und Gesuche werden für eine Laufzeit von 30, 60, 90 oder 180 Tagen veröffentlicht und können in den letzten 7 Tagen vor Ablauf um 30 Tage verlängert werden. Verträge, die aufgrund von Angeboten oder Gesuchen zustande kommen, werden ausschließlich zwischen den beteiligten Unternehmen geschlossen.",
        ],
      },
      {
        heading: "§ 4 Veranstaltungen und Neuigkeiten",
        paragraphs: [
          "Veranstaltungen und Neuigkeiten werden von Multiplikatoren oder vom Betreiber veröffentlicht. Für die Anmeldung zu einer Veranstaltung ist ein mit dem Account verknüpftes Firmenprofil erforderlich. Veranstalter ist die jeweils angegebene Organisation; für Durchführung, Inhalte und etwaige Teilnahmebedingungen ist sie verantwortlich.",
        ],
      },
      {
        heading: "§ 5 Pflichten der Nutzer",
        paragraphs: [
          "Sie sind für die von Ihnen eingestellten Inhalte (Firmenprofile, Angebote, Gesuche, Veranstaltungen, Neuigkeiten) selbst verantwortlich. Insbesondere verpflichten Sie sich,",
        ],
        items: [
          "nur wahrheitsgemäße, vollständige und aktuelle Angaben zu machen und diese bei Änderungen zu aktualisieren,",
          "nur Logos, Bilder und Texte zu verwenden, an denen Sie die erforderlichen Rechte besitzen, und keine Urheber-, Marken- oder sonstigen Rechte Dritter zu verletzen,",
          "personenbezogene Daten von Ansprechpersonen nur mit deren Einwilligung einzutragen und die Einwilligung auf Verlangen nachzuweisen,",
          "Kontaktdaten anderer Nutzer nur zur Anbahnung geschäftlicher Kontakte zu verwenden und sie nicht für unerwünschte Werbung oder zum Weiterverkauf zu sammeln,",
          "keine rechtswidrigen, irreführenden, diskriminierenden oder beleidigenden Inhalte zu veröffentlichen,",
          "die Plattform nicht automatisiert auszulesen und ihren Betrieb nicht zu beeinträchtigen.",
        ],
      },
      {
        heading: "§ 6 Nutzungsrechte an Inhalten",
        paragraphs: [
          "Sie räumen dem Betreiber das einfache, unentgeltliche und auf die Dauer der Veröffentlichung beschränkte Recht ein, Ihre Inhalte auf der Plattform öffentlich zugänglich zu machen und sie dafür technisch anzupassen, etwa Bilder zu verkleinern. Die Rechte an Ihren Inhalten verbleiben bei Ihnen.",
        ],
      },
      {
        heading: "§ 7 Prüfung, Moderation und Deaktivierung",
        paragraphs: [
          "Der Betreiber ist nicht verpflichtet, alle Inhalte vorab zu prüfen. Er kann jedoch Firmenprofile, Angebote, Gesuche, Veranstaltungen und Neuigkeiten prüfen und Inhalte deaktivieren, die gegen diese Bedingungen oder geltendes Recht verstoßen oder offensichtlich fehlerhaft sind.",
          "Nutzer können fehlerhafte Angaben in Firmenprofilen über die Meldefunktion melden. Der Betreiber prüft jede Meldung und klärt sie bei Bedarf mit dem betroffenen Unternehmen.",
          "Bei Verstößen kann der Betreiber Accounts vorübergehend oder dauerhaft deaktivieren. Er berücksichtigt dabei die berechtigten Interessen aller Beteiligten und teilt dem Betroffenen die Gründe in der Regel mit.",
        ],
      },
      {
        heading: "§ 8 Verfügbarkeit",
        paragraphs: [
          "Der Betreiber bemüht sich um einen möglichst störungsfreien Betrieb, schuldet aber keine bestimmte Verfügbarkeit. Wartungsarbeiten, technische Störungen oder Weiterentwicklungen können zu vorübergehenden Einschränkungen führen. Der Betreiber kann Funktionen der Plattform ändern, erweitern oder einstellen.",
        ],
      },
      {
        heading: "§ 9 Haftung",
        paragraphs: [
          "Der Betreiber stellt lediglich die Plattform bereit und wird nicht Partei von Verträgen zwischen Nutzern. Für Richtigkeit, Vollständigkeit und Aktualität der von Nutzern eingestellten Inhalte sowie für die Zuverlässigkeit von Geschäftspartnern übernimmt er keine Gewähr.",
          "Der Betreiber haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung des Lebens, des Körpers oder der Gesundheit. Bei leichter Fahrlässigkeit haftet er nur für die Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, typischerweise eintretenden Schaden. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.",
          "Nutzer stellen den Betreiber von Ansprüchen Dritter frei, die auf einer schuldhaften Verletzung ihrer Pflichten aus diesen Bedingungen beruhen, insbesondere auf Rechtsverletzungen durch von ihnen eingestellte Inhalte.",
        ],
      },
      {
        heading: "§ 10 Löschung des Accounts und Beendigung",
        paragraphs: [
          "Sie können Ihren Account jederzeit unter „Mein Account“ löschen. Die Löschung ist endgültig und kann nicht rückgängig gemacht werden. Das Firmenprofil bleibt bestehen; Ihre Anmeldungen zu Veranstaltungen bleiben ohne Bezug zu Ihrer Person für die Auswertungen des Veranstalters erhalten.",
          "Mitglieder eines Firmenprofils können es selbst löschen. Mit dem Profil verschwinden seine Veranstaltungen und Neuigkeiten sofort aus allen Ansichten; die Angemeldeten einer bevorstehenden Veranstaltung werden per E-Mail informiert. 30 Tage lang kann ein Admin des Betreibers das Profil mit allem Zugehörigen wiederherstellen, danach wird es endgültig gelöscht.",
          "Rechnungen und Stornorechnungen werden nach den gesetzlichen Aufbewahrungspflichten 10 Jahre aufbewahrt, auch wenn ein beteiligtes Firmenprofil oder ein Account gelöscht wird.",
          "Der Betreiber kann die Nutzung aus wichtigem Grund jederzeit und im Übrigen mit angemessener Frist beenden, etwa wenn die Plattform eingestellt wird.",
        ],
      },
      {
        heading: "§ 11 Anwendbares Recht und Gerichtsstand",
        paragraphs: [
          "Es gilt das Recht der Bundesrepublik Deutschland. Ist der Nutzer Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches Sondervermögen, ist Gerichtsstand für alle Streitigkeiten aus diesen Bedingungen der Sitz des Betreibers ({operatorAddress}).",
          "Sollte eine Bestimmung dieser Bedingungen unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.",
        ],
      },
      {
        heading: "§ 12 Änderungen dieser Bedingungen",
        paragraphs: [
          "Der Betreiber kann diese Bedingungen mit Wirkung für die Zukunft ändern, etwa bei neuen Funktionen oder einer geänderten Rechtslage. Über wesentliche Änderungen informiert er registrierte Nutzer mindestens zwei Wochen vor deren Inkrafttreten per E-Mail. Widersprechen Sie nicht innerhalb dieser Frist, gelten die Änderungen als angenommen; darauf weist der Betreiber in der Mitteilung hin. Im Fall eines Widerspruchs können Sie Ihren Account löschen.",
        ],
      },
    ],
  },
  cs: {
    title: "Podmínky užití",
    lead: "Tyto podmínky užití upravují používání platformy PartnerNet. Registrací s nimi vyjadřujete souhlas.",
    sections: [
      {
        heading: "1. Předmět a provozovatel",
        paragraphs: [
          "PartnerNet je online platforma pro propojování firem, hospodářských komor, svazů a dalších organizací v česko-saském příhraničí. Poskytovatelem a provozovatelem platformy je {operatorName}, {operatorAddress} (dále jen „provozovatel“).",
          "Tyto podmínky platí pro všechny uživatele platformy – pro návštěvníky bez účtu stejně jako pro registrované uživatele. Platforma je určena firmám a organizacím; registrovaní uživatelé zpravidla jednají za svou firmu nebo organizaci.",
          "Používání platformy je bezplatné. Na registraci, přidělení určité role ani na konkrétní funkce není právní nárok.",
        ],
      },
      {
        heading: "2. Registrace, účet a role",
        paragraphs: [
          "Některé funkce – zobrazení kontaktních údajů, firemní profily, nabídky a poptávky, registrace na akce – vyžadují účet. Při registraci uvedete své jméno a platnou e-mailovou adresu, kterou ověříte pomocí zaslaného odkazu. K přihlášení slouží jednorázový kód zaslaný e-mailem, případně externí přihlašovací služba (OpenID Connect), pokud je nabízena.",
          "Účet je osobní a nepřenosný. Chraňte přístup ke své e-mailové schránce a přihlašovací kódy nikomu nepředávejte.",
          "Nové účty dostávají roli „Organizace“. O roli „Multiplikátor“ lze požádat, pokud je účet propojen s firemním profilem; o jejím přidělení rozhoduje administrátor provozovatele. Provozovatel může roli odebrat, pokud přestanou být splněny podmínky nebo dojde k porušení těchto podmínek užití.",
        ],
      },
      {
        heading: "3. Firemní profily, nabídky a poptávky",
        paragraphs: [
          "Registrovaní uživatelé mohou založit firemní profil nebo požádat o propojení svého účtu s existujícím profilem. Prohlašují tím, že jsou oprávněni za danou firmu jednat. Nové profily provozovatel před zveřejněním kontroluje; propojení s existujícími profily potvrzuje administrátor.",
          "Nabídky a poptávky se zveřejňují na dobu 30, 60, 90 nebo 180 dní a během posledních 7 dní před vypršením je lze prodloužit o 30 dní. Smlouvy uzavřené na základě nabídek nebo poptávek vznikají výhradně mezi zúčastněnými firmami.",
        ],
      },
      {
        heading: "4. Akce a novinky",
        paragraphs: [
          "Akce a novinky zveřejňují multiplikátoři nebo provozovatel. K registraci na akci je nutný firemní profil propojený s účtem. Pořadatelem akce je vždy uvedená organizace, která odpovídá za její průběh, obsah a případné podmínky účasti.",
        ],
      },
      {
        heading: "5. Povinnosti uživatelů",
        paragraphs: [
          "Za obsah, který vložíte (firemní profily, nabídky, poptávky, akce, novinky), odpovídáte sami. Zejména se zavazujete:",
        ],
        items: [
          "uvádět pouze pravdivé, úplné a aktuální údaje a při změnách je aktualizovat,",
          "používat pouze loga, obrázky a texty, k nimž máte potřebná práva, a neporušovat autorská, známková ani jiná práva třetích osob,",
          "zadávat osobní údaje kontaktních osob pouze s jejich souhlasem a na vyžádání tento souhlas doložit,",
          "používat kontaktní údaje ostatních uživatelů jen k navazování obchodních kontaktů a neshromažďovat je pro nevyžádanou reklamu ani k dalšímu prodeji,",
          "nezveřejňovat protiprávní, zavádějící, diskriminační ani urážlivý obsah,",
          "nevytěžovat obsah platformy automatizovaně a nenarušovat její provoz.",
        ],
      },
      {
        heading: "6. Práva k obsahu",
        paragraphs: [
          "Udělujete provozovateli nevýhradní, bezúplatné a na dobu zveřejnění omezené oprávnění zpřístupňovat váš obsah na platformě a technicky ho k tomu upravovat, například zmenšovat obrázky. Práva k vašemu obsahu zůstávají vám.",
        ],
      },
      {
        heading: "7. Kontrola, moderování a deaktivace",
        paragraphs: [
          "Provozovatel není povinen veškerý obsah předem kontrolovat. Může však kontrolovat firemní profily, nabídky, poptávky, akce a novinky a deaktivovat obsah, který porušuje tyto podmínky nebo platné právo nebo je zjevně chybný.",
          "Uživatelé mohou chybné údaje ve firemních profilech nahlásit pomocí funkce pro nahlášení chyby. Provozovatel každé hlášení prověří a v případě potřeby ho vyjasní s dotčenou firmou.",
          "Při porušení podmínek může provozovatel účty dočasně nebo trvale deaktivovat. Přihlíží přitom k oprávněným zájmům všech zúčastněných a dotčenému uživateli zpravidla sdělí důvody.",
        ],
      },
      {
        heading: "8. Dostupnost",
        paragraphs: [
          "Provozovatel usiluje o co nejplynulejší provoz, nezaručuje však určitou míru dostupnosti. Údržba, technické poruchy nebo další vývoj mohou vést k dočasným omezením. Provozovatel může funkce platformy měnit, rozšiřovat nebo rušit.",
        ],
      },
      {
        heading: "9. Odpovědnost",
        paragraphs: [
          "Provozovatel pouze poskytuje platformu a nestává se smluvní stranou smluv mezi uživateli. Neručí za správnost, úplnost a aktuálnost obsahu vloženého uživateli ani za spolehlivost obchodních partnerů.",
          "Provozovatel odpovídá v plném rozsahu za škodu způsobenou úmyslně nebo z hrubé nedbalosti a za újmu na životě, těle nebo zdraví. Při lehké nedbalosti odpovídá pouze za porušení podstatných smluvních povinností, a to do výše předvídatelné škody, která obvykle vzniká. Odpovědnost podle německého zákona o odpovědnosti za vadné výrobky (Produkthaftungsgesetz) tím není dotčena.",
          "Uživatelé odškodní provozovatele za nároky třetích osob, které vzniknou zaviněným porušením jejich povinností podle těchto podmínek, zejména porušením práv obsahem, který vložili.",
        ],
      },
      {
        heading: "10. Zrušení účtu a ukončení užívání",
        paragraphs: [
          "Svůj účet můžete kdykoli zrušit na stránce „Můj účet“. Zrušení je definitivní a nelze ho vrátit zpět. Firemní profil zůstává zachován; vaše registrace na akce zůstanou bez vazby na vaši osobu zachovány pro vyhodnocení pořadatele.",
          "Členové firemního profilu ho mohou sami smazat. Spolu s profilem okamžitě zmizí ze všech zobrazení jeho akce a novinky; přihlášení na nadcházející akci jsou informováni e-mailem. Po 30 dní může administrátor provozovatele profil se vším, co k němu patří, obnovit, poté je definitivně smazán.",
          "Faktury a opravné doklady se podle zákonných povinností archivace uchovávají 10 let, i když je některý zúčastněný firemní profil nebo účet smazán.",
          "Provozovatel může užívání platformy ukončit ze závažného důvodu kdykoli, jinak s přiměřenou lhůtou, například při ukončení provozu platformy.",
        ],
      },
      {
        heading: "11. Rozhodné právo a místní příslušnost soudu",
        paragraphs: [
          "Tyto podmínky se řídí právem Spolkové republiky Německo. Je-li uživatel obchodníkem ve smyslu německého obchodního zákoníku, právnickou osobou veřejného práva nebo zvláštním majetkem veřejného práva, je pro všechny spory z těchto podmínek místně příslušný soud podle sídla provozovatele ({operatorAddress}).",
          "Je-li některé ustanovení těchto podmínek neplatné, nemá to vliv na platnost ostatních ustanovení.",
        ],
      },
      {
        heading: "12. Změny podmínek",
        paragraphs: [
          "Provozovatel může tyto podmínky s účinkem do budoucna změnit, například při zavedení nových funkcí nebo změně právní úpravy. O podstatných změnách informuje registrované uživatele e-mailem nejméně dva týdny před jejich účinností. Pokud v této lhůtě nevznesete námitku, platí změny za přijaté; na tento důsledek vás provozovatel ve sdělení upozorní. Pokud se změnami nesouhlasíte, můžete svůj účet zrušit.",
        ],
      },
    ],
  },
};
