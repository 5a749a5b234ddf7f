/** OpenStreetMap standard tiles; their usage policy requires this attribution on every map. */
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
/** "© OpenStreetMap contributors" with the link the OSM licence asks for; the words are translated. */
export function osmAttribution(contributors: string): string {
  const escaped = contributors.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `&copy; <a href="https://www.openstreetmap.org/copyright">${escaped}</a>`;
}
export const OSM_MAX_ZOOM = 19;

/** Between Dresden and Ústí nad Labem: the middle of the Saxon–Czech programme area. */
export const BORDER_REGION_CENTER: [number, number] = [50.8, 13.9];
export const BORDER_REGION_ZOOM = 8;
/** Zoom used when a pin is placed from an address. */
export const ADDRESS_ZOOM = 14;
