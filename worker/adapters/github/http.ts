// GitHub Issues over its REST API (version 2022-11-28) through @octokit/core. Octokit builds the requests and reads
// the answers; its fetch is a guard (below) that adds the timeout, refuses redirects and caps the answer's size, so
// every URL is one apiUrl built (api.github.com, or a fake's base outside production) with each path segment encoded.
// Answers are parsed with zod; every failure leaves as a TrackerError. Creates are never retried: one whose outcome is
// unknown throws with `mayHaveApplied`, and the export service reconciles through findExported (the marker in the
// body). Only the operations kept in worker/test/contracts/github.ops.txt are called.
//
// The review before an export (issue 41) reads the open issues (`GET …/issues?state=open&sort=updated`, pull requests
// left out: 1 or 2 requests; the epics, issues with sub-issues, in at most 3), and writes to an existing issue only
// after reading it: "Link to" and "Add to" GET the issue and PATCH its body (the old text kept exactly, the addition
// after it) only when what they add is not there yet, so 1 request when done already, 2 otherwise. GitHub has no
// relates link: "Link to" appends a line `Related: #{story}`, whose mention GitHub shows as a cross-reference.
// The wizard's token check also lists the token's repositories (`GET /user/repos?sort=pushed`, one page of 100: 1
// request), saying whether GitHub has more.
import { Octokit } from "@octokit/core";
import { RequestError } from "@octokit/request-error";
import * as z from "zod";
import {
  GITHUB_OWNER_PATTERN,
  GITHUB_REPO_PATTERN,
  GITHUB_REPOSITORIES_LISTED,
} from "../../../schema/api/integrations";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import {
  apiUrl,
  BACKLOG_LIMIT,
  TrackerError,
  type AppendNote,
  type BacklogItem,
  type BacklogPage,
  type EpicChoice,
  type EpicRef,
  type TrackerItem,
  type TrackerSession,
} from "../tracker/index";
import {
  appendNote,
  appendToBody,
  backlogText,
  epicIssue,
  GITHUB_BODY_MAX_CHARS,
  hasMarker,
  hasRelatedLine,
  issueLabels,
  markerComment,
  relatedLine,
  storyIssue,
  STORYLOOM_LABEL,
  type GitHubLabelSpec,
} from "./format";
import type { GitHub, GitHubRepository, GitHubRepositoryList, GitHubSettings, GitHubUser } from "./index";
import { boundedFetch } from "../../lib/bounded-fetch";
import {
  clipMessage,
  createOutbound,
  describeUnanswered,
  retryAfterMs,
  shapeMismatch,
  withRetries,
  type OutboundOptions,
  type Unanswered,
} from "../../lib/outbound-call";

export { RATE_LIMIT_RETRIES } from "../../lib/outbound-call";

export interface GitHubOptions extends OutboundOptions {
  /** Config.trackerApiBases.github: a fake's base in development and tests, null in production (api.github.com). */
  apiBase: URL | null;
  now?: () => number;
}

export const GITHUB_API = "https://api.github.com";
export const GITHUB_API_VERSION = "2022-11-28";
export const GITHUB_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** GitHub's advice for a secondary limit that names no time: wait at least a minute. */
export const SECONDARY_LIMIT_WAIT_MS = 60_000;
export const PAGE_SIZE = 100;
/** findExported reads at most this many pages of issues (and of the epic's sub-issues). */
export const MAX_PAGES = 3;
/** openItems reads at most this many pages of open issues (BACKLOG_LIMIT, pull requests included). */
export const BACKLOG_PAGES = 2;
/** openEpics reads at most this many pages of open issues, looking for those with sub-issues. */
export const EPIC_PAGES = 3;
const SYSTEM = "github" as const;

// ——— answers, as far as StoryLoom reads them ———

