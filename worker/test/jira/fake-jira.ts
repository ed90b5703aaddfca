// An in-memory JIRA Cloud that speaks the REST API v3 calls StoryLoom makes: serverInfo, myself, a project with its
// issue types, create metadata (paged), issue create, bulk create, edit, search by JQL (the project's open issues
// by status category, an issue type or a label, newest or oldest first), one issue's fields, issue link types and
// issue links. Issues have statuses in JIRA's three categories and keep their descriptions as the ADF they were given.
// Pure TypeScript, so the same emulator serves Worker tests (mock.ts) and `npm run dev` or the browser journeys
// (scripts/fake-jira.ts).
//
// It never guesses: every answer is held to Atlassian's published API description and throws if it would not match,
// as does a create request whose body breaks it; a request JIRA would refuse is refused with JIRA's error shape; and
// a request JIRA would accept that the emulator does not model throws NotEmulatedError. Any site is this one JIRA.
import { adfProblems } from "./adf-check";
import { assertJiraRequest, assertJiraResponse, jiraOperation, unknownQueryParameters } from "./contract";

/** The credential pair the fake accepts unless told otherwise: obviously not a real token. */
export const FAKE_JIRA_TOKEN = "fake-jira-token";
export const FAKE_JIRA_PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"] as const;
export const STORY_POINTS_JSW = "com.pyxis.greenhopper.jira:jsw-story-points";
const FLOAT_FIELD = "com.atlassian.jira.plugin.system.customfieldtypes:float";
const DESCRIPTION_MAX = 32_767;
const SUMMARY_MAX = 255;
const BULK_MAX = 50;

export interface FakeJiraOptions {
  /** The one project (default "SL", "StoryLoom Demo"). */
  projectKey?: string;
  projectName?: string;
  /** The accepted email; null (the default) accepts any. */
  email?: string | null;
  apiToken?: string;
  /** The priority field's allowed values, or null for a type without the field. */
  priorities?: readonly string[] | null;
  /**
   * The story-points field: `{ fieldId }` is team-managed's "Story point estimate" (JSW's custom type); give `name`
   * and `custom: null` for a plain number field found only by its name ("Story Points"); null for none.
   */
  storyPoints?: { fieldId: string; name?: string; custom?: string | null } | null;
  timeTracking?: boolean;
  /** False: standard types have no `parent` field (an older company-managed project: epics are linked otherwise). */
  storyParent?: boolean;
  /** Fields per createmeta page at most (JIRA: 50 by default, 200 at most). */
  createMetaPageSize?: number;
  /** Issues per search page at most. */
  searchPageSize?: number;
  /** The site's issue link types (default JIRA Cloud's four: Blocks, Cloners, Duplicate, Relates). */
  linkTypes?: readonly FakeJiraLinkType[];
  /** False: issue linking is switched off for the site (its link calls answer 404). */
  issueLinking?: boolean;
  now?: () => number;
}

export interface FakeJiraRequest {
  method: string;
  /** `/rest/api/3/project/SL`, without the query. */
  path: string;
  /** The query string, without `?`. */
  query?: string;
  body?: string;
  headers?: Record<string, string>;
  /** The site asked (`acme.atlassian.net`), for `self` links; any site is this JIRA. */
  host?: string;
}

export type FakeJiraResponse =
  | { kind: "json"; status: number; headers: Record<string, string>; body: unknown }
  /** A redirect: status and Location, no body. */
  | { kind: "empty"; status: number; headers: Record<string, string> }
  /** Never answers: the caller must give up (hangNext). */
  | { kind: "hang" }
  /** A JSON answer of `bytes` bytes, to be streamed (oversizeNext). */
  | { kind: "oversize"; status: number; headers: Record<string, string>; bytes: number };

export interface FakeJiraLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, or null. */
  body: unknown;
  status: number | "hang";
}

export interface FakeJiraIssue {
  id: string;
  key: string;
  issueTypeId: string;
  issueTypeName: string;
  summary: string;
  labels: string[];
  parentKey: string | null;
  /** The fields as sent (the description as the ADF it was given). */
  fields: Record<string, unknown>;
  created: string;
  /** The last change: create, edit, status change, a link added. */
  updated: string;
  /** Its status's name ("To Do" when created): one of FAKE_JIRA_STATUSES. */
  status: string;
}

export interface FakeJiraLinkType {
  id: string;
  name: string;
  inward: string;
  outward: string;
}

/** A link as POST /rest/api/3/issueLink made it: the issues named `inwardIssue` and `outwardIssue` there. */
export interface FakeJiraLink {
  id: string;
  typeId: string;
  inwardKey: string;
  outwardKey: string;
}

type StatusCategory = "new" | "indeterminate" | "done";
/** The workflow's statuses by name, with their category (JIRA's "To Do", "In Progress" and "Done" columns). */
export const FAKE_JIRA_STATUSES: readonly { id: string; name: string; category: StatusCategory }[] = [
  { id: "10000", name: "To Do", category: "new" },
  { id: "10001", name: "In Progress", category: "indeterminate" },
  { id: "10002", name: "In Review", category: "indeterminate" },
  { id: "10003", name: "Done", category: "done" },
  { id: "10004", name: "Won't Do", category: "done" },
];
const STATUS_CATEGORIES: Record<StatusCategory, { id: number; name: string; colorName: string }> = {
  new: { id: 2, name: "To Do", colorName: "blue-gray" },
  indeterminate: { id: 4, name: "In Progress", colorName: "yellow" },
  done: { id: 3, name: "Done", colorName: "green" },
};
export const FAKE_JIRA_LINK_TYPES: readonly FakeJiraLinkType[] = [
  { id: "10000", name: "Blocks", inward: "is blocked by", outward: "blocks" },
  { id: "10001", name: "Cloners", inward: "is cloned by", outward: "clones" },
  { id: "10002", name: "Duplicate", inward: "is duplicated by", outward: "duplicates" },
  { id: "10003", name: "Relates", inward: "relates to", outward: "relates to" },
];

