import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import { FAKE_GITHUB_TOKEN, FakeGitHub, type FakeGitHubOptions } from "../../test/github/fake-github";
import { mockGitHub } from "../../test/github/mock";
import { TrackerError } from "../tracker/index";
import { createGitHub, type GitHubOptions } from "./http";

const REF = "0123456789ab";
const MARKER = `<!-- storyloom-${REF} -->`;
const settings = { owner: "storyloom-demo", repo: "backlog" };

const epic: Epic = {
  title: "Checkout",
  description: "Paying for an order.",
  team: "Payments",
  timeline: "Q1",
  priority: "High",
};
const story = (title: string, priority: UserStory["priority"] = "High"): UserStory => ({
  title,
  description: `As a shopper I want ${title.toLowerCase()} so that I can pay.`,
  acceptanceCriteria: ["It works", "It is fast"],
  priority,
  storyPoints: 3,
  estimatedHours: 8,
  evidence: [{ quote: "We need cards.", start: 0, end: 14 }],
});

/** A fresh emulator behind api.github.com and an adapter whose waits are recorded, not slept. */
function setup(fakeOptions: FakeGitHubOptions = {}, adapterOptions: Partial<GitHubOptions> = {}) {
  const fake = new FakeGitHub(fakeOptions);
  const mock = mockGitHub(fake, { apiBase: adapterOptions.apiBase ?? null });
  const waits: number[] = [];
  const github = createGitHub({
    apiBase: null,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    now: () => Date.parse("2026-11-27T10:00:00Z"),
    ...adapterOptions,
  });
  return { fake, mock, github, waits };
}

async function refusal(promise: Promise<unknown>): Promise<TrackerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackerError);
  expect((error as TrackerError).message).not.toContain(FAKE_GITHUB_TOKEN);
  return error as TrackerError;
}

const apiCalls = (fake: FakeGitHub) => fake.requests.map((r) => `${r.method} ${r.path}`);

