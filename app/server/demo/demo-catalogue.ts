/**
 * Material for ~50 realistic demo companies across the programme area: industries with NACE
 * codes, bilingual tags, descriptions and ads. Company names are invented; places and postal
 * codes are real (they are geocoded from the shipped reference data).
 */
export interface DemoIndustry {
  key: string;
  nace: string[];
  tags: Array<[de: string, cs: string]>;
  de: { noun: string; text: string; offer: [string, string]; inquiry: [string, string] };
  cs: { noun: string; text: string; offer: [string, string]; inquiry: [string, string] };
}

export const INDUSTRIES: DemoIndustry[] = [
  {
    key: "metal",
    nace: ["25.11", "25.62"],
    tags: [["Metallbau", "Kovovýroba"], ["CNC-Fertigung", "CNC obrábění"], ["Schweißen", "Svařování"], ["Stahlbau", "Ocelové konstrukce"]],
    de: {
      noun: "Metallbau",
      text: "Wir fertigen Stahl- und Metallkonstruktionen, Baugruppen und CNC-Drehteile in Klein- und Mittelserien – vom Prototyp bis zur Montage vor Ort.",
      offer: ["CNC-Drehteile und Frästeile in Kleinserien", "Freie Kapazitäten auf 5-Achs-Fräszentren, Losgrößen ab 10 Stück, Werkstoffe Stahl, Edelstahl und Aluminium."],
      inquiry: ["Partner für Pulverbeschichtung gesucht", "Wir suchen einen zuverlässigen Partner für die Pulverbeschichtung von Stahlteilen bis 3 m Länge in der Grenzregion."],
    },
    cs: {
      noun: "kovovýroba",
      text: "Vyrábíme ocelové a kovové konstrukce, montážní celky a CNC soustružené díly v malých a středních sériích – od prototypu až po montáž na místě.",
      offer: ["CNC soustružené a frézované díly v malých sériích", "Volné kapacity na pětiosých frézovacích centrech, série od 10 kusů, materiály ocel, nerez a hliník."],
      inquiry: ["Hledáme partnera pro práškové lakování", "Hledáme spolehlivého partnera pro práškové lakování ocelových dílů do délky 3 m v příhraničí."],
    },
  },
  {
    key: "logistics",
    nace: ["49.41", "52.10"],
    tags: [["Logistik", "Logistika"], ["Spedition", "Spedice"], ["Lagerhaltung", "Skladování"], ["Grenzüberschreitender Transport", "Přeshraniční doprava"]],
    de: {
      noun: "Logistik",
      text: "Spedition und Kontraktlogistik zwischen Sachsen und Böhmen: Teil- und Komplettladungen, Lagerflächen und Zollabwicklung aus einer Hand.",
      offer: ["Lagerflächen nahe der Grenze frei", "2.000 Palettenstellplätze mit Kommissionierung und täglichen Touren nach Tschechien und Sachsen."],
      inquiry: ["Subunternehmer für Stückgutverkehre", "Für regelmäßige Stückgutverkehre Dresden–Prag suchen wir Frachtführer mit Planenfahrzeugen."],
    },
    cs: {
      noun: "logistika",
      text: "Spedice a smluvní logistika mezi Saskem a Čechami: dílčí i kompletní náklady, skladové plochy a celní odbavení z jedné ruky.",
      offer: ["Volné skladové plochy u hranic", "2 000 paletových míst s kompletací a denními linkami do Česka a Saska."],
      inquiry: ["Hledáme subdodavatele pro kusové zásilky", "Pro pravidelné kusové zásilky Drážďany–Praha hledáme dopravce s plachtovými vozidly."],
    },
  },
  {
    key: "software",
    nace: ["62.01", "62.02"],
    tags: [["Softwareentwicklung", "Vývoj softwaru"], ["Digitalisierung", "Digitalizace"], ["IT-Beratung", "IT poradenství"], ["Webanwendungen", "Webové aplikace"]],
    de: {
      noun: "Software",
      text: "Individuelle Software, Web- und Mobilanwendungen für den Mittelstand, zweisprachig betreut von Teams in Deutschland und Tschechien.",
      offer: ["Digitalisierung von Produktionsprozessen", "Wir vernetzen Maschinen, erfassen Betriebsdaten und bauen Dashboards – Pilotprojekt in vier Wochen."],
      inquiry: ["Pilotkunden aus der Fertigung gesucht", "Für unsere neue Wartungsplanungs-Software suchen wir zwei Fertigungsbetriebe als Pilotkunden."],
    },
    cs: {
      noun: "software",
      text: "Software na míru, webové a mobilní aplikace pro střední firmy, dvojjazyčná podpora týmy v Německu a v Česku.",
      offer: ["Digitalizace výrobních procesů", "Propojíme stroje, sbíráme provozní data a stavíme dashboardy – pilotní projekt za čtyři týdny."],
      inquiry: ["Hledáme pilotní zákazníky z výroby", "Pro náš nový software na plánování údržby hledáme dva výrobní podniky jako pilotní zákazníky."],
    },
  },
  {
    key: "glass",
    nace: ["23.13", "23.19"],
    tags: [["Glas", "Sklo"], ["Kunsthandwerk", "Umělecké řemeslo"], ["Veredelung", "Zušlechťování"]],
    de: {
      noun: "Glaswerk",
      text: "Mundgeblasenes und technisches Glas aus der böhmisch-sächsischen Glastradition, Veredelung durch Schliff, Gravur und Bemalung.",
      offer: ["Individuelle Glasgeschenke für Firmenkunden", "Gravierte Gläser und Karaffen mit Ihrem Logo, ab 50 Stück, Lieferzeit drei Wochen."],
      inquiry: ["Vertriebspartner in Sachsen gesucht", "Wir suchen Händler und Galerien in Sachsen für unsere Kollektion aus mundgeblasenem Glas."],
    },
    cs: {
      noun: "sklárna",
      text: "Foukané a technické sklo z česko-saské sklářské tradice, zušlechtění broušením, rytím a malbou.",
      offer: ["Skleněné dárky na zakázku pro firmy", "Rytá skla a karafy s vaším logem od 50 kusů, dodací lhůta tři týdny."],
      inquiry: ["Hledáme obchodní partnery v Sasku", "Hledáme prodejce a galerie v Sasku pro naši kolekci foukaného skla."],
    },
  },
  {
    key: "wood",
    nace: ["16.23", "31.09"],
    tags: [["Holzbau", "Dřevostavby"], ["Möbel", "Nábytek"], ["Tischlerei", "Truhlářství"]],
    de: {
      noun: "Holzbau",
      text: "Holzbau, Innenausbau und Möbel nach Maß aus regionalem Holz aus Erzgebirge und Böhmerwald.",
      offer: ["Objekteinrichtung aus Massivholz", "Empfangstresen, Besprechungstische und Wandverkleidungen für Büros und Hotels – Planung und Montage."],
      inquiry: ["Lieferant für Brettschichtholz gesucht", "Wir suchen einen Lieferanten für zertifiziertes Brettschichtholz in regelmäßigen Mengen."],
    },
    cs: {
      noun: "dřevostavby",
      text: "Dřevostavby, interiéry a nábytek na míru z regionálního dřeva z Krušných hor a Šumavy.",
      offer: ["Vybavení interiérů z masivního dřeva", "Recepční pulty, jednací stoly a obklady stěn pro kanceláře a hotely – návrh i montáž."],
      inquiry: ["Hledáme dodavatele lepeného dřeva", "Hledáme dodavatele certifikovaného lepeného lamelového dřeva v pravidelném množství."],
    },
  },
  {
    key: "food",
    nace: ["10.71", "10.85"],
    tags: [["Lebensmittel", "Potraviny"], ["Regionale Produkte", "Regionální produkty"], ["Bäckerei", "Pekařství"]],
    de: {
      noun: "Feinkost",
      text: "Regionale Backwaren und Feinkost nach traditionellen Rezepten, frisch für Handel, Gastronomie und Kantinen.",
      offer: ["Backwaren für Kantinen und Hotels", "Tägliche Lieferung frischer Brote und Kuchen im Umkreis von 60 km, auch glutenfreie Sortimente."],
      inquiry: ["Regionale Mühle als Lieferant gesucht", "Für unser Bio-Sortiment suchen wir eine Mühle aus der Region mit Dinkel- und Roggenmehl."],
    },
    cs: {
      noun: "lahůdky",
      text: "Regionální pečivo a lahůdky podle tradičních receptur, čerstvé pro obchody, gastronomii a jídelny.",
      offer: ["Pečivo pro jídelny a hotely", "Denní rozvoz čerstvého chleba a koláčů do 60 km, také bezlepkový sortiment."],
      inquiry: ["Hledáme regionální mlýn jako dodavatele", "Pro náš bio sortiment hledáme mlýn z regionu se špaldovou a žitnou moukou."],
    },
  },
  {
    key: "tourism",
    nace: ["55.10", "79.12"],
    tags: [["Tourismus", "Cestovní ruch"], ["Hotellerie", "Hotelnictví"], ["Tagungen", "Konference"]],
    de: {
      noun: "Tourismus",
      text: "Hotel und Tagungshaus im Grenzgebiet mit Angeboten für Firmenveranstaltungen, Teambuilding und Wanderreisen beiderseits der Grenze.",
      offer: ["Tagungspauschalen für Firmen", "Tagungsräume bis 120 Personen mit Technik, Verpflegung und Rahmenprogramm im Elbsandsteingebirge."],
      inquiry: ["Reiseveranstalter für Gruppenreisen gesucht", "Wir suchen tschechische und deutsche Reiseveranstalter für gemeinsame Wanderangebote."],
    },
    cs: {
      noun: "cestovní ruch",
      text: "Hotel a konferenční centrum v příhraničí s nabídkou firemních akcí, teambuildingu a pěších zájezdů na obou stranách hranice.",
      offer: ["Konferenční balíčky pro firmy", "Konferenční sály až pro 120 osob s technikou, občerstvením a doprovodným programem v Labských pískovcích."],
      inquiry: ["Hledáme cestovní kanceláře pro skupinové zájezdy", "Hledáme české a německé cestovní kanceláře pro společné turistické nabídky."],
    },
  },
  {
    key: "machinery",
    nace: ["28.41", "33.12"],
    tags: [["Maschinenbau", "Strojírenství"], ["Instandhaltung", "Údržba"], ["Automatisierung", "Automatizace"]],
    de: {
      noun: "Maschinenbau",
      text: "Sondermaschinen, Automatisierungslösungen und Instandhaltung für die Industrie in Sachsen und Nordböhmen.",
      offer: ["Retrofit älterer Werkzeugmaschinen", "Wir modernisieren Steuerungen und Antriebe Ihrer Maschinen und verlängern so deren Lebensdauer."],
      inquiry: ["Elektrokonstrukteur (Projektpartner) gesucht", "Für Automatisierungsprojekte suchen wir ein Ingenieurbüro für Elektrokonstruktion mit EPLAN-Erfahrung."],
    },
    cs: {
      noun: "strojírenství",
      text: "Jednoúčelové stroje, automatizační řešení a údržba pro průmysl v Sasku a severních Čechách.",
      offer: ["Retrofit starších obráběcích strojů", "Modernizujeme řízení a pohony vašich strojů a prodlužujeme tak jejich životnost."],
      inquiry: ["Hledáme elektrokonstruktéra (projektového partnera)", "Pro automatizační projekty hledáme inženýrskou kancelář pro elektrokonstrukci se zkušenostmi s EPLAN."],
    },
  },
  {
    key: "plastics",
    nace: ["22.29"],
    tags: [["Kunststofftechnik", "Plasty"], ["Spritzguss", "Vstřikování"], ["Werkzeugbau", "Výroba nástrojů"]],
    de: {
      noun: "Kunststofftechnik",
      text: "Spritzguss technischer Kunststoffteile, eigener Werkzeugbau und Montage von Baugruppen für Automobil- und Elektroindustrie.",
      offer: ["Spritzgusskapazitäten 50–350 t frei", "Kurzfristig verfügbare Kapazitäten für technische Teile, inklusive Werkzeugkonstruktion."],
      inquiry: ["Recyclingpartner für Produktionsabfälle", "Wir suchen einen Partner, der sortenreine Kunststoffabfälle abnimmt und aufbereitet."],
    },
    cs: {
      noun: "plasty",
      text: "Vstřikování technických plastových dílů, vlastní nástrojárna a montáž sestav pro automobilový a elektrotechnický průmysl.",
      offer: ["Volné kapacity vstřikování 50–350 t", "Krátkodobě dostupné kapacity pro technické díly včetně konstrukce nástrojů."],
      inquiry: ["Partner pro recyklaci výrobního odpadu", "Hledáme partnera, který odebere a zpracuje čistě tříděný plastový odpad."],
    },
  },
  {
    key: "translation",
    nace: ["74.30"],
    tags: [["Übersetzung", "Překlady"], ["Dolmetschen", "Tlumočení"], ["Sprachkurse", "Jazykové kurzy"]],
    de: {
      noun: "Sprachdienste",
      text: "Übersetzungen und Dolmetschen Deutsch–Tschechisch für Technik, Recht und Messen, dazu Sprachkurse für Belegschaften.",
      offer: ["Messedolmetscher Deutsch–Tschechisch", "Erfahrene Dolmetscherinnen für Messen, Verhandlungen und Werksbesuche, auch kurzfristig."],
      inquiry: ["Fachübersetzer Maschinenbau gesucht", "Wir erweitern unser Team und suchen freiberufliche Fachübersetzer für technische Dokumentation."],
    },
    cs: {
      noun: "jazykové služby",
      text: "Překlady a tlumočení němčina–čeština pro techniku, právo a veletrhy, k tomu jazykové kurzy pro zaměstnance.",
      offer: ["Veletržní tlumočníci němčina–čeština", "Zkušené tlumočnice pro veletrhy, jednání a návštěvy závodů, i v krátkém termínu."],
      inquiry: ["Hledáme odborné překladatele pro strojírenství", "Rozšiřujeme tým a hledáme překladatele na volné noze pro technickou dokumentaci."],
    },
  },
  {
    key: "construction",
    nace: ["41.20", "43.22"],
    tags: [["Bau", "Stavebnictví"], ["Haustechnik", "Technická zařízení budov"], ["Energieeffizienz", "Energetická účinnost"]],
    de: {
      noun: "Bau",
      text: "Hochbau, Sanierung und Haustechnik für Gewerbe und Kommunen, mit Schwerpunkt auf energieeffizienter Modernisierung.",
      offer: ["Energetische Sanierung von Gewerbehallen", "Dämmung, Wärmepumpen und Photovoltaik aus einer Hand – inklusive Förderberatung."],
      inquiry: ["Nachunternehmer für Elektroinstallation", "Für Projekte in Nordböhmen suchen wir Elektroinstallateure mit Erfahrung im Gewerbebau."],
    },
    cs: {
      noun: "stavebnictví",
      text: "Pozemní stavby, rekonstrukce a technická zařízení budov pro firmy a obce se zaměřením na energeticky úsporné modernizace.",
      offer: ["Energetická sanace výrobních hal", "Zateplení, tepelná čerpadla a fotovoltaika z jedné ruky – včetně poradenství k dotacím."],
      inquiry: ["Hledáme subdodavatele elektroinstalací", "Pro projekty v severních Čechách hledáme elektroinstalatéry se zkušenostmi s komerčními stavbami."],
    },
  },
];

