// An in-memory GitHub that speaks the REST API calls StoryLoom's GitHub Issues export makes (version 2022-11-28):
// the token's user and its repositories (GET /user/repos: the one that holds issues and a few others, seeded, that
// exist only to be listed and read), one repository with its labels, issue create, read, edit (title and body) and list (by state,
// labels and creator, sorted by created or updated, paged with GitHub's Link header), and sub-issues. Pure TypeScript, so the
// same emulator serves Worker tests (mock.ts) and `npm run dev` or the browser journeys (scripts/fake-github.ts).
//
// It never guesses: every request is held to GitHub's published API description (the operation must be one of the
// kept ones, its query parameters known, its body valid) and every answer too, and a breach throws; a request GitHub
// would refuse is refused with GitHub's error shape; a request GitHub would accept that the emulator does not model
// (search, PATCH of anything but an issue's title and body) throws NotEmulatedError. It also fails loudly on the classic sub-issue mistake: an issue's number
// sent as `sub_issue_id`, which takes the issue's id.
import { assertGitHubRequest, assertGitHubResponse, githubOperation, queryProblems } from "./contract";

/** The token the fake accepts unless told otherwise: obviously not a real one. */
import { FAKE_GITHUB_TOKEN } from "../tracker-credentials";
export { FAKE_GITHUB_TOKEN };
const API_VERSION = "2022-11-28";
const BODY_MAX = 65_536;
const TITLE_MAX = 256;
/** The repository's id, as GitHub's Link headers name it (`/repositories/{id}/issues?page=2`); the others' follow. */
const REPOSITORY_ID = 880_000_001;
/** Issue ids are database ids, far from the small per-repository numbers, so one is never taken for the other. */
const FIRST_ISSUE_ID = 2_712_345_600;
const FIRST_LABEL_ID = 7_100_000_000;
const CREATED = "2026-11-27T09:00:00Z";
const DOCS = "https://docs.github.com/rest";

/** A repository of the token's, as GET /user/repos lists it. */
export interface FakeGitHubRepository {
  owner: string;
  repo: string;
  private: boolean;
  hasIssues: boolean;
  /** The token may push (`permissions.push`); without it the token has pull and triage. */
  canPush: boolean;
  archived: boolean;
  /** ISO times, whole seconds (created_at; pushed_at, also its updated_at). */
  created: string;
  pushed: string;
}

/**
 * The token's other repositories, beside the one the fake holds issues for (pushed at CREATED, so it comes second
 * when sorted by push): one to offer, and one of each kind the wizard leaves out (issues off, archived, no push).
 */
export const OTHER_REPOSITORIES: readonly FakeGitHubRepository[] = [
  {
    owner: "pat-morgan",
    repo: "notes",
    private: true,
    hasIssues: false,
    canPush: true,
    archived: false,
    created: "2025-03-01T08:00:00Z",
    pushed: "2026-11-28T16:30:00Z",
  },
  {
    owner: "storyloom-demo",
    repo: "website",
    private: false,
    hasIssues: true,
    canPush: true,
    archived: false,
    created: "2025-06-10T12:00:00Z",
    pushed: "2026-11-20T14:00:00Z",
  },
  {
    owner: "acme-corp",
    repo: "handbook",
    private: false,
    hasIssues: true,
    canPush: false,
    archived: false,
    created: "2024-09-02T09:00:00Z",
    pushed: "2026-10-01T11:00:00Z",
  },
  {
    owner: "storyloom-demo",
    repo: "legacy-app",
    private: true,
    hasIssues: true,
    canPush: true,
    archived: true,
    created: "2023-02-14T10:00:00Z",
    pushed: "2024-05-30T17:45:00Z",
  },
];

export interface FakeGitHubOptions {
  owner?: string;
  repo?: string;
  token?: string;
  login?: string;
  name?: string | null;
  private?: boolean;
  hasIssues?: boolean;
  /** The token may push (labels and sub-issues need it; without it, those calls answer 403). */
  canPush?: boolean;
  /** The token's other repositories, listed and read but holding no issues (OTHER_REPOSITORIES unless given). */
  repositories?: readonly FakeGitHubRepository[];
  /** The API's host as links show it ("https://api.github.com", or the fake server's base). */
  apiOrigin?: string;
  now?: () => number;
}

export interface FakeGitHubRequest {
  method: string;
  /** `/repos/acme/app/issues`, without the query. */
  path: string;
  /** The query string, without `?`. */
  query?: string;
  body?: string;
  headers?: Record<string, string>;
}

export type FakeGitHubResponse =
  | { kind: "json"; status: number; headers: Record<string, string>; body: unknown }
  /** A redirect: status and Location, no body. */
  | { kind: "empty"; status: number; headers: Record<string, string> }
  /** Never answers: the caller must give up (hangNext). */
  | { kind: "hang" }
  /** A JSON answer of `bytes` bytes, to be streamed (oversizeNext). */
  | { kind: "oversize"; status: number; headers: Record<string, string>; bytes: number };