describe("GitHub adapter: the wizard's reads", () => {
  it("reads the token's user, with the pinned API version and the token", async () => {
    const { github, mock } = setup();
    expect(await github.user(FAKE_GITHUB_TOKEN)).toEqual({ login: "pat-morgan", name: "Pat Morgan" });
    const call = mock.calls[0]!;
    expect(call.url).toBe("https://api.github.com/user");
    expect(call.headers.get("X-GitHub-Api-Version")).toBe("2022-11-28");
    expect(call.headers.get("Accept")).toBe("application/vnd.github+json");
    expect(call.headers.get("Authorization")).toBe(`token ${FAKE_GITHUB_TOKEN}`);
  });

  it("reads the repository: name, link, issues, push permission, privacy", async () => {
    const { github } = setup({ canPush: false, private: false });
    expect(await github.repository(FAKE_GITHUB_TOKEN, "storyloom-demo", "backlog")).toEqual({
      fullName: "storyloom-demo/backlog",
      url: "https://github.com/storyloom-demo/backlog",
      hasIssues: true,
      canPush: false,
      private: false,
    });
  });

  it("lists the token's repositories: one page of 100, most recently pushed first, in 1 request", async () => {
    const { github, fake, mock } = setup();
    const list = await github.repositories(FAKE_GITHUB_TOKEN);
    expect(mock.calls.map((c) => c.url)).toEqual([
      "https://api.github.com/user/repos?sort=pushed&direction=desc&per_page=100&page=1",
    ]);
    expect(mock.calls[0]!.headers.get("X-GitHub-Api-Version")).toBe("2022-11-28");
    expect(fake.requests.map((r) => r.status)).toEqual([200]);
    expect(list).toEqual({
      repositories: [
        { fullName: "pat-morgan/notes", private: true, hasIssues: false, readOnly: false, canPush: true },
        { fullName: "storyloom-demo/backlog", private: true, hasIssues: true, readOnly: false, canPush: true },
        { fullName: "storyloom-demo/website", private: false, hasIssues: true, readOnly: false, canPush: true },
        { fullName: "acme-corp/handbook", private: false, hasIssues: true, readOnly: false, canPush: false },
        { fullName: "storyloom-demo/legacy-app", private: true, hasIssues: true, readOnly: true, canPush: true },
      ],
      more: false,
    });
  });

  it("reads only the first page of repositories and says when GitHub has more", async () => {
    const { github, fake, mock } = setup({ repositories: [] });
    for (let i = 0; i < 100; i++) fake.addRepository({ owner: "acme", repo: `repo-${i}` });
    const list = await github.repositories(FAKE_GITHUB_TOKEN);
    expect(list.repositories).toHaveLength(100);
    expect(list.more).toBe(true);
    expect(mock.calls).toHaveLength(1);
  });

  it("says a token refused by the repository list is unauthorized, and one not allowed to list is forbidden", async () => {
    const { github, fake } = setup({ token: "another-token" });
    expect(await refusal(github.repositories(FAKE_GITHUB_TOKEN))).toMatchObject({ kind: "unauthorized", status: 401 });
    const other = setup();
    other.fake.failNext(1, { status: 403 });
    expect(await refusal(other.github.repositories(FAKE_GITHUB_TOKEN))).toMatchObject({ kind: "forbidden" });
    expect(fake.requests).toHaveLength(1);
  });

  it("says the token was refused, without the token", async () => {
    const { github } = setup({ token: "another-token" });
    const error = await refusal(github.user(FAKE_GITHUB_TOKEN));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, system: "github", mayHaveApplied: false });
  });

  it("says a repository that is missing (or invisible to the token) is not found", async () => {
    const { github } = setup();
    const error = await refusal(github.repository(FAKE_GITHUB_TOKEN, "storyloom-demo", "nope"));
    expect(error).toMatchObject({ kind: "not_found", status: 404 });
    expect(error.message).toContain("storyloom-demo/nope");
  });

  it("refuses a malformed owner or repository before anything is sent", async () => {
    const { github, mock } = setup();
    expect((await refusal(github.repository(FAKE_GITHUB_TOKEN, "../admin", "x"))).kind).toBe("invalid");
    expect((await refusal(github.repository(FAKE_GITHUB_TOKEN, "acme", ".."))).kind).toBe("invalid");
    expect(() => github.open(FAKE_GITHUB_TOKEN, { owner: "a/b", repo: "x" }, REF)).toThrow(TrackerError);
    expect(() => github.open(FAKE_GITHUB_TOKEN, settings, "not-a-ref")).toThrow(TrackerError);
    expect(mock.calls).toHaveLength(0);
  });

  it("says a moved repository (301) must be renamed in the settings, and does not follow it", async () => {
    const { github, fake, mock } = setup();
    fake.redirectNext("https://api.github.com/repositories/880000001");
    const error = await refusal(github.repository(FAKE_GITHUB_TOKEN, "storyloom-demo", "backlog"));
    expect(error).toMatchObject({ kind: "not_found", status: 301 });
    expect(error.message).toMatch(/moved/);
    expect(mock.calls).toHaveLength(1);
  });

  it("sends requests to a fake's base when given one", async () => {
    const apiBase = new URL("http://127.0.0.1:12116");
    const { github, mock } = setup({}, { apiBase });
    await github.repository(FAKE_GITHUB_TOKEN, "storyloom-demo", "backlog");
    expect(mock.calls.map((c) => c.url)).toEqual(["http://127.0.0.1:12116/repos/storyloom-demo/backlog"]);
  });
});

