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
