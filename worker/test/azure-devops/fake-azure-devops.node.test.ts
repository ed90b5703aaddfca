import { describe, expect, it } from "vitest";
import { assertAzureAnswer, azureOperation } from "./contract";
import {
  FAKE_AZURE_DEVOPS_ORGANIZATION as ORG,
  FAKE_AZURE_DEVOPS_PAT as PAT,
  FAKE_AZURE_DEVOPS_PROJECT_ID as PROJECT_ID,
  FakeAzureDevOps,
  NotEmulatedError,
  type FakeAzureRequest,
} from "./fake-azure-devops";

const AUTH = { authorization: `Basic ${btoa(`:${PAT}`)}` };
const PATCH_JSON = { ...AUTH, "content-type": "application/json-patch+json" };
const CREATE = `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/$User%20Story`;
const EPIC = `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/$Epic`;
const title = (value: string) => ({ op: "add", path: "/fields/System.Title", value });

function call(fake: FakeAzureDevOps, request: Partial<FakeAzureRequest> & { path: string }) {
  return fake.handle({ method: "GET", query: "api-version=7.1", headers: AUTH, ...request });
}
const json = (answer: ReturnType<FakeAzureDevOps["handle"]>) => {
  if (answer.kind !== "json") throw new Error(`not JSON: ${answer.kind}`);
  return answer as { status: number; body: Record<string, unknown> & { message?: string } };
};
const create = (fake: FakeAzureDevOps, path: string, patch: unknown) =>
  json(call(fake, { method: "POST", path, headers: PATCH_JSON, body: JSON.stringify(patch) }));

