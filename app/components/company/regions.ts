import type { Locale } from "~/i18n/locales";
import type { Country } from "~/schemas/enums";

/**
 * German Länder and Czech kraje. The stored value is the region's own (native) name; the label
 * adds the name in the page's language where it differs, e.g. "Sasko (Sachsen)".
 */
interface Region {
  native: string;
  de: string;
  cs: string;
}

const DE_STATES: Region[] = [
  { native: "Baden-Württemberg", de: "Baden-Württemberg", cs: "Bádensko-Württembersko" },
  { native: "Bayern", de: "Bayern", cs: "Bavorsko" },
  { native: "Berlin", de: "Berlin", cs: "Berlín" },
  { native: "Brandenburg", de: "Brandenburg", cs: "Braniborsko" },
  { native: "Bremen", de: "Bremen", cs: "Brémy" },
  { native: "Hamburg", de: "Hamburg", cs: "Hamburk" },
  { native: "Hessen", de: "Hessen", cs: "Hesensko" },
  { native: "Mecklenburg-Vorpommern", de: "Mecklenburg-Vorpommern", cs: "Meklenbursko-Přední Pomořansko" },
  { native: "Niedersachsen", de: "Niedersachsen", cs: "Dolní Sasko" },
  { native: "Nordrhein-Westfalen", de: "Nordrhein-Westfalen", cs: "Severní Porýní-Vestfálsko" },
  { native: "Rheinland-Pfalz", de: "Rheinland-Pfalz", cs: "Porýní-Falc" },
  { native: "Saarland", de: "Saarland", cs: "Sársko" },
  { native: "Sachsen", de: "Sachsen", cs: "Sasko" },
  { native: "Sachsen-Anhalt", de: "Sachsen-Anhalt", cs: "Sasko-Anhaltsko" },
  { native: "Schleswig-Holstein", de: "Schleswig-Holstein", cs: "Šlesvicko-Holštýnsko" },
  { native: "Thüringen", de: "Thüringen", cs: "Durynsko" },
];

const CZ_REGIONS: Region[] = [
  { native: "Hlavní město Praha", de: "Hauptstadt Prag", cs: "Hlavní město Praha" },
  { native: "Jihočeský kraj", de: "Südböhmische Region", cs: "Jihočeský kraj" },
  { native: "Jihomoravský kraj", de: "Südmährische Region", cs: "Jihomoravský kraj" },
  { native: "Karlovarský kraj", de: "Karlsbader Region", cs: "Karlovarský kraj" },
  { native: "Kraj Vysočina", de: "Region Vysočina", cs: "Kraj Vysočina" },
  { native: "Královéhradecký kraj", de: "Königgrätzer Region", cs: "Královéhradecký kraj" },
  { native: "Liberecký kraj", de: "Reichenberger Region", cs: "Liberecký kraj" },
  { native: "Moravskoslezský kraj", de: "Mährisch-Schlesische Region", cs: "Moravskoslezský kraj" },
  { native: "Olomoucký kraj", de: "Olmützer Region", cs: "Olomoucký kraj" },
  { native: "Pardubický kraj", de: "Pardubitzer Region", cs: "Pardubický kraj" },
  { native: "Plzeňský kraj", de: "Pilsner Region", cs: "Plzeňský kraj" },
  { native: "Středočeský kraj", de: "Mittelböhmische Region", cs: "Středočeský kraj" },
  { native: "Ústecký kraj", de: "Aussiger Region", cs: "Ústecký kraj" },
  { native: "Zlínský kraj", de: "Zliner Region", cs: "Zlínský kraj" },
];

export function regionOptions(country: string, locale: Locale): Array<{ value: string; label: string }> {
  const regions = (country as Country) === "CZ" ? CZ_REGIONS : DE_STATES;
  return regions
    .map((r) => ({ value: r.native, label: r[locale] === r.native ? r.native : `${r[locale]} (${r.native})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
