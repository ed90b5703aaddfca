import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { buildTestDeps, settled, testClock } from "../../test/deps";
import {
  addTeamMember,
  countRows,
  createInvitation,
  createProject,
  createTranscripts,
  createUser,
  setTier,
} from "../../test/factories";
import { generateStories } from "../generation";
import { listProjects } from "../projects";
import { getTranscript, listActivity, listTranscripts } from "../transcripts";
import {
  acceptTeamInvitation,
  changeMemberRole,
  getTeamContext,
  getTeamLimits,
  inviteMember,
  listTeamMembers,
  removeMember,
} from "./index";

// Teams through the service (issue 16): invitations, acceptance, seats, roles, removal, and what membership opens.

const DAY = 24 * 60 * 60 * 1000;

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function proOwner() {
  const owner = await createUser();
  await setTier(owner, "pro");
  return owner;
}

describe("invitations", () => {
  it("emails a single-use link, stores only the token's hash, and shows the link to managers only", async () => {
    const owner = await proOwner();
    const deps = buildTestDeps();
    const invited = await inviteMember(deps, owner.id, { email: "  Nadia@Example.COM ", role: "admin" });
    await settled();
    expect(invited).toMatchObject({
      status: "pending",
      role: "admin",
      invitedEmail: "nadia@example.com",
      memberUsername: null,
    });
    expect(invited.inviteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = deps.email.sent.find((m) => m.to === "nadia@example.com")!;
    expect(mail.text).toContain(`${deps.origin}/team/accept/${invited.inviteToken}`);
    // at rest: a random ref and the token's SHA-256, never the token
    const row = await env.DB.prepare("SELECT * FROM team_memberships WHERE id = ?")
      .bind(invited.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(invited.inviteToken!);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    // the owner can copy the same link again; a member of the team cannot see it
    expect((await listTeamMembers(deps, owner.id)).find((m) => m.id === invited.id)!.inviteToken).toBe(
      invited.inviteToken,
    );
    const member = await createUser();
    await addTeamMember(owner, member);
    expect((await listTeamMembers(deps, member.id)).every((m) => m.inviteToken === null)).toBe(true);
  });

  it("refuses yourself, the owner, a member, a second pending invitation and a member inviting", async () => {
    const owner = await proOwner();
    const member = await createUser();
    await addTeamMember(owner, member);
    const deps = buildTestDeps();
    expect((await refusal(inviteMember(deps, owner.id, { email: owner.email! }))).message).toBe(
      "You can't invite yourself.",
    );
    expect((await refusal(inviteMember(deps, owner.id, { email: member.email! }))).message).toBe(
      `${member.email} is already a member of this team.`,
    );
    await inviteMember(deps, owner.id, { email: "twice@example.com" });
    const twice = await refusal(inviteMember(deps, owner.id, { email: "TWICE@example.com" }));
    expect([twice.status, twice.message]).toEqual([
      409,
      "twice@example.com already has a pending invitation. Copy its link from the list instead.",
    ]);
    const byMember = await refusal(inviteMember(deps, member.id, { email: "friend@example.com" }));
    expect([byMember.status, byMember.message]).toEqual([
      403,
      "Only the team's owner or an admin can manage its members.",
    ]);
    expect(await countRows("team_memberships", "owner_id = ?", owner.id)).toBe(2);
  });

  it("counts the owner and pending invitations as seats, and lets one of several racing invitations take the last seat", async () => {
    const owner = await proOwner(); // 3 seats
    const deps = buildTestDeps();
    await inviteMember(deps, owner.id, { email: "first@example.com" });
    expect(await getTeamLimits(deps, owner.id)).toEqual({
      canInvite: true,
      currentCount: 2,
      maxCount: 3,
      message: null,
    });
    const results = await Promise.allSettled(
      ["a", "b", "c", "d"].map((x) => inviteMember(deps, owner.id, { email: `${x}@example.com` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await getTeamLimits(deps, owner.id)).toEqual({
      canInvite: false,
      currentCount: 3,
      maxCount: 3,
      message: "You've reached your team member limit (3/3). Upgrade your plan to invite more members.",
    });
    const full = await refusal(inviteMember(deps, owner.id, { email: "late@example.com" }));
    expect(full.status).toBe(403);
    // an expired invitation frees its seat
    deps.now = testClock(Date.now() + 8 * DAY).now;
    expect((await getTeamLimits(deps, owner.id)).currentCount).toBe(1);
  });

  it("keeps everyone after a downgrade below the seat count but blocks new invitations, and says so", async () => {
    const owner = await createUser();
    await setTier(owner, "enterprise");
    for (const _ of [1, 2, 3]) await addTeamMember(owner, await createUser());
    await setTier(owner, "pro");
    const deps = buildTestDeps();
    const limits = await getTeamLimits(deps, owner.id);
    expect(limits).toMatchObject({ canInvite: false, currentCount: 4, maxCount: 3 });
    expect(limits.message).toMatch(/everyone stays, but nobody new can be invited/);
    expect((await listTeamMembers(deps, owner.id)).filter((m) => m.status === "active")).toHaveLength(3);
  });

  // Issue 39 (also seen): after a downgrade the seat count read "5 of 3 seats", counting invitations that can no
  // longer be accepted (an accept needs a free seat after the owner and the active members).
  it("counts pending invitations only while a seat is free for them: a downgrade reads 3 of 3, not 5 of 3", async () => {
    const owner = await createUser();
    await setTier(owner, "enterprise"); // 5 seats: the owner and four invitations
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser()));
    const invitations = [];
    for (const person of people) invitations.push(await createInvitation(owner, person.email!));
    await setTier(owner, "pro"); // 3 seats
    const deps = buildTestDeps({ now: Date.now });
    // two invitations can still be accepted, so they hold the two free seats
    expect(await getTeamLimits(deps, owner.id)).toEqual({
      canInvite: false,
      currentCount: 3,
      maxCount: 3,
      message: "You've reached your team member limit (3/3). Upgrade your plan to invite more members.",
    });
    for (const [i, person] of people.slice(0, 2).entries())
      await acceptTeamInvitation(deps, person.id, invitations[i]!.token);
    // the other two cannot be accepted any more: they hold no seat
    expect((await refusal(acceptTeamInvitation(deps, people[2]!.id, invitations[2]!.token))).status).toBe(403);
    expect(await getTeamLimits(deps, owner.id)).toMatchObject({ canInvite: false, currentCount: 3, maxCount: 3 });
    // a member removed frees a seat, and a waiting invitation holds it again
    const members = await listTeamMembers(deps, owner.id);
    await removeMember(deps, owner.id, members.find((m) => m.status === "active")!.id);
    expect(await getTeamLimits(deps, owner.id)).toMatchObject({ currentCount: 3, maxCount: 3 });
    await setTier(owner, "enterprise");
    expect(await getTeamLimits(deps, owner.id)).toMatchObject({ canInvite: true, currentCount: 4, maxCount: 5 });
  });
});

describe("accepting", () => {
  it("joins once: a second accept, a malformed or expired link and the owner's own link are refused", async () => {
    const owner = await createUser();
    await setTier(owner, "enterprise");
    const deps = buildTestDeps();
    const joiner = await createUser();
    const { token } = await createInvitation(owner, "joiner@example.com");
    expect(await acceptTeamInvitation(deps, joiner.id, token)).toMatchObject({ ownerId: owner.id, role: "member" });
    expect((await refusal(acceptTeamInvitation(deps, joiner.id, token))).message).toBe(
      "This invitation link is invalid, expired, or has already been used.",
    );
    expect((await refusal(acceptTeamInvitation(deps, (await createUser()).id, token))).status).toBe(404);
    expect((await refusal(acceptTeamInvitation(deps, joiner.id, "not-a-token"))).status).toBe(404);

    const own = await createInvitation(owner, "someone@example.com");
    expect((await refusal(acceptTeamInvitation(deps, owner.id, own.token))).status).toBe(409);

    const late = await createInvitation(owner, "late@example.com");
    const later = buildTestDeps({ now: () => Date.now() + 7 * DAY + 1 });
    expect((await refusal(acceptTeamInvitation(later, (await createUser()).id, late.token))).status).toBe(404);
  });

  it("refuses a link for a team that became full", async () => {
    const owner = await createUser();
    await setTier(owner, "enterprise");
    const pending = await createInvitation(owner, "waiting@example.com");
    for (const _ of [1, 2, 3]) await addTeamMember(owner, await createUser());
    await setTier(owner, "pro"); // 3 seats, 4 active with the owner
    const full = await refusal(acceptTeamInvitation(buildTestDeps(), (await createUser()).id, pending.token));
    expect([full.status, full.message]).toEqual([
      403,
      "This team is full: its plan has no seat left for you. Ask the team's owner to upgrade or free a seat.",
    ]);
  });

  it("keeps one membership per account and team, whatever address the invitation was sent to", async () => {
    const owner = await proOwner();
    const member = await createUser();
    await addTeamMember(owner, member);
    const second = await createInvitation(owner, "other-address@example.com");
    expect((await refusal(acceptTeamInvitation(buildTestDeps(), member.id, second.token))).message).toBe(
      "You're already a member of this team.",
    );
    expect(await countRows("team_memberships", "owner_id = ? AND member_id = ?", owner.id, member.id)).toBe(1);
  });

  it("lets exactly one of several simultaneous accepts of one invitation through", async () => {
    const owner = await proOwner();
    const { token } = await createInvitation(owner, "race@example.com");
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser()));
    const results = await Promise.allSettled(users.map((u) => acceptTeamInvitation(buildTestDeps(), u.id, token)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await countRows("team_memberships", "owner_id = ? AND status = 'active'", owner.id)).toBe(1);
    expect(await countRows("activity_events", "owner_id = ? AND kind = 'member_joined'", owner.id)).toBe(1);
  });

  // Two racing writes meet a unique index: the answer is the 409 a person can act on, not a 500 (drizzle wraps
  // D1's error, so the check reads the cause chain: data/db.ts isUniqueViolation).
  it("answers racing invitations to one address and racing accepts into one team with a 409", async () => {
    const owner = await createUser();
    await setTier(owner, "enterprise");
    const invites = await Promise.allSettled(
      [1, 2, 3].map(() => inviteMember(buildTestDeps(), owner.id, { email: "racer@example.com" })),
    );
    expect(invites.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of invites.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(409);
    }
    const member = await createUser();
    const [a, b] = await Promise.all([
      createInvitation(owner, "first@example.com"),
      createInvitation(owner, "second@example.com"),
    ]);
    const accepts = await Promise.allSettled(
      [a, b].map((inv) => acceptTeamInvitation(buildTestDeps(), member.id, inv.token)),
    );
    expect(accepts.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = accepts.find((r): r is PromiseRejectedResult => r.status === "rejected")!.reason as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.status).toBe(409);
  });

  // Issue 26: four accepts released together on a 3-seat plan all succeeded ("5 of 3 seats"): the seat check was a
  // read before an UPDATE that did not repeat it. The UPDATE now counts the seats itself.
  it("lets racing accepts of different invitations take only the free seats", async () => {
    const owner = await createUser();
    await setTier(owner, "enterprise"); // 5 seats while the invitations go out
    const invitations = await Promise.all([1, 2, 3, 4].map((n) => createInvitation(owner, `seat${n}@example.com`)));
    await setTier(owner, "pro"); // 3 seats: the owner and two members
    const users = await Promise.all(invitations.map(() => createUser()));
    const results = await Promise.allSettled(
      users.map((u, i) => acceptTeamInvitation(buildTestDeps(), u.id, invitations[i]!.token)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refused = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => (r.reason as AppError).message);
    expect(new Set(refused)).toEqual(
      new Set([
        "This team is full: its plan has no seat left for you. Ask the team's owner to upgrade or free a seat.",
      ]),
    );
    expect(await countRows("team_memberships", "owner_id = ? AND status = 'active'", owner.id)).toBe(2);
    expect(await countRows("activity_events", "owner_id = ? AND kind = 'member_joined'", owner.id)).toBe(2);
  });
});

describe("roles and removal", () => {
  it("lets the owner and an admin change roles and remove; a member can do neither; all of it is in the owner's feed", async () => {
    const owner = await proOwner();
    const admin = await createUser();
    const member = await createUser();
    await addTeamMember(owner, admin, "admin");
    const memberId = await addTeamMember(owner, member);
    const deps = buildTestDeps({ now: Date.now });
    expect((await refusal(changeMemberRole(deps, member.id, memberId, "admin"))).status).toBe(403);
    expect((await refusal(removeMember(deps, member.id, memberId))).status).toBe(403);
    expect(await changeMemberRole(deps, admin.id, memberId, "admin")).toMatchObject({
      role: "admin",
      status: "active",
    });
    expect(await changeMemberRole(deps, owner.id, memberId, "member")).toMatchObject({ role: "member" });
    await removeMember(deps, admin.id, memberId);
    expect((await refusal(removeMember(deps, owner.id, memberId))).status).toBe(404);
    expect((await listActivity(deps, owner.id)).map((e) => e.kind)).toEqual([
      "member_removed",
      "member_made_member",
      "member_made_admin",
      "member_joined",
      "member_invited",
      "member_joined",
      "member_invited",
    ]);
  });

  it("tells a member which team they are in and that they cannot manage it", async () => {
    const owner = await proOwner();
    const member = await createUser();
    await addTeamMember(owner, member);
    const context = await getTeamContext(buildTestDeps(), member.id);
    expect(context).toMatchObject({
      position: "member",
      canManage: false,
      owner: { id: owner.id, username: owner.username, email: null },
    });
    expect(context.memberOf).toEqual([
      expect.objectContaining({ ownerId: owner.id, ownerName: owner.username, role: "member" }),
    ]);
    expect(await getTeamContext(buildTestDeps(), owner.id)).toMatchObject({
      position: "owner",
      canManage: true,
      memberOf: [],
    });
  });
});

describe("shared work", () => {
  it("shows members the owner's projects and their transcripts, never the owner's unfiled ones, and ends at removal", async () => {
    const owner = await proOwner();
    const member = await createUser();
    const membershipId = await addTeamMember(owner, member);
    const project = await createProject(owner, { name: "Checkout" });
    const [filed] = await createTranscripts(owner, { projectId: project.id });
    const [unfiled] = await createTranscripts(owner);
    const deps = buildTestDeps();

    expect((await listProjects(deps, member.id)).map((p) => [p.name, p.sharedBy, p.canManage])).toEqual([
      ["Checkout", owner.username, false],
    ]);
    expect((await listTranscripts(deps, member.id, {})).transcripts.map((t) => t.id)).toEqual([filed]);
    expect((await getTranscript(deps, member.id, filed!)).id).toBe(filed);
    expect((await refusal(getTranscript(deps, member.id, unfiled!))).status).toBe(404);

    await removeMember(deps, owner.id, membershipId);
    expect(await listProjects(deps, member.id)).toEqual([]);
    expect((await refusal(getTranscript(deps, member.id, filed!))).status).toBe(404);
  });

  it("counts a member's generation in the owner's project against the owner's allowance, and files it as the owner's", async () => {
    const owner = await createUser(); // free: 5 generations a month
    const member = await createUser();
    await setTier(owner, "pro");
    await addTeamMember(owner, member);
    await setTier(owner, "free");
    const project = await createProject(owner, { name: "Shared" });
    const deps = buildTestDeps({ now: Date.now });
    const result = await generateStories(deps, member.id, {
      transcript: "Ana: Nurses need to see the ward's bed count.",
      projectId: project.id,
    });
    const row = await env.DB.prepare("SELECT owner_id, created_by FROM transcripts WHERE id = ?")
      .bind(result.transcriptId)
      .first<{ owner_id: number; created_by: number }>();
    expect(row).toEqual({ owner_id: owner.id, created_by: member.id });
    expect(await countRows("generations", "user_id = ?", owner.id)).toBe(1);
    expect(await countRows("generations", "user_id = ?", member.id)).toBe(0);
  });
});
