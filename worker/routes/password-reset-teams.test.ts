import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ActivityItem } from "../../schema/api/transcripts";
import type {
  PasswordResetConfirmed,
  ReviewMember,
  TeamContext,
  TeamLimits,
  TeamMembership,
} from "../../schema/api/teams";
import type { Bindings } from "../bindings";
import { completePasswordReset, insertPasswordResetToken } from "../data/password-reset";
import { randomToken, sha256Hex } from "../lib/crypto";
import { buildTestDeps } from "../test/deps";
import { call, json, sessionFrom, unique } from "../test/client";
import {
  addTeamMember,
  countRows,
  createInvitation,
  createProject,
  createUser,
  freshSession,
  setTier,
  TEST_PASSWORD,
  type TestUser,
} from "../test/factories";
import { jsonResponse, mockOutbound } from "../test/outbound";

// Issue 26, "pre-hijacking (a)": whoever resets an account's password is told which teams it belongs to (someone who
// held it before may have joined one), so the screen after the reset can list them
// (docs/decisions/2026-11-27-leaving-teams.md).
// Issue 39, finding 3: whoever held it may also have planted people in the account's own team and kept invitation
// links. Taking the account back (a reset, or an OAuth link that removes the password) withdraws the team's pending
// invitations in the same batch and lists the members who joined before, for the owner to keep or remove
// (docs/decisions/2026-12-07-account-recovery-reviews-the-team.md).

let ips = 0;
/** A reset link for the account, used through the real Worker (each from its own address: the per-address limit). */
async function resetLink(user: { id: number }): Promise<string> {
  const token = randomToken(32);
  await insertPasswordResetToken(buildTestDeps().db, {
    id: await sha256Hex(token),
    userId: user.id,
    expiresAt: Date.now() + 60_000,
  });
  return token;
}
const confirm = (token: string) =>
  call("POST", "/api/password-reset/confirm", {
    body: { token, password: "a-brand-new-passphrase" },
    ip: `203.0.113.${++ips % 250}`,
  });
async function reset(user: { id: number }): Promise<PasswordResetConfirmed> {
  const response = await confirm(await resetLink(user));
  expect(response.status).toBe(200);
  return json<PasswordResetConfirmed>(response);
}

const accept = (user: TestUser, token: string) =>
  call("POST", `/api/team/accept/${token}`, { cookie: user.session, ip: `198.18.0.${++ips % 250}` });
const reviewOf = async (user: { session: string }) => {
  const response = await call("GET", "/api/team/review", { cookie: user.session });
  expect(response.status).toBe(200);
  return (await json<{ data: ReviewMember[] }>(response)).data;
};
const keep = (user: { session: string }, membershipId: number | string) =>
  call("POST", `/api/team/members/${membershipId}/keep`, { cookie: user.session });
const contextOf = async (user: { session: string }) =>
  (await json<{ data: TeamContext }>(await call("GET", "/api/team/membership", { cookie: user.session }))).data;
const INVALID_INVITATION = "This invitation link is invalid, expired, or has already been used.";

/**
 * The account a previous holder used: a paid team with an admin and a member the holder added, and an invitation
 * link the holder kept. Then the owner takes it back with a password reset.
 */
async function plantedTeam() {
  const owner = await createUser();
  await setTier(owner, "enterprise");
  const admin = await createUser();
  const member = await createUser();
  const adminMembershipId = await addTeamMember(owner, admin, "admin");
  const memberMembershipId = await addTeamMember(owner, member);
  const kept = await createInvitation(owner, `${unique("kept")}@example.com`, "admin");
  const project = await createProject(owner, { name: "Roadmap" });
  return { owner, admin, member, adminMembershipId, memberMembershipId, kept, project };
}

