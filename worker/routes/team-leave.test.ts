import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ActivityItem } from "../../schema/api/transcripts";
import type { TeamContext } from "../../schema/api/teams";
import { generateStories } from "../services/generation";
import { buildTestDeps } from "../test/deps";
import { call, json } from "../test/client";
import {
  addTeamMember,
  countRows,
  createInvitation,
  createProject,
  createTranscripts,
  createUser,
  setTier,
  type TestUser,
} from "../test/factories";

// Issue 26, "pre-hijacking (a)": someone who held an account before its owner reset the password may have joined a
// team with it. The account lists every team it belongs to and can leave any of them: DELETE
// /api/team/memberships/{ownerId}, 404 like a missing team for anything that is not its active membership.

const leave = (member: TestUser, ownerId: number | string) =>
  call("DELETE", `/api/team/memberships/${ownerId}`, { cookie: member.session });
const context = async (user: TestUser) =>
  (await json<{ data: TeamContext }>(await call("GET", "/api/team/membership", { cookie: user.session }))).data;
const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
/** What a team that does not exist answers on this route. */
const missingTeam = async (caller: TestUser) =>
  withoutRequestId(await json(await leave(caller, Number.MAX_SAFE_INTEGER)));

async function teamOf(tier: "pro" | "enterprise" = "pro") {
  const owner = await createUser();
  await setTier(owner, tier);
  return owner;
}

