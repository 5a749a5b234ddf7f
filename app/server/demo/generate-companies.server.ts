import type { Db } from "~/server/db/client.server";
import { rowsOf } from "~/server/db/client.server";
import { CZ_SURNAMES, DE_SURNAMES, type DemoIndustry, INDUSTRIES } from "./demo-catalogue";

/**
 * Bulk generator for realistic load (search benchmark, demos at scale). It writes with multi-row
 * `INSERT … SELECT FROM unnest(…)` in batches and keeps the search table's row triggers off
 * meanwhile, then rebuilds the search table once (pn_search_rebuild) — per-row refreshes would
 * take hours at 300,000 companies.
 */
export interface GenerateOptions {
  count: number;
  seed: number;
  reset: boolean;
  newId: () => string;
  log?: (message: string) => void;
  batchSize?: number;
}

/** Generated companies are recognisable by their website domain (for --reset). */
export const GENERATED_DOMAIN = "gen.example";
const TRIGGER_TABLES = ["companies", "company_addresses", "company_nace", "company_tags", "company_services"] as const;

/** More bilingual tags beyond the industries' own, so tag filters have a realistic spread. */
const EXTRA_TAGS: Array<[string, string]> = [
  ["ISO 9001 zertifiziert", "Certifikace ISO 9001"],
  ["Ausbildungsbetrieb", "Školicí podnik"],
  ["Export", "Export"],
  ["Familienunternehmen", "Rodinná firma"],
  ["Nachhaltigkeit", "Udržitelnost"],
  ["Digitalisierung", "Digitalizace"],
  ["Forschung und Entwicklung", "Výzkum a vývoj"],
  ["Kleinserien", "Malosériová výroba"],
  ["Prototypenbau", "Výroba prototypů"],
  ["Automobilzulieferer", "Dodavatel pro automobilový průmysl"],
  ["Energieeffizienz", "Energetická účinnost"],
  ["Zweisprachiger Service", "Dvojjazyčný servis"],
  ["Handwerk", "Řemeslo"],
  ["Industrie 4.0", "Průmysl 4.0"],
  ["Recycling", "Recyklace"],
  ["Beratung", "Poradenství"],
  ["Wartung und Service", "Údržba a servis"],
  ["Montage", "Montáž"],
  ["Großhandel", "Velkoobchod"],
  ["Start-up", "Start-up"],
];

const DE_FORMS = ["GmbH", "GmbH", "GmbH & Co. KG", "e.K.", "AG", "UG (haftungsbeschränkt)"];
const CZ_FORMS = ["s.r.o.", "s.r.o.", "a.s.", "spol. s r.o.", "v.o.s."];
const DE_EXTRA_SURNAMES = ["Schneider", "Meyer", "Schulz", "Zimmermann", "Braun", "Krüger", "Hartmann", "Lange", "Werner", "Köhler", "Vogel", "Ullrich", "Pfeifer", "Lorenz", "Haase", "Böhme", "Förster", "Kühn", "Heinrich", "Ebert"];
const CZ_EXTRA_SURNAMES = ["Novotný", "Jelínek", "Růžička", "Hájek", "Pospíšil", "Doležal", "Zeman", "Kolář", "Navrátil", "Čermák", "Urban", "Vaněk", "Blažek", "Kříž", "Kovář", "Bartoš", "Vlček", "Polák", "Musil", "Šimek"];
const DE_PROFILE = [
  "Seit über {years} Jahren in der Region verwurzelt.",
  "Wir beschäftigen {staff} Mitarbeitende und arbeiten mit Partnern in Tschechien zusammen.",
  "Zertifiziert nach ISO 9001, Lieferungen in ganz Mitteleuropa.",
  "Unser Team spricht Deutsch, Tschechisch und Englisch.",
  "Kurze Wege, feste Ansprechpartner und termintreue Lieferung.",
];
const CZ_PROFILE = [
  "V regionu působíme již více než {years} let.",
  "Zaměstnáváme {staff} pracovníků a spolupracujeme s partnery v Německu.",
  "Certifikace ISO 9001, dodávky po celé střední Evropě.",
  "Náš tým hovoří česky, německy a anglicky.",
  "Krátké cesty, stálí kontaktní partneři a dodržování termínů.",
];

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

interface PostalRow {
  country: "DE" | "CZ";
  postal_code: string;
  place: string;
  region: string;
  lat: number;
  lon: number;
}