export interface FakeJiraFault {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number | string;
  body?: unknown;
}

/** A request JIRA would accept that the emulator does not model: the test (or dev server) fails loudly instead. */
export class NotEmulatedError extends Error {
  override name = "NotEmulatedError";
}

type Fault =
  | ({ type: "fail" } & FakeJiraFault)
  | { type: "hang" }
  | { type: "applyThenFail"; status: number }
  | { type: "redirect"; location: string }
  | { type: "oversize"; bytes: number };

interface BulkItemRule {
  matches: (fields: Record<string, unknown>, index: number) => boolean;
  errors: Record<string, string>;
  remaining: number;
}

interface IssueType {
  id: string;
  name: string;
  description: string;
  subtask: boolean;
  hierarchyLevel: number;
}

interface FieldMeta {
  fieldId: string;
  key: string;
  name: string;
  required: boolean;
  schema: { type: string; system?: string; custom?: string; customId?: number; items?: string };
  operations: string[];
  allowedValues?: unknown[];
  hasDefaultValue?: boolean;
  defaultValue?: unknown;
  autoCompleteUrl?: string;
}

type ErrorBody = { errorMessages: string[]; errors: Record<string, string> };

class JiraRefusal extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.errorMessages?.[0] ?? Object.values(body.errors ?? {})[0] ?? `HTTP ${status}`);
    this.status = status;
    this.body = { errorMessages: body.errorMessages ?? [], errors: body.errors ?? {} };
  }
}

const ISSUE_TYPES: readonly IssueType[] = [
  {
    id: "10000",
    name: "Epic",
    description: "A big user story that needs to be broken down.",
    subtask: false,
    hierarchyLevel: 1,
  },
  { id: "10001", name: "Story", description: "A user story.", subtask: false, hierarchyLevel: 0 },
  { id: "10002", name: "Task", description: "A small, distinct piece of work.", subtask: false, hierarchyLevel: 0 },
  {
    id: "10003",
    name: "Sub-task",
    description: "A small piece of work that's part of a larger task.",
    subtask: true,
    hierarchyLevel: -1,
  },
];
const PROJECT_ID = "10000";
const FIRST_ISSUE_ID = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const errorBody = (errorMessages: string[], errors: Record<string, string> = {}): ErrorBody => ({
  errorMessages,
  errors,
});

function decodeBasic(header: string | undefined): { email: string; token: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  try {
    const bytes = Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0));
    const pair = new TextDecoder().decode(bytes);
    const colon = pair.indexOf(":");
    return colon < 0 ? null : { email: pair.slice(0, colon), token: pair.slice(colon + 1) };
  } catch {
    return null;
  }
}

const JQL_PROJECT = /^project = "((?:[^"\\]|\\.)*)"/y;
const JQL_CLAUSE =
  / AND (?:labels = "((?:[^"\\]|\\.)*)"|statusCategory (!=|=) (?:"([^"]*)"|([A-Za-z]+))|issuetype = (?:(\d+)|"((?:[^"\\]|\\.)*)"))/y;
const JQL_ORDER = / ORDER BY (created|updated) (ASC|DESC)$/y;
const JQL_UNDERSTOOD =
  'project = "KEY" [AND labels = "…"] [AND statusCategory != Done] [AND issuetype = ID] ORDER BY created|updated ASC|DESC';

/** A search as the fake reads it: the project, what each issue must be, and the order. */
interface Jql {
  project: string;
  filters: ((issue: FakeJiraIssue) => boolean)[];
  order: { field: "created" | "updated"; descending: boolean };
}

const unquote = (value: string) => value.replace(/\\(.)/g, "$1");
const DURATION = /^\d+(\.\d+)?[wdhm](\s+\d+(\.\d+)?[wdhm])*$/;

/** The JQL StoryLoom sends, read clause by clause; null for anything else. */
function parseJql(jql: string): Jql | null {
  JQL_PROJECT.lastIndex = 0;
  const project = JQL_PROJECT.exec(jql);
  if (!project) return null;
  const parsed: Jql = { project: unquote(project[1]!), filters: [], order: { field: "created", descending: false } };
  let at = JQL_PROJECT.lastIndex;
  for (;;) {
    JQL_CLAUSE.lastIndex = at;
    const clause = JQL_CLAUSE.exec(jql);
    if (!clause) break;
    at = JQL_CLAUSE.lastIndex;
    const [, label, operator, quotedCategory, bareCategory, typeId, typeName] = clause;
    if (label !== undefined) {
      const wanted = unquote(label);
      parsed.filters.push((issue) => issue.labels.includes(wanted));
    } else if (operator !== undefined) {
      const named = (quotedCategory ?? bareCategory ?? "").toLowerCase();
      const category = (Object.keys(STATUS_CATEGORIES) as StatusCategory[]).find(
        (key) => key === named || STATUS_CATEGORIES[key].name.toLowerCase() === named,
      );
      if (!category) return null;
      const equal = operator === "=";
      parsed.filters.push((issue) => (statusOf(issue).category === category) === equal);
    } else if (typeId !== undefined) {
      parsed.filters.push((issue) => issue.issueTypeId === typeId);
    } else {
      const wanted = unquote(typeName!).toLowerCase();
      parsed.filters.push((issue) => issue.issueTypeName.toLowerCase() === wanted);
    }
  }
  JQL_ORDER.lastIndex = at;
  const order = JQL_ORDER.exec(jql);
  if (!order) return null;
  parsed.order = { field: order[1] as "created" | "updated", descending: order[2] === "DESC" };
  return parsed;
}

function statusOf(issue: FakeJiraIssue) {
  return FAKE_JIRA_STATUSES.find((s) => s.name === issue.status) ?? FAKE_JIRA_STATUSES[0]!;
}