export interface FakeGitHubLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, or null. */
  body: unknown;
  status: number | "hang";
}

export interface FakeGitHubLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

export interface FakeGitHubIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  labels: string[];
  state: "open" | "closed";
  creator: string;
  /** The parent's number, or null. */
  parent: number | null;
  /** Sub-issue numbers, in the order they were added. */
  children: number[];
  pullRequest: boolean;
  created: string;
  /** Last change: the create, an edit, a sub-issue added to it or it made one (GitHub's updated_at). */
  updated: string;
}

export interface FakeGitHubFault {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number | string;
  /** Extra headers (x-ratelimit-remaining, x-ratelimit-reset…). */
  headers?: Record<string, string>;
  body?: unknown;
  /** Only for a request whose "METHOD /path" matches (a link after its create); others pass it by. */
  match?: RegExp;
}

/** A request GitHub would accept that the emulator does not model: the test (or dev server) fails loudly instead. */
export class NotEmulatedError extends Error {
  override name = "NotEmulatedError";
}

type Fault =
  | ({ type: "fail" } & FakeGitHubFault)
  | { type: "hang" }
  | { type: "applyThenFail"; status: number; match?: RegExp }
  | { type: "redirect"; location: string; status: number }
  | { type: "oversize"; bytes: number }
  | { type: "breakContract"; body: unknown };

type ErrorBody = {
  message: string;
  documentation_url: string;
  status?: string;
  errors?: { resource?: string; field?: string; code: string; message?: string }[];
};

// No parameter properties: scripts/fake-github.ts runs this file in Node's strip-only TypeScript mode.
class GitHubRefusal extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

const refusal = (status: number, message: string, errors?: ErrorBody["errors"]) =>
  new GitHubRefusal(status, {
    message,
    documentation_url: DOCS,
    ...(errors ? { errors } : { status: String(status) }),
  });

export class FakeGitHub {
  readonly options: Required<Omit<FakeGitHubOptions, "name" | "repositories">> & { name: string | null };
  /** The token's other repositories (addRepository adds to them; reset goes back to the seeded ones). */
  readonly repositories: FakeGitHubRepository[];
  /** Every API request, oldest first (test controls are not logged). */
  readonly requests: FakeGitHubLogEntry[] = [];
  /** Every issue, oldest first (pull requests seeded with addIssue included). */
  readonly issues: FakeGitHubIssue[] = [];
  readonly labels: FakeGitHubLabel[] = [];

  private faults: Fault[] = [];
  private nextNumber = 1;
  private nextLabelId = FIRST_LABEL_ID;

  constructor(options: FakeGitHubOptions = {}) {
    this.options = {
      owner: options.owner ?? "storyloom-demo",
      repo: options.repo ?? "backlog",
      token: options.token ?? FAKE_GITHUB_TOKEN,
      login: options.login ?? "pat-morgan",
      name: options.name === undefined ? "Pat Morgan" : options.name,
      private: options.private ?? true,
      hasIssues: options.hasIssues ?? true,
      canPush: options.canPush ?? true,
      apiOrigin: (options.apiOrigin ?? "https://api.github.com").replace(/\/+$/, ""),
      now: options.now ?? Date.now,
    };
    this.seeded = structuredClone([...(options.repositories ?? OTHER_REPOSITORIES)]);
    this.repositories = structuredClone(this.seeded);
  }

  private readonly seeded: FakeGitHubRepository[];

  // ——— test controls ———

  /** Forgets every issue, label, request, fault and added repository. */
  reset(): void {
    this.repositories.splice(0, this.repositories.length, ...structuredClone(this.seeded));
    this.requests.length = 0;
    this.issues.length = 0;
    this.labels.length = 0;
    this.faults = [];
    this.nextNumber = 1;
    this.nextLabelId = FIRST_LABEL_ID;
  }

  /** The next `count` API requests answer `status` (Retry-After when given) with `body` or GitHub's usual error body. */
  failNext(count: number, fault: FakeGitHubFault): this {
    for (let i = 0; i < count; i++) this.faults.push({ type: "fail", ...fault });
    return this;
  }

  /** The next request never answers, until the caller aborts it. */
  hangNext(): this {
    this.faults.push({ type: "hang" });
    return this;
  }

  /**
   * The next request (the next whose "METHOD /path" matches `match`, when given) is carried out (an issue created, a
   * sub-issue added, a body set), then answered `status`.
   */
  applyThenFail(status = 502, match?: RegExp): this {
    this.faults.push({ type: "applyThenFail", status, ...(match ? { match } : {}) });
    return this;
  }

  /** The next request is answered with a redirect (GitHub's 301 for a renamed or transferred repository). */
  redirectNext(location: string, status = 301): this {
    this.faults.push({ type: "redirect", location, status });
    return this;
  }

