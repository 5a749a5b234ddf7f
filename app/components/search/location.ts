/** A search point: from a place suggestion, the browser's position or a click in the map. */
export interface PickedLocation {
  lat: number;
  lon: number;
  /** What the location field shows (and the URL keeps as `place`). */
  label: string;
}

/**
 * The label of a point without a place name (browser position, map click): its coordinates,
 * the same in both languages, so a shared link reads the same after the language switch.
 */
export function coordinateLabel(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}
