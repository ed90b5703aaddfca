import { describe, expect, it } from "vitest";
import { causeMessage, redact } from "./log";

describe("redact", () => {
  it("masks credentials, vendor keys, secret-named values and email addresses", () => {
    const text = redact(
      "401 for Bearer abc.def-ghi, key sk-proj-AbCdEf123456 and whsec_123456789, api_key=hunter22 token: 'xyz' from ana@example.com",
    );
    for (const secret of ["abc.def-ghi", "sk-proj-AbCdEf123456", "whsec_123456789", "hunter22", "xyz", "ana@example.com"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("401 for Bearer [redacted]");
  });

  it("cuts long messages", () => {
    expect(redact("x".repeat(1000)).length).toBeLessThanOrEqual(301);
  });
});

describe("causeMessage", () => {
  it("follows the cause chain, outermost first", () => {
    const error = new Error("Story generation failed", { cause: new TypeError("fetch failed", { cause: "ECONNRESET" }) });
    expect(causeMessage(error)).toBe("Error: Story generation failed ← TypeError: fetch failed ← ECONNRESET");
  });
});