/** Runs a statement with driver-native array parameters (PGlite and node-postgres both take JS arrays). */
async function run(db: Db, text: string, params: unknown[] = []): Promise<unknown[]> {
  const client = (db as unknown as { $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
  return (await client.query(text, params)).rows;
}

async function ensureTags(db: Db, newId: () => string): Promise<Map<string, string>> {
  const pairs = [...INDUSTRIES.flatMap((i) => i.tags), ...EXTRA_TAGS];
  const unique = [...new Map(pairs.map(([de, cs]) => [de.toLowerCase(), [de, cs] as const])).values()];
  await run(
    db,
    `INSERT INTO tags (id, label_de, label_cs)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])
       ON CONFLICT DO NOTHING`,
    [unique.map(() => newId()), unique.map(([de]) => de), unique.map(([, cs]) => cs)],
  );
  const rows = rowsOf<{ id: string; label_de: string }>(await run(db, "SELECT id, label_de FROM tags"));
  return new Map(rows.map((r) => [r.label_de.toLowerCase(), r.id]));
}

export async function generateCompanies(db: Db, options: GenerateOptions): Promise<{ companies: number; ads: number }> {
  const { count, newId, log = () => {} } = options;
  const batchSize = options.batchSize ?? 5000;
  const random = rng(options.seed);
  const now = Date.now();
  const day = 86_400_000;

  if (options.reset) {
    log("Removing earlier generated companies …");
    await setRowTriggers(db, false);
    try {
      await run(db, `DELETE FROM companies WHERE website LIKE $1`, [`%.${GENERATED_DOMAIN}%`]);
    } finally {
      await setRowTriggers(db, true);
    }
  }

  const postal = rowsOf<PostalRow>(await run(db, "SELECT country, postal_code, place, region, lat, lon FROM postal_codes"));
  // Half the companies on each side of the border (Czechia has far more postal codes than Saxony).
  const postalByCountry = { DE: postal.filter((p) => p.country === "DE"), CZ: postal.filter((p) => p.country === "CZ") };
  if (postalByCountry.DE.length === 0 || postalByCountry.CZ.length === 0) throw new Error("No postal codes loaded (reference data missing)");
  const classes = rowsOf<{ code: string }>(await run(db, "SELECT code FROM nace_codes WHERE level = 4")).map((r) => r.code);
  const tagIds = await ensureTags(db, newId);
  const extraTagIds = EXTRA_TAGS.map(([de]) => tagIds.get(de.toLowerCase())!);
  const runId = newId().slice(0, 8);

  let ads = 0;
  await setRowTriggers(db, false);
  try {
    for (let start = 0; start < count; start += batchSize) {
      const batch = Math.min(batchSize, count - start);
      const c = { id: [] as string[], name: [] as string[], de: [] as string[], cs: [] as string[], web: [] as string[], created: [] as string[] };
      const a = { company: [] as string[], country: [] as string[], state: [] as string[], line1: [] as string[], postal: [] as string[], city: [] as string[], lat: [] as number[], lon: [] as number[] };
      const n = { company: [] as string[], code: [] as string[] };
      const t = { company: [] as string[], tag: [] as string[] };
      const s = { id: [] as string[], company: [] as string[], type: [] as string[], title: [] as string[], description: [] as string[], keywords: [] as string[], terms: [] as string[], days: [] as number[], until: [] as string[], created: [] as string[] };

      for (let i = 0; i < batch; i++) {
        const index = start + i;
        const id = newId();
        const industry = random.pick(INDUSTRIES);
        const place = random.pick(random.next() < 0.5 ? postalByCountry.DE : postalByCountry.CZ);
        const german = place.country === "DE";
        const surname = german ? random.pick([...DE_SURNAMES, ...DE_EXTRA_SURNAMES]) : random.pick([...CZ_SURNAMES, ...CZ_EXTRA_SURNAMES]);
        const noun = german ? industry.de.noun : capitalise(industry.cs.noun);
        const town = place.place.split(/[ ,-]/)[0]!;
        const name = random.next() < 0.5 ? `${surname} ${noun} ${random.pick(german ? DE_FORMS : CZ_FORMS)}` : `${noun} ${town} ${surname} ${random.pick(german ? DE_FORMS : CZ_FORMS)}`;
        const years = 3 + random.int(60);
        const staff = 5 + random.int(400);
        const fill = (s: string) => s.replace("{years}", String(years)).replace("{staff}", String(staff));
        const profile = random.int(DE_PROFILE.length);
        const createdAt = new Date(now - random.int(5 * 365) * day).toISOString();
        c.id.push(id);
        c.name.push(name);
        c.de.push(`${industry.de.text} ${fill(DE_PROFILE[profile]!)} Standort: ${place.place}.`);
        c.cs.push(`${industry.cs.text} ${fill(CZ_PROFILE[profile]!)} Sídlo: ${place.place}.`);
        c.web.push(`https://c${index}-${runId}.${GENERATED_DOMAIN}`);
        c.created.push(createdAt);

        // Spread within ~3 km of the postal code's centre, so towns are not single points.
        a.company.push(id);
        a.country.push(place.country);
        a.state.push(place.region);
        a.line1.push(german ? `${random.pick(["Haupt", "Bahnhof", "Industrie", "Schul", "Berg"])}straße ${1 + random.int(120)}` : `${random.pick(["Hlavní", "Nádražní", "Průmyslová", "Školní", "Horní"])} ${1 + random.int(900)}`);
        a.postal.push(place.postal_code);
        a.city.push(place.place);
        a.lat.push(place.lat + (random.next() - 0.5) * 0.05);
        a.lon.push(place.lon + (random.next() - 0.5) * 0.08);

        const codes = new Set(industry.nace.slice(0, 1 + random.int(industry.nace.length)));
        if (random.next() < 0.3) codes.add(random.pick(classes));
        for (const code of codes) {
          n.company.push(id);
          n.code.push(code);
        }

        const companyTags = new Set(pickSome(random, industry.tags, 3).map(([de]) => tagIds.get(de.toLowerCase())!));
        for (let k = random.int(3); k > 0; k--) companyTags.add(random.pick(extraTagIds));
        for (const tag of companyTags) {
          t.company.push(id);
          t.tag.push(tag);
        }

        if (random.next() < 0.35) {
          for (const type of random.next() < 0.6 ? (["OFFER"] as const) : (["OFFER", "INQUIRY"] as const)) {
            const ad = adText(industry, german, type);
            const validity = random.pick([30, 60, 90, 180]);
            const created = now - random.int(200) * day;
            s.id.push(newId());
            s.company.push(id);
            s.type.push(type);
            s.title.push(ad[0]);
            s.description.push(ad[1]);
            s.keywords.push(`{${pickSome(random, industry.tags, 2).map(([de, cs]) => JSON.stringify(german ? de : cs)).join(",")}}`);
            s.terms.push(`https://c${index}-${runId}.${GENERATED_DOMAIN}/agb`);
            s.days.push(validity);
            s.until.push(new Date(created + validity * day).toISOString());
            s.created.push(new Date(created).toISOString());
          }
        }
      }

      await run(
        db,
        `INSERT INTO companies (id, name, description_de, description_cs, website, status, origin, verified_at, created_at, updated_at)
           SELECT id, name, de, cs, web, 'VERIFIED', 'IMPORTED', created, created, created
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS x(id, name, de, cs, web, created)`,
        [c.id, c.name, c.de, c.cs, c.web, c.created],
      );
      await run(
        db,
        `INSERT INTO company_addresses (company_id, kind, country, state, line1, postal_code, city, lat, lon)
           SELECT company_id, 'HEADQUARTERS', country, state, line1, postal, city, lat, lon
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[])
             AS x(company_id, country, state, line1, postal, city, lat, lon)`,
        [a.company, a.country, a.state, a.line1, a.postal, a.city, a.lat, a.lon],
      );
      await run(db, `INSERT INTO company_nace (company_id, nace_code) SELECT * FROM unnest($1::uuid[], $2::text[])`, [n.company, n.code]);
      await run(db, `INSERT INTO company_tags (company_id, tag_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])`, [t.company, t.tag]);
      if (s.id.length > 0) {
        await run(
          db,
          `INSERT INTO company_services (id, company_id, type, title, description, keywords, terms_url, validity_days, valid_until, created_at, updated_at)
             SELECT id, company_id, type, title, description, keywords::text[], terms, days, until, created, created
             FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::timestamptz[], $10::timestamptz[])
               AS x(id, company_id, type, title, description, keywords, terms, days, until, created)`,
          [s.id, s.company, s.type, s.title, s.description, s.keywords, s.terms, s.days, s.until, s.created],
        );
      }
      ads += s.id.length;
      log(`  ${start + batch} / ${count} companies`);
    }
  } finally {
    await setRowTriggers(db, true);
  }
  log("Rebuilding the search table …");
  await run(db, "SELECT pn_search_rebuild()");
  // After a bulk load: statistics for the planner, and the visibility map, so index-only scans
  // (tags and addresses of a result page) need not visit the heap.
  await run(db, "VACUUM ANALYZE");
  return { companies: count, ads };
}

async function setRowTriggers(db: Db, enabled: boolean): Promise<void> {
  // One statement-level trigger per event since migration 0006 (transition tables allow one event each).
  for (const table of TRIGGER_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await run(db, `ALTER TABLE ${table} ${enabled ? "ENABLE" : "DISABLE"} TRIGGER search_refresh_${event}`);
    }
  }
}

function pickSome<T>(random: ReturnType<typeof rng>, items: readonly T[], n: number): T[] {
  const copy = [...items];
  const out: T[] = [];
  while (out.length < n && copy.length > 0) out.push(copy.splice(random.int(copy.length), 1)[0]!);
  return out;
}

function adText(industry: DemoIndustry, german: boolean, type: "OFFER" | "INQUIRY"): [string, string] {
  const text = german ? industry.de : industry.cs;
  return type === "OFFER" ? text.offer : text.inquiry;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