const userAnswer = z.looseObject({ login: z.string().min(1), name: z.string().nullish() });
const repositoryAnswer = z.looseObject({
  full_name: z.string().min(1),
  html_url: z.string().min(1),
  private: z.boolean(),
  has_issues: z.boolean(),
  permissions: z.looseObject({ push: z.boolean().optional() }).optional(),
});
/** GET /user/repos answers a bare array of `repository`; `permissions` is optional there. */
const repositoryList = z.array(
  z.looseObject({
    full_name: z.string().min(1),
    private: z.boolean(),
    has_issues: z.boolean(),
    archived: z.boolean().optional(),
    disabled: z.boolean().optional(),
    permissions: z.looseObject({ push: z.boolean().optional() }).optional(),
  }),
);
const labelAnswer = z.looseObject({ name: z.string() });
const issueAnswer = z.looseObject({
  id: z.number().int().positive(),
  number: z.number().int().positive(),
  title: z.string(),
  html_url: z.string().min(1),
  body: z.string().nullish(),
  pull_request: z.unknown().optional(),
  parent_issue_url: z.string().nullish(),
});
const issueList = z.array(issueAnswer);
/** An open issue as the review reads it: its state, and how many sub-issues it has (an epic has some). */
const backlogIssueList = z.array(
  issueAnswer.extend({
    state: z.string(),
    sub_issues_summary: z.looseObject({ total: z.number().int() }).nullish(),
  }),
);
/** Add sub-issue answers with an issue (the description does not say which one); only its shape is checked. */
const anyIssue = z.looseObject({ id: z.number().int(), number: z.number().int() });
const errorAnswer = z.looseObject({
  message: z.string().optional(),
  errors: z
    .array(
      z.union([
        z.looseObject({
          code: z.string().optional(),
          field: z.string().optional(),
          resource: z.string().optional(),
          message: z.string().optional(),
        }),
        z.string(),
      ]),
    )
    .optional(),
});

type Issue = z.infer<typeof issueAnswer>;

// ——— the guarded fetch ———

/** Why the guard gave up on an exchange; Octokit wraps it in a RequestError (status 500) as its `cause`. */
class ExchangeFailure extends Error {
  override name = "ExchangeFailure";
  readonly reason: "timeout" | "network" | "redirect" | "oversize";
  readonly status: number | null;
  constructor(reason: ExchangeFailure["reason"], status: number | null = null, options: { cause?: unknown } = {}) {
    super(`GitHub exchange failed: ${reason}`, options);
    this.reason = reason;
    this.status = status;
  }
}

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The fetch Octokit uses: the timeout covers reading the answer, which is read here (at most maxBytes, stopping as
 * soon as it is over) and handed to Octokit whole; a redirect is never followed.
 */
function guardedFetch(timeoutMs: number, maxBytes: number): typeof fetch {
  return async (input, init) => {
    const result = await boundedFetch(input, init, {
      timeoutMs,
      maxBytes,
      system: "GitHub",
      // A redirect is neither followed nor read; 304 (not modified) is no redirect.
      read: (response) => !(response.status >= 300 && response.status < 400 && response.status !== 304),
    });
    if (result.kind === "timeout") throw new ExchangeFailure("timeout");
    if (result.kind === "network") throw new ExchangeFailure("network", null, { cause: result.error });
    const { status, body } = result;
    if (body === "unread") throw new ExchangeFailure("redirect", status);
    if (body === "oversize") throw new ExchangeFailure("oversize", status);
    const headers = new Headers(result.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(NO_BODY.has(status) ? null : body, { status, headers });
  };
}

// ——— one call ———

type Method = "GET" | "POST" | "PATCH";

interface Call<T> {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  answer: z.ZodType<T>;
  /**
   * A write GitHub applies at most once whatever happens (a label: a second create answers 422), so it may be retried
   * like a read and never leaves doubt. Other POSTs are creates: never retried, `mayHaveApplied` when unknown.
   */
  idempotent?: boolean;
  /**
   * A write sent at most once, `mayHaveApplied` when its outcome is unknown, like a create (an addition to an existing
   * issue's body: the caller reads again before repeating it). Said of a PATCH; a POST is so unless `idempotent`.
   */
  once?: boolean;
  /** Ends the message of a write whose outcome is unknown; " It may have been created." unless given. */
  unknownOutcome?: string;
  /** For 403: "The GitHub token may not {action}." */
  action: string;
  /** For 404 and 410: "GitHub could not find {missing}." */
  missing: string;
  /** 422 answers the caller reads itself (a label that exists); return a value to use it as the answer. */
  onRefusal?: (status: number, body: z.infer<typeof errorAnswer> | null) => T | undefined;
}

interface Outcome {
  status: number;
  headers: Record<string, string | undefined>;
  data: unknown;
}

/** Octokit's headers (lower-case names; a number or two among the strings) as strings. */
const stringHeaders = (headers: Record<string, string | number | undefined>): Outcome["headers"] =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
  );

