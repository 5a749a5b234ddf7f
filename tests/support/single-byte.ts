/** Bytes of `text` in a single-byte Windows code page, built from TextDecoder's own table (tests build legacy CSV files with it). */
export function encodeSingleByte(text: string, encoding: "windows-1250" | "windows-1252"): Uint8Array {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(new Uint8Array([b])), b);
  return Uint8Array.from([...text].map((ch) => {
    const byte = table.get(ch);
    if (byte === undefined) throw new Error(`${ch} is not in ${encoding}`);
    return byte;
  }));
}
