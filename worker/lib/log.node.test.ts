import { describe, expect, it } from "vitest";
import { causeMessage, redact } from "./log";

describe("redact", () => {
  it("masks credentials, vendor keys, secret-named values and email addresses", () => {
    const text = redact(
      "401 for Bearer abc.def-ghi, key sk-proj-AbCdEf123456 and whsec_123456789, api_key=hunter22 token: 'xyz' from ana@example.com",
    );
    for (const secret of [
      "abc.def-ghi",
      "sk-proj-AbCdEf123456",
      "whsec_123456789",
      "hunter22",
      "xyz",
      "ana@example.com",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("401 for Bearer [redacted]");
  });

  it("masks the other vendors' secret shapes, private keys and our own 256-bit tokens", () => {
    const secrets = [
      "pi_3Nabc123_secret_XyZ987abc",
      "secret_AbCdEf0123456789abcdef",
      "ntn_1234567890abcdefABCDEF",
      "ATATT3xFfGF0T9aBcDeFgHiJkLmN_123=ABCD",
      "re_AbCd1234_EfGh5678",
      "gho_16C7e42F292c6912E7710c838347Ae178B4a",
      "GOCSPX-abcDEF123456ghiJKL",
      "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----",
      "Zq3vK9pX2mN7bR4tY8wL1cH6fJ0dS5gA-_eUiOkMnPq",
    ];
    const text = redact(`failed: ${secrets.join(" | ")}`, 2000);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    // what an operator needs stays
    expect(redact("req_AbCd1234EfGh5678 sub_1Nabc cus_Q2w3 timed out after 10000 ms")).toBe(
      "req_AbCd1234EfGh5678 sub_1Nabc cus_Q2w3 timed out after 10000 ms",
    );
  });

  it("cuts long messages", () => {
    expect(redact("x".repeat(1000)).length).toBeLessThanOrEqual(301);
  });
});

describe("causeMessage", () => {
  it("follows the cause chain, outermost first", () => {
    const error = new Error("Story generation failed", {
      cause: new TypeError("fetch failed", { cause: "ECONNRESET" }),
    });
    expect(causeMessage(error)).toBe("Error: Story generation failed ← TypeError: fetch failed ← ECONNRESET");
  });
});