describe("GitHub adapter: an export", () => {
  it("creates the epic and 3 stories as sub-issues, labels made sure of once: L + 1 + 2N calls", async () => {
    const { github, fake } = setup();
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const created = await session.createEpic(epic);
    expect(created).toEqual({
      id: String(fake.issue(1).id),
      key: "#1",
      url: "https://github.com/storyloom-demo/backlog/issues/1",
      title: "Checkout",
      parentKey: null,
    });
    const ref = { key: created.key, url: created.url };
    const stories = [story("Pay by card"), story("Pay by invoice", "Medium"), story("Save a card")];
    const items = [];
    for (const [i, s] of stories.entries()) items.push(await session.createStory(s, i, ref));
    expect(items.map((i) => [i.key, i.title, i.parentKey])).toEqual([
      ["#2", "Pay by card", "#1"],
      ["#3", "Pay by invoice", "#1"],
      ["#4", "Save a card", "#1"],
    ]);

    // The calls: labels storyloom, priority: high, priority: medium (L = 3), the epic, then a create and a link each.
    expect(apiCalls(fake)).toEqual([
      "POST /repos/storyloom-demo/backlog/labels",
      "POST /repos/storyloom-demo/backlog/labels",
      "POST /repos/storyloom-demo/backlog/issues",
      "POST /repos/storyloom-demo/backlog/issues",
      "POST /repos/storyloom-demo/backlog/issues/1/sub_issues",
      "POST /repos/storyloom-demo/backlog/labels",
      "POST /repos/storyloom-demo/backlog/issues",
      "POST /repos/storyloom-demo/backlog/issues/1/sub_issues",
      "POST /repos/storyloom-demo/backlog/issues",
      "POST /repos/storyloom-demo/backlog/issues/1/sub_issues",
    ]);
    const L = 1 + new Set([epic.priority, ...stories.map((s) => s.priority)]).size;
    expect(fake.requests).toHaveLength(L + 1 + 2 * stories.length);

    expect(fake.labels.map((l) => [l.name, l.color])).toEqual([
      ["storyloom", "5319e7"],
      ["priority: high", "d93f0b"],
      ["priority: medium", "fbca04"],
    ]);
    // The sub-issue is named by the child's id, not its number.
    expect(fake.requestsTo("POST", "/repos/storyloom-demo/backlog/issues/1/sub_issues").map((r) => r.body)).toEqual(
      [2, 3, 4].map((n) => ({ sub_issue_id: fake.issue(n).id })),
    );
    expect(fake.issue(1).children).toEqual([2, 3, 4]);
    for (const issue of fake.issues) {
      expect(issue.body!.endsWith(MARKER)).toBe(true);
      expect(issue.labels[0]).toBe("storyloom");
    }
    expect(fake.issue(3).labels).toEqual(["storyloom", "priority: medium"]);
    expect(fake.issue(2).body).toContain("## Acceptance criteria\n\n- [ ] It works\n- [ ] It is fast");
  });

  it("takes a label that exists already (422 already_exists) as there", async () => {
    const { github, fake } = setup();
    fake.addIssue({ title: "Older", labels: ["StoryLoom"] });
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    await session.createEpic(epic);
    expect(fake.requestsTo("POST", "/repos/storyloom-demo/backlog/labels").map((r) => r.status)).toEqual([422, 201]);
    expect(fake.issue(2).labels).toEqual(["StoryLoom", "priority: high"]);
  });

  it("finds what the export created afterwards, with the parents, skipping others' issues and pull requests", async () => {
    const { github, fake } = setup();
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const created = await session.createEpic(epic);
    const ref = { key: created.key, url: created.url };
    await session.createStory(story("Pay by card"), 0, ref);
    // Another export's issue, someone else's issue with our marker, a pull request, a story not linked yet.
    const other = github.open(FAKE_GITHUB_TOKEN, settings, "ffffffffffff");
    await other.createEpic({ ...epic, title: "Other" });
    fake.addIssue({ title: "Copied", body: `text ${MARKER}`, labels: ["storyloom"] });
    fake.addIssue({ title: "PR", body: MARKER, labels: ["storyloom"], creator: "pat-morgan", pullRequest: true });
    fake.addIssue({ title: "Unlinked", body: `As a… ${MARKER}`, labels: ["storyloom"], creator: "pat-morgan" });
    fake.requests.length = 0;

    const found = await session.findExported(ref);
    expect(found.map((i) => [i.key, i.title, i.parentKey])).toEqual([
      ["#1", "Checkout", null],
      ["#2", "Pay by card", "#1"],
      ["#6", "Unlinked", null],
    ]);
    expect(fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", "/user", {}],
      [
        "GET",
        "/repos/storyloom-demo/backlog/issues",
        {
          labels: "storyloom",
          state: "all",
          creator: "pat-morgan",
          sort: "created",
          direction: "desc",
          per_page: "100",
          page: "1",
        },
      ],
      ["GET", "/repos/storyloom-demo/backlog/issues/1/sub_issues", { per_page: "100", page: "1" }],
    ]);

    // Without the epic (its create was in doubt): no sub-issue list; parents as the issues name them.
    const again = await session.findExported(null);
    expect(again.map((i) => [i.key, i.parentKey])).toEqual([
      ["#1", null],
      ["#2", "#1"],
      ["#6", null],
    ]);
    expect(fake.requestsTo("GET", "/user")).toHaveLength(1);

    // linkStory makes the unlinked one a sub-issue.
    await session.linkStory(ref, found[2]!);
    expect(fake.issue(1).children).toEqual([2, 6]);
  });

  it("finds a closed story too, and reads at most 3 pages", async () => {
    const { github, fake } = setup();
    for (let i = 0; i < 320; i++)
      fake.addIssue({ title: `Old ${i}`, body: "x", labels: ["storyloom"], creator: "pat-morgan", state: "closed" });
    fake.addIssue({ title: "Mine", body: MARKER, labels: ["storyloom"], creator: "pat-morgan", state: "closed" });
    const found = await github.open(FAKE_GITHUB_TOKEN, settings, REF).findExported(null);
    expect(found.map((i) => i.title)).toEqual(["Mine"]);
    expect(fake.requestsTo("GET", "/repos/storyloom-demo/backlog/issues").map((r) => r.query.page)).toEqual([
      "1",
      "2",
      "3",
    ]);
  });
});

