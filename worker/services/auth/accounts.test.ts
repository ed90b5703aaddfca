import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { registerSchema } from "../../../schema/api/auth";
import { users } from "../../../schema/db";
import { createFakeEmailSender } from "../../adapters/email/fake";
import { buildTestDeps } from "../../test/deps";
import { unique } from "../../test/client";
import { register } from "./accounts";
import { confirmVerificationLink, describeVerificationLink } from "./verification";

// Sign-up through the service with the email fake: what is sent, and what happens when sending fails.

describe("register (service)", () => {
  it("sends one verification email naming the username, whose link verifies the address once, through the page", async () => {
    const deps = buildTestDeps();
    const username = unique("ana");
    const result = await register(
      deps,
      registerSchema.parse({ username, password: "a-long-unusual-passphrase", email: `${username}@example.com` }),
      "203.0.113.1",
    );
    expect(result).toEqual({
      kind: "verification-required",
      body: { emailVerificationRequired: true, email: `${username}@example.com` },
    });
    expect(deps.email.sent).toHaveLength(1);
    const [message] = deps.email.sent;
    expect(message).toMatchObject({ to: `${username}@example.com`, subject: "Verify your StoryLoom email address" });
    expect(message!.text).toContain(`Confirm the StoryLoom account "${username}"`);
    expect(message!.html).toContain(`<strong>${username}</strong>`);
    const token = /verify-email\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(message!.text)![1]!;
    expect(message!.text).toContain(`${deps.origin}/verify-email/confirm?token=`);
    expect(await describeVerificationLink(deps, token, "198.51.100.1")).toEqual({
      username,
      email: `${username}@example.com`,
    });
    expect(await confirmVerificationLink(deps, token, "198.51.100.1")).toEqual({ username });
    await expect(confirmVerificationLink(deps, token, "198.51.100.1")).rejects.toMatchObject({
      code: "bad_request",
      details: { field: "token", reason: "used" },
    });
    expect(deps.limits.keys()).toContain("register:address:203.0.113.1");
  });

  it("keeps two pending sign-ups for one address side by side, and refuses a taken username", async () => {
    const deps = buildTestDeps();
    const email = `${unique("shared")}@example.com`;
    const [first, second] = [unique("first"), unique("second")];
    for (const username of [first, second]) {
      const result = await register(
        deps,
        registerSchema.parse({ username, password: "a-long-unusual-passphrase", email }),
        "203.0.113.3",
      );
      expect(result.kind).toBe("verification-required");
    }
    const rows = await deps.db.select().from(users).where(eq(users.email, email)).all();
    expect(rows.map((r) => [r.username, r.emailVerified]).sort()).toEqual(
      [
        [first, false],
        [second, false],
      ].sort(),
    );
    expect(deps.email.sent.map((m) => /account "([^"]+)"/.exec(m.text)![1])).toEqual([first, second]);
    // The same username again, even with the same address, is taken.
    await expect(
      register(
        deps,
        registerSchema.parse({ username: first.toUpperCase(), password: "a-long-unusual-passphrase", email }),
        "203.0.113.3",
      ),
    ).rejects.toMatchObject({ code: "conflict", details: { field: "username" } });
  });

  it("two sign-ups racing for one username: one account, the other a 409 (never a 500)", async () => {
    const deps = buildTestDeps();
    const username = unique("race");
    const attempt = (n: number) =>
      register(
        deps,
        registerSchema.parse({ username, password: "a-long-unusual-passphrase", email: `${username}${n}@example.com` }),
        "203.0.113.4",
      );
    const outcomes = await Promise.allSettled([attempt(1), attempt(2)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
      reason: { code: "conflict", details: { field: "username" } },
    });
  });

  it("keeps the account when the email provider fails, and logs it without the address", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const deps = buildTestDeps({
      email: createFakeEmailSender({ failWith: new Error("Email provider answered 503 for bob@example.com") }),
    });
    const username = unique("bob");
    const result = await register(
      deps,
      registerSchema.parse({ username, password: "a-long-unusual-passphrase", email: `${username}@example.com` }),
      "203.0.113.2",
    );
    expect(result.kind).toBe("verification-required");
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]![0]);
    expect(JSON.parse(line)).toMatchObject({ level: "error", event: "verification_email_failed" });
    expect(line).not.toContain("@example.com");
  });
});
