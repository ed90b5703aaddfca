import { describe, expect, it } from "vitest";
import { addressKey, UNREADABLE_ADDRESS } from "./ip";

describe("addressKey", () => {
  it("keeps IPv4 addresses, unwraps IPv4-mapped IPv6 in any spelling", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey(" 203.0.113.9 ")).toBe("203.0.113.9");
    for (const mapped of ["::ffff:203.0.113.9", "::FFFF:203.0.113.9", "0:0:0:0:0:ffff:cb00:7109", "::ffff:cb00:7109"])
      expect(addressKey(mapped), mapped).toBe("203.0.113.9");
  });

  it("counts IPv6 by its /64, whatever the spelling", () => {
    const key = "2001:db8:85a3:0::/64";
    for (const spelling of [
      "2001:db8:85a3::8a2e:370:7334",
      "2001:0DB8:85a3:0000:1111:2222:3333:4444",
      "2001:db8:85a3:0:ffff::1",
      "2001:DB8:85A3::1",
      // an IPv4 tail for the last 32 bits, compressed or not
      "2001:db8:85a3::192.0.2.1",
      "2001:db8:85a3:0:0:0:192.0.2.1",
      "2001:db8:85a3:0:1:2:192.0.2.1",
      // a zone id, brackets
      "2001:db8:85a3::1%eth0",
      "2001:db8:85a3::1%25",
      "[2001:db8:85a3::1]",
      // "::" for a single zero group
      "2001:db8:85a3::1:2:3:4",
    ])
      expect(addressKey(spelling), spelling).toBe(key);
    expect(addressKey("2001:db8:85a4::1")).not.toBe(key);
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
    expect(addressKey("1::")).toBe("1:0:0:0::/64");
  });

  it("puts every address it cannot read, or a missing one, in one shared bucket, never under a key of its own", () => {
    for (const value of [
      undefined,
      "",
      "unknown",
      "not:an:address",
      "2001:db8::85a3::1",
      "2001:db8:85a3:0:0:0:0:0:1",
      "1:2:3:4:5:6:7:192.0.2.1",
      "2001:db8:85a3::12345",
      "2001:db8:85a3::1%",
      "2001:db8::256.0.0.1",
      "256.1.1.1",
      "1.2.3",
      ":1::",
      "203.0.113.9%eth0",
      "[2001:db8::1]:443",
    ])
      expect(addressKey(value), String(value)).toBe(UNREADABLE_ADDRESS);
  });
});
