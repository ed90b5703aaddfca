/**
 * The address a limit counts against: an IPv4 address as it is, an IPv6 address by its /64 network (one home or
 * office usually holds a whole /64 and can pick any address in it, so counting single IPv6 addresses counts nothing).
 */
export function addressKey(ip: string | undefined): string {
  const value = (ip ?? "").trim().toLowerCase();
  if (!value) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1]!;
  if (!value.includes(":")) return value;
  const groups = expandIpv6(value);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : value;
}

function expandIpv6(address: string): string[] | null {
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ""));
}
