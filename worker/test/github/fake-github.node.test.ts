import { describe, expect, it } from "vitest";
import { FAKE_GITHUB_TOKEN, FakeGitHub, NotEmulatedError, type FakeGitHubRequest } from "./fake-github";

const HEADERS = {
  authorization: `token ${FAKE_GITHUB_TOKEN}`,
  accept: "application/vnd.github+json",
  "x-github-api-version": "2022-11-28",
  "content-type": "application/json",
};
const REPO = "/repos/storyloom-demo/backlog";

function call(fake: FakeGitHub, request: Partial<FakeGitHubRequest> & { path: string }) {
  const answer = fake.handle({ method: "GET", headers: HEADERS, ...request });
  if (answer.kind !== "json") throw new Error(`expected a JSON answer, got ${answer.kind}`);
  return answer as { status: number; body: Record<string, unknown>; headers: Record<string, string> };
}
const post = (fake: FakeGitHub, path: string, body: unknown) =>
  call(fake, { method: "POST", path, body: JSON.stringify(body) });

describe("FakeGitHub", () => {
  it("answers only the token, and only with the pinned version", () => {
    const fake = new FakeGitHub();
    expect(call(fake, { path: "/user" }).body).toMatchObject({ login: "pat-morgan", user_view_type: "private" });
    expect(call(fake, { path: "/user", headers: { ...HEADERS, authorization: "token nope" } })).toMatchObject({
      status: 401,
      body: { message: "Bad credentials" },
    });
    expect(() => call(fake, { path: "/user", headers: { ...HEADERS, "x-github-api-version": "" } })).toThrow(
      /2022-11-28/,
    );
  });

  it("lists the token's repositories (GET /user/repos) as the contract's bare array, sorted as asked", () => {
    const fake = new FakeGitHub();
    const names = (query = "") =>
      (call(fake, { path: "/user/repos", query }).body as unknown as { full_name: string }[]).map((r) => r.full_name);
    // GitHub's default order is by full name; by push, the newest first.
    expect(names()).toEqual([
      "acme-corp/handbook",
      "pat-morgan/notes",
      "storyloom-demo/backlog",
      "storyloom-demo/legacy-app",
      "storyloom-demo/website",
    ]);
    expect(names("sort=pushed&direction=desc&per_page=100&page=1")).toEqual([
      "pat-morgan/notes",
      "storyloom-demo/backlog",
      "storyloom-demo/website",
      "acme-corp/handbook",
      "storyloom-demo/legacy-app",
    ]);
    expect(names("visibility=private&sort=pushed")).toEqual([
      "pat-morgan/notes",
      "storyloom-demo/backlog",
      "storyloom-demo/legacy-app",
    ]);
    const listed = call(fake, { path: "/user/repos", query: "sort=pushed" }).body as unknown as Record<
      string,
      unknown
    >[];
    const facts = listed.map((r) => [r.full_name, r.has_issues, r.archived, (r.permissions as { push: boolean }).push]);
    expect(facts).toEqual([
      ["pat-morgan/notes", false, false, true],
      ["storyloom-demo/backlog", true, false, true],
      ["storyloom-demo/website", true, false, true],
      ["acme-corp/handbook", true, false, false],
      ["storyloom-demo/legacy-app", true, true, true],
    ]);
    // A listed repository is `repository` (has_downloads), a read one `full-repository` (network_count): both held
    // to the contract; one other than the fake's is read but holds no issues.
    expect(listed[1]).toMatchObject({ id: 880000001, has_downloads: true, private: true });
    expect(listed[1]).not.toHaveProperty("network_count");
    expect(call(fake, { path: "/repos/storyloom-demo/website" }).body).toMatchObject({
      full_name: "storyloom-demo/website",
      network_count: 0,
    });
    expect(() => call(fake, { path: "/repos/storyloom-demo/website/issues" })).toThrow(NotEmulatedError);
    // GitHub refuses type with visibility or affiliation; the filters it does not model fail loudly.
    expect(call(fake, { path: "/user/repos", query: "type=owner&visibility=all" })).toMatchObject({
      status: 422,
      body: { errors: [{ field: "type", code: "invalid" }] },
    });
    expect(() => call(fake, { path: "/user/repos", query: "affiliation=owner" })).toThrow(NotEmulatedError);
    expect(() => call(fake, { path: "/user/repos", query: "sort=stars" })).toThrow(/sort=stars/);
    expect(call(fake, { path: "/user/repos", headers: { ...HEADERS, authorization: "token nope" } }).status).toBe(401);
  });

  it("pages the repositories with a Link header on /user/repos, and reset forgets the added ones", () => {
    const fake = new FakeGitHub({ repositories: [] });
    for (let i = 0; i < 100; i++)
      fake.addRepository({
        owner: "acme",
        repo: `r${i}`,
        pushed: `2026-10-01T00:00:${String(i % 60).padStart(2, "0")}Z`,
      });
    const first = call(fake, { path: "/user/repos", query: "sort=pushed&per_page=100" });
    expect((first.body as unknown as unknown[]).length).toBe(100);
    expect(first.headers.Link).toBe(
      '<https://api.github.com/user/repos?sort=pushed&per_page=100&page=2>; rel="next", ' +
        '<https://api.github.com/user/repos?sort=pushed&per_page=100&page=2>; rel="last"',
    );
    fake.reset();
    const after = call(fake, { path: "/user/repos", query: "per_page=100" });
    expect((after.body as unknown as { full_name: string }[]).map((r) => r.full_name)).toEqual([
      "storyloom-demo/backlog",
    ]);
    expect(after.headers.Link).toBeUndefined();
  });

  it("creates issues, labels and sub-issues as GitHub does", () => {
    const fake = new FakeGitHub();
    expect(post(fake, `${REPO}/labels`, { name: "storyloom", color: "5319e7" }).status).toBe(201);
    expect(post(fake, `${REPO}/labels`, { name: "StoryLoom" })).toMatchObject({
      status: 422,
      body: { errors: [{ code: "already_exists" }] },
    });
    const epic = post(fake, `${REPO}/issues`, { title: "Epic", body: "b", labels: ["storyloom"] });
    const child = post(fake, `${REPO}/issues`, { title: "Story", labels: ["storyloom", "new one"] });
    expect(epic).toMatchObject({
      status: 201,
      body: { number: 1, html_url: "https://github.com/storyloom-demo/backlog/issues/1" },
    });
    expect(post(fake, `${REPO}/issues/1/sub_issues`, { sub_issue_id: child.body.id }).status).toBe(201);
    expect(fake.issue(2)).toMatchObject({ parent: 1, labels: ["storyloom", "new one"] });
    // A second parent needs replace_parent.
    post(fake, `${REPO}/issues`, { title: "Other epic" });
    expect(post(fake, `${REPO}/issues/3/sub_issues`, { sub_issue_id: child.body.id }).status).toBe(422);
    const listed = call(fake, { path: `${REPO}/issues/1/sub_issues` }).body as unknown as {
      number: number;
      parent_issue_url: string;
    }[];
    expect(listed.map((i) => [i.number, i.parent_issue_url])).toEqual([
      [2, "https://api.github.com/repos/storyloom-demo/backlog/issues/1"],
    ]);
  });

  it("fails loudly on a number sent as sub_issue_id", () => {
    const fake = new FakeGitHub();
    post(fake, `${REPO}/issues`, { title: "Epic" });
    post(fake, `${REPO}/issues`, { title: "Story" });
    expect(() => post(fake, `${REPO}/issues/1/sub_issues`, { sub_issue_id: 2 })).toThrow(/number/);
  });

  it("refuses a request that breaks the contract, so the check can fail", () => {
    const fake = new FakeGitHub();
    // labels as a string, a missing title, sub_issue_id as "#2": not GitHub's request bodies.
    expect(() => post(fake, `${REPO}/issues`, { title: "T", labels: "storyloom" })).toThrow(
      /Not a GitHub request body/,
    );
    expect(() => post(fake, `${REPO}/issues`, { body: "no title" })).toThrow(/title/);
    expect(() => post(fake, `${REPO}/issues/1/sub_issues`, { sub_issue_id: "#2" })).toThrow(
      /Not a GitHub request body/,
    );
    // A query parameter the operation does not have, or a value outside its enum.
    expect(() => call(fake, { path: `${REPO}/issues`, query: "label=storyloom" })).toThrow(
      /label is not a query parameter/,
    );
    expect(() => call(fake, { path: `${REPO}/issues`, query: "state=any" })).toThrow(/state=any/);
    // An operation that is not kept, and one kept but not emulated.
    expect(() => call(fake, { path: `${REPO}/pulls` })).toThrow(NotEmulatedError);
    expect(() => call(fake, { method: "PATCH", path: REPO, body: "{}" })).toThrow(NotEmulatedError);
  });

  it("holds its own answers to the contract", () => {
    const fake = new FakeGitHub();
    // A fault body that is not GitHub's error shape fails instead of being sent.
    fake.failNext(1, { status: 500, body: { message: 42 } });
    expect(() => call(fake, { path: "/user" })).toThrow(/Not GitHub's answer/);
  });

  it("lists issues by label, state and creator, newest first, a page at a time", () => {
    const fake = new FakeGitHub();
    fake.addIssue({ title: "a", labels: ["storyloom"], creator: "pat-morgan" });
    fake.addIssue({ title: "b", labels: ["storyloom"], creator: "pat-morgan", state: "closed" });
    fake.addIssue({ title: "c", labels: ["storyloom"] });
    fake.addIssue({ title: "d", labels: ["other"], creator: "pat-morgan" });
    const titles = (query: string) =>
      (call(fake, { path: `${REPO}/issues`, query }).body as unknown as { title: string }[]).map((i) => i.title);
    expect(titles("labels=storyloom&creator=pat-morgan")).toEqual(["a"]);
    expect(titles("labels=storyloom&creator=pat-morgan&state=all")).toEqual(["b", "a"]);
    expect(titles("labels=storyloom&state=all&per_page=1&page=2")).toEqual(["b"]);
  });

  it("injects failures: failNext with Retry-After, a targeted fault, applyThenFail", () => {
    const fake = new FakeGitHub();
    fake.failNext(1, { status: 429, retryAfter: 7 });
    expect(call(fake, { path: "/user" })).toMatchObject({ status: 429, headers: { "Retry-After": "7" } });
    fake.failNext(1, { status: 502, match: /sub_issues$/ });
    expect(call(fake, { path: "/user" }).status).toBe(200);
    fake.applyThenFail(500);
    expect(post(fake, `${REPO}/issues`, { title: "Created anyway" }).status).toBe(500);
    expect(fake.issues.map((i) => i.title)).toEqual(["Created anyway"]);
    expect(post(fake, `${REPO}/issues`, { title: "Epic" }).status).toBe(201);
    expect(post(fake, `${REPO}/issues/2/sub_issues`, { sub_issue_id: fake.issue(1).id }).status).toBe(502);
    // A targeted applyThenFail waits for its request: the read passes, the edit is made and answered 502.
    fake.applyThenFail(502, /^PATCH /);
    expect(call(fake, { path: `${REPO}/issues/1` }).status).toBe(200);
    const edit = call(fake, { method: "PATCH", path: `${REPO}/issues/1`, body: JSON.stringify({ body: "set" }) });
    expect([edit.status, fake.issue(1).body]).toEqual([502, "set"]);
  });

  it("lists open issues by last update, newest first, an edit or a sub-issue moving one up", () => {
    let now = Date.parse("2026-12-01T09:00:00Z");
    const fake = new FakeGitHub({ now: () => now });
    fake.addIssue({ title: "old", updated: "2026-11-01T00:00:00Z" });
    fake.addIssue({ title: "done", state: "closed" });
    fake.addIssue({ title: "new" });
    fake.addIssue({ title: "PR", pullRequest: true });
    const list = (query: string) =>
      (call(fake, { path: `${REPO}/issues`, query }).body as unknown as { title: string }[]).map((i) => i.title);
    expect(list("state=open&sort=updated&direction=desc")).toEqual(["PR", "new", "old"]);
    expect(list("sort=updated&direction=asc")).toEqual(["old", "new", "PR"]);
    now += 60_000;
    const patched = call(fake, { method: "PATCH", path: `${REPO}/issues/1`, body: JSON.stringify({ body: "b\r\n" }) });
    expect(patched.body).toMatchObject({ body: "b\r\n", updated_at: "2026-12-01T09:01:00Z" });
    expect(list("state=open&sort=updated")).toEqual(["old", "PR", "new"]);
    // Created order is unchanged; the closed one carries GitHub's closed fields.
    expect(list("state=all")).toEqual(["PR", "new", "done", "old"]);
    expect(call(fake, { path: `${REPO}/issues/2` }).body).toMatchObject({ state: "closed", state_reason: "completed" });
    now += 60_000;
    post(fake, `${REPO}/issues/3/sub_issues`, { sub_issue_id: fake.issue(1).id });
    expect(list("sort=updated")).toEqual(["new", "old", "PR"]);
    expect(call(fake, { path: `${REPO}/issues/3` }).body).toMatchObject({
      sub_issues_summary: { total: 1, completed: 0, percent_completed: 0 },
    });
  });

  it("pages lists with GitHub's Link header, none when one page holds them all", () => {
    const fake = new FakeGitHub();
    for (let i = 0; i < 5; i++) fake.addIssue({ title: `i${i}` });
    const page = (query: string) => call(fake, { path: `${REPO}/issues`, query });
    expect(page("per_page=5").headers.Link).toBeUndefined();
    const first = page("state=open&per_page=2");
    expect(first.headers.Link).toBe(
      '<https://api.github.com/repositories/880000001/issues?state=open&per_page=2&page=2>; rel="next", ' +
        '<https://api.github.com/repositories/880000001/issues?state=open&per_page=2&page=3>; rel="last"',
    );
    expect(page("state=open&per_page=2&page=2").headers.Link).toMatch(
      /rel="prev".*rel="next".*rel="last".*rel="first"/,
    );
    const last = page("state=open&per_page=2&page=3");
    expect((last.body as unknown as unknown[]).length).toBe(1);
    expect(last.headers.Link).not.toMatch(/rel="next"/);
    expect(last.headers.Link).toMatch(/rel="prev"/);
  });

  it("records a seeded parent as a sub-issue, and refuses filters and sorts it does not model", () => {
    const fake = new FakeGitHub();
    fake.addIssue({ title: "Epic" });
    fake.addIssue({ title: "Child", parent: 1 });
    expect(fake.issue(1).children).toEqual([2]);
    expect(call(fake, { path: `${REPO}/issues/2` }).body).toMatchObject({
      parent_issue_url: "https://api.github.com/repos/storyloom-demo/backlog/issues/1",
    });
    expect(() => call(fake, { path: `${REPO}/issues`, query: "sort=comments" })).toThrow(NotEmulatedError);
    expect(() => call(fake, { path: `${REPO}/issues`, query: "assignee=pat-morgan" })).toThrow(NotEmulatedError);
    expect(() => call(fake, { path: `${REPO}/issues`, query: "since=2026-01-01T00:00:00Z" })).toThrow(NotEmulatedError);
  });
});
