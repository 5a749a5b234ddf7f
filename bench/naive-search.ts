import type { SearchQuery } from "~/schemas/search";

/**
 * The baseline a first version would write: ILIKE over the base tables and a haversine formula,
 * no search table and no text or geo index. Same filters and page size as the real search.
 */
export function naiveSearchSql(q: SearchQuery, now: Date): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const ads = q.type !== "COMPANY";
  const where = [`c.status = 'VERIFIED'`, `a.country = ANY(${p(q.countries)}::text[])`];
  if (ads) where.push(`s.type = ${p(q.type)}`, `s.active`, `s.valid_until > ${p(now.toISOString())}::timestamptz`);
  if (q.term) {
    const like = p(`%${q.term}%`);
    where.push(`(c.name ILIKE ${like} OR c.description_de ILIKE ${like} OR c.description_cs ILIKE ${like}
      OR EXISTS (SELECT 1 FROM company_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.company_id = c.id AND (t.label_de ILIKE ${like} OR t.label_cs ILIKE ${like}))
      ${ads ? `OR s.title ILIKE ${like} OR s.description ILIKE ${like}` : ""})`);
  }
  if (q.tagIds.length > 0) where.push(`EXISTS (SELECT 1 FROM company_tags ct WHERE ct.company_id = c.id AND ct.tag_id = ANY(${p(q.tagIds)}::uuid[]))`);
  if (q.nace.length > 0) {
    where.push(`EXISTS (SELECT 1 FROM company_nace cn WHERE cn.company_id = c.id AND cn.nace_code IN (
      WITH RECURSIVE tree(code) AS (SELECT code FROM nace_codes WHERE code = ANY(${p(q.nace)}::text[])
        UNION SELECT n.code FROM nace_codes n JOIN tree t ON n.parent = t.code)
      SELECT code FROM tree))`);
  }
  let distance = "NULL::float8";
  if (q.location && q.radiusKm) {
    distance = `(2 * 6371 * asin(sqrt(power(sin(radians(a.lat - ${p(q.location.lat)}) / 2), 2)
      + cos(radians(${p(q.location.lat)})) * cos(radians(a.lat)) * power(sin(radians(a.lon - ${p(q.location.lon)}) / 2), 2))))`;
    where.push(`${distance} <= ${p(q.radiusKm)}`);
  }
  const text = `SELECT c.id, c.name, ${distance} AS distance_km, count(*) OVER () AS total
    FROM companies c
    JOIN company_addresses a ON a.company_id = c.id AND a.kind = 'HEADQUARTERS'
    ${ads ? "JOIN company_services s ON s.company_id = c.id" : ""}
    WHERE ${where.join(" AND ")}
    ORDER BY ${q.sort === "distance" ? "distance_km" : "c.name"}
    LIMIT 30`;
  return { text, params };
}