export class FakeJira {
  readonly options: Required<Omit<FakeJiraOptions, "storyPoints" | "priorities" | "email">> & {
    storyPoints: FakeJiraOptions["storyPoints"];
    priorities: readonly string[] | null;
    email: string | null;
  };
  /** Every API request, oldest first (test controls are not logged). */
  readonly requests: FakeJiraLogEntry[] = [];
  /** Every issue created, oldest first. */
  readonly issues: FakeJiraIssue[] = [];
  /** Every issue link, oldest first. */
  readonly links: FakeJiraLink[] = [];

  private faults: Fault[] = [];
  private bulkRules: BulkItemRule[] = [];
  private nextNumber = 1;
  private nextLinkId = 10_100;
  /** Changes in the order they were made, per issue key: ties of `updated` (the same millisecond) go by it. */
  private changes = new Map<string, number>();
  private changeCount = 0;
  private armed: { method: string; path: string; arm: (fake: FakeJira) => void }[] = [];

  constructor(options: FakeJiraOptions = {}) {
    this.options = {
      projectKey: options.projectKey ?? "SL",
      projectName: options.projectName ?? "StoryLoom Demo",
      email: options.email ?? null,
      apiToken: options.apiToken ?? FAKE_JIRA_TOKEN,
      priorities: options.priorities === undefined ? FAKE_JIRA_PRIORITIES : options.priorities,
      storyPoints: options.storyPoints === undefined ? { fieldId: "customfield_10016" } : options.storyPoints,
      timeTracking: options.timeTracking ?? true,
      storyParent: options.storyParent ?? true,
      createMetaPageSize: options.createMetaPageSize ?? 50,
      searchPageSize: options.searchPageSize ?? 100,
      linkTypes: options.linkTypes ?? FAKE_JIRA_LINK_TYPES,
      issueLinking: options.issueLinking ?? true,
      now: options.now ?? Date.now,
    };
  }

  // ——— test controls ———

  /** Forgets every issue, link, request, fault and rule. */
  reset(): void {
    this.requests.length = 0;
    this.issues.length = 0;
    this.links.length = 0;
    this.faults = [];
    this.bulkRules = [];
    this.nextNumber = 1;
    this.nextLinkId = 10_100;
    this.changes.clear();
    this.changeCount = 0;
    this.armed = [];
  }

  /** The next `count` API requests answer `status` (Retry-After when given) with `body` or JIRA's usual error body. */
  failNext(count: number, fault: FakeJiraFault): this {
    for (let i = 0; i < count; i++) this.faults.push({ type: "fail", ...fault });
    return this;
  }

  /** The next bulk create refuses the items chosen (index in the request, or a test on their fields), `times` bulk requests long. */
  failBulkItem(
    which: number | ((fields: Record<string, unknown>, index: number) => boolean),
    options: { errors?: Record<string, string>; times?: number } = {},
  ): this {
    this.bulkRules.push({
      matches: typeof which === "number" ? (_, index) => index === which : which,
      errors: options.errors ?? { summary: "The fake JIRA was told to refuse this issue (failBulkItem)." },
      remaining: options.times ?? 1,
    });
    return this;
  }

  /** The next request never answers, until the caller aborts it. */
  hangNext(): this {
    this.faults.push({ type: "hang" });
    return this;
  }

  /** The next request is carried out (issues created), then answered 500: the case whose outcome the caller cannot know. */
  applyThenFail(status = 500): this {
    this.faults.push({ type: "applyThenFail", status });
    return this;
  }

  /** The next request is answered with a redirect to `location`. */
  redirectNext(location: string): this {
    this.faults.push({ type: "redirect", location });
    return this;
  }

  /** The next request is answered 200 with a JSON body of `bytes` bytes (3 MiB by default). */
  oversizeNext(bytes = 3 * 1024 * 1024): this {
    this.faults.push({ type: "oversize", bytes });
    return this;
  }

  /**
   * Runs `arm` (a fault: `f => f.applyThenFail()`) just before the next request to `method` `path` is answered, so a
   * call several requests into a method can be made to fail (with no other fault pending, the armed one is next).
   */
  onNext(method: string, path: string, arm: (fake: FakeJira) => void): this {
    this.armed.push({ method: method.toUpperCase(), path, arm });
    return this;
  }

  /** The requests made to one method and path. */
  requestsTo(method: string, path: string): FakeJiraLogEntry[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  issue(key: string): FakeJiraIssue {
    const found = this.issues.find((i) => i.key === key);
    if (!found) throw new Error(`FakeJira has no issue ${key}`);
    return found;
  }

  /**
   * Adds an issue as someone would in JIRA's app (checked as a create is): by type name, with an ADF description,
   * a status, a parent; `updated` (ISO) when the test wants it older or newer than now.
   */
  addIssue(input: {
    summary: string;
    type?: string;
    description?: unknown;
    status?: string;
    parentKey?: string | null;
    labels?: string[];
    updated?: string;
  }): FakeJiraIssue {
    const site = "https://fake.atlassian.net";
    const checked = this.validate(site, {
      project: { key: this.options.projectKey },
      issuetype: { name: input.type ?? "Story" },
      summary: input.summary,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.labels ? { labels: input.labels } : {}),
      ...(input.parentKey ? { parent: { key: input.parentKey } } : {}),
    });
    if ("errors" in checked) throw new Error(`FakeJira would refuse this issue: ${JSON.stringify(checked.errors)}`);
    const { key } = this.store(site, checked.create);
    const issue = this.issue(key);
    if (input.status !== undefined) this.setStatus(key, input.status);
    if (input.updated !== undefined) issue.updated = new Date(input.updated).toISOString();
    return issue;
  }

  /** Moves an issue to another status, as a transition on JIRA's board does. */
  setStatus(key: string, status: string): this {
    const issue = this.issue(key);
    if (!FAKE_JIRA_STATUSES.some((s) => s.name === status))
      throw new Error(`FakeJira has no status ${status}: ${FAKE_JIRA_STATUSES.map((s) => s.name).join(", ")}`);
    issue.status = status;
    this.touch(issue);
    return this;
  }

