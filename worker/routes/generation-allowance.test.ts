import { describe, expect, it } from "vitest";
import type { SubscriptionLimitsResponse } from "../../schema/api/subscription-body";
import { call, json } from "../test/client";
import { addTeamMember, createProject, createUser, setTier, type TestUser } from "../test/factories";

// Issue 43, item 1: whose allowance a generation in a shared project uses (services/generation `allowanceAccount`:
// the project owner's) is what the limits the generator reads before the work say, for the owner, a team admin and a
// member alike; and what the server then accepts or refuses agrees with them.

const SHORT =
  "Priya: Account owners need to download past invoices as PDF.\nTom: Billing contacts should get invoices by email.";

const generate = (user: TestUser, projectId: number | null) =>
  call("POST", "/api/generate", { cookie: user.session, body: { transcript: SHORT, projectId } });

async function limits(user: TestUser, projectId?: number | string) {
  const query = projectId === undefined ? "" : `?projectId=${projectId}`;
  return call("GET", `/api/subscription/limits${query}`, { cookie: user.session });
}

async function allowance(user: TestUser, projectId?: number) {
  const { data } = await json<SubscriptionLimitsResponse>(await limits(user, projectId));
  return { tier: data.tier, limit: data.limits.transcriptsPerMonth, used: data.usage.transcriptsThisMonth };
}

/** Uses up a free account's 5 generations of the month (the fifth is the last the server accepts). */
async function useAllOwn(user: TestUser) {
  for (let i = 0; i < 5; i++) expect((await generate(user, null)).status).toBe(200);
  expect((await generate(user, null)).status).toBe(403);
}

describe("the allowance of a generation in a shared project", () => {
  it("is the Pro owner's for a free member and a free admin who used their own: the limits say so and the server agrees", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const project = await createProject(owner, { name: "Shared" });
    const member = await createUser();
    const admin = await createUser();
    await addTeamMember(owner, member, "member");
    await addTeamMember(owner, admin, "admin");
    for (const person of [member, admin]) {
      await useAllOwn(person);
      // their own: free, all 5 used
      expect(await allowance(person)).toEqual({ tier: "free", limit: 5, used: 5 });
      // the shared project's: the owner's Pro plan, unlimited
      expect(await allowance(person, project.id)).toMatchObject({ tier: "pro", limit: null });
      expect((await generate(person, project.id)).status).toBe(200);
      // and without a project, the person's own again
      expect((await generate(person, null)).status).toBe(403);
    }
    // the owner reads the same for the project as for themselves
    expect(await allowance(owner, project.id)).toEqual(await allowance(owner));
  });

  it("is the free owner's for a Pro member: the project's allowance runs out with the owner's, whatever the member's plan", async () => {
    // (an owner whose Pro plan ended after the member joined: a free plan has no seats to invite into)
    const owner = await createUser();
    await setTier(owner, "pro");
    const project = await createProject(owner, { name: "Shared" });
    const member = await createUser();
    await setTier(member, "pro");
    await addTeamMember(owner, member, "member");
    await setTier(owner, "free");
    expect(await allowance(member)).toMatchObject({ tier: "pro", limit: null });
    for (let i = 0; i < 5; i++) {
      expect(await allowance(member, project.id)).toEqual({ tier: "free", limit: 5, used: i });
      expect((await generate(i % 2 ? owner : member, project.id)).status).toBe(200);
    }
    expect(await allowance(member, project.id)).toEqual({ tier: "free", limit: 5, used: 5 });
    expect((await generate(member, project.id)).status).toBe(403);
    // the member's own generations stay unlimited
    expect((await generate(member, null)).status).toBe(200);
  });

  it("answers 404 for a project the person may not work in: another team's admin, a stranger, a bad or missing id", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const project = await createProject(owner);
    const otherOwner = await createUser();
    await setTier(otherOwner, "pro");
    const otherAdmin = await createUser();
    await addTeamMember(otherOwner, otherAdmin, "admin");
    const stranger = await createUser();
    for (const [person, id] of [
      [otherAdmin, project.id],
      [otherOwner, project.id],
      [stranger, project.id],
      [owner, `0${project.id}`],
      [owner, 999_999_999],
    ] as const) {
      const response = await limits(person, id);
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ success: false, error: "Project not found" });
    }
  });
});
