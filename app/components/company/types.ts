/** Data the company form receives from its loader (plain objects, no server types). */
export interface NaceOption {
  code: string;
  /** 1 section, 2 division, 3 group, 4 class. */
  level: number;
  parent: string | null;
  /** Label in the page's language. */
  label: string;
}

export interface TagOption {
  id: string;
  labelDe: string;
  labelCs: string;
}

/** Error codes per form field (client checks or the server's field errors). */
export type FieldErrorCodes = Partial<Record<string, string>>;

export interface LatLon {
  lat: number;
  lon: number;
}