describe("GitHub adapter: failures", () => {
  it("waits out a 429 (Retry-After) and goes on", async () => {
    const { github, fake, waits } = setup();
    fake.failNext(1, { status: 429, retryAfter: 2 });
    expect((await github.user(FAKE_GITHUB_TOKEN)).login).toBe("pat-morgan");
    expect(waits).toEqual([2000]);
  });

  it("waits out a secondary limit (403 with retry-after) on a create, which was not applied", async () => {
    const { github, fake, waits } = setup();
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    await session.createEpic(epic);
    fake.failNext(1, {
      status: 403,
      retryAfter: 3,
      body: { message: "You have exceeded a secondary rate limit.", documentation_url: "https://docs.github.com" },
    });
    await session.createEpic({ ...epic, title: "Second" });
    expect(waits).toEqual([3000]);
    expect(fake.issues.map((i) => i.title)).toEqual(["Checkout", "Second"]);
  });

  it("stops at the budget: a primary limit resetting in 10 minutes is rate_limited at once", async () => {
    const { github, fake, waits } = setup();
    const reset = String(Date.parse("2026-11-27T10:10:00Z") / 1000);
    fake.failNext(1, {
      status: 403,
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset },
      body: { message: "API rate limit exceeded for user ID 1.", documentation_url: "https://docs.github.com" },
    });
    const error = await refusal(github.user(FAKE_GITHUB_TOKEN));
    expect(error).toMatchObject({ kind: "rate_limited", status: 403, retryAfter: 600 });
    expect(waits).toEqual([]);
  });

  it("gives up after 3 waits", async () => {
    const { github, fake, waits } = setup();
    fake.failNext(4, { status: 429, retryAfter: 1 });
    expect(await refusal(github.user(FAKE_GITHUB_TOKEN))).toMatchObject({ kind: "rate_limited", retryAfter: 1 });
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it("retries a failed read once", async () => {
    const { github, fake, waits } = setup();
    fake.failNext(1, { status: 502 });
    expect((await github.user(FAKE_GITHUB_TOKEN)).login).toBe("pat-morgan");
    expect(waits).toEqual([375]); // 500 ms jittered (random 0.5)
    fake.failNext(2, { status: 503 });
    expect(await refusal(github.user(FAKE_GITHUB_TOKEN))).toMatchObject({
      kind: "unavailable",
      status: 503,
      mayHaveApplied: false,
    });
  });

  it("retries a read that timed out once", async () => {
    const { github, fake } = setup({}, { timeoutMs: 50 });
    fake.hangNext();
    expect((await github.user(FAKE_GITHUB_TOKEN)).login).toBe("pat-morgan");
    fake.hangNext().hangNext();
    expect(await refusal(github.user(FAKE_GITHUB_TOKEN))).toMatchObject({ kind: "unavailable" });
  });

  it("never retries a create that failed with a 5xx: it may have applied", async () => {
    const { github, fake } = setup();
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const created = await session.createEpic(epic);
    fake.applyThenFail(502);
    const error = await refusal(session.createStory(story("Pay by card"), 0, { key: created.key, url: created.url }));
    expect(error).toMatchObject({ kind: "unavailable", status: 502, mayHaveApplied: true });
    expect(fake.requestsTo("POST", "/repos/storyloom-demo/backlog/issues")).toHaveLength(2);
    expect(fake.issues).toHaveLength(2);
  });

  it("a create that timed out may have applied", async () => {
    const { github, fake } = setup({}, { timeoutMs: 50 });
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    await session.createEpic(epic);
    fake.hangNext();
    expect(await refusal(session.createEpic(epic))).toMatchObject({ kind: "unavailable", mayHaveApplied: true });
  });

  it("a failed link after the create throws with mayHaveApplied, naming the story", async () => {
    const { github, fake } = setup();
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const created = await session.createEpic(epic);
    fake.failNext(1, { status: 502, match: /sub_issues$/ });
    const error = await refusal(session.createStory(story("Pay by card"), 0, { key: created.key, url: created.url }));
    expect(error).toMatchObject({ kind: "unavailable", status: 502, mayHaveApplied: true });
    expect(error.message).toMatch(/^GitHub created story #2 but did not make it a sub-issue of epic #1/);
    expect(fake.issue(2).parent).toBeNull();
    // Never retried: one link attempt.
    expect(fake.requestsTo("POST", "/repos/storyloom-demo/backlog/issues/1/sub_issues")).toHaveLength(1);
  });

  it("says a wrong-shaped answer is unavailable", async () => {
    const { github, fake } = setup();
    fake.breakContractNext({ login: 42 });
    expect(await refusal(github.user(FAKE_GITHUB_TOKEN))).toMatchObject({ kind: "unavailable", status: 200 });
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const created = await session.createEpic(epic);
    fake.breakContractNext({ number: "3" });
    const error = await refusal(session.createStory(story("Pay by card"), 0, { key: created.key, url: created.url }));
    expect(error).toMatchObject({ kind: "unavailable", mayHaveApplied: true });
  });

  it("stops reading an oversized answer", async () => {
    const { github, fake, mock } = setup({}, { maxResponseBytes: 256 * 1024 });
    fake.oversizeNext(5 * 1024 * 1024);
    expect(await refusal(github.user(FAKE_GITHUB_TOKEN))).toMatchObject({ kind: "unavailable" });
    expect(mock.streams[0]!.cancelled).toBe(true);
    expect(mock.streams[0]!.pulled).toBeLessThan(1024 * 1024);
  });

  it("names what the token lacks on a 403 and says when issues are off (410)", async () => {
    const { github } = setup({ canPush: false });
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const error = await refusal(session.createEpic(epic));
    expect(error).toMatchObject({ kind: "forbidden", status: 403, mayHaveApplied: false });
    expect(error.message).toMatch(/Issues permission/);
    const off = setup({ hasIssues: false });
    const gone = await refusal(off.github.open(FAKE_GITHUB_TOKEN, settings, REF).findExported(null));
    expect(gone).toMatchObject({ kind: "not_found", status: 410 });
  });

  it("passes on GitHub's reason for a refused create", async () => {
    const { github, fake } = setup();
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    await session.createEpic(epic);
    fake.failNext(1, {
      status: 422,
      body: {
        message: "Validation Failed",
        documentation_url: "https://docs.github.com",
        errors: [{ resource: "Issue", field: "title", code: "custom", message: "title is too long" }],
      },
    });
    const error = await refusal(session.createEpic(epic));
    expect(error).toMatchObject({ kind: "invalid", status: 422, mayHaveApplied: false });
    expect(error.message).toBe("GitHub refused the epic: Validation Failed: title is too long");
  });
});

describe("GitHub adapter: the review before an export", () => {
  const ISSUES = "/repos/storyloom-demo/backlog/issues";
  const openQuery = (page: number) => ({
    state: "open",
    sort: "updated",
    direction: "desc",
    per_page: "100",
    page: String(page),
  });
  const note = (position: number) => ({
    marker: `storyloom-${REF}-${position}`,
    heading: "From the meeting of 7 December 2026 (StoryLoom): Pay by card",
    criteria: ["Visa and Mastercard", "A declined card says why"],
    quote: "We need cards.",
  });

  it("reads the open issues, most recently updated first, as plain text, in one request for a small backlog", async () => {
    let now = Date.parse("2026-12-01T09:00:00Z");
    const { github, fake } = setup({ now: () => now });
    fake.addIssue({ title: "Checkout", body: "## Paying\r\n\r\nIn **one** step. <!-- storyloom-ffffffffffff -->" });
    fake.addIssue({ title: "Pay by card", body: "- [ ] Visa\n- [x] [Mastercard](https://example.com)", parent: 1 });
    fake.addIssue({ title: "Done already", state: "closed" });
    fake.addIssue({ title: "A pull request", pullRequest: true });
    now += 60_000;
    fake.addIssue({ title: "Newest", body: null });
    fake.requests.length = 0;

    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    expect(await session.openItems()).toEqual({
      items: [
        {
          key: "#5",
          title: "Newest",
          description: "",
          status: "open",
          url: "https://github.com/storyloom-demo/backlog/issues/5",
          parentKey: null,
        },
        {
          key: "#2",
          title: "Pay by card",
          description: "Visa\nMastercard",
          status: "open",
          url: "https://github.com/storyloom-demo/backlog/issues/2",
          parentKey: "#1",
        },
        {
          key: "#1",
          title: "Checkout",
          description: "Paying\n\nIn one step.",
          status: "open",
          url: "https://github.com/storyloom-demo/backlog/issues/1",
          parentKey: null,
        },
      ],
      truncated: false,
    });
    expect(fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([["GET", ISSUES, openQuery(1)]]);
  });

  it("reads at most two pages (200 entries, pull requests left out) and says when more are open", async () => {
    const { github, fake } = setup();
    for (let i = 0; i < 230; i++)
      fake.addIssue({ title: `Issue ${i}`, body: "x".repeat(3000), pullRequest: i % 50 === 0 });
    const page = await github.open(FAKE_GITHUB_TOKEN, settings, REF).openItems();
    // Newest first: numbers 230 down to 31, less the pull requests among them (#51, #101, #151, #201).
    expect(page.items).toHaveLength(196);
    expect(page.items[0]!.key).toBe("#230");
    expect(page.items.at(-1)!.key).toBe("#31");
    expect(page.items.every((i) => i.description.length === 2000)).toBe(true);
    expect(page.truncated).toBe(true);
    expect(fake.requests.map((r) => r.query)).toEqual([openQuery(1), openQuery(2)]);
  });

  it("is not truncated when the second page is the last, and stops after one page when it is", async () => {
    const exactly = setup();
    for (let i = 0; i < 200; i++) exactly.fake.addIssue({ title: `Issue ${i}` });
    const all = await exactly.github.open(FAKE_GITHUB_TOKEN, settings, REF).openItems();
    expect([all.items.length, all.truncated, exactly.fake.requests.length]).toEqual([200, false, 2]);

    const small = setup();
    for (let i = 0; i < 100; i++) small.fake.addIssue({ title: `Issue ${i}` });
    const one = await small.github.open(FAKE_GITHUB_TOKEN, settings, REF).openItems();
    expect([one.items.length, one.truncated, small.fake.requests.length]).toEqual([100, false, 1]);
  });

  it("names a parent in another repository with its repository, so it is never taken for an epic here", async () => {
    const { github, fake } = setup();
    const issue = (number: number, parent: string | null) => ({
      id: 2_712_345_600 + number,
      number,
      title: `Issue ${number}`,
      html_url: `https://github.com/storyloom-demo/backlog/issues/${number}`,
      body: null,
      state: "open",
      parent_issue_url: parent,
    });
    fake.breakContractNext([
      issue(3, "https://api.github.com/repos/storyloom-demo/platform/issues/7"),
      issue(2, "https://api.github.com/repos/StoryLoom-Demo/Backlog/issues/1"),
    ]);
    const page = await github.open(FAKE_GITHUB_TOKEN, settings, REF).openItems();
    expect(page.items.map((i) => i.parentKey)).toEqual(["storyloom-demo/platform#7", "#1"]);
  });

  it("offers the open issues with sub-issues as epics, in the form createEpic gives, and a story goes under one", async () => {
    let now = Date.parse("2026-12-01T09:00:00Z");
    const { github, fake } = setup({ now: () => now });
    fake.addIssue({ title: "Onboarding" });
    fake.addIssue({ title: "Invite", parent: 1 });
    fake.addIssue({ title: "Closed epic", state: "closed" });
    fake.addIssue({ title: "Old child", parent: 3, state: "closed" });
    fake.addIssue({ title: "No children" });
    now += 60_000;
    fake.addIssue({ title: "Billing" });
    fake.addIssue({ title: "Invoices", parent: 6 });
    fake.requests.length = 0;

    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    const epics = await session.openEpics();
    expect(epics).toEqual([
      { key: "#6", url: "https://github.com/storyloom-demo/backlog/issues/6", title: "Billing" },
      { key: "#1", url: "https://github.com/storyloom-demo/backlog/issues/1", title: "Onboarding" },
    ]);
    expect(fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([["GET", ISSUES, openQuery(1)]]);

    // The same form as an epic the adapter made (in another export).
    const other = github.open(FAKE_GITHUB_TOKEN, settings, "ffffffffffff");
    const made = await other.createEpic(epic);
    const madeRef = { key: made.key, url: made.url };
    await other.createStory(story("Pay by card"), 0, madeRef);
    expect((await session.openEpics()).find((e) => e.key === made.key)).toEqual({ ...madeRef, title: made.title });

    // A story created under the chosen epic is its sub-issue, and is found again there.
    const chosen = { key: epics[1]!.key, url: epics[1]!.url };
    const created = await session.createStory(story("Invite by link"), 1, chosen);
    expect(created).toMatchObject({ key: "#10", parentKey: "#1" });
    expect(fake.issue(1).children).toEqual([2, 10]);
    const found = await session.findExported(chosen);
    expect(found.map((i) => [i.key, i.title, i.parentKey])).toEqual([["#10", "Invite by link", "#1"]]);
    expect(fake.requestsTo("GET", `${ISSUES}/1/sub_issues`)).toHaveLength(1);
    expect((await session.findExported(null)).map((i) => [i.key, i.parentKey])).toEqual([["#10", "#1"]]);
  });

  it("looks for epics in at most three pages of open issues", async () => {
    const { github, fake } = setup();
    fake.addIssue({ title: "Old epic" });
    fake.addIssue({ title: "Its child", parent: 1 });
    for (let i = 0; i < 400; i++) fake.addIssue({ title: `Issue ${i}` });
    fake.addIssue({ title: "Far epic" });
    fake.addIssue({ title: "Far child", parent: 403, state: "closed" });
    const epics = await github.open(FAKE_GITHUB_TOKEN, settings, REF).openEpics();
    expect(epics.map((e) => e.title)).toEqual(["Far epic"]);
    expect(fake.requests.map((r) => r.query.page)).toEqual(["1", "2", "3"]);
  });

  it("links a story with a Related line, reading first: 2 requests, then 1 and nothing written", async () => {
    const { github, fake } = setup();
    const old = "## Invite\r\n\r\nAs an *admin* I want…\r\n- [ ] by email\r\n\r\nRelated: #12";
    fake.addIssue({ title: "Invite teammates", body: old });
    fake.requests.length = 0;
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);

    await session.relate("#1", "#1").then(
      () => expect.unreachable(),
      (e: unknown) => expect(e).toMatchObject({ kind: "invalid" }),
    );
    await session.relate("#2", "#1");
    expect(fake.issue(1).body).toBe(`${old}\n\nRelated: #2`);
    expect(apiCalls(fake)).toEqual([`GET ${ISSUES}/1`, `PATCH ${ISSUES}/1`]);
    expect(fake.requests[1]!.body).toEqual({ body: `${old}\n\nRelated: #2` });

    fake.requests.length = 0;
    await session.relate("#2", "#1");
    expect(apiCalls(fake)).toEqual([`GET ${ISSUES}/1`]);
    expect(fake.issue(1).body).toBe(`${old}\n\nRelated: #2`);

    // An issue without a body gets the line alone.
    fake.addIssue({ title: "Empty" });
    await session.relate("#1", "#2");
    expect(fake.issue(2).body).toBe("Related: #1");
  });

  it("adds a note once: the old body kept exactly, the note after it, nothing written on a repeat", async () => {
    const { github, fake } = setup();
    const old = "Paying for an order.\n\n<!-- someone's comment -->\n";
    fake.addIssue({ title: "Pay by card", body: old });
    fake.requests.length = 0;
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);

    await session.appendTo("#1", note(1));
    const added = [
      "### From the meeting of 7 December 2026 (StoryLoom): Pay by card",
      "- Visa and Mastercard\n- A declined card says why",
      "> We need cards.",
      `Added by StoryLoom (storyloom-${REF}-1)`,
    ].join("\n\n");
    expect(fake.issue(1).body).toBe(`${old}\n${added}`);
    expect(apiCalls(fake)).toEqual([`GET ${ISSUES}/1`, `PATCH ${ISSUES}/1`]);

    fake.requests.length = 0;
    await session.appendTo("#1", note(1));
    expect(apiCalls(fake)).toEqual([`GET ${ISSUES}/1`]);

    // Another position's marker (storyloom-…-12 holds storyloom-…-1 as a prefix) is another note.
    await session.appendTo("#1", note(12));
    await session.appendTo("#1", { ...note(1), quote: null });
    expect(fake.issue(1).body).toBe(`${old}\n${added}\n\n${added.replace(/-1\)$/, "-12)")}`);
    expect(fake.issue(1).body!.startsWith(old)).toBe(true);
  });

  it("says an addition whose answer was lost may have been made, never sends it twice, and a repeat writes nothing", async () => {
    const { github, fake } = setup();
    fake.addIssue({ title: "Pay by card", body: "Old" });
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);
    fake.failNext(1, { status: 502, match: /^PATCH / });
    const lost = await refusal(session.appendTo("#1", note(1)));
    expect(lost).toMatchObject({ kind: "unavailable", status: 502, mayHaveApplied: true });
    expect(lost.message).toMatch(/The addition to #1 may have been made\.$/);
    expect(fake.requestsTo("PATCH", `${ISSUES}/1`)).toHaveLength(1);

    fake.applyThenFail(502, /^PATCH /);
    expect(await refusal(session.relate("#2", "#1"))).toMatchObject({ kind: "unavailable", mayHaveApplied: true });
    fake.applyThenFail(502, /^PATCH /);
    expect(await refusal(session.appendTo("#1", note(1)))).toMatchObject({ mayHaveApplied: true });
    expect(fake.requestsTo("PATCH", `${ISSUES}/1`).map((r) => r.status)).toEqual([502, 502, 502]);
    expect(fake.issue(1).body).toMatch(/^Old\n\nRelated: #2\n\n### From the meeting/);
    const body = fake.issue(1).body;
    fake.requests.length = 0;
    await session.relate("#2", "#1");
    await session.appendTo("#1", note(1));
    expect(apiCalls(fake)).toEqual([`GET ${ISSUES}/1`, `GET ${ISSUES}/1`]);
    expect(fake.issue(1).body).toBe(body);
  });

  it("turns GitHub's refusals into TrackerError kinds, and writes nothing a read refused", async () => {
    const { github, fake } = setup();
    fake.addIssue({ title: "Pay by card", body: "Old" });
    const session = github.open(FAKE_GITHUB_TOKEN, settings, REF);

    expect(await refusal(session.appendTo("#9", note(1)))).toMatchObject({ kind: "not_found", status: 404 });
    expect(await refusal(session.relate("#2", "12"))).toMatchObject({ kind: "invalid" });
    fake.failNext(1, { status: 403, match: /^PATCH / });
    expect(await refusal(session.relate("#2", "#1"))).toMatchObject({ kind: "forbidden", mayHaveApplied: false });
    fake.failNext(1, {
      status: 422,
      match: /^PATCH /,
      body: {
        message: "Validation Failed",
        documentation_url: "https://docs.github.com",
        errors: [{ resource: "Issue", field: "body", code: "custom", message: "body is too long" }],
      },
    });
    const refused = await refusal(session.appendTo("#1", note(1)));
    expect(refused).toMatchObject({ kind: "invalid", status: 422, mayHaveApplied: false });
    expect(refused.message).toBe("GitHub refused the addition to #1: Validation Failed: body is too long");
    expect(fake.requestsTo("PATCH", `${ISSUES}/1`)).toHaveLength(2);

    // A body GitHub would refuse is not sent.
    fake.addIssue({ title: "Long", body: "x".repeat(65_530) });
    expect(await refusal(session.appendTo("#2", note(1)))).toMatchObject({ kind: "invalid" });
    expect(fake.requestsTo("PATCH", `${ISSUES}/2`)).toHaveLength(0);

    fake.failNext(1, { status: 401 });
    expect(await refusal(session.openItems())).toMatchObject({ kind: "unauthorized", status: 401 });
    fake.failNext(2, { status: 503 });
    expect(await refusal(session.openEpics())).toMatchObject({ kind: "unavailable", mayHaveApplied: false });
    fake.breakContractNext([{ number: "3" }]);
    expect(await refusal(session.openItems())).toMatchObject({ kind: "unavailable", status: 200 });
    // (Last: a second emulator takes over this test's fetches.)
    const off = setup({ hasIssues: false });
    expect(await refusal(off.github.open(FAKE_GITHUB_TOKEN, settings, REF).openItems())).toMatchObject({
      kind: "not_found",
      status: 410,
    });
  });

  it("retries a read that failed once, as every read", async () => {
    const { github, fake, waits } = setup();
    fake.addIssue({ title: "Pay by card", body: "Old" });
    fake.failNext(1, { status: 502 });
    await github.open(FAKE_GITHUB_TOKEN, settings, REF).appendTo("#1", note(1));
    expect(waits).toEqual([375]);
    expect(fake.requestsTo("GET", `${ISSUES}/1`).map((r) => r.status)).toEqual([502, 200]);
    expect(fake.requestsTo("PATCH", `${ISSUES}/1`)).toHaveLength(1);
  });
});
