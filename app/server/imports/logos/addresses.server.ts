import { isIPv4, isIPv6 } from "node:net";

/**
 * Which addresses the logo fetcher may connect to (decision 042): public unicast only. Everything
 * private, loopback, link-local, multicast, shared, documentation, benchmarking or otherwise
 * reserved is refused, for IPv4 and IPv6, and an IPv6 address that carries an IPv4 one
 * (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`) is judged by the IPv4 address it carries.
 */

/** IPv4 ranges that are not public unicast (RFC 6890 and successors), as [first address, prefix length]. */
const IPV4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (shared)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.31.196.0", 24], // AS112
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // AS112
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

const IPV4_RANGES = IPV4_BLOCKED.map(([first, bits]) => {
  const start = ipv4ToNumber(first);
  return [start, start + 2 ** (32 - bits) - 1] as const;
});

function ipv4Blocked(n: number): boolean {
  return IPV4_RANGES.some(([start, end]) => n >= start && n <= end);
}

const isIpv4Loopback = (n: number) => n >>> 24 === 127;

/** The 16 bytes of an IPv6 address (with an IPv4 tail allowed); null when it is not one. */
export function parseIpv6(address: string): number[] | null {
  if (!isIPv6(address) || address.includes("%")) return null;
  let text = address.toLowerCase();
  // A dotted IPv4 tail becomes its two hexadecimal groups.
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    if (!isIPv4(last)) return null;
    const n = ipv4ToNumber(last);
    text = `${text.slice(0, lastColon + 1)}${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = halves.length === 2 ? [...left, ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right] : left;
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[], bits: number) => {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
};
const prefix = (address: string) => parseIpv6(address)!;

const MAPPED = prefix("::ffff:0:0");
const NAT64 = prefix("64:ff9b::");
const IPV6_BLOCKED_IN_GLOBAL: ReadonlyArray<readonly [number[], number]> = [
  [prefix("2001::"), 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking …)
  [prefix("2001:db8::"), 32], // documentation
  [prefix("2002::"), 16], // 6to4: carries an IPv4 address of any kind
  [prefix("3fff::"), 20], // documentation
  [prefix("2620:4f:8000::"), 48], // AS112
];
const GLOBAL_UNICAST = prefix("2000::");

/** The IPv4 address an IPv6 one carries (mapped or NAT64), as a number; null otherwise. */
function embeddedIpv4(bytes: number[]): number | null {
  if (startsWith(bytes, MAPPED, 96) || startsWith(bytes, NAT64, 96)) return ((bytes[12]! << 24) | (bytes[13]! << 16) | (bytes[14]! << 8) | bytes[15]!) >>> 0;
  return null;
}

export type AddressVerdict = "public" | "loopback" | "blocked";

/** What kind of address this is for the fetcher: public, loopback (allowed in tests only) or blocked. */
export function classifyAddress(address: string): AddressVerdict {
  if (isIPv4(address)) {
    const n = ipv4ToNumber(address);
    if (isIpv4Loopback(n)) return "loopback";
    return ipv4Blocked(n) ? "blocked" : "public";
  }
  const bytes = parseIpv6(address);
  if (!bytes) return "blocked";
  const v4 = embeddedIpv4(bytes);
  if (v4 !== null) {
    if (isIpv4Loopback(v4)) return startsWith(bytes, MAPPED, 96) ? "loopback" : "blocked";
    return ipv4Blocked(v4) ? "blocked" : "public";
  }
  if (bytes.every((b, i) => (i === 15 ? b === 1 : b === 0))) return "loopback";
  // Public IPv6 unicast is 2000::/3; inside it a few special ranges are not.
  if (!startsWith(bytes, GLOBAL_UNICAST, 3)) return "blocked";
  if (IPV6_BLOCKED_IN_GLOBAL.some(([p, bits]) => startsWith(bytes, p, bits))) return "blocked";
  return "public";
}