describe("password reset and teams", () => {
  it("answers the teams the account belongs to, oldest first (none: an empty list)", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const member = await createUser();
    await addTeamMember(owner, member, "admin");
    const loner = await createUser();
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
      toReview: [],
      invitationsRevoked: 0,
    });
    expect(await reset(loner)).toEqual({ success: true, memberOf: [], toReview: [], invitationsRevoked: 0 });
    // the member's reset touched its own (empty) team only: the team it belongs to is as it was
    expect(await reviewOf(owner)).toEqual([]);
  });

  it("withdraws the account's own pending invitations: a link the previous holder kept is refused after the reset", async () => {
    const { owner, kept } = await plantedTeam();
    // an invitation to someone else's team, and one of the owner's that had expired already
    const elsewhere = await createUser();
    await setTier(elsewhere, "pro");
    const theirs = await createInvitation(elsewhere, `${unique("theirs")}@example.com`);
    const expired = await createInvitation(owner, `${unique("expired")}@example.com`);
    await env.DB.prepare("UPDATE team_memberships SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, expired.id)
      .run();

    const answer = await reset(owner);
    expect(answer.invitationsRevoked).toBe(1);
    expect(await countRows("team_memberships", "owner_id = ? AND status = 'pending'", owner.id)).toBe(0);

    const holder = await createUser();
    const refused = await accept(holder, kept.token);
    expect(refused.status).toBe(404);
    expect(await json(refused)).toMatchObject({ success: false, code: "not_found", error: INVALID_INVITATION });
    expect(await countRows("team_memberships", "owner_id = ? AND member_id = ?", owner.id, holder.id)).toBe(0);
    // another team's invitation still works
    expect((await accept(holder, theirs.token)).status).toBe(200);

    // the owner's feed says which invitation went (the expired one is not news), and the seat is free again
    const session = await freshSession(owner.id);
    const feed = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: session }));
    expect(feed.filter((e) => e.kind === "invitation_revoked").map((e) => e.subject)).toEqual([
      expect.stringMatching(/^kept/),
    ]);
    const limits = (await json<{ data: TeamLimits }>(await call("GET", "/api/team/limits", { cookie: session }))).data;
    expect(limits.currentCount).toBe(3);
  });

  it("lists the own team's members who joined before the reset, not those who join after", async () => {
    const { owner, admin, member, adminMembershipId, memberMembershipId } = await plantedTeam();
    const before = Date.now();
    const answer = await reset(owner);
    expect(answer.toReview).toEqual([
      {
        id: adminMembershipId,
        memberUsername: admin.username,
        memberEmail: admin.email,
        role: "admin",
        joinedAt: expect.any(String),
        reviewSince: expect.any(String),
      },
      {
        id: memberMembershipId,
        memberUsername: member.username,
        memberEmail: member.email,
        role: "member",
        joinedAt: expect.any(String),
        reviewSince: expect.any(String),
      },
    ]);
    expect(Date.parse(answer.toReview[0]!.reviewSince)).toBeGreaterThanOrEqual(before);

    // the owner signs in with the new password and invites someone, who joins after the reset
    const signIn = await call("POST", "/api/login", {
      body: { username: owner.username, password: "a-brand-new-passphrase" },
    });
    expect(signIn.status).toBe(200);
    const signedIn = { ...owner, session: sessionFrom(signIn)! };
    const newcomer = await createUser();
    const invitation = await json<{ data: TeamMembership }>(
      await call("POST", "/api/team/invite", {
        cookie: signedIn.session,
        body: { email: newcomer.email, role: "member" },
      }),
    );
    expect((await accept(newcomer, invitation.data.inviteToken!)).status).toBe(200);

    expect((await reviewOf(signedIn)).map((m) => m.id)).toEqual([adminMembershipId, memberMembershipId]);
    expect((await contextOf(signedIn)).membersToReview).toBe(2);
    // the planted members' own review lists are their own (empty) teams', never the owner's
    expect(await reviewOf(admin)).toEqual([]);
    expect(await reviewOf(member)).toEqual([]);
    expect((await contextOf(admin)).membersToReview).toBe(0);
  });

  it("a second use of the link changes nothing, even one racing past the service's check: kept members stay kept", async () => {
    const { owner, memberMembershipId } = await plantedTeam();
    const token = await resetLink(owner);
    expect((await confirm(token)).status).toBe(200);
    const session = await freshSession(owner.id);
    expect((await keep({ session }, memberMembershipId)).status).toBe(200);
    const invitation = await createInvitation(owner, `${unique("after")}@example.com`);

    expect((await confirm(token)).status).toBe(400);
    // a click that read the token before the first one used it reaches the batch: the batch itself refuses
    const racing = await completePasswordReset(buildTestDeps().db, {
      tokenId: await sha256Hex(token),
      userId: owner.id,
      passwordHash: "not-a-hash",
      now: Date.now(),
    });
    expect(racing).toBeNull();
    expect((await reviewOf({ session })).map((m) => m.id)).not.toContain(memberMembershipId);
    expect(await countRows("team_memberships", "id = ? AND status = 'pending'", invitation.id)).toBe(1);
    expect((await call("GET", "/api/user", { cookie: session })).status).toBe(200);
  });

  it("lets the owner keep or remove each member; until kept, a planted admin works but does not manage the team", async () => {
    const { owner, admin, member, adminMembershipId, memberMembershipId, project } = await plantedTeam();
    await reset(owner);
    const session = await freshSession(owner.id);

    // the admin under review: no inviting, no role changes, no removals, no invitation links to copy
    const invite = await call("POST", "/api/team/invite", {
      cookie: admin.session,
      body: { email: `${unique("accomplice")}@example.com`, role: "admin" },
    });
    expect(invite.status).toBe(403);
    expect(await json(invite)).toMatchObject({
      code: "forbidden",
      error: expect.stringContaining("reviewing its members"),
    });
    const ownersInvitation = await createInvitation(owner, `${unique("colleague")}@example.com`);
    const seen = (
      await json<{ data: TeamMembership[] }>(await call("GET", "/api/team/members", { cookie: admin.session }))
    ).data;
    expect(seen.find((m) => m.id === ownersInvitation.id)?.inviteToken).toBeNull();
    expect((await call("DELETE", `/api/team/members/${memberMembershipId}`, { cookie: admin.session })).status).toBe(
      403,
    );
    expect(
      (
        await call("PATCH", `/api/team/members/${memberMembershipId}`, {
          cookie: admin.session,
          body: { role: "admin" },
        })
      ).status,
    ).toBe(403);
    expect((await contextOf(admin)).canManage).toBe(false);
    // work in the owner's projects goes on until the owner decides
    expect((await call("GET", `/api/projects/${project.id}`, { cookie: admin.session })).status).toBe(200);

    // the owner keeps the admin: off the list, and managing again
    const kept = await keep({ session }, adminMembershipId);
    expect(kept.status).toBe(200);
    expect(await json(kept)).toEqual({ success: true });
    expect((await keep({ session }, adminMembershipId)).status).toBe(200);
    expect((await reviewOf({ session })).map((m) => m.id)).toEqual([memberMembershipId]);
    expect((await contextOf(admin)).canManage).toBe(true);

    // and removes the member through the usual removal: off the list, and out of the projects at once
    expect((await call("DELETE", `/api/team/members/${memberMembershipId}`, { cookie: session })).status).toBe(200);
    expect(await reviewOf({ session })).toEqual([]);
    expect((await contextOf({ session })).membersToReview).toBe(0);
    expect((await call("GET", `/api/projects/${project.id}`, { cookie: member.session })).status).toBe(404);
    expect((await keep({ session }, memberMembershipId)).status).toBe(404);
  });

  it("only the owner reviews: the team's admin and member get 403, anyone else 404 like a missing id", async () => {
    const { owner, admin, member, memberMembershipId, kept } = await plantedTeam();
    await reset(owner);
    const session = await freshSession(owner.id);
    const other = await plantedTeam();
    const stranger = await createUser();
    const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    const missing = withoutRequestId(await json(await keep({ session }, Number.MAX_SAFE_INTEGER)));
    expect(missing).toMatchObject({ success: false, code: "not_found" });

    for (const caller of [admin, member]) {
      const response = await keep(caller, memberMembershipId);
      expect(response.status, caller.username).toBe(403);
      expect(await json(response)).toMatchObject({ error: "Only the team's owner can review its members." });
    }
    for (const caller of [stranger, other.owner, other.admin, other.member]) {
      const response = await keep(caller, memberMembershipId);
      expect(response.status, caller.username).toBe(404);
      expect(withoutRequestId(await json(response))).toEqual(missing);
    }
    // the owner's own 404s: another team's member, the withdrawn invitation, a pending one
    const pending = await createInvitation(owner, `${unique("pending")}@example.com`);
    for (const id of [other.memberMembershipId, kept.id, pending.id]) {
      const response = await keep({ session }, id);
      expect(response.status, String(id)).toBe(404);
      expect(withoutRequestId(await json(response))).toEqual(missing);
    }
    expect((await call("POST", `/api/team/members/${memberMembershipId}/keep`)).status).toBe(401);
    expect((await call("GET", "/api/team/review")).status).toBe(401);
    // nothing changed: both planted members are still to review
    expect((await reviewOf({ session })).length).toBe(2);
  });

  it("after a downgrade to free the members stay (teams-as-workspaces) and stay on the owner's list until decided", async () => {
    const { owner, admin, adminMembershipId, memberMembershipId, project } = await plantedTeam();
    await setTier(owner, "free");
    await reset(owner);
    const session = await freshSession(owner.id);
    const context = await contextOf({ session });
    expect(context).toMatchObject({ position: "owner", canManage: true, membersToReview: 2 });
    expect((await reviewOf({ session })).map((m) => m.id)).toEqual([adminMembershipId, memberMembershipId]);
    expect((await call("GET", `/api/projects/${project.id}`, { cookie: admin.session })).status).toBe(200);
    expect((await call("DELETE", `/api/team/members/${adminMembershipId}`, { cookie: session })).status).toBe(200);
    expect((await call("GET", `/api/projects/${project.id}`, { cookie: admin.session })).status).toBe(404);
    expect((await keep({ session }, memberMembershipId)).status).toBe(200);
    expect(await reviewOf({ session })).toEqual([]);
  });
});