  /** Links two issues as someone would in JIRA's app (the type by name: "Relates", "Blocks"…). */
  addLink(inwardKey: string, outwardKey: string, typeName = "Relates"): FakeJiraLink {
    const type = this.options.linkTypes.find((t) => t.name === typeName);
    if (!type) throw new Error(`FakeJira has no link type ${typeName}`);
    return this.link(type, this.issue(inwardKey), this.issue(outwardKey));
  }

  /** The links of one issue, with the other issue's key and the link type's name. */
  linksOf(key: string): { type: string; inwardKey: string; outwardKey: string }[] {
    return this.links
      .filter((l) => l.inwardKey === key || l.outwardKey === key)
      .map((l) => ({
        type: this.options.linkTypes.find((t) => t.id === l.typeId)?.name ?? l.typeId,
        inwardKey: l.inwardKey,
        outwardKey: l.outwardKey,
      }));
  }

  // ——— HTTP ———

  /** Answers one API request as JIRA would; throws if the answer or a create body would break the contract. */
  handle(request: FakeJiraRequest): FakeJiraResponse {
    const method = request.method.toUpperCase();
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const query = Object.fromEntries(new URLSearchParams(request.query ?? ""));
    const entry: FakeJiraLogEntry = { method, path: request.path, query, body: null, status: 0 };
    this.requests.push(entry);
    if (!jiraOperation(method, request.path))
      throw new NotEmulatedError(`FakeJira does not emulate ${method} ${request.path}`);
    const unknown = unknownQueryParameters(method, request.path, Object.keys(query));
    if (unknown.length)
      throw new NotEmulatedError(`${method} ${request.path} has no query parameter ${unknown.join(", ")}`);

    let body: unknown = null;
    if (method === "POST" || method === "PUT") {
      try {
        body = JSON.parse(request.body ?? "");
      } catch {
        throw new Error(`${method} ${request.path}: the body is not JSON`);
      }
      entry.body = body;
      // A create body that breaks the contract fails the test, whatever is answered.
      assertJiraRequest(method, request.path, body);
    }

    const armed = this.armed.findIndex((a) => a.method === method && a.path === request.path);
    if (armed >= 0) this.armed.splice(armed, 1)[0]!.arm(this);
    const fault = this.faults.shift();
    if (fault?.type === "hang") {
      entry.status = "hang";
      return { kind: "hang" };
    }
    if (fault?.type === "redirect") {
      entry.status = 302;
      return { kind: "empty", status: 302, headers: { Location: fault.location } };
    }
    if (fault?.type === "oversize") {
      entry.status = 200;
      return {
        kind: "oversize",
        status: 200,
        headers: { "Content-Type": "application/json;charset=UTF-8" },
        bytes: fault.bytes,
      };
    }
    if (fault?.type === "fail")
      return this.respond(
        entry,
        fault.status,
        fault.body ?? this.faultBody(fault.status),
        retryAfterHeader(fault.retryAfter),
      );

    let answer: { status: number; body: unknown };
    try {
      answer = this.route(method, request.path, query, body, headers, request.host ?? "fake.atlassian.net");
    } catch (error) {
      if (!(error instanceof JiraRefusal)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if (fault?.type === "applyThenFail") return this.respond(entry, fault.status, this.faultBody(fault.status));
    if (answer.status === 204 || (answer.status < 300 && answer.body === null)) {
      // An edit's 204, issueLink's 201: no body.
      entry.status = answer.status;
      assertJiraResponse(method, request.path, answer.status, null);
      return { kind: "empty", status: answer.status, headers: {} };
    }
    return this.respond(entry, answer.status, answer.body);
  }

  private respond(
    entry: FakeJiraLogEntry,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): FakeJiraResponse {
    entry.status = status;
    assertJiraResponse(entry.method, entry.path, status, body);
    return {
      kind: "json",
      status,
      headers: { "Content-Type": "application/json;charset=UTF-8", ...headers },
      body: structuredClone(body),
    };
  }

  private faultBody(status: number): ErrorBody {
    if (status === 401) return errorBody(["Client must be authenticated to access this resource."]);
    if (status === 403) return errorBody(["You do not have permission to perform this operation."]);
    if (status === 404) return errorBody(["The requested resource could not be found."]);
    if (status === 429) return errorBody(["Rate limit exceeded."]);
    if (status >= 500) return errorBody(["Internal server error"]);
    return errorBody([`HTTP ${status}`]);
  }

  private route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    headers: Record<string, string>,
    host: string,
  ): { status: number; body: unknown } {
    const site = `https://${host}`;
    if (method === "GET" && path === "/rest/api/3/serverInfo") return { status: 200, body: this.serverInfo(site) };
    this.authenticate(headers.authorization);
    if ((method === "POST" || method === "PUT") && !/^application\/json\b/i.test(headers["content-type"] ?? "")) {
      throw new JiraRefusal(415, { errorMessages: ["Unsupported Media Type"] });
    }
    if (method === "GET" && path === "/rest/api/3/myself")
      return { status: 200, body: this.myself(site, headers.authorization) };
    let match = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path);
    if (method === "GET" && match) return { status: 200, body: this.project(site, decodeURIComponent(match[1]!)) };
    match = /^\/rest\/api\/3\/issue\/createmeta\/([^/]+)\/issuetypes\/([^/]+)$/.exec(path);
    if (method === "GET" && match)
      return {
        status: 200,
        body: this.createMeta(site, decodeURIComponent(match[1]!), decodeURIComponent(match[2]!), query),
      };
    if (method === "POST" && path === "/rest/api/3/issue") return { status: 201, body: this.createOne(site, body) };
    if (method === "POST" && path === "/rest/api/3/issue/bulk") return this.createBulk(site, body);
    if (method === "GET" && path === "/rest/api/3/search/jql") return { status: 200, body: this.search(site, query) };
    match = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
    if (method === "PUT" && match) return this.edit(site, decodeURIComponent(match[1]!), body, query);
    if (method === "GET" && match)
      return { status: 200, body: this.readIssue(site, decodeURIComponent(match[1]!), query) };
    if (method === "GET" && path === "/rest/api/3/issueLinkType") return { status: 200, body: this.linkTypes(site) };
    if (method === "POST" && path === "/rest/api/3/issueLink") return this.createLink(body);
    throw new NotEmulatedError(`FakeJira does not emulate ${method} ${path}`);
  }

