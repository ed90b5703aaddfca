import { describe, expect, it } from "vitest";
import { addressKey } from "./ip";

describe("addressKey", () => {
  it("keeps IPv4 addresses, unwraps IPv4-mapped IPv6", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts IPv6 by its /64, whatever the spelling", () => {
    const key = "2001:db8:85a3:0::/64";
    expect(addressKey("2001:db8:85a3::8a2e:370:7334")).toBe(key);
    expect(addressKey("2001:0DB8:85a3:0000:1111:2222:3333:4444")).toBe(key);
    expect(addressKey("2001:db8:85a3:0:ffff::1")).toBe(key);
    expect(addressKey("2001:db8:85a4::1")).not.toBe(key);
  });

  it("has one key for a missing address and leaves what it cannot parse as it is", () => {
    expect(addressKey(undefined)).toBe("unknown");
    expect(addressKey("")).toBe("unknown");
    expect(addressKey("not:an:address")).toBe("not:an:address");
  });
});