describe("FakeAzureDevOps", () => {
  it("matches the create path's literal $ before {id}, case-insensitively", () => {
    expect(azureOperation("POST", CREATE)).toMatchObject({
      operationId: "Work Items_Create",
      params: { organization: ORG, project: PROJECT_ID, type: "User Story" },
    });
    expect(azureOperation("GET", `/${ORG}/${PROJECT_ID}/_apis/wit/workItems/12`)?.operationId).toBe(
      "Work Items_Get Work Item",
    );
    expect(azureOperation("POST", `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/12`)).toBeUndefined();
  });

  it("answers only the PAT: the sign-in page with 203 on GET and POST, 401 on PATCH", () => {
    const fake = new FakeAzureDevOps();
    const page = call(fake, { path: `/${ORG}/_apis/projects`, headers: { authorization: `Basic ${btoa(":nope")}` } });
    expect([page.kind, "status" in page && page.status]).toEqual(["html", 203]);
    const patch = json(
      call(fake, {
        method: "PATCH",
        path: `/${ORG}/_apis/wit/workitems/1`,
        headers: { "content-type": "application/json-patch+json" },
        body: JSON.stringify([title("x")]),
      }),
    );
    expect([patch.status, patch.body.typeKey]).toEqual([401, "UnauthorizedRequestException"]);
    expect(json(call(fake, { path: `/${ORG}/_apis/projects` })).body.count).toBe(2);
  });

  it("creates work items with parents and refuses what Azure DevOps refuses, with its error object", () => {
    const fake = new FakeAzureDevOps();
    const epic = create(fake, EPIC, [title("Epic")]);
    expect([epic.status, epic.body.id]).toEqual([200, 101]);
    const parent = {
      op: "add",
      path: "/relations/-",
      value: { rel: "System.LinkTypes.Hierarchy-Reverse", url: `https://dev.azure.com/${ORG}/_apis/wit/workItems/101` },
    };
    const story = create(fake, CREATE, [title("Story"), parent]);
    expect((story.body.fields as Record<string, unknown>)["System.Parent"]).toBe(101);
    expect(fake.workItem(102).parentId).toBe(101);

    const refused = (patch: unknown[], path = CREATE) => {
      const answer = create(fake, path, patch);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(refused([title("x"), { op: "add", path: "/fields/Custom.Nope", value: 1 }])).toBe(
      "TF51535: Cannot find field Custom.Nope.",
    );
    expect(refused([title("x".repeat(256))])).toMatch(/InvalidLength/);
    expect(refused([{ op: "add", path: "/fields/System.Description", value: "no title" }])).toMatch(/field Title/);
    expect(refused([title("x"), { op: "add", path: "/fields/Microsoft.VSTS.Common.Priority", value: 5 }])).toMatch(
      /Priority/,
    );
    expect(
      refused([
        title("x"),
        { ...parent, value: { ...parent.value, url: `https://dev.azure.com/${ORG}/_apis/wit/workItems/999` } },
      ]),
    ).toMatch(/^TF401232/);
    // a second parent
    const patched = json(
      call(fake, {
        method: "PATCH",
        path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/102`,
        headers: PATCH_JSON,
        body: JSON.stringify([parent]),
      }),
    );
    expect([patched.status, patched.body.message]).toEqual([400, expect.stringMatching(/^TF201036/)]);
    // Agile has no Issue type; Basic has no User Story
    expect(create(fake, `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/$Issue`, [title("x")]).status).toBe(404);
    expect(fake.workItems).toHaveLength(2);
    // the wrong content type
    const form = json(
      call(fake, {
        method: "POST",
        path: EPIC,
        headers: { ...AUTH, "content-type": "application/json" },
        body: JSON.stringify([title("x")]),
      }),
    );
    expect(form.status).toBe(415);
  });

  it("throws (fails the test) on a body or query that breaks the contract, or a request it does not model", () => {
    const fake = new FakeAzureDevOps();
    // a single object instead of a JSON Patch array; an operation without path; an unknown op
    expect(() => create(fake, EPIC, title("x"))).toThrow(/Not an Azure DevOps request body for POST/);
    expect(() => create(fake, EPIC, [{ op: "add", value: "x" }])).toThrow(/Not an Azure DevOps request body/);
    expect(() => create(fake, EPIC, [{ op: "insert", path: "/fields/System.Title", value: "x" }])).toThrow(
      /Not an Azure DevOps request body/,
    );
    expect(() => call(fake, { method: "POST", path: EPIC, headers: PATCH_JSON, body: "not json" })).toThrow(/not JSON/);
    expect(() => call(fake, { path: `/${ORG}/_apis/projects`, query: "" })).toThrow(
      /needs the query parameter api-version/,
    );
    expect(() => call(fake, { path: `/${ORG}/_apis/projects`, query: "api-version=7.1&top=5" })).toThrow(
      NotEmulatedError,
    );
    expect(() => call(fake, { path: `/${ORG}/_apis/wit/fields` })).toThrow(NotEmulatedError);
    expect(() =>
      call(fake, {
        method: "POST",
        path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/$Epic`,
        headers: PATCH_JSON,
        body: JSON.stringify([{ op: "remove", path: "/fields/System.Title" }]),
      }),
    ).toThrow(NotEmulatedError);
    expect(json(call(fake, { path: `/${ORG}/_apis/projects`, query: "api-version=6.0" })).status).toBe(400);
  });

  it("holds its own answers to the contract: an injected error that Azure DevOps would never send throws", () => {
    const fake = new FakeAzureDevOps();
    fake.failNext(1, { status: 500, body: { errorMessages: ["a JIRA error"] } });
    expect(() => call(fake, { path: `/${ORG}/_apis/projects` })).toThrow(/Not an Azure DevOps error object/);
    // what contract.ts holds the emulator's answers to: Microsoft's schemas, plus the fields StoryLoom reads
    const item = { id: 101, rev: 1, fields: {}, url: "https://dev.azure.com/o/p/_apis/wit/workItems/101" };
    expect(() => assertAzureAnswer("POST", EPIC, item)).not.toThrow();
    expect(() => assertAzureAnswer("POST", EPIC, { ...item, id: "101" })).toThrow(/\/id/);
    expect(() => assertAzureAnswer("POST", EPIC, { ...item, relations: {} })).toThrow(/\/relations/);
    expect(() => assertAzureAnswer("POST", EPIC, { rev: 1, fields: {}, url: "u" })).toThrow(/\/id: is missing/);
    expect(() => assertAzureAnswer("GET", `/${ORG}/_apis/projects`, [])).toThrow(/Not Azure DevOps' answer/);
    expect(() =>
      assertAzureAnswer("POST", `/${ORG}/${PROJECT_ID}/_apis/wit/wiql`, {
        queryType: "list",
        queryResultType: "workItem",
        asOf: "2026-11-01T00:00:00Z",
        columns: [],
        workItems: [],
      }),
    ).toThrow(/queryType/);
  });

  it("understands exactly the WIQL StoryLoom sends, and reads fields by ids (at most 200)", () => {
    const fake = new FakeAzureDevOps();
    create(fake, EPIC, [
      title("A"),
      { op: "add", path: "/fields/System.Tags", value: "storyloom;storyloom-0123456789ab" },
    ]);
    create(fake, EPIC, [
      title("B"),
      { op: "add", path: "/fields/System.Tags", value: "storyloom; storyloom-ffffffffffff" },
    ]);
    const wiql = (query: string) =>
      json(
        call(fake, {
          method: "POST",
          path: `/${ORG}/${PROJECT_ID}/_apis/wit/wiql`,
          headers: { ...AUTH, "content-type": "application/json" },
          body: JSON.stringify({ query }),
        }),
      );
    const found = wiql(
      "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.Tags] CONTAINS 'storyloom-0123456789ab' ORDER BY [System.Id] ASC",
    );
    expect(found.body.workItems).toEqual([
      { id: 101, url: `https://dev.azure.com/${ORG}/${PROJECT_ID}/_apis/wit/workItems/101` },
    ]);
    expect(fake.workItem(101).fields["System.Tags"]).toBe("storyloom; storyloom-0123456789ab");
    expect(wiql("SELECT * FROM WorkItems").status).toBe(400);

    const list = json(
      call(fake, {
        path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems`,
        query: "ids=101,102&fields=System.Title,System.Parent&api-version=7.1",
      }),
    );
    expect(list.body.value).toEqual([
      {
        id: 101,
        rev: 1,
        fields: { "System.Title": "A" },
        url: `https://dev.azure.com/${ORG}/${PROJECT_ID}/_apis/wit/workItems/101`,
      },
      {
        id: 102,
        rev: 1,
        fields: { "System.Title": "B" },
        url: `https://dev.azure.com/${ORG}/${PROJECT_ID}/_apis/wit/workItems/102`,
      },
    ]);
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(",");
    expect(
      json(call(fake, { path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems`, query: `ids=${many}&api-version=7.1` }))
        .status,
    ).toBe(400);
    expect(
      json(call(fake, { path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems`, query: "ids=999&api-version=7.1" })).status,
    ).toBe(404);
  });

  it("injects faults in order and logs every request", () => {
    const fake = new FakeAzureDevOps();
    fake.failNext(1, { status: 429, retryAfter: 3 }).applyThenFail(503).redirectNext("https://example.test/");
    const limited = call(fake, { path: `/${ORG}/_apis/projects` });
    expect(limited).toMatchObject({ status: 429, headers: { "Retry-After": "3", "X-RateLimit-Resource": "ATCPU" } });
    expect(create(fake, EPIC, [title("made")]).status).toBe(503);
    expect(fake.workItems.map((w) => w.fields["System.Title"])).toEqual(["made"]);
    expect(call(fake, { path: `/${ORG}/_apis/projects` })).toMatchObject({ kind: "empty", status: 302 });
    expect(fake.requests.map((r) => r.status)).toEqual([429, 503, 302]);
    // a fault for the next matching request only: others pass it by
    fake.applyThenFail(502, /^PATCH .*\/workitems\/101$/);
    expect(json(call(fake, { path: `/${ORG}/_apis/projects` })).status).toBe(200);
    expect(create(fake, EPIC, [title("next")]).status).toBe(200);
    const write = (id: number) =>
      json(
        call(fake, {
          method: "PATCH",
          path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/${id}`,
          headers: PATCH_JSON,
          body: JSON.stringify([title(`changed ${id}`)]),
        }),
      ).status;
    expect([write(102), write(101), write(101)]).toEqual([200, 502, 200]);
    expect(fake.workItem(101).fields["System.Title"]).toBe("changed 101");
    fake.reset();
    expect([fake.requests.length, fake.workItems.length]).toEqual([0, 0]);
  });
});

describe("FakeAzureDevOps: what the review before an export reads and writes", () => {
  const JSON_TYPE = { ...AUTH, "content-type": "application/json" };
  const WIQL_PATH = `/${ORG}/${PROJECT_ID}/_apis/wit/wiql`;
  const item = (id: number) => `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/${id}`;
  const itemUrl = (id: number) => `https://dev.azure.com/${ORG}/_apis/wit/workItems/${id}`;
  const wiql = (fake: FakeAzureDevOps, query: string, top?: number) =>
    json(
      call(fake, {
        method: "POST",
        path: WIQL_PATH,
        query: `${top ? `%24top=${top}&` : ""}api-version=7.1`,
        headers: JSON_TYPE,
        body: JSON.stringify({ query }),
      }),
    );
  const ids = (answer: ReturnType<typeof json>) => (answer.body.workItems as { id: number }[]).map((w) => w.id);
  const patch = (fake: FakeAzureDevOps, id: number, operations: unknown[]) =>
    json(call(fake, { method: "PATCH", path: item(id), headers: PATCH_JSON, body: JSON.stringify(operations) }));
  const related = (id: number) => ({
    op: "add",
    path: "/relations/-",
    value: { rel: "System.LinkTypes.Related", url: itemUrl(id) },
  });

  function seeded() {
    const fake = new FakeAzureDevOps({
      backlog: [
        { type: "Epic", title: "Payments", changed: "2026-11-01T00:00:00Z" },
        { type: "User Story", title: "Pay by card", state: "Active", parentId: 101, changed: "2026-11-03T00:00:00Z" },
        { type: "Bug", title: "Declined twice", state: "Resolved", changed: "2026-11-02T00:00:00Z" },
        { type: "User Story", title: "Old", state: "Closed", changed: "2026-11-04T00:00:00Z" },
        { type: "Task", title: "Dropped", state: "Removed", changed: "2026-11-05T00:00:00Z" },
        { type: "Issue", title: "Elsewhere", projectId: "2d8a5c1e-7f3b-4e0a-9c6d-0b1e2f3a4b5c" },
      ],
    });
    return fake;
  }

  it("seeds a backlog (again after reset), with states by process, and refuses what Azure would", () => {
    const fake = seeded();
    expect(fake.workItems.map((w) => [w.id, w.type, w.fields["System.State"]])).toEqual([
      [101, "Epic", "New"],
      [102, "User Story", "Active"],
      [103, "Bug", "Resolved"],
      [104, "User Story", "Closed"],
      [105, "Task", "Removed"],
      [106, "Issue", "To Do"],
    ]);
    fake.reset();
    expect(fake.workItems).toHaveLength(6);
    expect(() => fake.addWorkItem({ type: "Issue", title: "x" })).toThrow(/has no type Issue/);
    expect(() => fake.addWorkItem({ type: "Bug", title: "x", state: "Removed" })).toThrow(/no state Removed/);
    expect(() => fake.addWorkItem({ type: "Bug", title: "x", parentId: 999 })).toThrow(/no work item 999/);
    // the types answer names each type's states and their categories
    const types = json(call(fake, { path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitemtypes` })).body.value as {
      name: string;
      states: { name: string; category: string }[];
    }[];
    expect(types.find((t) => t.name === "User Story")!.states.map((s) => `${s.name}:${s.category}`)).toEqual([
      "New:Proposed",
      "Active:InProgress",
      "Resolved:Resolved",
      "Closed:Completed",
      "Removed:Removed",
    ]);
    // a state is set by PATCH, refused when the type has no such state, and moves System.ChangedDate
    const moved = patch(fake, 103, [{ op: "add", path: "/fields/System.State", value: "closed" }]);
    expect((moved.body.fields as Record<string, unknown>)["System.State"]).toBe("Closed");
    expect(fake.workItem(103).changed > "2026-11-02T00:00:00.000Z").toBe(true);
    expect(patch(fake, 103, [{ op: "add", path: "/fields/System.State", value: "Done" }]).body.message).toMatch(
      /field State/,
    );
  });

  it("answers WIQL: project, state and type conditions, tags, ORDER BY dates, $top", () => {
    const fake = seeded();
    const open = (extra = "") =>
      `SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project${extra} AND [System.State] NOT IN ('Closed', 'Done', 'Removed', 'Cancelled') ORDER BY [System.ChangedDate] DESC`;
    expect(ids(wiql(fake, open()))).toEqual([102, 103, 101]);
    expect(ids(wiql(fake, open(), 2))).toEqual([102, 103]);
    expect(ids(wiql(fake, open(" AND [System.WorkItemType] = 'Epic'")))).toEqual([101]);
    expect(ids(wiql(fake, open(" AND [System.WorkItemType] <> 'epic'")))).toEqual([102, 103]);
    expect(
      ids(wiql(fake, "SELECT [System.Id], [System.Title] FROM WorkItems WHERE [System.State] IN ('To Do', 'New')")),
    ).toEqual([101, 106]);
    const answer = wiql(fake, open());
    expect(answer.body.sortColumns).toEqual([
      {
        field: {
          referenceName: "System.ChangedDate",
          name: "Changed Date",
          url: `https://dev.azure.com/${ORG}/_apis/wit/fields/System.ChangedDate`,
        },
        descending: true,
      },
    ]);
    // quotes doubled inside a string
    fake.addWorkItem({ type: "Epic", title: "x", tags: "it's" });
    expect(
      ids(wiql(fake, "SELECT [System.Id] FROM WorkItems WHERE [System.Tags] CONTAINS 'it''s' ORDER BY [System.Id]")),
    ).toEqual([107]);
    // what Azure refuses, and what the fake does not model
    expect(wiql(fake, "SELECT [System.Id] FROM WorkItems WHERE [System.State] NOT IN 'Closed'").status).toBe(400);
    expect(wiql(fake, "SELECT [Custom.Nope] FROM WorkItems").body.message).toMatch(/^TF51005: /);
    expect(() => wiql(fake, "SELECT [System.Id] FROM WorkItems WHERE [System.AssignedTo] = @me")).toThrow(
      NotEmulatedError,
    );
    expect(() => wiql(fake, "SELECT [System.Id] FROM WorkItems WHERE [System.Title] = 'x'")).toThrow(NotEmulatedError);
  });

  it("reads one work item: all fields, the fields named, or its relations with $expand=relations", () => {
    const fake = seeded();
    const get = (id: number, query: string) => json(call(fake, { path: item(id), query: `${query}&api-version=7.1` }));
    const full = json(call(fake, { path: item(101) }));
    expect(full.body.relations).toBeUndefined();
    expect((full.body.fields as Record<string, unknown>)["System.State"]).toBe("New");
    const expanded = get(101, "%24expand=relations");
    expect(expanded.body.relations).toEqual([
      { rel: "System.LinkTypes.Hierarchy-Forward", url: itemUrl(102), attributes: { isLocked: false, name: "Child" } },
    ]);
    expect(get(102, "%24expand=Relations").body.relations).toEqual([
      { rel: "System.LinkTypes.Hierarchy-Reverse", url: itemUrl(101), attributes: { isLocked: false, name: "Parent" } },
    ]);
    expect(get(102, "fields=System.Description,System.Title").body).toEqual({
      id: 102,
      rev: 1,
      fields: { "System.Title": "Pay by card" },
      url: `https://dev.azure.com/${ORG}/${PROJECT_ID}/_apis/wit/workItems/102`,
    });
    expect(get(102, "fields=System.Title&%24expand=relations").status).toBe(400);
    expect(get(102, "fields=Custom.Nope").status).toBe(400);
    expect(() => get(102, "%24expand=everything")).toThrow(/\$expand is one of/);
  });

  it("links work items as Related: shown on both, once, never to itself, a revision on both", () => {
    const fake = seeded();
    const added = patch(fake, 102, [related(103)]);
    expect(added.status).toBe(200);
    expect(added.body.relations).toContainEqual({
      rel: "System.LinkTypes.Related",
      url: itemUrl(103),
      attributes: { isLocked: false, name: "Related" },
    });
    expect([fake.workItem(102).rev, fake.workItem(103).rev]).toEqual([2, 2]);
    const other = json(call(fake, { path: item(103), query: "%24expand=all&api-version=7.1" }));
    expect(other.body.relations).toEqual([
      { rel: "System.LinkTypes.Related", url: itemUrl(102), attributes: { isLocked: false, name: "Related" } },
    ]);
    expect(patch(fake, 102, [related(103)]).status).toBe(400);
    expect(patch(fake, 103, [related(102)]).status).toBe(400);
    expect(patch(fake, 102, [related(102)]).status).toBe(400);
    expect(patch(fake, 102, [related(999)]).body.message).toMatch(/^TF401232/);
    expect(fake.workItem(102).related).toEqual([103]);
    expect(() =>
      patch(fake, 102, [
        { op: "add", path: "/relations/-", value: { rel: "System.LinkTypes.Duplicate-Forward", url: itemUrl(103) } },
      ]),
    ).toThrow(NotEmulatedError);
  });

  it("fails a whole patch whose test of /rev does not hold (412), as after someone else's edit", () => {
    const fake = seeded();
    const description = (value: string) => ({ op: "add", path: "/fields/System.Description", value });
    expect(patch(fake, 103, [{ op: "test", path: "/rev", value: 1 }, description("<p>one</p>")]).status).toBe(200);
    const stale = patch(fake, 103, [{ op: "test", path: "/rev", value: 1 }, description("<p>two</p>")]);
    expect([stale.status, stale.body.message]).toEqual([412, expect.stringMatching(/^TF26071: /)]);
    expect(fake.workItem(103).fields["System.Description"]).toBe("<p>one</p>");
    fake.editWorkItem(103, { "System.Description": "<p>by hand</p>" });
    expect(fake.workItem(103).rev).toBe(3);
    expect(patch(fake, 103, [{ op: "test", path: "/rev", value: 2 }, description("x")]).status).toBe(412);
    expect(() => patch(fake, 103, [{ op: "test", path: "/fields/System.Title", value: "x" }])).toThrow(
      NotEmulatedError,
    );
  });
});
