/**
 * Demo news from the region (issue 13): ten published items spread over the past weeks, one
 * scheduled for later and one deactivated, so the public pages, the home page, the feeds and the
 * admin list all have something to show in every state. German and Czech say the same thing.
 * Days are relative to the seeding day; texts are HTML as the editor writes it (sanitised on seeding).
 */
export interface DemoNews {
  key: string;
  titleDe: string;
  titleCs: string;
  /** Paragraphs (HTML allowed: the rich-text allow-list). */
  textDe: string[];
  textCs: string[];
  /** Index of the publishing demo company (1 = the demo Multiplikator's company). */
  company: number;
  /** The author; null = the demo Multiplikator account (linked), otherwise a name only. */
  author: string | null;
  /** Publication relative to the seeding day (negative = past, positive = scheduled). */
  day: number;
  hour: number;
  active?: boolean;
  color: string;
}

export const DEMO_NEWS: DemoNews[] = [
  {
    key: "kleinprojektefonds",
    titleDe: "Förderaufruf: Kleinprojekte Sachsen–Tschechien bis 25.000\u00a0Euro",
    titleCs: "Nová výzva: malé projekty Sasko–Česko až do 25\u00a0000\u00a0eur",
    textDe: [
      "Der Kleinprojektefonds des Kooperationsprogramms Sachsen–Tschechien öffnet eine neue Antragsrunde. Gefördert werden Begegnungen, Workshops und gemeinsame Marketingaktionen von Unternehmen, Kammern und Vereinen beiderseits der Grenze.",
      "Je Projekt sind bis zu <strong>25.000 Euro</strong> möglich, bei einem Eigenanteil von 20 Prozent. Voraussetzung ist mindestens ein Partner auf der anderen Seite der Grenze.",
      'Wir beraten Sie gern bei der Partnersuche und beim Antrag. Die Unterlagen finden Sie beim <a href="https://www.kleinprojektefonds.example/antrag">Kleinprojektefonds</a>.',
    ],
    textCs: [
      "Fond malých projektů programu spolupráce Sasko–Česko otevírá nové kolo výzvy. Podporována jsou setkání, workshopy a společné marketingové akce firem, komor a spolků z obou stran hranice.",
      "Na jeden projekt lze získat až <strong>25\u00a0000\u00a0eur</strong> při vlastním podílu 20 procent. Podmínkou je alespoň jeden partner na druhé straně hranice.",
      'Rádi vám poradíme s hledáním partnera i se žádostí. Podklady najdete na stránkách <a href="https://www.kleinprojektefonds.example/antrag">Fondu malých projektů</a>.',
    ],
    company: 1,
    author: null,
    day: -1,
    hour: 9,
    color: "#134c9e",
  },
  {
    key: "gruenderzentrum-usti",
    titleDe: "Neues Gründerzentrum in Ústí nad Labem eröffnet",
    titleCs: "V Ústí nad Labem bylo otevřeno nové centrum pro začínající podnikatele",
    textDe: [
      "In der ehemaligen Spinnerei am Elbufer stehen ab sofort 40 Büros, zwei Werkstätten und ein Konferenzraum für junge Unternehmen bereit. Die ersten sechs Monate sind mietfrei.",
      "Ausdrücklich willkommen sind auch Gründerinnen und Gründer aus Sachsen, die den tschechischen Markt erschließen wollen. Die Beratung gibt es auf Tschechisch, Deutsch und Englisch.",
    ],
    textCs: [
      "V bývalé přádelně na břehu Labe je od nynějška připraveno 40 kanceláří, dvě dílny a konferenční sál pro mladé firmy. Prvních šest měsíců se nájem neplatí.",
      "Vítáni jsou výslovně i zakladatelé a zakladatelky ze Saska, kteří chtějí proniknout na český trh. Poradenství je k dispozici česky, německy a anglicky.",
    ],
    company: 10,
    author: "Jana Kučerová",
    day: -3,
    hour: 10,
    color: "#0b7285",
  },
  {
    key: "intec-gemeinschaftsstand",
    titleDe: "Gemeinschaftsstand auf der Intec Leipzig: Mitaussteller gesucht",
    titleCs: "Společný stánek na veletrhu Intec v Lipsku: hledáme spoluvystavovatele",
    textDe: [
      "Für die Fachmesse für Fertigungstechnik planen wir einen sächsisch-tschechischen Gemeinschaftsstand mit zwölf Plätzen. Standbau, Dolmetscher und ein gemeinsamer Empfang sind im Paket enthalten.",
      "Interessierte Zulieferer und Maschinenbauer melden sich bitte bis Monatsende. Die Kosten werden zur Hälfte gefördert.",
    ],
    textCs: [
      "Pro odborný veletrh výrobních technologií připravujeme sasko-český společný stánek s dvanácti místy. Stavba stánku, tlumočníci a společná recepce jsou součástí balíčku.",
      "Zájemci z řad dodavatelů a strojírenských firem se prosím přihlaste do konce měsíce. Polovina nákladů je dotována.",
    ],
    company: 7,
    author: "Thomas Wagner",
    day: -5,
    hour: 8,
    color: "#5f3dc4",
  },
  {
    key: "tschechischkurse",
    titleDe: "Tschechisch für Beschäftigte: neue Abendkurse in Görlitz und Zittau",
    titleCs: "Čeština pro zaměstnance: nové večerní kurzy ve Zhořelci a v Žitavě",
    textDe: [
      "Ab Februar bieten wir zweimal wöchentlich Tschechischkurse für Berufstätige an – vom Einstieg bis zur Verhandlungssprache. Unternehmen können auch eigene Gruppen buchen.",
      "Die Kurse werden über das Programm zur Fachkräftesicherung zu 80 Prozent gefördert. Ein kostenloser Einstufungstest findet an beiden Standorten statt.",
    ],
    textCs: [
      "Od února nabízíme dvakrát týdně kurzy češtiny pro pracující – od začátečníků až po jazyk obchodních jednání. Firmy si mohou objednat i vlastní skupiny.",
      "Kurzy jsou z 80 procent hrazeny z programu na zajištění kvalifikovaných pracovníků. Bezplatný rozřazovací test proběhne v obou místech.",
    ],
    company: 9,
    author: "Katrin Becker",
    day: -8,
    hour: 11,
    color: "#2b8a3e",
  },
  {
    key: "grenzlager-zittau",
    titleDe: "Logistik: gemeinsames Grenzlager in Zittau für kleine Sendungen",
    titleCs: "Logistika: společný příhraniční sklad v Žitavě pro malé zásilky",
    textDe: [
      "Mehrere Speditionen aus der Oberlausitz und Nordböhmen bündeln ihre Stückgutsendungen in einem gemeinsamen Lager in Zittau. Kleine Betriebe erreichen so täglich Kunden auf beiden Seiten der Grenze.",
      "Wer sich beteiligen möchte, kann Palettenplätze ab einem Monat Laufzeit mieten. Die Zollabwicklung übernimmt ein Partner vor Ort.",
    ],
    textCs: [
      "Několik speditérů z Horní Lužice a severních Čech sdružuje své kusové zásilky ve společném skladu v Žitavě. Malé firmy tak denně dosáhnou na zákazníky na obou stranách hranice.",
      "Kdo se chce zapojit, může si pronajmout paletová místa již na jeden měsíc. Celní odbavení zajistí místní partner.",
    ],
    company: 12,
    author: "Jens Krause",
    day: -11,
    hour: 9,
    color: "#e67700",
  },
  {
    key: "rueckblick-praxistag",
    titleDe: "Rückblick: Praxistag Digitalisierung im Handwerk",
    titleCs: "Ohlédnutí: Praktický den digitalizace v řemesle",
    textDe: [
      "Rund 60 Handwerksbetriebe aus Sachsen und Böhmen haben sich beim Praxistag über Auftragsverwaltung, Zeiterfassung und Online-Shops informiert.",
      "Die Präsentationen stehen den Teilnehmenden zur Verfügung. Eine Fortsetzung mit dem Schwerpunkt <em>E-Rechnung</em> ist für das Frühjahr geplant.",
    ],
    textCs: [
      "Zhruba 60 řemeslných firem ze Saska a Čech se na praktickém dni seznámilo se správou zakázek, evidencí pracovní doby a e-shopy.",
      "Prezentace mají účastníci k dispozici. Pokračování zaměřené na <em>elektronickou fakturaci</em> plánujeme na jaro.",
    ],
    company: 1,
    author: null,
    day: -14,
    hour: 14,
    color: "#364fc7",
  },
  {
    key: "hackathon-liberec",
    titleDe: "Liberec: Hackathon für Industrie 4.0 sucht Aufgaben aus Unternehmen",
    titleCs: "Liberec: hackathon pro Průmysl 4.0 hledá zadání od firem",
    textDe: [
      "Studierende der Technischen Universität Liberec und der Hochschule Zittau/Görlitz lösen an einem Wochenende echte Aufgaben aus der Produktion.",
      "Unternehmen reichen bis Ende des Monats eine kurze Aufgabenbeschreibung ein und erhalten die Ergebnisse samt Quellcode.",
    ],
    textCs: [
      "Studenti Technické univerzity v Liberci a Vysoké školy Žitava/Zhořelec během jednoho víkendu řeší skutečné úlohy z výroby.",
      "Firmy do konce měsíce zašlou krátký popis zadání a obdrží výsledky včetně zdrojového kódu.",
    ],
    // Not company 2: its demo member deletes that profile in an e2e test (account-companies.spec.ts).
    company: 5,
    author: "Tomáš Svoboda",
    day: -18,
    hour: 10,
    color: "#087f5b",
  },
  {
    key: "radtourismus",
    titleDe: "Radtourismus: Oberlausitz und Nordböhmen werben gemeinsam",
    titleCs: "Cykloturistika: Horní Lužice a severní Čechy se propagují společně",
    textDe: [
      "Ein neues zweisprachiges Radwegenetz verbindet 25 Orte beiderseits der Grenze. Gastgeber, Werkstätten und Ausflugsziele können sich kostenlos als Partnerbetrieb eintragen lassen.",
      "Die gemeinsame Karte erscheint im Frühjahr gedruckt und online.",
    ],
    textCs: [
      "Nová dvojjazyčná síť cyklostezek propojuje 25 obcí na obou stranách hranice. Ubytovatelé, servisy a turistické cíle se mohou zdarma zapsat jako partnerský podnik.",
      "Společná mapa vyjde na jaře tiskem i online.",
    ],
    company: 6,
    author: "Sabine Wagner",
    day: -22,
    hour: 12,
    color: "#c92a2a",
  },
  {
    key: "berufsschulen-austausch",
    titleDe: "Fachkräfte: Berufsschulen in Děčín und Pirna starten Austausch",
    titleCs: "Kvalifikovaní pracovníci: odborné školy v Děčíně a Pirně zahajují výměnu",
    textDe: [
      "Auszubildende in Mechatronik und Logistik verbringen künftig drei Wochen im Betrieb im Nachbarland. Gesucht werden noch Ausbildungsbetriebe, die Gäste aufnehmen.",
      "Unterkunft und Fahrtkosten sind gefördert; ein Sprachkurs vor dem Aufenthalt ist inbegriffen.",
    ],
    textCs: [
      "Učni oborů mechatronika a logistika nově stráví tři týdny ve firmě v sousední zemi. Stále hledáme firmy, které hosty přijmou.",
      "Ubytování a cestovné jsou dotovány; jazykový kurz před pobytem je v ceně.",
    ],
    company: 13,
    author: "Petr Veselý",
    day: -27,
    hour: 9,
    color: "#1864ab",
  },
  {
    key: "merkblatt-umsatzsteuer",
    titleDe: "Merkblatt: Umsatzsteuer bei Dienstleistungen über die Grenze",
    titleCs: "Informační list: DPH u služeb přes hranici",
    textDe: [
      "Wer Montage, Wartung oder Beratung im Nachbarland erbringt, muss die Regeln zum Leistungsort kennen. Unser Merkblatt erklärt die häufigsten Fälle mit Beispielen.",
      "Für Rückfragen bieten wir jeden ersten Dienstag im Monat eine telefonische Sprechstunde an.",
    ],
    textCs: [
      "Kdo poskytuje montáž, údržbu nebo poradenství v sousední zemi, musí znát pravidla pro místo plnění. Náš informační list vysvětluje nejčastější případy na příkladech.",
      "S dotazy vám pomůžeme každé první úterý v měsíci na telefonických konzultacích.",
    ],
    company: 1,
    author: null,
    day: -33,
    hour: 10,
    color: "#495057",
  },
  {
    key: "innovationsprojekte",
    titleDe: "Neue Ausschreibung für grenzüberschreitende Innovationsprojekte",
    titleCs: "Nová výzva pro přeshraniční inovační projekty",
    textDe: [
      "Unternehmen und Forschungseinrichtungen aus Sachsen und Tschechien können gemeinsame Entwicklungsprojekte einreichen. Wir stellen die Bedingungen auf einer Informationsveranstaltung vor.",
    ],
    textCs: [
      "Firmy a výzkumné instituce ze Saska a Česka mohou podávat společné vývojové projekty. Podmínky představíme na informačním setkání.",
    ],
    company: 1,
    author: null,
    // Scheduled: the public sees it only then; the Multiplikator and admins see it in the admin list.
    day: 10,
    hour: 9,
    color: "#0b7285",
  },
  {
    key: "sprechtage-dezember",
    titleDe: "Sprechtage zur Förderung im Dezember",
    titleCs: "Konzultační dny k dotacím v prosinci",
    textDe: ["Die Termine werden wegen einer Raumänderung neu geplant und in Kürze wieder veröffentlicht."],
    textCs: ["Termíny se kvůli změně místnosti plánují znovu a brzy je opět zveřejníme."],
    company: 1,
    author: null,
    day: -6,
    hour: 15,
    // Deactivated by an admin (the dates changed): hidden from the public.
    active: false,
    color: "#868e96",
  },
];
