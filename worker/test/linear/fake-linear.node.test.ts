import { describe, expect, it } from "vitest";
import { LINEAR_DOCUMENTS } from "../../adapters/linear/http";
import { linearContract } from "./contract";
import { FAKE_LINEAR_API_KEY, FakeLinear, NotEmulatedError, type FakeLinearRequest } from "./fake-linear";

const ENG = "5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a01";

function post(query: string, variables: Record<string, unknown> = {}, key = FAKE_LINEAR_API_KEY): FakeLinearRequest {
  return {
    method: "POST",
    path: "/graphql",
    headers: { "Content-Type": "application/json", Authorization: key },
    body: JSON.stringify({ query, variables }),
  };
}

function json(fake: FakeLinear, request: FakeLinearRequest) {
  const answer = fake.handle(request);
  if (answer.kind !== "json") throw new Error("expected an answer");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read down several levels; the fake already held them to the schema
  return answer as { status: number; headers: Record<string, string>; body: { data: any; errors?: any[] } };
}

describe("the adapter's documents", () => {
  it("are valid against Linear's schema", () => {
    for (const [name, query] of Object.entries(LINEAR_DOCUMENTS)) {
      expect(
        linearContract.checkRequest({ query }).filter((p) => !p.includes("was not provided")),
        name,
      ).toEqual([]);
    }
  });
});

describe("FakeLinear", () => {
  it("refuses a document that breaks the contract: an unknown field, a root field not kept, a wrong variable", () => {
    const fake = new FakeLinear();
    expect(() => fake.handle(post("query { viewer { id nickname } }"))).toThrow(/linear\.schema\.graphql/);
    expect(() => fake.handle(post("query { cycles(first: 5) { nodes { id } } }"))).toThrow(/linear\.schema\.graphql/);
    expect(() =>
      fake.handle(post(LINEAR_DOCUMENTS.issueCreate, { input: { teamId: ENG, title: "A story", priority: "high" } })),
    ).toThrow(/linear\.schema\.graphql/);
    expect(() => fake.handle(post(LINEAR_DOCUMENTS.issueCreate, { input: { title: "No team" } }))).toThrow(/teamId/);
    expect(() =>
      fake.handle(post(LINEAR_DOCUMENTS.issueCreate, { input: { teamId: ENG, title: "x", colour: "red" } })),
    ).toThrow(/colour/);
    expect(fake.issues).toEqual([]);
  });

  it("refuses other paths and methods, and input it does not model", () => {
    const fake = new FakeLinear();
    expect(() => fake.handle({ method: "GET", path: "/graphql" })).toThrow(NotEmulatedError);
    expect(() =>
      fake.handle(post(LINEAR_DOCUMENTS.issueCreate, { input: { teamId: ENG, title: "x", dueDate: "2026-12-01" } })),
    ).toThrow(NotEmulatedError);
  });

  it("answers exactly the selected fields, and a wrong key with an authentication error", () => {
    const fake = new FakeLinear();
    expect(json(fake, post(LINEAR_DOCUMENTS.viewer)).body).toEqual({
      data: { viewer: { id: expect.any(String), name: "Dana Demo", email: "dana@example.com" } },
    });
    const refused = json(fake, post(LINEAR_DOCUMENTS.viewer, {}, "lin_api_wrong"));
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors?.[0].extensions.type).toBe("authentication error");
  });

  it("creates sub-issues, refuses an off-scale estimate, a reused id and an unknown parent with errors at HTTP 200", () => {
    const fake = new FakeLinear();
    const epicId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const epic = json(fake, post(LINEAR_DOCUMENTS.issueCreate, { input: { id: epicId, teamId: ENG, title: "Epic" } }));
    expect(epic.body.data.issueCreate).toMatchObject({ success: true, issue: { id: epicId, identifier: "ENG-1" } });
    const story = json(
      fake,
      post(LINEAR_DOCUMENTS.issueCreate, { input: { teamId: ENG, title: "Story", parentId: epicId, estimate: 5 } }),
    );
    expect(story.body.data.issueCreate.issue.parent).toEqual({ id: epicId, identifier: "ENG-1" });

    for (const input of [
      { teamId: ENG, title: "Off scale", estimate: 4 },
      { id: epicId, teamId: ENG, title: "Same id" },
      { teamId: ENG, title: "Orphan", parentId: "ENG-99" },
    ]) {
      const refused = json(fake, post(LINEAR_DOCUMENTS.issueCreate, { input }));
      expect(refused.status).toBe(200);
      expect(refused.body.errors?.[0].extensions.type).toBe("invalid input");
    }
    expect(fake.issues.map((i) => i.identifier)).toEqual(["ENG-1", "ENG-2"]);
  });

  it("answers an unknown issue id with an error, not null", () => {
    const fake = new FakeLinear();
    const answer = json(fake, post(LINEAR_DOCUMENTS.exportedIssue, { id: "0f8fad5b-d9cb-469f-a165-70867728950e" }));
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0].message).toMatch(/Entity not found/);
  });

  it("injects failures with Retry-After, and can apply a write before failing", () => {
    const fake = new FakeLinear();
    fake.failNext(1, { status: 429, retryAfter: 2 });
    const limited = json(fake, post(LINEAR_DOCUMENTS.viewer));
    expect(limited.status).toBe(429);
    expect(limited.headers["Retry-After"]).toBe("2");
    expect(limited.body.errors?.[0].extensions.type).toBe("ratelimited");
    fake.applyThenFail(502);
    expect(json(fake, post(LINEAR_DOCUMENTS.issueCreate, { input: { teamId: ENG, title: "Epic" } })).status).toBe(502);
    expect(fake.issues).toHaveLength(1);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 502]);
  });
});