  /** The next request is answered 200 with a JSON body of `bytes` bytes (5 MiB by default). */
  oversizeNext(bytes = 5 * 1024 * 1024): this {
    this.faults.push({ type: "oversize", bytes });
    return this;
  }

  /**
   * The next request is answered 200 with `body`, unchecked: the one way to send an answer that breaks the contract,
   * for testing that the client notices.
   */
  breakContractNext(body: unknown): this {
    this.faults.push({ type: "breakContract", body });
    return this;
  }

  /**
   * An issue (or a pull request) made outside StoryLoom, as another user by default; `created` and `updated` (ISO
   * times) default to now. A `parent` given here is recorded on the parent too, as a sub-issue.
   */
  addIssue(issue: Partial<Omit<FakeGitHubIssue, "id" | "number" | "children">> & { title: string }): FakeGitHubIssue {
    for (const name of issue.labels ?? []) {
      if (!this.labels.some((l) => l.name === name))
        this.labels.push({ id: this.nextLabelId++, name, color: "ededed", description: null });
    }
    const stored = this.store({
      body: null,
      labels: [],
      state: "open",
      creator: "someone-else",
      parent: null,
      pullRequest: false,
      ...issue,
    });
    if (stored.parent !== null) this.issue(stored.parent).children.push(stored.number);
    return stored;
  }

  /** Another repository of the token's, for GET /user/repos (issues on, push access, pushed now unless given). */
  addRepository(
    repository: Partial<FakeGitHubRepository> & Pick<FakeGitHubRepository, "owner" | "repo">,
  ): FakeGitHubRepository {
    const now = this.timestamp();
    const added: FakeGitHubRepository = {
      private: false,
      hasIssues: true,
      canPush: true,
      archived: false,
      created: repository.pushed ?? now,
      pushed: now,
      ...repository,
    };
    this.repositories.push(added);
    return added;
  }

