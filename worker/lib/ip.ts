/** The one key of every address that cannot be read (missing, or not an IP address): they share one limit. */
export const UNREADABLE_ADDRESS = "unknown";

/**
 * The address a limit counts against: an IPv4 address as it is, an IPv6 address by its /64 network (one home or
 * office usually holds a whole /64 and can pick any address in it, so counting single IPv6 addresses counts nothing).
 * Every valid spelling of an address gives one key: IPv6 compressed or not, upper or lower case, with an IPv4 tail
 * (`2001:db8::192.0.2.1`), a zone id (`fe80::1%eth0`) or in brackets; an IPv4-mapped IPv6 address is its IPv4
 * address. Anything else (missing, or not an address) counts in one shared bucket, never under a key of its own
 * that a new spelling would reset (docs/decisions/2026-12-07-address-keys-for-every-ipv6-spelling.md).
 */
export function addressKey(ip: string | undefined): string {
  const value = (ip ?? "").trim();
  const v4 = parseIpv4(value);
  if (v4) return v4.join(".");
  const v6 = parseIpv6(value);
  if (!v6) return UNREADABLE_ADDRESS;
  // ::ffff:0:0/96, IPv4-mapped: the IPv4 client itself
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff)
    return [v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255].join(".");
  return `${v6
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** Four decimal octets (0-255), or null. */
function parseIpv4(value: string): number[] | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (!parts) return null;
  const octets = parts.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address in any RFC 4291 text form (with RFC 4007 zone id), or null. */
function parseIpv6(input: string): number[] | null {
  let value = input;
  if (value.startsWith("[") && value.endsWith("]")) value = value.slice(1, -1);
  const zone = value.indexOf("%");
  if (zone !== -1) {
    if (zone === value.length - 1) return null;
    value = value.slice(0, zone);
  }
  // an IPv4 tail stands for the last two groups
  let tail: number[] = [];
  const lastColon = value.lastIndexOf(":");
  if (lastColon !== -1 && value.includes(".", lastColon)) {
    const v4 = parseIpv4(value.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    // keep the colon before the tail: "::1.2.3.4" → "::", "a:b:c:d:e:f:1.2.3.4" → "a:b:c:d:e:f"
    value = value.slice(0, lastColon + 1);
    if (value.endsWith("::")) {
      /* the gap ends at the tail */
    } else value = value.slice(0, -1);
  }
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const group = (g: string) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const read = (half: string) => (half === "" ? [] : half.split(":").map(group));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const known = [...head, ...rest, ...tail];
  if (known.some(Number.isNaN)) return null;
  if (halves.length === 1) return known.length === 8 ? known : null;
  // "::" stands for one or more zero groups
  if (known.length > 7) return null;
  return [...head, ...Array<number>(8 - known.length).fill(0), ...rest, ...tail];
}
