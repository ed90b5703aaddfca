import { describe, expect, it } from "vitest";
import type { PasswordResetConfirmed } from "../../schema/api/teams";
import { insertPasswordResetToken } from "../data/password-reset";
import { randomToken, sha256Hex } from "../lib/crypto";
import { buildTestDeps } from "../test/deps";
import { call, json } from "../test/client";
import { addTeamMember, createUser, setTier, type TestUser } from "../test/factories";

// Issue 26, "pre-hijacking (a)": whoever resets an account's password is told which teams it belongs to (someone who
// held it before may have joined one), so the screen after the reset can list them
// (docs/decisions/2026-11-27-leaving-teams.md).

describe("password reset and teams", () => {
  it("answers the teams the account belongs to, oldest first (none: an empty list)", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const member = await createUser();
    await addTeamMember(owner, member, "admin");
    const loner = await createUser();
    const reset = async (user: TestUser) => {
      const token = randomToken(32);
      await insertPasswordResetToken(buildTestDeps().db, {
        id: await sha256Hex(token),
        userId: user.id,
        expiresAt: Date.now() + 60_000,
      });
      const response = await call("POST", "/api/password-reset/confirm", {
        body: { token, password: "a-brand-new-passphrase" },
      });
      expect(response.status).toBe(200);
      return json<PasswordResetConfirmed>(response);
    };
    expect(await reset(member)).toEqual({
      success: true,
      memberOf: [
        {
          ownerId: owner.id,
          ownerName: owner.username,
          ownerEmail: owner.email,
          role: "admin",
          joinedAt: expect.any(String),
        },
      ],
    });
    expect(await reset(loner)).toEqual({ success: true, memberOf: [] });
  });
});