  /** The requests made to one method and path. */
  requestsTo(method: string, path: string): FakeGitHubLogEntry[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  issue(number: number): FakeGitHubIssue {
    const found = this.issues.find((i) => i.number === number);
    if (!found) throw new Error(`FakeGitHub has no issue #${number}`);
    return found;
  }

  // ——— HTTP ———

  /** Answers one API request as GitHub would; throws if the request or the answer would break the contract. */
  handle(request: FakeGitHubRequest): FakeGitHubResponse {
    const method = request.method.toUpperCase();
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const query = Object.fromEntries(new URLSearchParams(request.query ?? ""));
    const entry: FakeGitHubLogEntry = { method, path: request.path, query, body: null, status: 0 };
    this.requests.push(entry);
    const operation = githubOperation(method, request.path);
    if (!operation) throw new NotEmulatedError(`github.openapi.json has no operation ${method} ${request.path}`);
    if (request.path === "/search/issues")
      throw new NotEmulatedError(`FakeGitHub does not emulate ${method} ${operation.template}`);
    const problems = queryProblems(method, request.path, query);
    if (problems.length) throw new Error(`${method} ${request.path}: ${problems.join("; ")}`);
    if (headers["x-github-api-version"] !== API_VERSION)
      throw new Error(`${method} ${request.path}: send X-GitHub-Api-Version: ${API_VERSION} (the contract's version)`);
    if (!/application\/(vnd\.github(\.[\w-]+)?\+)?json/.test(headers.accept ?? ""))
      throw new Error(`${method} ${request.path}: send Accept: application/vnd.github+json`);

    let body: unknown = null;
    if (method === "POST" || method === "PATCH") {
      if (!/^application\/json\b/i.test(headers["content-type"] ?? ""))
        throw new Error(`${method} ${request.path}: the body must be sent as application/json`);
      try {
        body = JSON.parse(request.body ?? "");
      } catch {
        throw new Error(`${method} ${request.path}: the body is not JSON`);
      }
      entry.body = body;
      // A body that breaks the contract fails the test, whatever is answered.
      assertGitHubRequest(method, request.path, body);
    }

    const index = this.faults.findIndex(
      (f) => (f.type !== "fail" && f.type !== "applyThenFail") || !f.match || f.match.test(`${method} ${request.path}`),
    );
    const fault = index < 0 ? undefined : this.faults.splice(index, 1)[0];
    if (fault?.type === "hang") {
      entry.status = "hang";
      return { kind: "hang" };
    }
    if (fault?.type === "redirect") {
      entry.status = fault.status;
      return { kind: "empty", status: fault.status, headers: { Location: fault.location } };
    }
    if (fault?.type === "oversize") {
      entry.status = 200;
      return {
        kind: "oversize",
        status: 200,
        headers: { "Content-Type": "application/json; charset=utf-8" },
        bytes: fault.bytes,
      };
    }
    if (fault?.type === "breakContract") {
      entry.status = 200;
      return {
        kind: "json",
        status: 200,
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: fault.body,
      };
    }
    if (fault?.type === "fail") {
      const extra = {
        ...(fault.retryAfter !== undefined ? { "Retry-After": String(fault.retryAfter) } : {}),
        ...fault.headers,
      };
      return this.respond(entry, fault.status, fault.body ?? this.faultBody(fault.status), extra);
    }

    let answer: { status: number; body: unknown; headers?: Record<string, string> };
    try {
      answer = this.route(method, request.path, query, body, headers);
    } catch (error) {
      if (!(error instanceof GitHubRefusal)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if (fault?.type === "applyThenFail") return this.respond(entry, fault.status, this.faultBody(fault.status));
    return this.respond(entry, answer.status, answer.body, answer.headers);
  }

  private respond(
    entry: FakeGitHubLogEntry,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): FakeGitHubResponse {
    entry.status = status;
    assertGitHubResponse(entry.method, entry.path, status, body);
    return {
      kind: "json",
      status,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "X-GitHub-Api-Version-Selected": API_VERSION,
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "4999",
        "x-ratelimit-resource": "core",
        ...headers,
      },
      body: structuredClone(body),
    };
  }

  private faultBody(status: number): ErrorBody {
    if (status === 401) return { message: "Bad credentials", documentation_url: DOCS, status: "401" };
    if (status === 403)
      return { message: "Resource not accessible by personal access token", documentation_url: DOCS, status: "403" };
    if (status === 404) return { message: "Not Found", documentation_url: DOCS, status: "404" };
    if (status === 410) return { message: "Issues are disabled for this repo", documentation_url: DOCS, status: "410" };
    if (status === 429) return { message: "API rate limit exceeded", documentation_url: DOCS, status: "429" };
    if (status >= 500) return { message: "Server Error", documentation_url: DOCS, status: String(status) };
    return { message: `HTTP ${status}`, documentation_url: DOCS, status: String(status) };
  }

  private authenticate(authorization: string | undefined): void {
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization ?? "");
    if (!match || match[1] !== this.options.token) throw refusal(401, "Bad credentials");
  }

  private route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    headers: Record<string, string>,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    this.authenticate(headers.authorization);
    if (method === "GET" && path === "/user") return { status: 200, body: this.privateUser() };
    if (method === "GET" && path === "/user/repos")
      return this.paged(this.listRepositories(query), query, "/user/repos", (r) => this.repositoryObject(r, "list"));
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) throw new NotEmulatedError(`FakeGitHub does not emulate ${method} ${path}`);
    const [owner, repo] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    const rest = match[3] ?? "";
    if (
      owner.toLowerCase() !== this.options.owner.toLowerCase() ||
      repo.toLowerCase() !== this.options.repo.toLowerCase()
    ) {
      const other = this.repositories.find(
        (r) => r.owner.toLowerCase() === owner.toLowerCase() && r.repo.toLowerCase() === repo.toLowerCase(),
      );
      if (!other) throw refusal(404, "Not Found");
      if (method === "GET" && rest === "") return { status: 200, body: this.repositoryObject(other, "full") };
      throw new NotEmulatedError(`FakeGitHub holds issues only in ${this.options.owner}/${this.options.repo}`);
    }
    if (method === "GET" && rest === "") return { status: 200, body: this.repositoryObject(this.own, "full") };
    if (rest.startsWith("/issues") && !this.options.hasIssues) throw refusal(410, "Issues are disabled for this repo");
    if (method === "GET" && rest === "/labels")
      return this.paged(this.labels, query, this.listPath(rest), (l) => this.labelObject(l));
    if (method === "POST" && rest === "/labels") return this.createLabel(body);
    if (method === "GET" && rest === "/issues")
      return this.paged(this.listIssues(query), query, this.listPath(rest), (i) => this.issueObject(i));
    if (method === "POST" && rest === "/issues") return this.createIssue(body);
    let sub = /^\/issues\/(\d+)$/.exec(rest);
    if (method === "GET" && sub) return { status: 200, body: this.issueObject(this.found(Number(sub[1]))) };
    if (method === "PATCH" && sub) return this.editIssue(this.found(Number(sub[1])), body);
    sub = /^\/issues\/(\d+)\/sub_issues$/.exec(rest);
    if (method === "GET" && sub) {
      const parent = this.found(Number(sub[1]));
      return this.paged(
        parent.children.map((n) => this.issue(n)),
        query,
        this.listPath(rest),
        (i) => this.issueObject(i),
      );
    }
    if (method === "POST" && sub) return this.addSubIssue(this.found(Number(sub[1])), body);
    throw new NotEmulatedError(`FakeGitHub does not emulate ${method} ${path}`);
  }

  /** A list in the repository, as its Link headers name it: on /repositories/{id}, not /repos/{owner}/{repo}. */
  private listPath(rest: string): string {
    return `/repositories/${REPOSITORY_ID}${rest}`;
  }

  /**
   * One page of a list (30 a page unless per_page says, at most 100) and, when the list has more than one page,
   * GitHub's Link header on `linkPath`: rel="prev", "next", "last" and "first" where they apply.
   */
  private paged<T>(
    items: T[],
    query: Record<string, string>,
    linkPath: string,
    toObject: (item: T) => unknown,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const body = items.slice((page - 1) * perPage, page * perPage).map(toObject);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    if (last === 1 && page === 1) return { status: 200, body };
    const link = (n: number, rel: string) => {
      const params = new URLSearchParams({ ...query, page: String(n) });
      return `<${this.options.apiOrigin}${linkPath}?${params.toString()}>; rel="${rel}"`;
    };
    const links = [
      ...(page > 1 ? [link(Math.min(page - 1, last), "prev")] : []),
      ...(page < last ? [link(page + 1, "next"), link(last, "last")] : []),
      ...(page > 1 ? [link(1, "first")] : []),
    ];
    return { status: 200, body, headers: { Link: links.join(", ") } };
  }

  private found(number: number): FakeGitHubIssue {
    const issue = this.issues.find((i) => i.number === number);
    if (!issue) throw refusal(404, "Not Found");
    return issue;
  }

  private createLabel(body: unknown): { status: number; body: unknown; headers: Record<string, string> } {
    if (!this.options.canPush) throw refusal(403, "Resource not accessible by personal access token");
    const input = body as { name: string; color?: string; description?: string };
    const name = input.name.trim();
    if (!name) throw refusal(422, "Validation Failed", [{ resource: "Label", field: "name", code: "missing_field" }]);
    if (input.color !== undefined && !/^[0-9a-fA-F]{6}$/.test(input.color))
      throw refusal(422, "Validation Failed", [{ resource: "Label", field: "color", code: "invalid" }]);
    if (this.labels.some((l) => l.name.toLowerCase() === name.toLowerCase()))
      throw refusal(422, "Validation Failed", [{ resource: "Label", field: "name", code: "already_exists" }]);
    const label: FakeGitHubLabel = {
      id: this.nextLabelId++,
      name,
      color: (input.color ?? "ededed").toLowerCase(),
      description: input.description ?? null,
    };
    this.labels.push(label);
    return { status: 201, body: this.labelObject(label), headers: { Location: this.labelUrl(label) } };
  }

  /** PATCH of an issue's title and body, as "Update in GitHub" sends it. */
  private editIssue(issue: FakeGitHubIssue, body: unknown): { status: number; body: unknown } {
    const input = body as Record<string, unknown>;
    const other = Object.keys(input).filter((k) => k !== "title" && k !== "body");
    if (other.length) throw new NotEmulatedError(`FakeGitHub does not emulate editing ${other.join(", ")}`);
    if (input.title !== undefined) {
      const title = String(input.title);
      if (!title.trim() || title.length > TITLE_MAX)
        throw refusal(422, "Validation Failed", [{ resource: "Issue", field: "title", code: "invalid" }]);
      issue.title = title;
    }
    if (input.body !== undefined) {
      if (String(input.body ?? "").length > BODY_MAX)
        throw refusal(422, "Validation Failed", [{ resource: "Issue", field: "body", code: "invalid" }]);
      issue.body = input.body === null ? null : String(input.body);
    }
    issue.updated = this.timestamp();
    return { status: 200, body: this.issueObject(issue) };
  }

  private createIssue(body: unknown): { status: number; body: unknown; headers: Record<string, string> } {
    const input = body as { title: string | number; body?: string; labels?: (string | { name?: string })[] };
    const title = String(input.title);
    if (!title.trim())
      throw refusal(422, "Validation Failed", [{ resource: "Issue", field: "title", code: "missing_field" }]);
    if (title.length > TITLE_MAX)
      throw refusal(422, "Validation Failed", [
        {
          resource: "Issue",
          field: "title",
          code: "custom",
          message: `title is too long (maximum is ${TITLE_MAX} characters)`,
        },
      ]);
    if ((input.body ?? "").length > BODY_MAX)
      throw refusal(422, "Validation Failed", [
        {
          resource: "Issue",
          field: "body",
          code: "custom",
          message: `body is too long (maximum is ${BODY_MAX} characters)`,
        },
      ]);
    const names = (input.labels ?? []).map((l) => (typeof l === "string" ? l : (l.name ?? "")));
    // GitHub makes a missing label (grey) for a user who can push, and drops it for one who cannot.
    const labels: string[] = [];
    for (const name of names) {
      let label = this.labels.find((l) => l.name.toLowerCase() === name.toLowerCase());
      if (!label && this.options.canPush) {
        label = { id: this.nextLabelId++, name, color: "ededed", description: null };
        this.labels.push(label);
      }
      if (label && !labels.includes(label.name)) labels.push(label.name);
    }
    const issue = this.store({
      title,
      body: input.body ?? null,
      labels,
      state: "open",
      creator: this.options.login,
      parent: null,
      pullRequest: false,
    });
    const object = this.issueObject(issue);
    return { status: 201, body: object, headers: { Location: object.url } };
  }

  private addSubIssue(parent: FakeGitHubIssue, body: unknown) {
    if (!this.options.canPush) throw refusal(403, "Resource not accessible by personal access token");
    const input = body as { sub_issue_id: number; replace_parent?: boolean };
    const child = this.issues.find((i) => i.id === input.sub_issue_id && !i.pullRequest);
    if (!child) {
      if (this.issues.some((i) => i.number === input.sub_issue_id))
        throw new Error(
          `POST ${parent.number}/sub_issues: sub_issue_id ${input.sub_issue_id} is an issue's number; it takes the issue's id`,
        );
      throw refusal(422, "Validation Failed", [
        { resource: "Issue", field: "sub_issue_id", code: "invalid", message: "Sub issue does not exist" },
      ]);
    }
    if (child.number === parent.number)
      throw refusal(422, "Validation Failed", [
        { resource: "Issue", field: "sub_issue_id", code: "invalid", message: "An issue cannot be its own sub-issue" },
      ]);
    if (child.parent !== null && !input.replace_parent)
      throw refusal(422, "Validation Failed", [
        {
          resource: "Issue",
          field: "sub_issue_id",
          code: "invalid",
          message: "Issue may not contain duplicate sub-issues",
        },
      ]);
    if (child.parent !== null) {
      const old = this.issue(child.parent);
      old.children = old.children.filter((n) => n !== child.number);
    }
    child.parent = parent.number;
    parent.children.push(child.number);
    child.updated = parent.updated = this.timestamp();
    const object = this.issueObject(parent);
    return { status: 201, body: object, headers: { Location: object.url } };
  }

  /** The repository that holds the issues, as the token's list shows it. */
  private get own(): FakeGitHubRepository {
    const { owner, repo, hasIssues, canPush } = this.options;
    return {
      owner,
      repo,
      private: this.options.private,
      hasIssues,
      canPush,
      archived: false,
      created: "2026-01-05T10:00:00Z",
      pushed: CREATED,
    };
  }

  /**
   * GET /user/repos: the token's repositories, by visibility, sorted (full_name ascending by default, the others
   * descending). `type` with `visibility` or `affiliation` is refused (422), as GitHub does; the filters by affiliation,
   * type and date are not modelled (every repository is the token's own, a collaborator's or a member's).
   */
  private listRepositories(query: Record<string, string>): FakeGitHubRepository[] {
    if (query.type !== undefined && (query.visibility !== undefined || query.affiliation !== undefined))
      throw refusal(422, "Validation Failed", [
        {
          resource: "Repository",
          field: "type",
          code: "invalid",
          message: "If you specify visibility or affiliation, you cannot specify type.",
        },
      ]);
    const unmodelled = ["affiliation", "type", "since", "before"].filter((name) => name in query);
    if (unmodelled.length)
      throw new NotEmulatedError(`FakeGitHub does not filter repositories by ${unmodelled.join(", ")}`);
    const visibility = query.visibility ?? "all";
    const all = [this.own, ...this.repositories.filter((r) => !this.isOwn(r))].filter(
      (r) => visibility === "all" || r.private === (visibility === "private"),
    );
    const sort = query.sort ?? "full_name";
    const key = (r: FakeGitHubRepository) =>
      sort === "full_name" ? `${r.owner}/${r.repo}`.toLowerCase() : sort === "created" ? r.created : r.pushed;
    const ascending = [...all].sort((a, b) => key(a).localeCompare(key(b)));
    const direction = query.direction ?? (sort === "full_name" ? "asc" : "desc");
    return direction === "asc" ? ascending : ascending.reverse();
  }

  /** GET …/issues: by state (open by default), labels (all of them) and creator, then sorted; pull requests too. */
  private listIssues(query: Record<string, string>): FakeGitHubIssue[] {
    const unmodelled = ["milestone", "assignee", "type", "mentioned", "since", "issue_field_values"].filter(
      (name) => name in query,
    );
    if (unmodelled.length) throw new NotEmulatedError(`FakeGitHub does not filter issues by ${unmodelled.join(", ")}`);
    const state = query.state ?? "open";
    const wanted = (query.labels ?? "")
      .split(",")
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean);
    const matching = this.issues.filter(
      (i) =>
        (state === "all" || i.state === state) &&
        (!query.creator || i.creator.toLowerCase() === query.creator.toLowerCase()) &&
        wanted.every((w) => i.labels.some((l) => l.toLowerCase() === w)),
    );
    const sort = query.sort ?? "created";
    if (sort !== "created" && sort !== "updated")
      throw new NotEmulatedError(`FakeGitHub sorts issues only by created or updated`);
    // Created in number order (the newer first among equal times); desc is GitHub's default.
    const key = (i: FakeGitHubIssue) => (sort === "updated" ? i.updated : i.created);
    const ascending = [...matching].sort((a, b) => key(a).localeCompare(key(b)) || a.number - b.number);
    return query.direction === "asc" ? ascending : ascending.reverse();
  }

  /** Now, as GitHub writes times: whole seconds. */
  private timestamp(): string {
    return new Date(this.options.now()).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  private store(
    draft: Omit<FakeGitHubIssue, "id" | "number" | "children" | "created" | "updated"> &
      Partial<Pick<FakeGitHubIssue, "created" | "updated">>,
  ): FakeGitHubIssue {
    const number = this.nextNumber++;
    const created = draft.created ?? this.timestamp();
    const issue: FakeGitHubIssue = {
      ...draft,
      id: FIRST_ISSUE_ID + number,
      number,
      children: [],
      created,
      updated: draft.updated ?? created,
    };
    this.issues.push(issue);
    return issue;
  }

  // ——— GitHub's objects ———

  private get repoApi(): string {
    return `${this.options.apiOrigin}/repos/${this.options.owner}/${this.options.repo}`;
  }

  private get repoHtml(): string {
    return `https://github.com/${this.options.owner}/${this.options.repo}`;
  }

  private isOwn(repository: FakeGitHubRepository): boolean {
    return (
      repository.owner.toLowerCase() === this.options.owner.toLowerCase() &&
      repository.repo.toLowerCase() === this.options.repo.toLowerCase()
    );
  }

  private simpleUser(login: string, id: number) {
    const api = `${this.options.apiOrigin}/users/${login}`;
    return {
      login,
      id,
      node_id: `U_kgDO${id}`,
      avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
      gravatar_id: "",
      url: api,
      html_url: `https://github.com/${login}`,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
      organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`,
      events_url: `${api}/events{/privacy}`,
      received_events_url: `${api}/received_events`,
      type: "User",
      user_view_type: "public",
      site_admin: false,
    };
  }

  private userId(login: string): number {
    return login === this.options.login
      ? 1_000_001
      : 1_000_000 + ([...login].reduce((n, c) => n + c.charCodeAt(0), 0) % 900_000) + 2;
  }

  private privateUser() {
    return {
      ...this.simpleUser(this.options.login, this.userId(this.options.login)),
      user_view_type: "private",
      name: this.options.name,
      company: null,
      blog: "",
      location: null,
      email: null,
      hireable: null,
      bio: null,
      twitter_username: null,
      notification_email: null,
      public_repos: 3,
      public_gists: 0,
      followers: 0,
      following: 0,
      created_at: "2020-01-01T00:00:00Z",
      updated_at: CREATED,
      private_gists: 0,
      total_private_repos: 1,
      owned_private_repos: 1,
      disk_usage: 100,
      collaborators: 0,
      two_factor_authentication: true,
      plan: { name: "free", space: 976_562_499, collaborators: 0, private_repos: 10_000 },
    };
  }

  /**
   * A repository as GET /repos/{owner}/{repo} answers it (`full-repository`), or as GET /user/repos lists it
   * (`repository`: no network_count or subscribers_count, and has_downloads, which 2022-11-28 requires there).
   */
  private repositoryObject(repository: FakeGitHubRepository, shape: "full" | "list") {
    const { owner, repo } = repository;
    const own = this.isOwn(repository);
    const index = own ? 0 : this.repositories.indexOf(repository) + 1;
    const id = REPOSITORY_ID + index;
    const api = `${this.options.apiOrigin}/repos/${owner}/${repo}`;
    const html = `https://github.com/${owner}/${repo}`;
    const open = own ? this.issues.filter((i) => i.state === "open").length : 0;
    const object = {
      id,
      node_id: `R_kgDONAAAA${String.fromCharCode(81 + index)}`,
      name: repo,
      full_name: `${owner}/${repo}`,
      private: repository.private,
      owner: this.simpleUser(owner, this.userId(owner)),
      html_url: html,
      description: own ? "Where StoryLoom's exports land" : null,
      fork: false,
      url: api,
      archive_url: `${api}/{archive_format}{/ref}`,
      assignees_url: `${api}/assignees{/user}`,
      blobs_url: `${api}/git/blobs{/sha}`,
      branches_url: `${api}/branches{/branch}`,
      collaborators_url: `${api}/collaborators{/collaborator}`,
      comments_url: `${api}/comments{/number}`,
      commits_url: `${api}/commits{/sha}`,
      compare_url: `${api}/compare/{base}...{head}`,
      contents_url: `${api}/contents/{+path}`,
      contributors_url: `${api}/contributors`,
      deployments_url: `${api}/deployments`,
      downloads_url: `${api}/downloads`,
      events_url: `${api}/events`,
      forks_url: `${api}/forks`,
      git_commits_url: `${api}/git/commits{/sha}`,
      git_refs_url: `${api}/git/refs{/sha}`,
      git_tags_url: `${api}/git/tags{/sha}`,
      git_url: `git://github.com/${owner}/${repo}.git`,
      issue_comment_url: `${api}/issues/comments{/number}`,
      issue_events_url: `${api}/issues/events{/number}`,
      issues_url: `${api}/issues{/number}`,
      keys_url: `${api}/keys{/key_id}`,
      labels_url: `${api}/labels{/name}`,
      languages_url: `${api}/languages`,
      merges_url: `${api}/merges`,
      milestones_url: `${api}/milestones{/number}`,
      notifications_url: `${api}/notifications{?since,all,participating}`,
      pulls_url: `${api}/pulls{/number}`,
      releases_url: `${api}/releases{/id}`,
      ssh_url: `git@github.com:${owner}/${repo}.git`,
      stargazers_url: `${api}/stargazers`,
      statuses_url: `${api}/statuses/{sha}`,
      subscribers_url: `${api}/subscribers`,
      subscription_url: `${api}/subscription`,
      tags_url: `${api}/tags`,
      teams_url: `${api}/teams`,
      trees_url: `${api}/git/trees{/sha}`,
      clone_url: `${html}.git`,
      mirror_url: null,
      hooks_url: `${api}/hooks`,
      svn_url: html,
      homepage: null,
      language: null,
      forks_count: 0,
      forks: 0,
      stargazers_count: 0,
      watchers_count: 0,
      watchers: 0,
      size: 0,
      default_branch: "main",
      open_issues_count: open,
      open_issues: open,
      is_template: false,
      topics: [],
      has_issues: repository.hasIssues,
      has_projects: true,
      has_wiki: false,
      has_pages: false,
      has_discussions: false,
      archived: repository.archived,
      disabled: false,
      visibility: repository.private ? "private" : "public",
      pushed_at: repository.pushed,
      created_at: repository.created,
      updated_at: repository.pushed,
      permissions: {
        admin: repository.canPush,
        maintain: repository.canPush,
        push: repository.canPush,
        triage: true,
        pull: true,
      },
      allow_forking: true,
      web_commit_signoff_required: false,
      license: null,
    };
    return shape === "full"
      ? { ...object, network_count: 0, subscribers_count: 1 }
      : { ...object, has_downloads: true };
  }

  private labelUrl(label: FakeGitHubLabel): string {
    return `${this.repoApi}/labels/${encodeURIComponent(label.name)}`;
  }

  private labelObject(label: FakeGitHubLabel) {
    return {
      id: label.id,
      node_id: `LA_kwDO${label.id}`,
      url: this.labelUrl(label),
      name: label.name,
      description: label.description,
      color: label.color,
      default: false,
    };
  }

  private issueObject(issue: FakeGitHubIssue) {
    const api = `${this.repoApi}/issues/${issue.number}`;
    const html = `${this.repoHtml}/${issue.pullRequest ? "pull" : "issues"}/${issue.number}`;
    const children = issue.children.map((n) => this.issue(n));
    const closed = children.filter((c) => c.state === "closed").length;
    return {
      id: issue.id,
      node_id: `I_kwDO${issue.id}`,
      url: api,
      repository_url: this.repoApi,
      labels_url: `${api}/labels{/name}`,
      comments_url: `${api}/comments`,
      events_url: `${api}/events`,
      html_url: html,
      number: issue.number,
      state: issue.state,
      state_reason: issue.state === "closed" ? "completed" : null,
      title: issue.title,
      body: issue.body,
      user: this.simpleUser(issue.creator, this.userId(issue.creator)),
      labels: issue.labels.map((name) => this.labelObject(this.labels.find((l) => l.name === name)!)),
      assignee: null,
      assignees: [],
      milestone: null,
      locked: false,
      active_lock_reason: null,
      comments: 0,
      ...(issue.pullRequest
        ? {
            pull_request: {
              url: `${this.repoApi}/pulls/${issue.number}`,
              html_url: html,
              diff_url: `${html}.diff`,
              patch_url: `${html}.patch`,
              merged_at: null,
            },
            draft: false,
          }
        : {}),
      closed_at: issue.state === "closed" ? issue.updated : null,
      created_at: issue.created,
      updated_at: issue.updated,
      closed_by: null,
      author_association: issue.creator === this.options.login ? "OWNER" : "NONE",
      timeline_url: `${api}/timeline`,
      sub_issues_summary: {
        total: children.length,
        completed: closed,
        percent_completed: children.length ? Math.floor((closed * 100) / children.length) : 0,
      },
      ...(issue.parent !== null ? { parent_issue_url: `${this.repoApi}/issues/${issue.parent}` } : {}),
    };
  }
}