/** Real towns in the programme area with a postal code each (checked against the reference data). */
export const TOWNS: Array<{ country: "DE" | "CZ"; city: string; postalCode: string; state: string }> = [
  { country: "DE", city: "Dresden", postalCode: "01067", state: "Sachsen" },
  { country: "DE", city: "Pirna", postalCode: "01796", state: "Sachsen" },
  { country: "DE", city: "Bautzen", postalCode: "02625", state: "Sachsen" },
  { country: "DE", city: "Görlitz", postalCode: "02826", state: "Sachsen" },
  { country: "DE", city: "Zittau", postalCode: "02763", state: "Sachsen" },
  { country: "DE", city: "Freiberg", postalCode: "09599", state: "Sachsen" },
  { country: "DE", city: "Annaberg-Buchholz", postalCode: "09456", state: "Sachsen" },
  { country: "DE", city: "Plauen", postalCode: "08523", state: "Sachsen" },
  { country: "DE", city: "Zwickau", postalCode: "08056", state: "Sachsen" },
  { country: "DE", city: "Meißen", postalCode: "01662", state: "Sachsen" },
  { country: "CZ", city: "Ústí nad Labem", postalCode: "400 01", state: "Ústecký kraj" },
  { country: "CZ", city: "Děčín", postalCode: "405 02", state: "Ústecký kraj" },
  { country: "CZ", city: "Teplice", postalCode: "415 01", state: "Ústecký kraj" },
  { country: "CZ", city: "Chomutov", postalCode: "430 01", state: "Ústecký kraj" },
  { country: "CZ", city: "Liberec", postalCode: "460 01", state: "Liberecký kraj" },
  { country: "CZ", city: "Jablonec nad Nisou", postalCode: "466 01", state: "Liberecký kraj" },
  { country: "CZ", city: "Karlovy Vary", postalCode: "360 01", state: "Karlovarský kraj" },
  { country: "CZ", city: "Cheb", postalCode: "350 02", state: "Karlovarský kraj" },
  { country: "CZ", city: "Sokolov", postalCode: "356 01", state: "Karlovarský kraj" },
  { country: "CZ", city: "Česká Lípa", postalCode: "470 01", state: "Liberecký kraj" },
];

export const DE_SURNAMES = ["Müller", "Schmidt", "Richter", "Wagner", "Becker", "Hoffmann", "Krause", "Lehmann", "Neumann", "Schulze", "Fischer", "Weber", "Kretzschmar", "Seidel", "Günther"];
export const CZ_SURNAMES = ["Novák", "Svoboda", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák", "Němec", "Pokorný", "Marek", "Král", "Beneš", "Fiala", "Sedláček"];
