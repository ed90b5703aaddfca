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