  private authenticate(authorization: string | undefined): void {
    const given = decodeBasic(authorization);
    const { email, apiToken } = this.options;
    if (!given || given.token !== apiToken || (email !== null && given.email.toLowerCase() !== email.toLowerCase())) {
      throw new JiraRefusal(401, { errorMessages: ["Client must be authenticated to access this resource."] });
    }
  }

  // ——— the API ———

  private serverInfo(site: string) {
    return {
      baseUrl: site,
      displayUrl: site,
      version: "1001.0.0-SNAPSHOT",
      versionNumbers: [1001, 0, 0],
      deploymentType: "Cloud",
      buildNumber: 100_290,
      buildDate: "2026-11-01T00:00:00.000Z",
      serverTime: new Date(this.options.now()).toISOString(),
      scmInfo: "fake-jira",
      serverTitle: "Jira",
    };
  }

  private myself(site: string, authorization: string | undefined) {
    const accountId = "712020:fake-jira-account";
    return {
      self: `${site}/rest/api/3/user?accountId=${encodeURIComponent(accountId)}`,
      accountId,
      accountType: "atlassian",
      emailAddress: decodeBasic(authorization)?.email ?? "",
      displayName: "Fake JIRA User",
      active: true,
      timeZone: "Etc/UTC",
      locale: "en_US",
    };
  }

  private knownProject(keyOrId: string, status = 404): void {
    if (keyOrId !== this.options.projectKey && keyOrId !== PROJECT_ID) {
      throw new JiraRefusal(status, { errorMessages: [`No project could be found with key '${keyOrId}'.`] });
    }
  }

  private issueTypeDetails(site: string, type: IssueType) {
    return {
      self: `${site}/rest/api/3/issuetype/${type.id}`,
      id: type.id,
      description: type.description,
      iconUrl: `${site}/rest/api/2/universal_avatar/view/type/issuetype/avatar/${type.id}?size=medium`,
      name: type.name,
      subtask: type.subtask,
      avatarId: Number(type.id),
      hierarchyLevel: type.hierarchyLevel,
    };
  }

  private project(site: string, keyOrId: string) {
    this.knownProject(keyOrId);
    return {
      expand: "description,lead,issueTypes,url,projectKeys,permissions,insight",
      self: `${site}/rest/api/3/project/${PROJECT_ID}`,
      id: PROJECT_ID,
      key: this.options.projectKey,
      name: this.options.projectName,
      description: "",
      issueTypes: ISSUE_TYPES.map((t) => this.issueTypeDetails(site, t)),
      assigneeType: "UNASSIGNED",
      projectTypeKey: "software",
      simplified: true,
      style: "next-gen",
      isPrivate: false,
      properties: {},
    };
  }

  /** The create screen of one issue type, as this fake is configured. */
  private fieldsOf(site: string, type: IssueType): FieldMeta[] {
    const field = (
      fieldId: string,
      name: string,
      schema: FieldMeta["schema"],
      extra: Partial<FieldMeta> = {},
    ): FieldMeta => ({
      required: false,
      schema,
      name,
      key: fieldId,
      fieldId,
      operations: ["set"],
      hasDefaultValue: false,
      ...extra,
    });
    const fields: FieldMeta[] = [
      field(
        "issuetype",
        "Issue Type",
        { type: "issuetype", system: "issuetype" },
        { required: true, allowedValues: [this.issueTypeDetails(site, type)] },
      ),
      field(
        "project",
        "Project",
        { type: "project", system: "project" },
        {
          required: true,
          allowedValues: [
            {
              self: `${site}/rest/api/3/project/${PROJECT_ID}`,
              id: PROJECT_ID,
              key: this.options.projectKey,
              name: this.options.projectName,
            },
          ],
        },
      ),
      field("summary", "Summary", { type: "string", system: "summary" }, { required: true }),
      field("description", "Description", { type: "string", system: "description" }),
      field(
        "reporter",
        "Reporter",
        { type: "user", system: "reporter" },
        { autoCompleteUrl: `${site}/rest/api/3/user/search?query=` },
      ),
      field(
        "labels",
        "Labels",
        { type: "array", items: "string", system: "labels" },
        {
          operations: ["add", "set", "remove"],
          autoCompleteUrl: `${site}/rest/api/1.0/labels/suggest?query=`,
        },
      ),
    ];
    if (this.options.storyParent || type.hierarchyLevel !== 0)
      fields.push(field("parent", "Parent", { type: "issuelink", system: "parent" }, { required: type.subtask }));
    const { priorities, storyPoints, timeTracking } = this.options;
    if (priorities) {
      const values = priorities.map((name, i) => ({
        self: `${site}/rest/api/3/priority/${i + 1}`,
        iconUrl: `${site}/images/icons/priorities/${name.toLowerCase()}.svg`,
        name,
        id: String(i + 1),
      }));
      const fallback = values.find((v) => v.name === "Medium") ?? values[0];
      fields.push(
        field(
          "priority",
          "Priority",
          { type: "priority", system: "priority" },
          { allowedValues: values, ...(fallback ? { hasDefaultValue: true, defaultValue: fallback } : {}) },
        ),
      );
    }
    if (timeTracking)
      fields.push(field("timetracking", "Time tracking", { type: "timetracking", system: "timetracking" }));
    if (storyPoints && type.hierarchyLevel === 0) {
      const custom = storyPoints.custom === undefined ? STORY_POINTS_JSW : storyPoints.custom;
      const customId = Number(/\d+$/.exec(storyPoints.fieldId)?.[0] ?? 0);
      fields.push(
        field(
          storyPoints.fieldId,
          storyPoints.name ?? (custom === STORY_POINTS_JSW ? "Story point estimate" : "Story Points"),
          {
            type: "number",
            custom: custom ?? FLOAT_FIELD,
            customId,
          },
        ),
      );
    }
    return fields;
  }