describe("an OAuth link that removes the password takes the account back too", () => {
  const GITHUB: Partial<Bindings> = { GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "gh-secret" };

  async function linkGitHub(email: string) {
    const started = await call("GET", "/auth/github", { env: GITHUB });
    const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
    mockOutbound({
      "POST https://github.com/login/oauth/access_token": () =>
        jsonResponse({ access_token: "gh-access", token_type: "bearer", scope: "read:user,user:email" }),
      "GET https://api.github.com/user/emails": () => jsonResponse([{ email, primary: true, verified: true }]),
      "GET https://api.github.com/user": () => jsonResponse({ login: "octo", id: Date.now() + ++ips, name: "Owner" }),
    });
    return call("GET", `/auth/github/callback?code=c&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${state}`,
    });
  }

  it("withdraws the pending invitations, lists the members and lands on /team's review", async () => {
    const { owner, admin, member, adminMembershipId, memberMembershipId, kept } = await plantedTeam();
    const response = await linkGitHub(owner.email!);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/team#members-to-review");
    const session = sessionFrom(response)!;
    expect((await reviewOf({ session })).map((m) => m.id)).toEqual([adminMembershipId, memberMembershipId]);
    const refused = await accept(await createUser(), kept.token);
    expect(refused.status).toBe(404);
    expect(await json(refused)).toMatchObject({ error: INVALID_INVITATION });
    // the password and the previous holder's sessions are gone, as before
    expect((await call("GET", "/api/user", { cookie: owner.session })).status).toBe(401);
    expect(
      (await call("POST", "/api/login", { body: { username: owner.username, password: TEST_PASSWORD } })).status,
    ).toBe(401);
    // the planted members stay until the owner decides
    expect((await contextOf(admin)).canManage).toBe(false);
    expect((await contextOf(member)).memberOf.map((t) => t.ownerId)).toEqual([owner.id]);
  });

  it("takes nothing back when the account had no password, and a team without members goes to the dashboard", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const invitation = await createInvitation(owner, `${unique("invitee")}@example.com`);
    const first = await linkGitHub(owner.email!);
    expect(first.headers.get("Location")).toBe("/dashboard");
    expect(await countRows("team_memberships", "id = ?", invitation.id)).toBe(0);

    // the account has no password now: linking it again (another identity) withdraws nothing more
    const member = await createUser();
    const membershipId = await addTeamMember(owner, member);
    const second = await linkGitHub(owner.email!);
    expect(second.headers.get("Location")).toBe("/dashboard");
    expect(await reviewOf({ session: sessionFrom(second)! })).toEqual([]);
    expect(await countRows("team_memberships", "id = ? AND status = 'active'", membershipId)).toBe(1);
  });
});
