import type { Country } from "~/schemas/enums";
import type { SearchKindParam } from "~/schemas/search";

/** One result row, already localised and cut to what a list item and a map marker need. */
export interface SearchHit {
  kind: SearchKindParam;
  /** Company id for companies, ad id for offers and inquiries. */
  id: string;
  companyId: string;
  companyName: string;
  /** Company name or ad title. */
  title: string;
  /** Description in the requested language, shortened to a few hundred characters. */
  excerpt: string;
  logoKey: string | null;
  imageKey: string | null;
  city: string | null;
  country: Country | null;
  lat: number | null;
  lon: number | null;
  /** Kilometres from the search location, when one is set. */
  distanceKm: number | null;
  /** A company's tags; for an offer or inquiry, its own keywords. */
  tags: Array<{ id: string; label: string }>;
  /** Ads only. */
  validUntil: Date | null;
}

/** Matches of one kind, counted up to TOTAL_CAP like SearchPage.total. */
export interface KindCount {
  total: number;
  totalCapped: boolean;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Number of matches, counted up to TOTAL_CAP; `totalCapped` says there are more. */
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
  /** Per kind (the tabs), when asked for with `withKindCounts`; the searched kind's is `total`. */
  kindCounts?: Record<SearchKindParam, KindCount>;
}