  private issueType(idOrName: unknown): IssueType | undefined {
    if (!isObject(idOrName)) return undefined;
    return ISSUE_TYPES.find(
      (t) =>
        t.id === idOrName.id ||
        (typeof idOrName.name === "string" && t.name.toLowerCase() === idOrName.name.toLowerCase()),
    );
  }

  private createMeta(site: string, projectKeyOrId: string, issueTypeId: string, query: Record<string, string>) {
    this.knownProject(projectKeyOrId);
    const type = ISSUE_TYPES.find((t) => t.id === issueTypeId);
    if (!type)
      throw new JiraRefusal(404, {
        errorMessages: [`Issue type with id '${issueTypeId}' does not exist or you do not have permission to see it.`],
      });
    const all = this.fieldsOf(site, type);
    const startAt = Math.max(0, Number(query.startAt ?? 0) || 0);
    const maxResults = Math.min(this.options.createMetaPageSize, Math.max(1, Number(query.maxResults ?? 50) || 50));
    return { maxResults, startAt, total: all.length, fields: all.slice(startAt, startAt + maxResults) };
  }

  /** What JIRA would refuse in one issue's fields, or the issue to create. */
  private validate(
    site: string,
    fields: unknown,
  ):
    | { errors: Record<string, string> }
    | { create: Omit<FakeJiraIssue, "id" | "key" | "created" | "updated" | "status"> } {
    if (!isObject(fields)) return { errors: { fields: "Fields are required." } };
    const errors: Record<string, string> = {};
    const project = fields.project;
    if (!isObject(project) || (project.key !== this.options.projectKey && project.id !== PROJECT_ID))
      errors.project = "Specify a valid project ID or key";
    const type = this.issueType(fields.issuetype);
    if (!type) {
      errors.issuetype =
        fields.issuetype === undefined ? "Specify an issue type" : "The issue type selected is invalid.";
      return { errors };
    }
    const meta = new Map(this.fieldsOf(site, type).map((f) => [f.fieldId, f]));
    for (const name of Object.keys(fields)) {
      if (!meta.has(name))
        errors[name] = `Field '${name}' cannot be set. It is not on the appropriate screen, or unknown.`;
    }
    const summary = fields.summary;
    if (typeof summary !== "string" || !summary.trim()) errors.summary = "You must specify a summary of the issue.";
    else if (summary.length > SUMMARY_MAX) errors.summary = "Summary must be less than 255 characters.";
    else if (/[\r\n]/.test(summary)) errors.summary = "Field 'summary' cannot contain line breaks.";

    if (fields.description !== undefined && fields.description !== null) {
      if (adfProblems(fields.description).length)
        errors.description = "Operation value must be an Atlassian Document (see the Atlassian Document Format)";
      else if (JSON.stringify(fields.description).length > DESCRIPTION_MAX) {
        errors.description = "The entered text is too long. It exceeds the allowed limit of 32,767 characters.";
      }
    }
    const priority = fields.priority;
    if (priority !== undefined && meta.has("priority")) {
      const allowed = (meta.get("priority")!.allowedValues ?? []) as { id: string; name: string }[];
      if (!isObject(priority) || !allowed.some((p) => p.id === priority.id || p.name === priority.name)) {
        errors.priority = "Specify the Priority (id or name) in the string format";
      }
    }
    const points = this.options.storyPoints?.fieldId;
    if (
      points &&
      fields[points] !== undefined &&
      meta.has(points) &&
      (typeof fields[points] !== "number" || !Number.isFinite(fields[points]))
    ) {
      errors[points] = "Operation value must be a number";
    }
    const tracking = fields.timetracking;
    if (tracking !== undefined && meta.has("timetracking")) {
      const estimate = isObject(tracking) ? tracking.originalEstimate : undefined;
      if (
        !isObject(tracking) ||
        Object.keys(tracking).some((k) => k !== "originalEstimate" && k !== "remainingEstimate") ||
        typeof estimate !== "string" ||
        !DURATION.test(estimate.trim())
      ) {
        errors.timetracking = "Original Estimate: Invalid duration format";
      }
    }
    let labels: string[] = [];
    if (fields.labels !== undefined && meta.has("labels")) {
      if (!Array.isArray(fields.labels) || !fields.labels.every((l) => typeof l === "string"))
        errors.labels = "Operation value must be an array of strings";
      else {
        labels = fields.labels as string[];
        const bad = labels.find((l) => !l || /\s/.test(l) || l.length > 255);
        if (bad !== undefined) errors.labels = `The label '${bad}' contains spaces which is invalid.`;
      }
    }
    let parentKey: string | null = null;
    if (fields.parent !== undefined && meta.has("parent")) {
      const wanted = fields.parent;
      const parent = isObject(wanted) ? this.issues.find((i) => i.key === wanted.key || i.id === wanted.id) : undefined;
      if (!parent) errors.parent = "Could not find issue by id or key.";
      else if (
        (ISSUE_TYPES.find((t) => t.id === parent.issueTypeId)?.hierarchyLevel ?? 0) !==
        type.hierarchyLevel + 1
      ) {
        errors.parent = "Given parent work item does not belong to appropriate hierarchy.";
      } else parentKey = parent.key;
    } else if (type.subtask) errors.parent = "Parent is required for a sub-task.";

    if (Object.keys(errors).length) return { errors };
    return {
      create: {
        issueTypeId: type.id,
        issueTypeName: type.name,
        summary: String(summary),
        labels,
        parentKey,
        fields: structuredClone(fields),
      },
    };
  }

  private store(site: string, draft: Omit<FakeJiraIssue, "id" | "key" | "created" | "updated" | "status">) {
    const number = this.nextNumber++;
    const created = new Date(this.options.now()).toISOString();
    const issue: FakeJiraIssue = {
      ...draft,
      id: String(FIRST_ISSUE_ID + number),
      key: `${this.options.projectKey}-${number}`,
      created,
      updated: created,
      status: FAKE_JIRA_STATUSES[0]!.name,
    };
    this.issues.push(issue);
    this.changes.set(issue.key, ++this.changeCount);
    return { id: issue.id, key: issue.key, self: `${site}/rest/api/3/issue/${issue.id}` };
  }