describe("FakeLinear: the review before an export", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 9, minute)).toISOString();

  it("lists issues by team and state type, newest updated first, in pages", () => {
    const fake = new FakeLinear();
    const parent = fake.addIssue({ title: "Parent", updatedAt: at(1) });
    fake.addIssue({ title: "Child", parentId: parent.id, state: "In Progress", updatedAt: at(4) });
    fake.addIssue({ title: "Done", state: "Done", updatedAt: at(9) });
    fake.addIssue({ title: "Duplicate", state: "Duplicate", updatedAt: at(9) });
    fake.addIssue({ title: "Other team", teamId: "DES", updatedAt: at(9) });
    fake.addIssue({ title: "Backlog", state: "Backlog", updatedAt: at(2) });

    const first = json(fake, post(LINEAR_DOCUMENTS.openIssues, { teamId: ENG, after: null }));
    expect(first.body.data.issues.nodes.map((n: { title: string }) => n.title)).toEqual(["Child", "Backlog", "Parent"]);
    expect(first.body.data.issues.nodes[0].state).toEqual({ name: "In Progress" });

    const parents = json(fake, post(LINEAR_DOCUMENTS.openParents, { teamId: ENG, after: null }));
    expect(parents.body.data.issues.nodes.map((n: { title: string }) => n.title)).toEqual(["Parent"]);

    const paged = post(
      "query P($after: String) { issues(first: 2, after: $after, orderBy: createdAt) { nodes { title } pageInfo { hasNextPage endCursor } } }",
      { after: null },
    );
    const page1 = json(fake, paged).body.data.issues;
    expect(page1.nodes.map((n: { title: string }) => n.title)).toEqual(["Backlog", "Other team"]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = json(
      fake,
      post(
        "query P($after: String) { issues(first: 2, after: $after, orderBy: createdAt) { nodes { title } pageInfo { hasNextPage endCursor } } }",
        { after: page1.pageInfo.endCursor },
      ),
    ).body.data.issues;
    expect(page2.nodes.map((n: { title: string }) => n.title)).toEqual(["Duplicate", "Done"]);
  });

  it("refuses a filter it cannot evaluate rather than guessing", () => {
    const fake = new FakeLinear();
    fake.addIssue({ title: "One" });
    expect(() => fake.handle(post("query { issues(filter: { priority: { lte: 2 } }) { nodes { id } } }"))).toThrow(
      NotEmulatedError,
    );
    expect(() =>
      fake.handle(post('query { issues(filter: { state: { type: { startsWith: "c" } } }) { nodes { id } } }')),
    ).toThrow(NotEmulatedError);
    // Comparators are objects: a bare value breaks the schema itself.
    expect(() =>
      fake.handle(post('query { issues(filter: { state: { type: "started" } }) { nodes { id } } }')),
    ).toThrow(/linear\.schema\.graphql/);
  });

  it("lists a team's projects by status type, and finds one by slugId", () => {
    const fake = new FakeLinear();
    fake.addProject({ name: "Planned", status: "planned", updatedAt: at(1) });
    const started = fake.addProject({ name: "Started", status: "started", updatedAt: at(3) });
    fake.addProject({ name: "Completed", status: "completed", updatedAt: at(5) });
    fake.addProject({ name: "Design's", teamIds: ["5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a02"], updatedAt: at(7) });
    const open = json(fake, post(LINEAR_DOCUMENTS.openProjects, { teamId: ENG, after: null }));
    expect(open.body.data.projects.nodes.map((n: { name: string }) => n.name)).toEqual(["Started", "Planned"]);
    const byKey = json(fake, post(LINEAR_DOCUMENTS.projectByKey, { slugId: started.slugId }));
    expect(byKey.body.data.projects.nodes).toEqual([
      { id: started.id, name: "Started", slugId: started.slugId, url: started.url },
    ]);
    const status = json(fake, post("query { projects { nodes { status { name type } } } }"));
    expect(status.body.data.projects.nodes[0].status).toEqual({ name: "Planned", type: "planned" });
  });

  it("relates issues both ways, refusing the same relation twice and an issue to itself", () => {
    const fake = new FakeLinear();
    const a = fake.addIssue({ title: "A" });
    const b = fake.addIssue({ title: "B" });
    const create = (input: Record<string, unknown>) => json(fake, post(LINEAR_DOCUMENTS.relationCreate, { input }));
    expect(
      create({ issueId: a.identifier, relatedIssueId: b.id, type: "related" }).body.data.issueRelationCreate,
    ).toMatchObject({ success: true, issueRelation: { type: "related" } });
    const read = json(fake, post(LINEAR_DOCUMENTS.relations, { storyId: b.identifier, itemId: a.identifier }));
    expect(read.body.data.story.relations.nodes).toEqual([]);
    expect(read.body.data.story.inverseRelations.nodes).toEqual([{ type: "related", issue: { id: a.id } }]);
    for (const input of [
      { issueId: a.id, relatedIssueId: b.id, type: "related" },
      { issueId: a.id, relatedIssueId: a.identifier, type: "related" },
      { issueId: a.id, relatedIssueId: "ENG-99", type: "related" },
    ])
      expect(create(input).body.errors?.[0].extensions.type).toBe("invalid input");
    expect(() => create({ issueId: a.id, relatedIssueId: b.id, type: "relates" })).toThrow(/linear\.schema\.graphql/);
    expect(fake.relations).toHaveLength(1);
  });

  it("edits a description and touches updatedAt", () => {
    let now = Date.UTC(2026, 11, 7, 9, 0);
    const fake = new FakeLinear({ now: () => now });
    const item = fake.addIssue({ title: "Item", description: "Old" });
    now += 60_000;
    json(fake, post(LINEAR_DOCUMENTS.issueUpdate, { id: item.id, input: { description: "Old\n\nNew" } }));
    const read = json(fake, post(LINEAR_DOCUMENTS.description, { id: item.identifier }));
    expect(read.body.data.issue).toEqual({ id: item.id, identifier: item.identifier, description: "Old\n\nNew" });
    expect(item.updatedAt).toBe(new Date(now).toISOString());
  });

  it("creates a label once per name, and forgets created labels on reset", () => {
    const fake = new FakeLinear({ labels: [] });
    const create = (input: Record<string, unknown>) => json(fake, post(LINEAR_DOCUMENTS.labelCreate, { input }));
    expect(create({ name: "storyloom", teamId: ENG }).body.data.issueLabelCreate).toMatchObject({
      success: true,
      issueLabel: { name: "storyloom", team: { id: ENG } },
    });
    expect(create({ name: "StoryLoom", teamId: ENG }).body.errors?.[0].extensions.type).toBe("invalid input");
    expect(() => create({ name: "x", parentId: "y" })).toThrow(NotEmulatedError);
    expect(fake.labels).toHaveLength(1);
    fake.reset();
    expect(fake.labels).toEqual([]);
  });

  it("fails the next request of one operation, whatever is sent before it", () => {
    const fake = new FakeLinear();
    const a = fake.addIssue({ title: "A" });
    const b = fake.addIssue({ title: "B" });
    fake.applyThenFailOn("StoryLoomRelationCreate", 502).failOn("StoryLoomDescription", { status: 503 });
    expect(json(fake, post(LINEAR_DOCUMENTS.viewer)).status).toBe(200);
    const input = { issueId: a.id, relatedIssueId: b.id, type: "related" };
    expect(json(fake, post(LINEAR_DOCUMENTS.relationCreate, { input })).status).toBe(502);
    expect(fake.relations).toHaveLength(1);
    expect(json(fake, post(LINEAR_DOCUMENTS.description, { id: a.id })).status).toBe(503);
    expect(json(fake, post(LINEAR_DOCUMENTS.description, { id: a.id })).status).toBe(200);
  });
});
