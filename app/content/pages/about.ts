import type { ContentPage } from "../types";

export const content: Record<"de" | "cs", ContentPage> = {
  de: {
    title: "Über PartnerNet",
    lead: "PartnerNet ist die kostenlose, zweisprachige Kooperationsplattform für Unternehmen, Kammern und Verbände im sächsisch-tschechischen Grenzraum. Hier finden Sie Lieferanten, Dienstleister und Partner auf beiden Seiten der Grenze – auf Deutsch und auf Tschechisch.",
    sections: [
      {
        heading: "Was ist PartnerNet?",
        paragraphs: [
          "PartnerNet verbindet Unternehmen aus Sachsen und Tschechien. Herzstück ist ein Firmenverzeichnis, in dem sich Unternehmen mit ihren Produkten und Leistungen, ihrer Branche und ihren Ansprechpersonen vorstellen. Ergänzt wird es durch Angebote und Gesuche, mit denen Firmen gezielt zeigen, was sie anbieten oder suchen – etwa freie Fertigungskapazitäten, einen Logistikpartner oder einen Zulieferer für ein bestimmtes Bauteil.",
          "Die Suche lässt sich nach Branche (NACE-Klassifikation), nach Schlagwörtern und nach Entfernung zu einem Ort eingrenzen. Veranstaltungen mit Online-Anmeldung und B2B-Matchmaking sowie Neuigkeiten aus der Region ergänzen das Angebot.",
        ],
      },
      {
        heading: "Wer steht dahinter?",
        paragraphs: [
          "PartnerNet wird von {operatorName} betrieben, einer regionalen Einrichtung der Wirtschaftsförderung. Das Team betreut die Plattform, prüft neue Firmenprofile, schaltet Rollen frei, geht Hinweisen auf fehlerhafte Einträge nach und hilft beim Zusammenbringen von Unternehmen. Kammern, Verbände und weitere Multiplikatoren veröffentlichen hier ihre eigenen Veranstaltungen und Neuigkeiten.",
        ],
      },
      {
        heading: "Die Region",
        paragraphs: [
          "PartnerNet richtet sich an Unternehmen und Organisationen im sächsisch-tschechischen Grenzraum. Dazu gehören:",
        ],
        items: [
          "in Sachsen: die Landkreise Vogtlandkreis, Zwickau, Erzgebirgskreis, Mittelsachsen, Sächsische Schweiz-Osterzgebirge, Meißen, Bautzen und Görlitz sowie die Landeshauptstadt Dresden",
          "in Tschechien: die Karlsbader Region (Karlovarský kraj), die Region Ústí nad Labem (Ústecký kraj) und die Region Liberec (Liberecký kraj)",
        ],
      },
      {
        heading: "Unsere Ziele",
        paragraphs: [
          "Die Grenze ist in der Region längst offen – im Geschäftsalltag ist der Weg zum Partner im Nachbarland aber oft noch weit. PartnerNet soll ihn verkürzen, von der ersten Suche bis zum persönlichen Gespräch. Konkret wollen wir:",
        ],
        items: [
          "die grenzüberschreitende Zusammenarbeit von Unternehmen, Kammern und Verbänden stärken",
          "die Suche nach Lieferanten, Dienstleistern, Kunden und Kooperationspartnern im Nachbarland erleichtern",
          "die Sprachbarriere senken: Die Plattform ist vollständig zweisprachig, und Branchen werden nach der einheitlichen europäischen NACE-Klassifikation zugeordnet, sodass die Suche über Sprachgrenzen hinweg funktioniert",
          "persönliche Kontakte bei Veranstaltungen und B2B-Gesprächen anbahnen",
          "kleine und mittlere Unternehmen im Nachbarland sichtbarer machen",
        ],
      },
      {
        heading: "Was ist kostenlos?",
        paragraphs: [
          "Die Nutzung von PartnerNet ist vollständig kostenlos – für Unternehmen ebenso wie für Kammern, Verbände und andere Einrichtungen. Ob für eine einzelne Veranstaltung eine Teilnahmegebühr anfällt, legt der jeweilige Veranstalter fest und gibt es in der Beschreibung an.",
        ],
        items: [
          "ohne Anmeldung: Firmen, Angebote und Gesuche suchen, Veranstaltungen und Neuigkeiten ansehen",
          "mit einem kostenlosen Account: Kontaktdaten der Unternehmen sehen, ein Firmenprofil anlegen, Angebote und Gesuche veröffentlichen, sich zu Veranstaltungen anmelden",
          "als Multiplikator: eigene Veranstaltungen und Neuigkeiten veröffentlichen",
        ],
      },
      {
        heading: "Kontakt",
        paragraphs: [
          "Fragen, Anregungen und Hinweise zur Plattform richten Sie bitte an: {operatorName}, {operatorAddress}, E-Mail: {operatorEmail}, Telefon: {operatorPhone}.",
        ],
      },
    ],
  },
  cs: {
    title: "O platformě PartnerNet",
    lead: "PartnerNet je bezplatná dvojjazyčná platforma pro spolupráci firem, hospodářských komor a svazů v česko-saském příhraničí. Najdete zde dodavatele, poskytovatele služeb a partnery na obou stranách hranice – česky i německy.",
    sections: [
      {
        heading: "Co je PartnerNet?",
        paragraphs: [
          "PartnerNet propojuje firmy z Česka a ze Saska. Jeho jádrem je adresář firem, ve kterém se podniky představují svými produkty a službami, oborem činnosti a kontaktními osobami. Doplňují ho nabídky a poptávky, v nichž firmy konkrétně ukazují, co nabízejí nebo co hledají – například volné výrobní kapacity, logistického partnera nebo dodavatele určité součástky.",
          "Vyhledávat můžete podle oboru činnosti (klasifikace NACE), klíčových slov a vzdálenosti od zvoleného místa. Platformu doplňují akce s online registrací a B2B jednáními (matchmakingem) a novinky z regionu.",
        ],
      },
      {
        heading: "Kdo za platformou stojí?",
        paragraphs: [
          "Platformu PartnerNet provozuje {operatorName}, regionální organizace na podporu podnikání. Její tým se o platformu stará, kontroluje nové firemní profily, schvaluje role, prověřuje upozornění na chybné údaje a pomáhá firmám najít se navzájem. Hospodářské komory, svazy a další multiplikátoři zde zveřejňují vlastní akce a novinky.",
        ],
      },
      {
        heading: "Region",
        paragraphs: [
          "PartnerNet je určen firmám a organizacím v česko-saském příhraničí. To zahrnuje:",
        ],
        items: [
          "v Česku: Karlovarský, Ústecký a Liberecký kraj",
          "v Sasku: zemské okresy Fojtsko (Vogtlandkreis), Cvikov (Zwickau), Krušné hory (Erzgebirgskreis), Střední Sasko (Mittelsachsen), Saské Švýcarsko-Východní Krušné hory (Sächsische Schweiz-Osterzgebirge), Míšeň (Meißen), Budyšín (Bautzen) a Zhořelec (Görlitz) a také zemské hlavní město Drážďany",
        ],
      },
      {
        heading: "Naše cíle",
        paragraphs: [
          "Hranice je v regionu dávno otevřená, v každodenním podnikání je ale cesta k partnerovi v sousední zemi často stále dlouhá. PartnerNet ji má zkrátit – od prvního vyhledávání až po osobní setkání. Konkrétně chceme:",
        ],
        items: [
          "posilovat přeshraniční spolupráci firem, komor a svazů",
          "usnadnit hledání dodavatelů, poskytovatelů služeb, zákazníků a partnerů pro spolupráci v sousední zemi",
          "snižovat jazykovou bariéru: platforma je celá dvojjazyčná a obory jsou zařazeny podle jednotné evropské klasifikace NACE, takže vyhledávání funguje napříč jazyky",
          "zprostředkovávat osobní kontakty na akcích a B2B jednáních",
          "zviditelnit malé a střední podniky v sousední zemi",
        ],
      },
      {
        heading: "Co je zdarma?",
        paragraphs: [
          "Používání platformy PartnerNet je zcela zdarma – pro firmy stejně jako pro komory, svazy a další instituce. Zda se za konkrétní akci platí účastnický poplatek, určuje její pořadatel a uvádí to v popisu akce.",
        ],
        items: [
          "bez přihlášení: vyhledávání firem, nabídek a poptávek, prohlížení akcí a novinek",
          "s bezplatným účtem: zobrazení kontaktních údajů firem, vlastní firemní profil, zveřejňování nabídek a poptávek, registrace na akce",
          "v roli multiplikátora: zveřejňování vlastních akcí a novinek",
        ],
      },
      {
        heading: "Kontakt",
        paragraphs: [
          "Dotazy, podněty a upozornění k platformě posílejte na adresu: {operatorName}, {operatorAddress}, e-mail: {operatorEmail}, telefon: {operatorPhone}.",
        ],
      },
    ],
  },
};