  /** A change to the issue: its `updated` is now. */
  private touch(issue: FakeJiraIssue): void {
    issue.updated = new Date(this.options.now()).toISOString();
    this.changes.set(issue.key, ++this.changeCount);
  }

  private findIssue(keyOrId: unknown): FakeJiraIssue | undefined {
    return this.issues.find((i) => i.key === keyOrId || i.id === keyOrId);
  }

  private missingIssue(): JiraRefusal {
    return new JiraRefusal(404, { errorMessages: ["Issue does not exist or you do not have permission to see it."] });
  }

  private createOne(site: string, body: unknown) {
    const fields = isObject(body) ? body.fields : undefined;
    const checked = this.validate(site, fields);
    if ("errors" in checked) throw new JiraRefusal(400, { errors: checked.errors });
    return this.store(site, checked.create);
  }

  /** PUT /rest/api/3/issue/{key}: the given fields are checked as on create (with the issue's project and type). */
  private edit(
    site: string,
    key: string,
    body: unknown,
    query: Record<string, string>,
  ): { status: number; body: unknown } {
    const unmodelled = Object.keys(query).filter((name) => name !== "notifyUsers");
    if (unmodelled.length)
      throw new NotEmulatedError(`FakeJira does not emulate an edit with ${unmodelled.join(", ")}`);
    if (isObject(body) && Object.keys(body).some((name) => name !== "fields"))
      throw new NotEmulatedError("FakeJira emulates an edit's `fields` only (not update, transition, properties…)");
    const issue = this.findIssue(key);
    if (!issue) throw this.missingIssue();
    const given = isObject(body) && isObject(body.fields) ? body.fields : {};
    for (const name of ["project", "issuetype"])
      if (name in given)
        throw new JiraRefusal(400, { errors: { [name]: `Field '${name}' cannot be set on an edit.` } });
    const fields = { ...issue.fields, ...given };
    const checked = this.validate(site, fields);
    if ("errors" in checked) throw new JiraRefusal(400, { errors: checked.errors });
    Object.assign(issue, {
      summary: checked.create.summary,
      labels: checked.create.labels,
      fields: checked.create.fields,
    });
    this.touch(issue);
    return { status: 204, body: null };
  }

  private createBulk(site: string, body: unknown): { status: number; body: unknown } {
    const updates = isObject(body) && Array.isArray(body.issueUpdates) ? body.issueUpdates : [];
    if (updates.length === 0)
      throw new JiraRefusal(400, { errorMessages: ["Bulk create requires at least one issue."] });
    if (updates.length > BULK_MAX)
      throw new JiraRefusal(400, { errorMessages: [`Bulk create of more than ${BULK_MAX} issues is not allowed.`] });
    const issues: unknown[] = [];
    const errors: unknown[] = [];
    updates.forEach((update, index) => {
      const fields = isObject(update) && isObject(update.fields) ? update.fields : {};
      const rule = this.bulkRules.find((r) => r.remaining > 0 && r.matches(fields, index));
      const checked = rule
        ? { errors: rule.errors }
        : this.validate(site, isObject(update) ? update.fields : undefined);
      if ("errors" in checked)
        errors.push({
          status: 400,
          elementErrors: { errorMessages: [], errors: checked.errors },
          failedElementNumber: index,
        });
      else issues.push(this.store(site, checked.create));
    });
    for (const rule of this.bulkRules) rule.remaining -= 1;
    this.bulkRules = this.bulkRules.filter((r) => r.remaining > 0);
    return { status: issues.length ? 201 : 400, body: { issues, errors } };
  }

  private search(site: string, query: Record<string, string>) {
    const jql = parseJql(query.jql ?? "");
    if (!jql) {
      throw new JiraRefusal(400, {
        errorMessages: [`Error in the JQL Query: the fake JIRA understands only '${JQL_UNDERSTOOD}'.`],
      });
    }
    if (jql.project !== this.options.projectKey)
      throw new JiraRefusal(400, {
        errorMessages: [`The value '${jql.project}' does not exist for the field 'project'.`],
      });
    const { field, descending } = jql.order;
    const change = (issue: FakeJiraIssue) => this.changes.get(issue.key) ?? 0;
    const matching = this.issues
      .filter((issue) => jql.filters.every((keep) => keep(issue)))
      .sort((a, b) => {
        // Ties (the same millisecond) go by the order of creation or of the last change.
        const order =
          field === "created"
            ? a.created.localeCompare(b.created) || Number(a.id) - Number(b.id)
            : a.updated.localeCompare(b.updated) || change(a) - change(b);
        return descending ? -order : order;
      });
    let offset = 0;
    if (query.nextPageToken) {
      const decoded = /^page:(\d+)$/.exec(atobSafe(query.nextPageToken));
      if (!decoded)
        throw new JiraRefusal(400, { errorMessages: ["The provided next page token is invalid or expired."] });
      offset = Number(decoded[1]);
    }
    const size = Math.min(this.options.searchPageSize, Math.max(1, Number(query.maxResults ?? 50) || 50));
    const page = matching.slice(offset, offset + size);
    const more = offset + size < matching.length;
    // JIRA's default is the id only.
    const fields = query.fields ?? "id";
    return {
      issues: page.map((issue) => this.issueBean(site, issue, fields)),
      ...(more ? { nextPageToken: btoa(`page:${offset + size}`) } : {}),
      isLast: !more,
    };
  }

  /** GET /rest/api/3/issue/{key}: the fields asked for (all by default). */
  private readIssue(site: string, key: string, query: Record<string, string>) {
    const unmodelled = Object.keys(query).filter((name) => name !== "fields");
    if (unmodelled.length)
      throw new NotEmulatedError(`FakeJira does not emulate reading an issue with ${unmodelled.join(", ")}`);
    const issue = this.findIssue(key);
    if (!issue) throw this.missingIssue();
    return this.issueBean(site, issue, query.fields ?? "*all");
  }