describe("leaving a team", () => {
  it("ends the member's access on the very next request, tells the owner's feed, and leaves their work with the owner", async () => {
    const owner = await teamOf();
    const member = await createUser();
    await addTeamMember(owner, member);
    const project = await createProject(owner, { name: "Checkout" });
    const [filed] = await createTranscripts(owner, { projectId: project.id });
    const made = await generateStories(buildTestDeps({ now: Date.now }), member.id, {
      transcript: "Ana: Cashiers need to refund one item.",
      projectId: project.id,
    });
    expect((await call("GET", `/api/projects/${project.id}`, { cookie: member.session })).status).toBe(200);

    const response = await leave(member, owner.id);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true });

    for (const path of [
      `/api/projects/${project.id}`,
      `/api/transcripts/${filed}`,
      `/api/transcripts/${made.transcriptId}`,
    ]) {
      expect((await call("GET", path, { cookie: member.session })).status, path).toBe(404);
    }
    expect(await json(await call("GET", "/api/projects", { cookie: member.session }))).toEqual([]);
    // what the member made in the owner's project is the owner's, and stays
    expect((await call("GET", `/api/transcripts/${made.transcriptId}`, { cookie: owner.session })).status).toBe(200);
    const row = await env.DB.prepare("SELECT owner_id, created_by FROM transcripts WHERE id = ?")
      .bind(made.transcriptId)
      .first();
    expect(row).toEqual({ owner_id: owner.id, created_by: member.id });

    const feed = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: owner.session }));
    expect(feed[0]).toMatchObject({ kind: "member_left", subject: member.username });
    expect(await countRows("team_memberships", "owner_id = ? AND member_id = ?", owner.id, member.id)).toBe(0);
  });

  it("is 404 a second time, exactly like a missing team, and writes nothing more", async () => {
    const owner = await teamOf();
    const member = await createUser();
    await addTeamMember(owner, member);
    expect((await leave(member, owner.id)).status).toBe(200);
    const again = await leave(member, owner.id);
    expect(again.status).toBe(404);
    expect(withoutRequestId(await json(again))).toEqual(await missingTeam(member));
    expect(await countRows("activity_events", "owner_id = ? AND kind = 'member_left'", owner.id)).toBe(1);
  });

  it("lets one of two racing leaves through, with one feed entry", async () => {
    const owner = await teamOf();
    const member = await createUser();
    await addTeamMember(owner, member);
    const statuses = (await Promise.all([leave(member, owner.id), leave(member, owner.id)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 404]);
    expect(await countRows("activity_events", "owner_id = ? AND kind = 'member_left'", owner.id)).toBe(1);
  });

  it("answers a pending invitation, a removal, someone else's team and any other spelling like a missing team, and the owner's own team 409", async () => {
    const owner = await teamOf("enterprise");
    const member = await createUser();
    await addTeamMember(owner, member);
    const invited = await createUser();
    await createInvitation(owner, invited.email!);
    const removed = await createUser();
    const removedId = await addTeamMember(owner, removed);
    expect((await call("DELETE", `/api/team/members/${removedId}`, { cookie: owner.session })).status).toBe(200);
    const stranger = await teamOf();
    const before = await countRows("team_memberships", "owner_id IN (?, ?)", owner.id, stranger.id);

    const notFound = await missingTeam(member);
    expect(notFound).toMatchObject({ success: false, code: "not_found", error: "Team not found" });
    for (const [caller, target] of [
      [invited, String(owner.id)],
      [removed, String(owner.id)],
      [member, String(stranger.id)],
      [member, `0${owner.id}`],
      [member, `${owner.id}.0`],
      [member, "abc"],
    ] as const) {
      const response = await leave(caller, target);
      expect(response.status, `${caller.username} → ${target}`).toBe(404);
      expect(withoutRequestId(await json(response))).toEqual(notFound);
    }

    const own = await leave(owner, owner.id);
    expect(own.status).toBe(409);
    expect(await json(own)).toMatchObject({
      success: false,
      code: "conflict",
      error: "This is your own team: you can't leave it. Remove its members instead.",
    });

    expect(await countRows("team_memberships", "owner_id IN (?, ?)", owner.id, stranger.id)).toBe(before);
    expect(
      await countRows("activity_events", "owner_id IN (?, ?) AND kind = 'member_left'", owner.id, stranger.id),
    ).toBe(0);
    expect((await context(member)).memberOf.map((t) => t.ownerId)).toEqual([owner.id]);
  });

  it("needs a session and the app's origin", async () => {
    const owner = await teamOf();
    const member = await createUser();
    await addTeamMember(owner, member);
    expect((await call("DELETE", `/api/team/memberships/${owner.id}`)).status).toBe(401);
    expect(
      (
        await call("DELETE", `/api/team/memberships/${owner.id}`, {
          cookie: member.session,
          headers: { Origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    expect(await countRows("team_memberships", "owner_id = ? AND member_id = ?", owner.id, member.id)).toBe(1);
  });
});

describe("every team of the account", () => {
  it("lists each active membership, oldest first, with the owner's name and email, the role and the joined date; leaving one keeps the others", async () => {
    const [a, b, c] = [await teamOf(), await teamOf("enterprise"), await teamOf()];
    const member = await createUser(); // free plan: /team shows the first team it joined
    await addTeamMember(a, member);
    await addTeamMember(b, member, "admin");
    await addTeamMember(c, member);
    const projectOfA = await createProject(a, { name: "A's" });

    const before = await context(member);
    expect(before).toMatchObject({ position: "member", owner: { id: a.id } });
    expect(before.memberOf).toEqual([
      {
        ownerId: a.id,
        ownerName: a.username,
        ownerEmail: a.email,
        role: "member",
        joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      { ownerId: b.id, ownerName: b.username, ownerEmail: b.email, role: "admin", joinedAt: expect.any(String) },
      { ownerId: c.id, ownerName: c.username, ownerEmail: c.email, role: "member", joinedAt: expect.any(String) },
    ]);

    expect((await leave(member, b.id)).status).toBe(200);
    expect((await context(member)).memberOf.map((t) => t.ownerId)).toEqual([a.id, c.id]);
    expect((await call("GET", `/api/projects/${projectOfA.id}`, { cookie: member.session })).status).toBe(200);

    // leaving the team /team shows moves it to the next one, then to the account's own
    expect((await leave(member, a.id)).status).toBe(200);
    expect(await context(member)).toMatchObject({ position: "member", owner: { id: c.id } });
    expect((await leave(member, c.id)).status).toBe(200);
    expect(await context(member)).toMatchObject({ position: "owner", owner: { id: member.id }, memberOf: [] });
  });
});
