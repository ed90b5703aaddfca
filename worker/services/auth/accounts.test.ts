import { describe, expect, it, vi } from "vitest";
import { registerSchema } from "../../../schema/api/auth";
import { createFakeEmailSender } from "../../adapters/email/fake";
import { buildTestDeps } from "../../test/deps";
import { unique } from "../../test/client";
import { register, verifyEmailToken } from "./accounts";

// Sign-up through the service with the email fake: what is sent, and what happens when sending fails.

describe("register (service)", () => {
  it("sends one verification email whose link verifies the address once", async () => {
    const deps = buildTestDeps();
    const username = unique("ana");
    const result = await register(deps, registerSchema.parse({ username, password: "a-long-unusual-passphrase", email: `${username}@example.com` }), "203.0.113.1");
    expect(result).toEqual({ kind: "verification-required", body: { emailVerificationRequired: true, email: `${username}@example.com` } });
    expect(deps.email.sent).toHaveLength(1);
    const [message] = deps.email.sent;
    expect(message).toMatchObject({ to: `${username}@example.com`, subject: "Verify your StoryLoom email address" });
    const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(message!.text)![1]!;
    expect(message!.text).toContain(`${deps.origin}/api/verify-email?token=`);
    expect(await verifyEmailToken(deps, token, "198.51.100.1")).toBe("verified");
    expect(await verifyEmailToken(deps, token, "198.51.100.1")).toBe("used");
    expect(deps.limits.keys()).toContain("register:address:203.0.113.1");
  });

  it("keeps the account when the email provider fails, and logs it without the address", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const deps = buildTestDeps({ email: createFakeEmailSender({ failWith: new Error("Email provider answered 503 for bob@example.com") }) });
    const username = unique("bob");
    const result = await register(deps, registerSchema.parse({ username, password: "a-long-unusual-passphrase", email: `${username}@example.com` }), "203.0.113.2");
    expect(result.kind).toBe("verification-required");
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]![0]);
    expect(JSON.parse(line)).toMatchObject({ level: "error", event: "verification_email_failed" });
    expect(line).not.toContain("@example.com");
  });
});