  /** An issue as search and GET answer it, with the fields asked for (`*all`, `*navigable` or names; `id`: none). */
  private issueBean(site: string, issue: FakeJiraIssue, fieldList: string) {
    const wanted = new Set(fieldList.split(",").map((f) => f.trim()));
    const all = wanted.has("*all") || wanted.has("*navigable");
    const want = (name: string) => all || wanted.has(name);
    const type = ISSUE_TYPES.find((t) => t.id === issue.issueTypeId)!;
    const parent = issue.parentKey ? this.findIssue(issue.parentKey) : undefined;
    const fields: Record<string, unknown> = {};
    if (want("summary")) fields.summary = issue.summary;
    if (want("issuetype")) fields.issuetype = this.issueTypeDetails(site, type);
    if (want("labels")) fields.labels = issue.labels;
    if (want("status")) fields.status = this.statusDetails(site, issue);
    if (want("description")) fields.description = issue.fields.description ?? null;
    if (want("parent") && parent) {
      fields.parent = {
        id: parent.id,
        key: parent.key,
        self: `${site}/rest/api/3/issue/${parent.id}`,
        fields: this.linkedFields(site, parent),
      };
    }
    if (want("issuelinks")) fields.issuelinks = this.issueLinks(site, issue);
    if (want("created")) fields.created = issue.created;
    if (want("updated")) fields.updated = issue.updated;
    return {
      expand: "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
      id: issue.id,
      self: `${site}/rest/api/3/issue/${issue.id}`,
      key: issue.key,
      fields,
    };
  }

  private statusDetails(site: string, issue: FakeJiraIssue) {
    const status = statusOf(issue);
    const category = STATUS_CATEGORIES[status.category];
    return {
      self: `${site}/rest/api/3/status/${status.id}`,
      description: "",
      iconUrl: `${site}/`,
      name: status.name,
      id: status.id,
      statusCategory: {
        self: `${site}/rest/api/3/statuscategory/${category.id}`,
        id: category.id,
        key: status.category,
        colorName: category.colorName,
        name: category.name,
      },
    };
  }

  /** What JIRA shows of another issue (a parent, a linked issue). */
  private linkedFields(site: string, issue: FakeJiraIssue) {
    const type = ISSUE_TYPES.find((t) => t.id === issue.issueTypeId)!;
    return {
      summary: issue.summary,
      status: this.statusDetails(site, issue),
      issuetype: this.issueTypeDetails(site, type),
    };
  }

  private linkTypeDetails(site: string, type: FakeJiraLinkType) {
    return { ...type, self: `${site}/rest/api/3/issueLinkType/${type.id}` };
  }

  /** An issue's links as its `issuelinks` field: the other issue, named by its side of the link. */
  private issueLinks(site: string, issue: FakeJiraIssue) {
    return this.links.flatMap((link) => {
      if (link.inwardKey !== issue.key && link.outwardKey !== issue.key) return [];
      const type = this.options.linkTypes.find((t) => t.id === link.typeId);
      const other = this.findIssue(link.inwardKey === issue.key ? link.outwardKey : link.inwardKey);
      if (!type || !other) return [];
      const shown = { id: other.id, key: other.key, self: `${site}/rest/api/3/issue/${other.id}` };
      return [
        {
          id: link.id,
          self: `${site}/rest/api/3/issueLink/${link.id}`,
          type: this.linkTypeDetails(site, type),
          [link.inwardKey === issue.key ? "outwardIssue" : "inwardIssue"]: {
            ...shown,
            fields: this.linkedFields(site, other),
          },
        },
      ];
    });
  }

  private linkingOn(): void {
    if (!this.options.issueLinking)
      throw new JiraRefusal(404, { errorMessages: ["Issue linking is currently disabled."] });
  }

  /** GET /rest/api/3/issueLinkType */
  private linkTypes(site: string) {
    this.linkingOn();
    return { issueLinkTypes: this.options.linkTypes.map((t) => this.linkTypeDetails(site, t)) };
  }

  /** POST /rest/api/3/issueLink: 201 with no body; the same link again adds nothing (and answers the same). */
  private createLink(body: unknown): { status: number; body: unknown } {
    this.linkingOn();
    const request = isObject(body) ? body : {};
    if (request.comment !== undefined) throw new NotEmulatedError("FakeJira does not emulate a link's comment");
    const wanted = isObject(request.type) ? request.type : {};
    const type = this.options.linkTypes.find((t) =>
      wanted.id !== undefined ? t.id === wanted.id : t.name === wanted.name,
    );
    if (!type)
      throw new JiraRefusal(404, {
        errorMessages: [`No issue link type with name '${String(wanted.name ?? wanted.id)}' found.`],
      });
    const side = (named: unknown) => (isObject(named) ? this.findIssue(named.key ?? named.id) : undefined);
    const inward = side(request.inwardIssue);
    const outward = side(request.outwardIssue);
    if (!inward || !outward) throw this.missingIssue();
    if (inward === outward) throw new NotEmulatedError("FakeJira does not emulate linking an issue to itself");
    this.link(type, inward, outward);
    return { status: 201, body: null };
  }

  private link(type: FakeJiraLinkType, inward: FakeJiraIssue, outward: FakeJiraIssue): FakeJiraLink {
    const same = this.links.find(
      (l) => l.typeId === type.id && l.inwardKey === inward.key && l.outwardKey === outward.key,
    );
    if (same) return same;
    const link = { id: String(this.nextLinkId++), typeId: type.id, inwardKey: inward.key, outwardKey: outward.key };
    this.links.push(link);
    this.touch(inward);
    this.touch(outward);
    return link;
  }
}

function atobSafe(value: string): string {
  try {
    return atob(value);
  } catch {
    return "";
  }
}

function retryAfterHeader(value: number | string | undefined): Record<string, string> {
  return value === undefined ? {} : { "Retry-After": String(value) };
}
