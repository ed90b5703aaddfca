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
  });
});