function scrubber(token: string): (text: string) => string {
  if (token.length < 4) return (text) => text;
  return (text) => text.split(token).join("[redacted]");
}

/** GitHub's message and its errors ("field: message" or the code), joined and trimmed; null when it said nothing. */
function githubMessage(body: z.infer<typeof errorAnswer> | null, scrub: (text: string) => string): string | null {
  if (!body) return null;
  const details = (body.errors ?? []).map((e) =>
    typeof e === "string" ? e : (e.message ?? [e.field, e.code].filter(Boolean).join(" ")),
  );
  const parts = [body.message ?? "", details.filter(Boolean).join("; ")]
    .map((m) => m.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (!parts.length) return null;
  return clipMessage(scrub(parts.join(": ")));
}

/** `#42` → 42; anything else is not a key this adapter made. */
function issueNumber(key: string): number {
  const match = /^#(\d{1,10})$/.exec(key.trim());
  if (!match)
    throw new TrackerError(SYSTEM, "invalid", `${JSON.stringify(key.slice(0, 20))} is not a GitHub issue key.`);
  return Number(match[1]);
}

function checkRepository(owner: string, repo: string): void {
  if (!GITHUB_OWNER_PATTERN.test(owner))
    throw new TrackerError(SYSTEM, "invalid", `${JSON.stringify(owner.slice(0, 40))} is not a GitHub account name.`);
  if (!GITHUB_REPO_PATTERN.test(repo))
    throw new TrackerError(SYSTEM, "invalid", `${JSON.stringify(repo.slice(0, 100))} is not a GitHub repository name.`);
}

/** A refusal's body as GitHub writes it; null when it is not. */
function refusalBody(data: unknown): z.infer<typeof errorAnswer> | null {
  const parsed = errorAnswer.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * GitHub's rate limits: 429, or 403 naming a wait (secondary limits) or no requests left (the primary limit). The
 * wait it names: Retry-After, else the primary limit's reset, else a minute for a secondary limit. null: not limited.
 */
function rateLimit(outcome: Outcome, said: string | null, now: number): { askedMs: number | null } | null {
  const { status, headers } = outcome;
  const remaining = headers["x-ratelimit-remaining"]?.trim();
  const retryAfterHeader = headers["retry-after"];
  const limited =
    status === 429 ||
    (status === 403 && (retryAfterHeader !== undefined || remaining === "0" || /rate limit/i.test(said ?? "")));
  if (!limited) return null;
  const reset = Number(headers["x-ratelimit-reset"] ?? "");
  return {
    askedMs:
      retryAfterMs(retryAfterHeader, now) ??
      (remaining === "0" && Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : null) ??
      (status === 403 ? SECONDARY_LIMIT_WAIT_MS : null),
  };
}

const repoPath = (owner: string, repo: string) => `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

/** A Link header names a next page (`<…&page=3>; rel="next"`): GitHub sends one on every page but the last. */
export function hasNextPage(link: string | undefined): boolean {
  return (link ?? "")
    .split(",")
    .some((part) => (/;\s*rel="?([^";]*)"?/i.exec(part)?.[1] ?? "").toLowerCase().split(/\s+/).includes("next"));
}

export function createGitHub(options: GitHubOptions): GitHub {
  // Octokit makes each attempt (through guardedFetch); the waits and retries between them are the shared policy's.
  const { timeoutMs, maxBytes, retry } = createOutbound("GitHub", options, GITHUB_MAX_RESPONSE_BYTES);
  const now = options.now ?? Date.now;
  const fetchGuard = guardedFetch(timeoutMs, maxBytes);

  function client(token: string): Octokit {
    return new Octokit({
      auth: token,
      baseUrl: (options.apiBase?.href ?? GITHUB_API).replace(/\/+$/, ""),
      userAgent: "StoryLoom",
      request: { fetch: fetchGuard },
      // Octokit would log deprecation notices with console.warn; nothing here acts on them.
      log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    });
  }

  /** One exchange through Octokit, as a status, headers and data whatever the status. */
  async function exchange(octokit: Octokit, call: Call<unknown>, url: URL): Promise<Outcome | ExchangeFailure> {
    try {
      const response = await octokit.request({
        method: call.method,
        url: url.href,
        headers: {
          accept: "application/vnd.github+json",
          "x-github-api-version": GITHUB_API_VERSION,
        },
        ...(call.body !== undefined ? { data: call.body } : {}),
      });
      return { status: response.status, headers: stringHeaders(response.headers), data: response.data };
    } catch (error) {
      if (error instanceof RequestError) {
        if (error.cause instanceof ExchangeFailure) return error.cause;
        if (error.response)
          return { status: error.status, headers: stringHeaders(error.response.headers), data: error.response.data };
        return new ExchangeFailure("network", null, { cause: error.cause });
      }
      if (error instanceof ExchangeFailure) return error;
      return new ExchangeFailure("network", null, { cause: error });
    }
  }

  async function send<T>(token: string, call: Call<T>): Promise<T> {
    return (await sendWithHeaders(token, call)).value;
  }

  /** One call, with the answer's headers (the Link header of a list). */
  async function sendWithHeaders<T>(token: string, call: Call<T>): Promise<{ value: T; headers: Outcome["headers"] }> {
    const url = apiUrl(GITHUB_API, call.path, options.apiBase);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    const octokit = client(token);
    const scrub = scrubber(token);
    const isCreate = call.once ?? (call.method === "POST" && !call.idempotent);
    const unknownOutcome = isCreate ? (call.unknownOutcome ?? " It may have been created.") : "";

    // Reads and idempotent writes may be sent again after a failure; a create never is.
    const settled = await withRetries<Outcome | ExchangeFailure, Outcome, Outcome | ExchangeFailure>(
      async () => {
        const result = await exchange(octokit, call as Call<unknown>, url);
        if (result instanceof ExchangeFailure) {
          const failed = result.reason === "timeout" || result.reason === "network";
          return failed ? { kind: "failed", value: result, askedMs: null } : { kind: "done", value: result };
        }
        if (result.status >= 200 && result.status < 300) return { kind: "done", value: result };
        const limit = rateLimit(result, githubMessage(refusalBody(result.data), scrub), now());
        if (limit) return { kind: "rate_limited", value: result, askedMs: limit.askedMs };
        if (result.status >= 500)
          return { kind: "failed", value: result, askedMs: retryAfterMs(result.headers["retry-after"], now()) };
        return { kind: "done", value: result };
      },
      { ...retry, repeatable: !isCreate },
    );

    if (settled.kind !== "done") {
      const unanswered: Unanswered =
        settled.kind === "rate_limited"
          ? { kind: "rate_limited", status: settled.value.status, retryAfterMs: settled.retryAfterMs }
          : settled.value instanceof ExchangeFailure
            ? settled.value.reason === "timeout"
              ? { kind: "timeout" }
              : { kind: "network", error: settled.value.cause }
            : { kind: "unavailable", status: settled.value.status };
      const failure = describeUnanswered(unanswered, {
        name: "GitHub",
        timeoutMs,
        scrub,
        write: isCreate,
        unknownOutcome,
      });
      throw new TrackerError(SYSTEM, failure.kind, failure.message, failure);
    }

    const result = settled.value;
    if (result instanceof ExchangeFailure) {
      if (result.reason === "redirect") {
        throw new TrackerError(
          SYSTEM,
          call.path.startsWith("/repos/") ? "not_found" : "unavailable",
          call.path.startsWith("/repos/")
            ? `GitHub says ${call.missing} has moved (HTTP ${result.status}). Update the owner and repository name in the integration's settings.`
            : `GitHub answered with a redirect (HTTP ${result.status}), which StoryLoom does not follow.`,
          { status: result.status, mayHaveApplied: isCreate },
        );
      }
      throw new TrackerError(
        SYSTEM,
        "unavailable",
        `GitHub answered with more than ${Math.round(maxBytes / 1024)} KiB, which StoryLoom does not read.${unknownOutcome}`,
        { status: result.status, mayHaveApplied: isCreate },
      );
    }

    const { status, data } = result;
    if (status >= 200 && status < 300) {
      const parsed = call.answer.safeParse(data);
      if (parsed.success) return { value: parsed.data, headers: result.headers };
      const what = typeof data === "string" || data instanceof ArrayBuffer ? "something other than JSON" : null;
      throw new TrackerError(
        SYSTEM,
        "unavailable",
        what
          ? `GitHub answered with ${what}, which StoryLoom does not read.${unknownOutcome}`
          : `GitHub's answer was not in the shape StoryLoom expects.${unknownOutcome}`,
        { status, mayHaveApplied: isCreate, cause: what ? undefined : shapeMismatch(parsed.error, scrub) },
      );
    }

    const body = refusalBody(data);
    const said = githubMessage(body, scrub);
    if (call.onRefusal) {
      const answer = call.onRefusal(status, body);
      if (answer !== undefined) return { value: answer, headers: result.headers };
    }
    if (status === 401)
      throw new TrackerError(
        SYSTEM,
        "unauthorized",
        "GitHub refused the access token. Check that it is correct and has not expired or been revoked.",
        { status },
      );
    if (status === 403)
      throw new TrackerError(
        SYSTEM,
        "forbidden",
        `The GitHub token may not ${call.action}. A fine-grained token needs the Issues permission (read and write) on this repository; a classic one, the repo scope.`,
        { status },
      );
    if (status === 404)
      throw new TrackerError(
        SYSTEM,
        "not_found",
        `GitHub could not find ${call.missing} (or the token cannot see it).`,
        {
          status,
        },
      );
    if (status === 410)
      throw new TrackerError(
        SYSTEM,
        "not_found",
        `Issues are turned off in this repository. Turn them on in the repository's settings (General, Features).`,
        { status },
      );
    if (status === 400 || status === 422)
      throw new TrackerError(SYSTEM, "invalid", said ?? `GitHub refused the request (HTTP ${status}).`, { status });
    throw new TrackerError(SYSTEM, "unavailable", `GitHub answered HTTP ${status}${said ? `: ${said}` : "."}`, {
      status,
    });
  }

  async function user(token: string): Promise<GitHubUser> {
    const me = await send(token, {
      method: "GET",
      path: "/user",
      answer: userAnswer,
      action: "read its own account",
      missing: "the token's account",
    });
    return { login: me.login, name: me.name ?? null };
  }

  /** The wizard's list: one page of the token's repositories, most recently pushed first (1 request). */
  async function repositories(token: string): Promise<GitHubRepositoryList> {
    const { value, headers } = await sendWithHeaders(token, {
      method: "GET",
      path: "/user/repos",
      // No `type`: GitHub refuses it together with the default affiliation (422).
      query: { sort: "pushed", direction: "desc", per_page: String(GITHUB_REPOSITORIES_LISTED), page: "1" },
      answer: repositoryList,
      action: "list its repositories",
      missing: "the token's repositories",
    });
    return {
      repositories: value.map((repo) => ({
        fullName: repo.full_name,
        private: repo.private,
        hasIssues: repo.has_issues,
        readOnly: repo.archived === true || repo.disabled === true,
        canPush: repo.permissions?.push ?? null,
      })),
      more: hasNextPage(headers.link),
    };
  }

  function open(token: string, settings: GitHubSettings, ref: string): TrackerSession {
    checkRepository(settings.owner, settings.repo);
    let marker: string;
    try {
      marker = markerComment(ref);
    } catch {
      throw new TrackerError(SYSTEM, "invalid", "Not an export reference.");
    }
    if (!token.trim()) throw new TrackerError(SYSTEM, "unauthorized", "A GitHub access token is required.");
    const base = repoPath(settings.owner, settings.repo);
    const repoName = `${settings.owner}/${settings.repo}`;
    /** Labels made sure of in this session (by name, lower case: GitHub's label names ignore case). */
    const ensured = new Set<string>();
    let login: Promise<string> | null = null;

    async function ensureLabels(labels: GitHubLabelSpec[]): Promise<void> {
      for (const label of labels) {
        const key = label.name.toLowerCase();
        if (ensured.has(key)) continue;
        await send(token, {
          method: "POST",
          path: `${base}/labels`,
          body: { name: label.name, color: label.color, description: label.description },
          answer: labelAnswer,
          idempotent: true,
          action: `create labels in ${repoName}`,
          missing: `the repository ${repoName}`,
          onRefusal: (status, body) =>
            status === 422 && body?.errors?.some((e) => typeof e !== "string" && e.code === "already_exists")
              ? { name: label.name }
              : undefined,
        });
        ensured.add(key);
      }
    }

    async function createIssue(draft: { title: string; body: string; labels: string[] }, what: string) {
      return send(token, {
        method: "POST",
        path: `${base}/issues`,
        body: { title: draft.title, body: draft.body, labels: draft.labels },
        answer: issueAnswer,
        action: `create issues in ${repoName}`,
        missing: `the repository ${repoName}`,
      }).catch((error: unknown) => {
        if (error instanceof TrackerError && error.kind === "invalid")
          throw new TrackerError(SYSTEM, "invalid", `GitHub refused ${what}: ${error.message}`, {
            status: error.status,
          });
        throw error;
      });
    }

    /** Sets an exported issue's title and body (its labels, state and assignees are the team's now). */
    async function editIssue(key: string, draft: { title: string; body: string }, what: string): Promise<void> {
      const number = issueNumber(key);
      await send(token, {
        method: "PATCH",
        path: `${base}/issues/${encodeURIComponent(String(number))}`,
        body: { title: draft.title, body: draft.body },
        answer: issueAnswer,
        idempotent: true,
        action: `edit issues in ${repoName}`,
        missing: `issue ${key} in ${repoName} (it may have been deleted or transferred)`,
      }).catch((error: unknown) => {
        if (error instanceof TrackerError && error.kind === "invalid")
          throw new TrackerError(SYSTEM, "invalid", `GitHub refused ${what}: ${error.message}`, {
            status: error.status,
          });
        throw error;
      });
    }

    const item = (issue: Issue, parentKey: string | null): TrackerItem => ({
      id: String(issue.id),
      key: `#${issue.number}`,
      url: issue.html_url,
      title: issue.title,
      parentKey,
    });

    async function link(epicNumber: number, childId: number): Promise<void> {
      await send(token, {
        method: "POST",
        path: `${base}/issues/${encodeURIComponent(String(epicNumber))}/sub_issues`,
        body: { sub_issue_id: childId },
        answer: anyIssue,
        action: `add sub-issues in ${repoName}`,
        missing: `epic #${epicNumber} in ${repoName}`,
      });
    }

    async function pages(path: string, query: Record<string, string>, missing: string): Promise<Issue[]> {
      const all: Issue[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const items = await send(token, {
          method: "GET",
          path,
          query: { ...query, per_page: String(PAGE_SIZE), page: String(page) },
          answer: issueList,
          action: `read issues in ${repoName}`,
          missing,
        });
        all.push(...items);
        if (items.length < PAGE_SIZE) break;
      }
      return all;
    }

    /**
     * The parent's key from an issue's `parent_issue_url`: `#12` in this repository (the form of the epic's key), and
     * `owner/repo#12` for a parent in another repository of the owner (never an epic of this export or review).
     */
    const parentFromUrl = (url: string | null | undefined): string | null => {
      const match = /\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/.exec(url ?? "");
      if (!match) return null;
      const [owner, repo] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
      const here =
        owner.toLowerCase() === settings.owner.toLowerCase() && repo.toLowerCase() === settings.repo.toLowerCase();
      return here ? `#${match[3]}` : `${owner}/${repo}#${match[3]}`;
    };

    /** One page of the open issues, most recently updated first, and whether GitHub has a page after it. */
    async function openPage(page: number) {
      const { value, headers } = await sendWithHeaders(token, {
        method: "GET",
        path: `${base}/issues`,
        query: {
          state: "open",
          sort: "updated",
          direction: "desc",
          per_page: String(PAGE_SIZE),
          page: String(page),
        },
        answer: backlogIssueList,
        action: `read issues in ${repoName}`,
        missing: `the repository ${repoName}`,
      });
      // GET …/issues lists pull requests too: they are not backlog items.
      return { issues: value.filter((issue) => issue.pull_request === undefined), more: hasNextPage(headers.link) };
    }

    /** An existing issue named by key, read before anything is added to it (1 request). */
    async function readIssue(key: string) {
      const number = issueNumber(key);
      const issue = await send(token, {
        method: "GET",
        path: `${base}/issues/${encodeURIComponent(String(number))}`,
        answer: issueAnswer,
        action: `read issues in ${repoName}`,
        missing: `issue ${key} in ${repoName} (it may have been deleted or transferred)`,
      });
      return { number, body: issue.body ?? "" };
    }

    /**
     * Sets an existing issue's body to `body` (its old text with an addition after it): sent once, `mayHaveApplied`
     * when the outcome is unknown, since only a new read tells whether it was applied.
     */
    async function writeBody(key: string, number: number, body: string, what: string): Promise<void> {
      if (body.length > GITHUB_BODY_MAX_CHARS)
        throw new TrackerError(
          SYSTEM,
          "invalid",
          `Issue ${key} is too long for ${what}: GitHub keeps at most ${GITHUB_BODY_MAX_CHARS.toLocaleString("en")} characters in a description.`,
        );
      await send(token, {
        method: "PATCH",
        path: `${base}/issues/${encodeURIComponent(String(number))}`,
        body: { body },
        answer: issueAnswer,
        once: true,
        unknownOutcome: ` ${what[0]!.toUpperCase()}${what.slice(1)} may have been made.`,
        action: `edit issues in ${repoName}`,
        missing: `issue ${key} in ${repoName} (it may have been deleted or transferred)`,
      }).catch((error: unknown) => {
        if (error instanceof TrackerError && error.kind === "invalid")
          throw new TrackerError(SYSTEM, "invalid", `GitHub refused ${what}: ${error.message}`, {
            status: error.status,
          });
        throw error;
      });
    }

    return {
      async createEpic(epic: Epic) {
        const draft = epicIssue(epic, ref);
        await ensureLabels(issueLabels(epic.priority));
        return item(await createIssue(draft, "the epic"), null);
      },

      async createStory(story: UserStory, position: number, epic: EpicRef) {
        const epicNumber = issueNumber(epic.key);
        const draft = storyIssue(story, ref);
        await ensureLabels(issueLabels(story.priority));
        const created = await createIssue(draft, `story ${position + 1}`);
        try {
          await link(epicNumber, created.id);
        } catch (error) {
          const cause = error instanceof TrackerError ? error : undefined;
          throw new TrackerError(
            SYSTEM,
            cause?.kind ?? "unavailable",
            `GitHub created story #${created.number} but did not make it a sub-issue of epic ${epic.key}: ${cause?.message ?? "the request failed."}`,
            {
              status: cause?.status ?? null,
              retryAfter: cause?.retryAfter ?? null,
              mayHaveApplied: true,
              cause: error,
            },
          );
        }
        return item(created, epic.key);
      },

      async findExported(epic: EpicRef | null) {
        login ??= user(token).then((u) => u.login);
        const creator = await login.catch((error: unknown) => {
          login = null;
          throw error;
        });
        const found = (
          await pages(
            `${base}/issues`,
            {
              labels: STORYLOOM_LABEL,
              state: "all",
              creator,
              sort: "created",
              direction: "desc",
            },
            `the repository ${repoName}`,
          )
        ).filter((issue) => issue.pull_request === undefined && (issue.body ?? "").includes(marker));

        let children: Set<number> | null = null;
        if (epic) {
          const epicNumber = issueNumber(epic.key);
          const subIssues = await pages(
            `${base}/issues/${encodeURIComponent(String(epicNumber))}/sub_issues`,
            {},
            `epic ${epic.key} in ${repoName}`,
          );
          children = new Set(subIssues.map((i) => i.number));
        }
        // Oldest first, as they were created.
        return found.reverse().map((issue) => {
          const key = `#${issue.number}`;
          if (epic && key === epic.key) return item(issue, null);
          if (children?.has(issue.number)) return item(issue, epic!.key);
          return item(issue, epic ? null : parentFromUrl(issue.parent_issue_url));
        });
      },

      async updateEpic(epic: EpicRef, content: Epic) {
        await editIssue(epic.key, epicIssue(content, ref), "the epic");
      },

      async updateStory(key: string, story: UserStory) {
        await editIssue(key, storyIssue(story, ref), `story ${key}`);
      },

      async openItems(): Promise<BacklogPage> {
        const items: BacklogItem[] = [];
        let more = false;
        for (let page = 1; page <= BACKLOG_PAGES; page++) {
          const read = await openPage(page);
          for (const issue of read.issues)
            items.push({
              key: `#${issue.number}`,
              title: issue.title,
              description: backlogText(issue.body),
              status: issue.state,
              url: issue.html_url,
              parentKey: parentFromUrl(issue.parent_issue_url),
            });
          more = read.more;
          if (!more) break;
        }
        return { items: items.slice(0, BACKLOG_LIMIT), truncated: more || items.length > BACKLOG_LIMIT };
      },

      async openEpics(): Promise<EpicChoice[]> {
        // An epic is an open issue with sub-issues (sub_issues_summary.total), in the form createEpic's item takes.
        const epics: EpicChoice[] = [];
        for (let page = 1; page <= EPIC_PAGES; page++) {
          const read = await openPage(page);
          for (const issue of read.issues)
            if ((issue.sub_issues_summary?.total ?? 0) > 0)
              epics.push({ key: `#${issue.number}`, url: issue.html_url, title: issue.title });
          if (!read.more || epics.length >= BACKLOG_LIMIT) break;
        }
        return epics.slice(0, BACKLOG_LIMIT);
      },

      async relate(storyKey: string, itemKey: string) {
        const story = issueNumber(storyKey);
        if (story === issueNumber(itemKey))
          throw new TrackerError(SYSTEM, "invalid", `Issue ${storyKey} cannot be related to itself.`);
        const item = await readIssue(itemKey);
        if (hasRelatedLine(item.body, story)) return;
        await writeBody(itemKey, item.number, appendToBody(item.body, relatedLine(story)), `the link to ${storyKey}`);
      },

      async appendTo(itemKey: string, note: AppendNote) {
        if (!note.marker.trim()) throw new TrackerError(SYSTEM, "invalid", "An addition needs its marker.");
        const item = await readIssue(itemKey);
        if (hasMarker(item.body, note.marker)) return;
        await writeBody(itemKey, item.number, appendToBody(item.body, appendNote(note)), `the addition to ${itemKey}`);
      },

      async linkStory(epic: EpicRef, story: TrackerItem) {
        const epicNumber = issueNumber(epic.key);
        const id = Number(story.id);
        if (!Number.isSafeInteger(id) || id <= 0)
          throw new TrackerError(
            SYSTEM,
            "invalid",
            `${JSON.stringify(story.id.slice(0, 20))} is not a GitHub issue id.`,
          );
        await link(epicNumber, id);
      },
    };
  }

  return {
    user,
    repositories,

    async repository(token: string, owner: string, repo: string): Promise<GitHubRepository> {
      checkRepository(owner, repo);
      const found = await send(token, {
        method: "GET",
        path: repoPath(owner, repo),
        answer: repositoryAnswer,
        action: `see ${owner}/${repo}`,
        missing: `the repository ${owner}/${repo}`,
      });
      return {
        fullName: found.full_name,
        url: found.html_url,
        hasIssues: found.has_issues,
        canPush: found.permissions?.push ?? false,
        private: found.private,
      };
    },

    open,
  };
}
