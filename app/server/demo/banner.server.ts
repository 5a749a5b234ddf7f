import sharp from "sharp";
import { type FileStorage, newStorageKey } from "~/server/storage/storage.server";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Words joined into lines of at most `width` characters. */
function lines(text: string, width: number): string[] {
  return text.split(" ").reduce<string[]>((acc, word) => {
    const last = acc[acc.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) acc[acc.length - 1] = `${last} ${word}`;
    else acc.push(word);
    return acc;
  }, []);
}

/** At most three lines (a longer text ends with "…"); non-breaking spaces keep "25 000 eur" together. */
function tspans(text: string, width: number, x: number, y: number, size: number): string {
  const all = lines(text, width);
  const shown = all.length > 3 ? [...all.slice(0, 2), `${all[2]} …`] : all;
  return shown.map((line, i) => `<tspan x="${x}" y="${y + i * size * 1.2}">${escape(line)}</tspan>`).join("");
}

/**
 * A demo banner (1200 × 600 WebP) with the German title large and the Czech one below, so demo
 * events and news look like real ones in lists, galleries and shared links. Stored under `prefix`.
 */
export async function renderDemoBanner(storage: FileStorage, prefix: "events" | "news", banner: { titleDe: string; titleCs: string; color: string }): Promise<{ key: string; size: number }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="1200" height="600" fill="${banner.color}"/><circle cx="1050" cy="120" r="220" fill="#ffffff" opacity="0.12"/><text font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="bold" fill="#fff">${tspans(banner.titleDe, 30, 70, 200, 56)}</text><text font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="#fff">${tspans(banner.titleCs, 46, 70, 440, 38)}</text></svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  const key = newStorageKey(prefix, "webp");
  await storage.put(key, webp, "image/webp");
  return { key, size: webp.length };
}
