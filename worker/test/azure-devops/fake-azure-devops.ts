// An in-memory Azure DevOps Services organisation that speaks the REST API 7.1 calls StoryLoom makes: the project
// list, one project, its work item types (by process: Agile, Scrum, CMMI, Basic, with their states), work item create
// and update (JSON Patch: fields, the state, parent and Related links, a test of the revision), read one (its fields,
// or with its relations) or many by ids, and WIQL (the subset StoryLoom writes: project, tags, state and type
// conditions, ordered by id or date). Work items people made (other types, states, HTML descriptions, changed dates)
// are seeded with addWorkItem or the `backlog` option. Pure TypeScript, so the same emulator serves Worker tests
// (mock.ts) and `npm run dev` or the browser journeys (scripts/fake-azure-devops.ts).
//
// It never guesses: every request is matched to an operation of worker/test/contracts/azure-devops.openapi.json,
// its query parameters and body are checked against it, and every answer it gives is held to it (plus what
// contract.ts adds), throwing on a breach; a request Azure DevOps would refuse is refused with its error object;
// one it would accept that the emulator does not model throws NotEmulatedError.
import { AZURE_DEVOPS_ORGANIZATION_PATTERN } from "../../../schema/api/integrations";
import { assertAzureAnswer, assertAzureError, assertAzureRequest, azureOperation } from "./contract";

/** The personal access token the fake accepts unless told otherwise: obviously not a real one. */
import {
  FAKE_AZURE_DEVOPS_PAT,
  FAKE_AZURE_DEVOPS_ORGANIZATION,
  FAKE_AZURE_DEVOPS_PROJECT_ID,
} from "../tracker-credentials";
export { FAKE_AZURE_DEVOPS_PAT, FAKE_AZURE_DEVOPS_ORGANIZATION, FAKE_AZURE_DEVOPS_PROJECT_ID };
const SECOND_PROJECT_ID = "2d8a5c1e-7f3b-4e0a-9c6d-0b1e2f3a4b5c";
const HOST = "https://dev.azure.com";
const TITLE_MAX = 255;
const LIST_MAX_IDS = 200;
const FIRST_ID = 101;

export type FakeProcess = "Agile" | "Scrum" | "CMMI" | "Basic";

export interface FakeAzureProject {
  id: string;
  name: string;
  process: FakeProcess;
  /** Work item types to leave disabled (an inherited process can disable Epic, for example). */
  disabledTypes?: string[];
}

export interface FakeAzureDevOpsOptions {
  organization?: string;
  pat?: string;
  /** Default: "StoryLoom Demo" (Agile) and "Basic Team" (Basic). */
  projects?: FakeAzureProject[];
  /** Work items people made, there from the start (and again after reset()), in the first project unless said. */
  backlog?: FakeAzureSeed[];
  now?: () => number;
}

/** A work item as people made it, seeded with addWorkItem (the fake's own test control, not an API call). */
export interface FakeAzureSeed {
  /** A type of the project's process: "Epic", "Feature", "User Story", "Bug", "Task", "Issue"… */
  type: string;
  title: string;
  /** HTML, as Azure DevOps keeps System.Description. */
  description?: string;
  /** One of the type's states; its first ("New", "To Do", "Proposed") by default. */
  state?: string;
  parentId?: number | null;
  /** Work items it is related to (System.LinkTypes.Related). */
  related?: number[];
  tags?: string;
  /** System.ChangedDate (ISO or epoch milliseconds); now by default. */
  changed?: string | number;
  /** Default: the first project. */
  projectId?: string;
  /** More fields, by reference name. */
  fields?: Record<string, unknown>;
}

export interface FakeAzureRequest {
  method: string;
  /** `/storyloom-demo/_apis/projects`, without the query. */
  path: string;
  /** The query string, without `?`. */
  query?: string;
  body?: string;
  headers?: Record<string, string>;
}

export type FakeAzureResponse =
  | { kind: "json"; status: number; headers: Record<string, string>; body: unknown }
  /** The sign-in page a refused token can get (203). */
  | { kind: "html"; status: number; headers: Record<string, string>; body: string }
  /** A redirect: status and Location, no body. */
  | { kind: "empty"; status: number; headers: Record<string, string> }
  /** Never answers: the caller must give up (hangNext). */
  | { kind: "hang" };

export interface FakeAzureLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, or null. */
  body: unknown;
  status: number | "hang";
}

export interface FakeAzureWorkItem {
  id: number;
  projectId: string;
  type: string;
  rev: number;
  /**
   * Fields as set, by reference name (System.Title, System.Tags, System.State…), without the ones the service
   * computes. Without System.State, the item is in its type's first state.
   */
  fields: Record<string, unknown>;
  /** The parent's id (a Hierarchy-Reverse relation), or null. */
  parentId: number | null;
  /** Work items this one added a Related link to; the link shows on both (Related is not directional). */
  related: number[];
  created: string;
  /** System.ChangedDate: set on create and on every update. */
  changed: string;
}

export interface FakeAzureFault {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number | string;
  body?: unknown;
}

/** A request Azure DevOps would accept that the emulator does not model: the test (or dev server) fails loudly. */
export class NotEmulatedError extends Error {
  override name = "NotEmulatedError";
}

type Fault =
  | ({ type: "fail" } & FakeAzureFault)
  | { type: "hang" }
  /** `match`: only for a request whose "METHOD /path" matches; others pass it by. */
  | { type: "applyThenFail"; status: number; match?: RegExp }
  | { type: "redirect"; location: string };

interface ErrorBody {
  $id: string;
  innerException: null;
  message: string;
  typeName: string;
  typeKey: string;
  errorCode: number;
  eventId: number;
}

class AzureRefusal extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, message: string, typeKey: string) {
    super(message);
    this.status = status;
    this.body = errorBody(message, typeKey);
  }
}

function errorBody(message: string, typeKey: string): ErrorBody {
  return {
    $id: "1",
    innerException: null,
    message,
    typeName: `Microsoft.TeamFoundation.WorkItemTracking.Server.${typeKey}, Microsoft.TeamFoundation.WorkItemTracking.Server`,
    typeKey,
    errorCode: 0,
    eventId: 3200,
  };
}

// ——— processes: the types and the fields StoryLoom looks at ———

const COMMON_FIELDS: [string, string][] = [
  ["System.Id", "ID"],
  ["System.Title", "Title"],
  ["System.Description", "Description"],
  ["System.Tags", "Tags"],
  ["System.State", "State"],
  ["System.Reason", "Reason"],
  ["System.AreaPath", "Area Path"],
  ["System.IterationPath", "Iteration Path"],
  ["System.TeamProject", "Team Project"],
  ["System.WorkItemType", "Work Item Type"],
  ["System.Parent", "Parent"],
  ["System.Rev", "Rev"],
  ["System.CreatedDate", "Created Date"],
  ["System.ChangedDate", "Changed Date"],
];
const PRIORITY: [string, string] = ["Microsoft.VSTS.Common.Priority", "Priority"];
const CRITERIA: [string, string] = ["Microsoft.VSTS.Common.AcceptanceCriteria", "Acceptance Criteria"];
const STORY_POINTS: [string, string] = ["Microsoft.VSTS.Scheduling.StoryPoints", "Story Points"];
const EFFORT: [string, string] = ["Microsoft.VSTS.Scheduling.Effort", "Effort"];
const SIZE: [string, string] = ["Microsoft.VSTS.Scheduling.Size", "Size"];
const PRIORITY_VALUES = ["1", "2", "3", "4"];
const NUMBER_FIELDS = new Set([PRIORITY[0], STORY_POINTS[0], EFFORT[0], SIZE[0]]);
const HTML_FIELDS = new Set(["System.Description", CRITERIA[0]]);
/** Set by the service, never by a request. */
const READ_ONLY = new Set([
  "System.Id",
  "System.Rev",
  "System.Parent",
  "System.TeamProject",
  "System.WorkItemType",
  "System.CreatedDate",
  "System.ChangedDate",
]);

/** A state's category, as the work item types answer names it: Completed and Removed are what a backlog leaves out. */
type StateCategory = "Proposed" | "InProgress" | "Resolved" | "Completed" | "Removed";
type States = [string, StateCategory][];
const STATE_COLORS: Record<StateCategory, string> = {
  Proposed: "b2b2b2",
  InProgress: "007acc",
  Resolved: "ff9d00",
  Completed: "339933",
  Removed: "ffffff",
};
const AGILE_STATES: States = [
  ["New", "Proposed"],
  ["Active", "InProgress"],
  ["Resolved", "Resolved"],
  ["Closed", "Completed"],
  ["Removed", "Removed"],
];
const SCRUM_PORTFOLIO_STATES: States = [
  ["New", "Proposed"],
  ["In Progress", "InProgress"],
  ["Done", "Completed"],
  ["Removed", "Removed"],
];
const SCRUM_BACKLOG_STATES: States = [
  ["New", "Proposed"],
  ["Approved", "Proposed"],
  ["Committed", "InProgress"],
  ["Done", "Completed"],
  ["Removed", "Removed"],
];
const CMMI_STATES: States = [
  ["Proposed", "Proposed"],
  ["Active", "InProgress"],
  ["Resolved", "Resolved"],
  ["Closed", "Completed"],
];
const BASIC_STATES: States = [
  ["To Do", "Proposed"],
  ["Doing", "InProgress"],
  ["Done", "Completed"],
];

/** Each process's types: the fields StoryLoom looks at beyond the common ones, and the states, the first initial. */
const PROCESSES: Record<FakeProcess, Record<string, { fields: [string, string][]; states: States }>> = {
  Agile: {
    Epic: { fields: [PRIORITY, EFFORT], states: AGILE_STATES },
    Feature: { fields: [PRIORITY, EFFORT], states: AGILE_STATES },
    "User Story": { fields: [PRIORITY, CRITERIA, STORY_POINTS], states: AGILE_STATES },
    Task: {
      fields: [PRIORITY],
      states: [
        ["New", "Proposed"],
        ["Active", "InProgress"],
        ["Closed", "Completed"],
        ["Removed", "Removed"],
      ],
    },
    Bug: { fields: [PRIORITY, STORY_POINTS], states: AGILE_STATES.slice(0, 4) },
  },
  Scrum: {
    Epic: { fields: [PRIORITY, EFFORT, CRITERIA], states: SCRUM_PORTFOLIO_STATES },
    Feature: { fields: [PRIORITY, EFFORT, CRITERIA], states: SCRUM_PORTFOLIO_STATES },
    "Product Backlog Item": { fields: [PRIORITY, EFFORT, CRITERIA], states: SCRUM_BACKLOG_STATES },
    Task: {
      fields: [PRIORITY],
      states: [
        ["To Do", "Proposed"],
        ["In Progress", "InProgress"],
        ["Done", "Completed"],
        ["Removed", "Removed"],
      ],
    },
    Bug: { fields: [PRIORITY, EFFORT, CRITERIA], states: SCRUM_BACKLOG_STATES },
    Impediment: {
      fields: [PRIORITY],
      states: [
        ["Open", "InProgress"],
        ["Closed", "Completed"],
      ],
    },
  },
  CMMI: {
    Epic: { fields: [PRIORITY, SIZE], states: CMMI_STATES },
    Feature: { fields: [PRIORITY, SIZE], states: CMMI_STATES },
    Requirement: { fields: [PRIORITY, SIZE], states: CMMI_STATES },
    Task: { fields: [PRIORITY], states: CMMI_STATES },
    Bug: { fields: [PRIORITY, SIZE], states: CMMI_STATES },
  },
  Basic: {
    Epic: { fields: [PRIORITY, EFFORT], states: BASIC_STATES },
    Issue: { fields: [PRIORITY, EFFORT], states: BASIC_STATES },
    Task: { fields: [PRIORITY], states: BASIC_STATES },
  },
};
const RELATED = "System.LinkTypes.Related";
const PARENT = "System.LinkTypes.Hierarchy-Reverse";
const CHILD = "System.LinkTypes.Hierarchy-Forward";
/** The fields GET …/workitems?fields= and WIQL know: the common ones and every process's own. */
const KNOWN_FIELDS = new Set(
  COMMON_FIELDS.map(([name]) => name).concat(PRIORITY[0], CRITERIA[0], STORY_POINTS[0], EFFORT[0], SIZE[0]),
);
const FIELD_NAMES = new Map<string, string>([...COMMON_FIELDS, PRIORITY, CRITERIA, STORY_POINTS, EFFORT, SIZE]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function decodePat(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  try {
    const pair = new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0)));
    // A PAT goes with an empty user name; any user name is accepted by Azure DevOps, so the fake does too.
    const colon = pair.indexOf(":");
    return colon < 0 ? null : pair.slice(colon + 1);
  } catch {
    return null;
  }
}

const SIGN_IN_PAGE =
  '<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body><form action="https://login.microsoftonline.com/"></form></body></html>';

export class FakeAzureDevOps {
  readonly organization: string;
  readonly pat: string;
  readonly projects: FakeAzureProject[];
  /** Every API request, oldest first (test controls are not logged). */
  readonly requests: FakeAzureLogEntry[] = [];
  /** Every work item, created or seeded, oldest first. */
  readonly workItems: FakeAzureWorkItem[] = [];

  private readonly now: () => number;
  private readonly backlog: FakeAzureSeed[];
  private faults: Fault[] = [];
  private nextId = FIRST_ID;

  constructor(options: FakeAzureDevOpsOptions = {}) {
    this.organization = options.organization ?? FAKE_AZURE_DEVOPS_ORGANIZATION;
    this.pat = options.pat ?? FAKE_AZURE_DEVOPS_PAT;
    this.projects = options.projects ?? [
      { id: FAKE_AZURE_DEVOPS_PROJECT_ID, name: "StoryLoom Demo", process: "Agile" },
      { id: SECOND_PROJECT_ID, name: "Basic Team", process: "Basic" },
    ];
    this.now = options.now ?? Date.now;
    this.backlog = options.backlog ?? [];
    for (const seed of this.backlog) this.addWorkItem(seed);
  }

  // ——— test controls ———

  /** Forgets every work item, request and pending fault; the `backlog` given to the constructor is seeded again. */
  reset(): void {
    this.requests.length = 0;
    this.workItems.length = 0;
    this.faults = [];
    this.nextId = FIRST_ID;
    for (const seed of this.backlog) this.addWorkItem(seed);
  }

  /** Adds a work item as people made it (not an API request: nothing is logged). Throws on what Azure would refuse. */
  addWorkItem(seed: FakeAzureSeed): FakeAzureWorkItem {
    const project = seed.projectId === undefined ? this.projects[0]! : this.project(seed.projectId);
    const type = this.typesOf(project).find((t) => t.name.toLowerCase() === seed.type.toLowerCase());
    if (!type)
      throw new Error(`FakeAzureDevOps: project ${project.name} (${project.process}) has no type ${seed.type}`);
    const state = seed.state === undefined ? type.states[0]! : type.states.find(([name]) => name === seed.state);
    if (!state) throw new Error(`FakeAzureDevOps: a ${type.name} has no state ${seed.state}`);
    for (const id of [...(seed.parentId ? [seed.parentId] : []), ...(seed.related ?? [])]) this.workItem(id);
    const at = new Date(seed.changed ?? this.now()).toISOString();
    const item: FakeAzureWorkItem = {
      id: this.nextId++,
      projectId: project.id,
      type: type.name,
      rev: 1,
      fields: {
        "System.Title": seed.title,
        "System.State": state[0],
        ...(seed.description !== undefined ? { "System.Description": seed.description } : {}),
        ...(seed.tags !== undefined ? { "System.Tags": seed.tags } : {}),
        ...seed.fields,
      },
      parentId: seed.parentId ?? null,
      related: [...(seed.related ?? [])],
      created: at,
      changed: at,
    };
    this.workItems.push(item);
    return item;
  }

  /** Someone changes a work item (in the browser, not through the API): its fields, a new revision, changed now. */
  editWorkItem(id: number, fields: Record<string, unknown>): FakeAzureWorkItem {
    const item = this.workItem(id);
    Object.assign(item.fields, fields);
    item.rev += 1;
    item.changed = new Date(this.now()).toISOString();
    return item;
  }

  /** The next `count` API requests answer `status` (Retry-After when given) with `body` or Azure's error object. */
  failNext(count: number, fault: FakeAzureFault): this {
    for (let i = 0; i < count; i++) this.faults.push({ type: "fail", ...fault });
    return this;
  }

  /** The next request never answers, until the caller aborts it. */
  hangNext(): this {
    this.faults.push({ type: "hang" });
    return this;
  }

  /**
   * The next request (the next whose "METHOD /path" matches `match`, when given) is carried out (work item created or
   * changed), then answered `status`: an unknown outcome.
   */
  applyThenFail(status = 500, match?: RegExp): this {
    this.faults.push({ type: "applyThenFail", status, ...(match ? { match } : {}) });
    return this;
  }

  /** The next request is answered with a redirect to `location`. */
  redirectNext(location: string): this {
    this.faults.push({ type: "redirect", location });
    return this;
  }

  requestsTo(method: string, path: string): FakeAzureLogEntry[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  workItem(id: number): FakeAzureWorkItem {
    const found = this.workItems.find((w) => w.id === id);
    if (!found) throw new Error(`FakeAzureDevOps has no work item ${id}`);
    return found;
  }

  // ——— HTTP ———

  /** Answers one API request as Azure DevOps would; throws if the request or the answer would break the contract. */
  handle(request: FakeAzureRequest): FakeAzureResponse {
    const method = request.method.toUpperCase();
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const params = new URLSearchParams(request.query ?? "");
    const query = Object.fromEntries(params);
    const entry: FakeAzureLogEntry = { method, path: request.path, query, body: null, status: 0 };
    this.requests.push(entry);

    const operation = azureOperation(method, request.path);
    if (!operation) throw new NotEmulatedError(`FakeAzureDevOps does not emulate ${method} ${request.path}`);
    const known = new Set(operation.query.map((p) => p.name));
    const unknown = [...params.keys()].filter((name) => !known.has(name));
    if (unknown.length)
      throw new NotEmulatedError(`${method} ${operation.template} has no query parameter ${unknown.join(", ")}`);
    const missing = operation.query.filter((p) => p.required && !params.has(p.name)).map((p) => p.name);
    if (missing.length)
      throw new Error(`${method} ${operation.template} needs the query parameter ${missing.join(", ")}`);
    for (const [name, value] of params)
      if (params.getAll(name).length > 1 || !value)
        throw new Error(`${method} ${request.path}: query parameter ${name} given twice or empty (${value})`);
    for (const parameter of operation.query) {
      const allowed = (parameter.schema as { enum?: unknown[] }).enum;
      const value = params.get(parameter.name);
      if (value !== null && allowed && !allowed.some((a) => String(a).toLowerCase() === value.toLowerCase()))
        throw new Error(
          `${method} ${operation.template}: ${parameter.name} is one of ${allowed.join(", ")}, not ${value}`,
        );
    }

    let body: unknown = null;
    if (operation.requestBody) {
      try {
        body = JSON.parse(request.body ?? "");
      } catch {
        throw new Error(`${method} ${request.path}: the body is not JSON`);
      }
      entry.body = body;
      // A body that breaks the contract fails the test, whatever is answered.
      assertAzureRequest(method, request.path, body);
    } else if (request.body) throw new Error(`${method} ${request.path} takes no body`);

    const index = this.faults.findIndex(
      (f) => f.type !== "applyThenFail" || !f.match || f.match.test(`${method} ${request.path}`),
    );
    const fault = index < 0 ? undefined : this.faults.splice(index, 1)[0];
    if (fault?.type === "hang") {
      entry.status = "hang";
      return { kind: "hang" };
    }
    if (fault?.type === "redirect") {
      entry.status = 302;
      return { kind: "empty", status: 302, headers: { Location: fault.location } };
    }
    if (fault?.type === "fail") {
      const extra: Record<string, string> = {};
      if (fault.retryAfter !== undefined) extra["Retry-After"] = String(fault.retryAfter);
      if (fault.status === 429)
        Object.assign(extra, { "X-RateLimit-Resource": "ATCPU", "X-RateLimit-Delay": String(fault.retryAfter ?? 0) });
      return this.respond(entry, fault.status, fault.body ?? this.faultBody(fault.status), extra);
    }

    let answer: { status: number; body: unknown } | FakeAzureResponse;
    try {
      answer = this.route(method, operation.operationId, operation.params, query, body, headers);
    } catch (error) {
      if (!(error instanceof AzureRefusal)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if ("kind" in answer) {
      entry.status = answer.kind === "hang" ? "hang" : answer.status;
      return answer;
    }
    if (fault?.type === "applyThenFail") return this.respond(entry, fault.status, this.faultBody(fault.status));
    return this.respond(entry, answer.status, answer.body);
  }

  private respond(
    entry: FakeAzureLogEntry,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): FakeAzureResponse {
    entry.status = status;
    if (status >= 200 && status < 300) assertAzureAnswer(entry.method, entry.path, body);
    else assertAzureError(body);
    return {
      kind: "json",
      status,
      headers: { "Content-Type": "application/json; charset=utf-8; api-version=7.1", ...headers },
      body: structuredClone(body),
    };
  }

  private faultBody(status: number): ErrorBody {
    if (status === 401)
      return errorBody("TF400813: The user is not authorized to access this resource.", "UnauthorizedRequestException");
    if (status === 403)
      return errorBody(
        "TF401027: You need the Git 'GenericContribute' permission to perform this action.",
        "AccessCheckException",
      );
    if (status === 404) return errorBody("The requested resource could not be found.", "NotFoundException");
    if (status === 429)
      return errorBody(
        "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'ATCPU'.",
        "RequestBlockedException",
      );
    if (status >= 500)
      return errorBody(
        "TF246017: Azure DevOps Services could not connect to the database.",
        "DatabaseConnectionException",
      );
    return errorBody(`HTTP ${status}`, "VssServiceException");
  }

  private route(
    method: string,
    operationId: string,
    params: Record<string, string>,
    query: Record<string, string>,
    body: unknown,
    headers: Record<string, string>,
  ): { status: number; body: unknown } | FakeAzureResponse {
    if (decodePat(headers.authorization) !== this.pat) {
      // A refused token: PATCH gets 401 with the error object, GET and POST the sign-in page with 203 (README).
      if (method === "PATCH")
        throw new AzureRefusal(
          401,
          "TF400813: The user '' is not authorized to access this resource.",
          "UnauthorizedRequestException",
        );
      return { kind: "html", status: 203, headers: { "Content-Type": "text/html; charset=utf-8" }, body: SIGN_IN_PAGE };
    }
    if (query["api-version"] !== "7.1")
      throw new AzureRefusal(
        400,
        `The requested REST API version of ${query["api-version"]} is not supported by this fake; it speaks 7.1.`,
        "VssVersionNotSupportedException",
      );
    if (
      params.organization?.toLowerCase() !== this.organization.toLowerCase() ||
      !AZURE_DEVOPS_ORGANIZATION_PATTERN.test(params.organization)
    )
      throw new AzureRefusal(
        404,
        `The organization '${params.organization}' could not be found.`,
        "OrganizationNotFoundException",
      );
    const wanted =
      operationId.includes("Create") || operationId.includes("Update")
        ? /^application\/json-patch\+json\b/i
        : /^application\/json\b/i;
    if (body !== null && !wanted.test(headers["content-type"] ?? ""))
      throw new AzureRefusal(415, "The request's content type is not supported.", "UnsupportedMediaTypeException");

    switch (operationId) {
      case "Projects_List":
        return { status: 200, body: this.projectList(query) };
      case "Projects_Get":
        return { status: 200, body: this.projectReference(this.project(params.projectId!), true) };
      case "Work Item Types_List":
        return { status: 200, body: this.types(this.project(params.project!)) };
      case "Work Items_Create":
        return { status: 200, body: this.create(this.project(params.project!), params.type!, body as unknown[]) };
      case "Work Items_Update":
      case "Work Items_Update (no project)":
        return { status: 200, body: this.update(params, body as unknown[]) };
      case "Work Items_Get Work Item":
      case "Work Items_Get Work Item (no project)":
        return { status: 200, body: this.getOne(params, query) };
      case "Work Items_List":
      case "Work Items_List (no project)":
        return { status: 200, body: this.list(params, query) };
      case "Wiql_Query By Wiql (no team)":
        return { status: 200, body: this.wiql(this.project(params.project!), query, body) };
      default:
        throw new NotEmulatedError(`FakeAzureDevOps does not emulate ${operationId}`);
    }
  }

  private project(idOrName: string): FakeAzureProject {
    const found = this.projects.find(
      (p) => p.id === idOrName.toLowerCase() || p.name.toLowerCase() === idOrName.toLowerCase(),
    );
    if (!found)
      throw new AzureRefusal(
        404,
        `TF200016: The following project does not exist: ${idOrName}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`,
        "ProjectDoesNotExistWithNameException",
      );
    return found;
  }

  private projectReference(project: FakeAzureProject, full = false) {
    const reference = {
      id: project.id,
      name: project.name,
      url: `${HOST}/${this.organization}/_apis/projects/${project.id}`,
      state: "wellFormed",
      revision: 11,
      visibility: "private",
      lastUpdateTime: "2026-11-01T09:00:00.000Z",
    };
    if (!full) return reference;
    return {
      ...reference,
      _links: {
        self: { href: reference.url },
        collection: {
          href: `${HOST}/${this.organization}/_apis/projectCollections/0b1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6`,
        },
        web: { href: `${HOST}/${this.organization}/${encodeURIComponent(project.name)}` },
      },
      defaultTeam: {
        id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        name: `${project.name} Team`,
        url: `${HOST}/${this.organization}/_apis/projects/${project.id}/teams/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d`,
      },
    };
  }

  private projectList(query: Record<string, string>) {
    const top = query.$top === undefined ? 100 : Number(query.$top);
    if (!Number.isInteger(top) || top < 1)
      throw new AzureRefusal(400, "$top must be a positive integer.", "ArgumentException");
    const skip = query.continuationToken ? Number(query.continuationToken) : 0;
    const value = this.projects.slice(skip, skip + top).map((p) => this.projectReference(p));
    return { count: value.length, value };
  }

  private typesOf(project: FakeAzureProject): FakeType[] {
    return Object.entries(PROCESSES[project.process]).map(([name, type]) => ({
      name,
      disabled: project.disabledTypes?.includes(name) ?? false,
      fields: [...COMMON_FIELDS, ...type.fields],
      states: type.states,
    }));
  }

  private typeOf(item: FakeAzureWorkItem): FakeType {
    const project = this.projects.find((p) => p.id === item.projectId)!;
    return this.typesOf(project).find((t) => t.name === item.type)!;
  }

  /** System.State: as set, else the type's first state. */
  private stateOf(item: FakeAzureWorkItem): string {
    const state = item.fields["System.State"];
    return typeof state === "string" ? state : this.typeOf(item).states[0]![0];
  }

  private types(project: FakeAzureProject) {
    const base = `${HOST}/${this.organization}/${project.id}/_apis/wit`;
    const value = this.typesOf(project).map((type) => {
      const fields = type.fields.map(([referenceName, name]) => ({
        alwaysRequired: referenceName === "System.Title",
        defaultValue: null,
        ...(referenceName === PRIORITY[0] ? { allowedValues: PRIORITY_VALUES, defaultValue: "2" } : {}),
        ...(referenceName === "System.State"
          ? { allowedValues: type.states.map(([name]) => name), defaultValue: type.states[0]![0] }
          : {}),
        helpText: null,
        referenceName,
        name,
        url: `${HOST}/${this.organization}/_apis/wit/fields/${referenceName}`,
      }));
      const names = type.states.map(([name]) => name);
      return {
        name: type.name,
        referenceName: `Microsoft.VSTS.WorkItemTypes.${type.name.replace(/\s+/g, "")}`,
        description: `${type.name} (${project.process} process)`,
        color: "009CCC",
        icon: {
          id: "icon_list",
          url: `${HOST}/${this.organization}/_apis/wit/workItemIcons/icon_list?color=009CCC&v=2`,
        },
        isDisabled: type.disabled,
        xmlForm: null,
        fields,
        fieldInstances: fields,
        transitions: Object.fromEntries([
          ["", [{ to: names[0]!, actions: null }]],
          ...names.map((from) => [from, names.filter((to) => to !== from).map((to) => ({ to, actions: null }))]),
        ]),
        states: type.states.map(([name, category]) => ({ name, color: STATE_COLORS[category], category })),
        url: `${base}/workItemTypes/${encodeURIComponent(type.name)}`,
      };
    });
    return { count: value.length, value };
  }

  /** The work item a relation's url names (`https://dev.azure.com/{org}/_apis/wit/workItems/{id}`), if any. */
  private linked(url: string): { id: string; item: FakeAzureWorkItem | undefined } {
    const match = /^https:\/\/dev\.azure\.com\/([^/]+)\/_apis\/wit\/workItems\/(\d+)$/i.exec(url);
    const item =
      match && decodeURIComponent(match[1]!).toLowerCase() === this.organization.toLowerCase()
        ? this.workItems.find((w) => w.id === Number(match[2]))
        : undefined;
    return { id: match?.[2] ?? url, item };
  }

  /**
   * Applies a JSON Patch to a work item's fields and links; refuses what Azure DevOps refuses. Answers the other
   * work items a link was added to (they get a revision too).
   */
  private apply(item: FakeAzureWorkItem, type: FakeType, patch: unknown[]): FakeAzureWorkItem[] {
    const fieldNames = new Set(type.fields.map(([name]) => name));
    const others: FakeAzureWorkItem[] = [];
    for (const raw of patch) {
      const operation = raw as { op: string; path: string; value?: unknown };
      if (operation.op === "test") {
        if (operation.path !== "/rev")
          throw new NotEmulatedError(`FakeAzureDevOps emulates the JSON Patch op test on /rev only`);
        if (Number(operation.value) !== item.rev)
          throw new AzureRefusal(
            412,
            "TF26071: This work item has been changed by someone else since you opened it. You will need to refresh it and discard your changes.",
            "WorkItemRevisionMismatchException",
          );
        continue;
      }
      if (operation.op !== "add")
        throw new NotEmulatedError(`FakeAzureDevOps does not emulate JSON Patch op ${operation.op}`);
      if (operation.path === "/relations/-") {
        const value = operation.value;
        if (!isObject(value) || typeof value.rel !== "string" || typeof value.url !== "string")
          throw new AzureRefusal(
            400,
            "VS402625: Dont have permission to add a relation without rel and url.",
            "WorkItemLinkInvalidException",
          );
        if (value.rel !== PARENT && value.rel !== RELATED)
          throw new NotEmulatedError(`FakeAzureDevOps does not emulate the link type ${value.rel}`);
        const { id: named, item: other } = this.linked(value.url);
        if (!other)
          throw new AzureRefusal(
            400,
            `TF401232: Work item ${named} does not exist, or you do not have permissions to read it.`,
            "WorkItemUnauthorizedAccessException",
          );
        if (value.rel === PARENT) {
          if (item.parentId !== null)
            throw new AzureRefusal(
              400,
              `TF201036: You cannot add a Child link between work items ${other.id} and ${item.id} because a work item can have only one Parent link.`,
              "WorkItemLinkInvalidException",
            );
          if (other.id === item.id)
            throw new AzureRefusal(
              400,
              "TF201035: Circular relationships are not allowed.",
              "WorkItemLinkInvalidException",
            );
          item.parentId = other.id;
        } else {
          if (other.id === item.id)
            throw new AzureRefusal(
              400,
              `TF201035: Work item ${item.id} cannot be linked to itself.`,
              "WorkItemLinkInvalidException",
            );
          if (item.related.includes(other.id) || other.related.includes(item.id))
            throw new AzureRefusal(
              400,
              `Relation already exists: work items ${item.id} and ${other.id} are linked with ${RELATED}.`,
              "WorkItemLinkAlreadyExistsException",
            );
          item.related.push(other.id);
        }
        others.push(other);
        continue;
      }
      const field = /^\/fields\/(.+)$/.exec(operation.path)?.[1];
      if (!field) throw new NotEmulatedError(`FakeAzureDevOps does not emulate the patch path ${operation.path}`);
      if (!fieldNames.has(field) || READ_ONLY.has(field))
        throw new AzureRefusal(400, `TF51535: Cannot find field ${field}.`, "WorkItemFieldInvalidException");
      const value = operation.value;
      const invalid = () =>
        new AzureRefusal(
          400,
          `TF401326: Invalid field status 'InvalidType' for field '${field}'.`,
          "RuleValidationException",
        );
      if (NUMBER_FIELDS.has(field) && (typeof value !== "number" || !Number.isFinite(value))) throw invalid();
      if (!NUMBER_FIELDS.has(field) && typeof value !== "string") throw invalid();
      if (field === PRIORITY[0] && !PRIORITY_VALUES.includes(String(value)))
        throw new AzureRefusal(
          400,
          `TF401320: Rule Error for field Priority. Error code: Required, HasValues, LimitedToValues, AllowsOldValue, InvalidEmpty.`,
          "RuleValidationException",
        );
      if (field === "System.State") {
        // Any state of the type (the standard processes allow every transition); names are matched as Azure does.
        const state = type.states.find(([name]) => name.toLowerCase() === String(value).toLowerCase());
        if (!state)
          throw new AzureRefusal(
            400,
            "TF401320: Rule Error for field State. Error code: Required, HasValues, LimitedToValues, AllowsOldValue, InvalidEmpty.",
            "RuleValidationException",
          );
        item.fields[field] = state[0];
        continue;
      }
      if (HTML_FIELDS.has(field) && typeof value === "string" && value.length > 1_048_576) throw invalid();
      item.fields[field] = value;
    }
    const title = item.fields["System.Title"];
    if (typeof title !== "string" || !title.trim())
      throw new AzureRefusal(
        400,
        "TF401320: Rule Error for field Title. Error code: Required, InvalidEmpty.",
        "RuleValidationException",
      );
    if (title.length > TITLE_MAX || /[\r\n]/.test(title))
      throw new AzureRefusal(
        400,
        "TF401320: Rule Error for field Title. Error code: InvalidLength.",
        "RuleValidationException",
      );
    const tags = item.fields["System.Tags"];
    if (typeof tags === "string")
      item.fields["System.Tags"] = tags
        .split(";")
        .map((t) => t.trim())
        .filter(Boolean)
        .join("; ");
    return others;
  }

  /** A link added to `others` is a change to them too: a revision, changed now. */
  private touch(others: FakeAzureWorkItem[], at: string): void {
    for (const other of new Set(others)) {
      other.rev += 1;
      other.changed = at;
    }
  }

  private create(project: FakeAzureProject, typeName: string, patch: unknown[]) {
    const type = this.typesOf(project).find((t) => t.name.toLowerCase() === typeName.toLowerCase());
    if (!type || type.disabled)
      throw new AzureRefusal(
        404,
        `VS402323: Work item type ${typeName} does not exist in project ${project.name} or you do not have permission to access it.`,
        "WorkItemTypeNotFoundException",
      );
    const at = new Date(this.now()).toISOString();
    const draft: FakeAzureWorkItem = {
      id: this.nextId,
      projectId: project.id,
      type: type.name,
      rev: 1,
      fields: {},
      parentId: null,
      related: [],
      created: at,
      changed: at,
    };
    const others = this.apply(draft, type, patch);
    this.nextId += 1;
    this.workItems.push(draft);
    this.touch(others, at);
    return this.workItemAnswer(draft, null, true);
  }

  private existing(params: Record<string, string>, id: string): FakeAzureWorkItem {
    const item = this.workItems.find(
      (w) => w.id === Number(id) && (!params.project || w.projectId === this.project(params.project).id),
    );
    if (!item)
      throw new AzureRefusal(
        404,
        `TF401232: Work item ${id} does not exist, or you do not have permissions to read it.`,
        "WorkItemUnauthorizedAccessException",
      );
    return item;
  }

  private update(params: Record<string, string>, patch: unknown[]) {
    const item = this.existing(params, params.id!);
    const copy = structuredClone(item);
    const others = this.apply(copy, this.typeOf(item), patch);
    const at = new Date(this.now()).toISOString();
    Object.assign(item, copy, { rev: item.rev + 1, changed: at });
    this.touch(
      others.filter((o) => o.id !== item.id),
      at,
    );
    return this.workItemAnswer(item, null, true);
  }

  /** Fields named in `fields=`, each one the fake knows (Azure refuses a field the organisation does not have). */
  private fieldList(query: Record<string, string>): string[] | null {
    const fields = query.fields ? query.fields.split(",").map((f) => f.trim()) : null;
    const unknown = fields?.find((f) => !KNOWN_FIELDS.has(f));
    if (unknown) throw new AzureRefusal(400, `TF51535: Cannot find field ${unknown}.`, "WorkItemFieldInvalidException");
    return fields;
  }

  /** GET one work item: all its fields, or those named in `fields`; its relations with $expand=relations or all. */
  private getOne(params: Record<string, string>, query: Record<string, string>) {
    if (query.asOf) throw new NotEmulatedError("FakeAzureDevOps does not emulate GET …/workitems/{id} with asOf");
    const expand = query.$expand?.toLowerCase() ?? "none";
    if (query.fields && expand !== "none")
      throw new AzureRefusal(
        400,
        "VS403437: The expand parameter can not be used with the fields parameter.",
        "ConflictingParametersException",
      );
    const fields = this.fieldList(query);
    return this.workItemAnswer(this.existing(params, params.id!), fields, expand === "relations" || expand === "all");
  }

  /** Its parent, its children and the items it is related to (either way), as `relations` lists them. */
  private relationsOf(item: FakeAzureWorkItem) {
    const relation = (rel: string, id: number, name: string) => ({
      rel,
      url: `${HOST}/${this.organization}/_apis/wit/workItems/${id}`,
      attributes: { isLocked: false, name },
    });
    const related = new Set([
      ...item.related,
      ...this.workItems.filter((w) => w.related.includes(item.id)).map((w) => w.id),
    ]);
    return [
      ...(item.parentId !== null ? [relation(PARENT, item.parentId, "Parent")] : []),
      ...this.workItems.filter((w) => w.parentId === item.id).map((w) => relation(CHILD, w.id, "Child")),
      ...[...related].map((id) => relation(RELATED, id, "Related")),
    ];
  }

  /**
   * A work item as the API answers it; `only` limits the fields (`fields=`), `relations` adds them (as creates and
   * updates answer, and GET with $expand=relations): Azure lists them only then, and leaves the list out when empty.
   */
  private workItemAnswer(item: FakeAzureWorkItem, only: string[] | null, relations = false) {
    const project = this.projects.find((p) => p.id === item.projectId)!;
    const url = `${HOST}/${this.organization}/${project.id}/_apis/wit/workItems/${item.id}`;
    const state = this.stateOf(item);
    const all: Record<string, unknown> = {
      "System.AreaPath": project.name,
      "System.TeamProject": project.name,
      "System.IterationPath": project.name,
      "System.WorkItemType": item.type,
      "System.Reason": state === this.typeOf(item).states[0]![0] ? "New" : `Moved to state ${state}`,
      "System.CreatedDate": item.created,
      "System.ChangedDate": item.changed,
      ...item.fields,
      "System.State": state,
      ...(item.parentId !== null ? { "System.Parent": item.parentId } : {}),
    };
    if (only) {
      return {
        id: item.id,
        rev: item.rev,
        fields: Object.fromEntries(only.filter((f) => all[f] !== undefined).map((f) => [f, all[f]])),
        url,
      };
    }
    const links = relations ? this.relationsOf(item) : [];
    return {
      id: item.id,
      rev: item.rev,
      fields: all,
      ...(links.length ? { relations: links } : {}),
      _links: {
        self: { href: url },
        workItemUpdates: { href: `${url}/updates` },
        workItemRevisions: { href: `${url}/revisions` },
        html: { href: `${HOST}/${this.organization}/${project.id}/_workitems/edit/${item.id}` },
      },
      url,
    };
  }

  private list(params: Record<string, string>, query: Record<string, string>) {
    const ids = (query.ids ?? "").split(",").map((s) => s.trim());
    if (ids.some((id) => !/^\d+$/.test(id)))
      throw new AzureRefusal(400, `The ids parameter must be a comma-separated list of integers.`, "ArgumentException");
    if (ids.length > LIST_MAX_IDS)
      throw new AzureRefusal(
        400,
        `VS403474: The maximum number of work items that can be requested is ${LIST_MAX_IDS}.`,
        "ArgumentException",
      );
    if (query.errorPolicy || query.asOf || query.$expand)
      throw new NotEmulatedError("FakeAzureDevOps emulates GET …/workitems with ids and fields only");
    const fields = this.fieldList(query);
    // In the order asked for, as Azure DevOps answers.
    const value = ids.map((id) => this.workItemAnswer(this.existing(params, id), fields));
    return { count: value.length, value };
  }

  /** Whether one WIQL condition holds for a work item of the query's project. */
  private holds(item: FakeAzureWorkItem, condition: WiqlCondition, project: FakeAzureProject): boolean {
    const { field } = condition;
    const text = (value: unknown) => String(value ?? "").toLowerCase();
    if (field === "System.TeamProject") {
      if (condition.op !== "=") throw new NotEmulatedError(`WIQL: [System.TeamProject] ${condition.op}`);
      const wanted = condition.value === null ? project.name : condition.value;
      const own = this.projects.find((p) => p.id === item.projectId)!;
      return own.name.toLowerCase() === wanted.toLowerCase();
    }
    if (field === "System.Tags") {
      if (condition.op !== "CONTAINS" || condition.value === null)
        throw new NotEmulatedError(`WIQL: [System.Tags] ${condition.op}`);
      const tag = condition.value.toLowerCase();
      return text(item.fields["System.Tags"])
        .split(";")
        .some((t) => t.trim() === tag);
    }
    if (field !== "System.State" && field !== "System.WorkItemType")
      throw new NotEmulatedError(`FakeAzureDevOps does not emulate WIQL conditions on [${field}]`);
    const actual = field === "System.State" ? this.stateOf(item).toLowerCase() : item.type.toLowerCase();
    switch (condition.op) {
      case "=":
      case "<>":
        if (condition.value === null) throw new NotEmulatedError(`WIQL: [${field}] ${condition.op} @project`);
        return (actual === condition.value.toLowerCase()) === (condition.op === "=");
      case "IN":
      case "NOT IN":
        return condition.values.some((v) => v.toLowerCase() === actual) === (condition.op === "IN");
      default:
        throw new NotEmulatedError(`WIQL: [${field}] ${condition.op}`);
    }
  }

  private wiql(project: FakeAzureProject, query: Record<string, string>, body: unknown) {
    const text = isObject(body) && typeof body.query === "string" ? body.query : "";
    let parsed: WiqlQuery;
    try {
      parsed = parseWiql(text);
    } catch (error) {
      if (!(error instanceof WiqlSyntaxError)) throw error;
      throw new AzureRefusal(
        400,
        `TF51006: The query statement is not understood (${error.message}). The fake understands SELECT [fields] FROM WorkItems WHERE conditions joined by AND ORDER BY [fields].`,
        "WorkItemTrackingQueryException",
      );
    }
    const named = [
      ...parsed.columns,
      ...parsed.conditions.map((c) => c.field),
      ...parsed.order.map((o) => o.field),
    ].find((f) => !KNOWN_FIELDS.has(f));
    if (named)
      throw new AzureRefusal(
        400,
        `TF51005: The query references a field that does not exist. The error is caused by «[${named}]».`,
        "WorkItemTrackingQueryException",
      );
    const top = query.$top === undefined ? 20_000 : Number(query.$top);
    if (!Number.isInteger(top) || top < 1)
      throw new AzureRefusal(400, "$top must be a positive integer.", "ArgumentException");
    const sortable: Record<string, (w: FakeAzureWorkItem) => string | number> = {
      "System.Id": (w) => w.id,
      "System.ChangedDate": (w) => w.changed,
      "System.CreatedDate": (w) => w.created,
      "System.Title": (w) => String(w.fields["System.Title"] ?? "").toLowerCase(),
    };
    for (const { field } of parsed.order)
      if (!sortable[field]) throw new NotEmulatedError(`FakeAzureDevOps does not emulate ORDER BY [${field}]`);
    const found = this.workItems
      .filter((w) => parsed.conditions.every((c) => this.holds(w, c, project)))
      .sort((a, b) => {
        for (const { field, descending } of parsed.order) {
          const [x, y] = [sortable[field]!(a), sortable[field]!(b)];
          if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
        }
        return a.id - b.id;
      })
      .slice(0, top);
    const base = `${HOST}/${this.organization}/${project.id}/_apis/wit`;
    const reference = (field: string) => ({
      referenceName: field,
      name: FIELD_NAMES.get(field) ?? field,
      url: `${HOST}/${this.organization}/_apis/wit/fields/${field}`,
    });
    return {
      queryType: "flat",
      queryResultType: "workItem",
      asOf: new Date(this.now()).toISOString(),
      columns: parsed.columns.map(reference),
      sortColumns: parsed.order.map(({ field, descending }) => ({ field: reference(field), descending })),
      workItems: found.map((w) => ({ id: w.id, url: `${base}/workItems/${w.id}` })),
    };
  }
}

interface FakeType {
  name: string;
  disabled: boolean;
  fields: [string, string][];
  /** The first is where a new work item starts. */
  states: States;
}

// ——— WIQL: the flat queries StoryLoom writes ———

type WiqlCondition =
  /** `value` null: the @project macro. */
  | { field: string; op: "=" | "<>" | "CONTAINS"; value: string | null }
  | { field: string; op: "IN" | "NOT IN"; values: string[] };

interface WiqlQuery {
  columns: string[];
  conditions: WiqlCondition[];
  order: { field: string; descending: boolean }[];
}

class WiqlSyntaxError extends Error {}

interface WiqlToken {
  kind: "field" | "string" | "macro" | "word" | "symbol";
  text: string;
}

function wiqlTokens(query: string): WiqlToken[] {
  const tokens: WiqlToken[] = [];
  const pattern = /\s*(?:\[([^\]]+)\]|'((?:[^']|'')*)'|@(\w+)|([A-Za-z]\w*)|(<>|[=(),]))/y;
  let at = 0;
  while (at < query.length) {
    if (!query.slice(at).trim()) break;
    pattern.lastIndex = at;
    const match = pattern.exec(query);
    if (!match) throw new WiqlSyntaxError(`unexpected text at ${JSON.stringify(query.slice(at, at + 20).trim())}`);
    at = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "field", text: match[1].trim() });
    else if (match[2] !== undefined) tokens.push({ kind: "string", text: match[2].replace(/''/g, "'") });
    else if (match[3] !== undefined) tokens.push({ kind: "macro", text: match[3].toLowerCase() });
    else if (match[4] !== undefined) tokens.push({ kind: "word", text: match[4].toUpperCase() });
    else tokens.push({ kind: "symbol", text: match[5]! });
  }
  return tokens;
}

/** SELECT [a], [b] FROM WorkItems [WHERE cond AND cond…] [ORDER BY [f] [ASC|DESC], …]; cond: = <> CONTAINS [NOT] IN. */
function parseWiql(query: string): WiqlQuery {
  const tokens = wiqlTokens(query);
  let i = 0;
  const is = (kind: WiqlToken["kind"], text?: string) =>
    tokens[i]?.kind === kind && (text === undefined || tokens[i]!.text === text);
  const take = (kind: WiqlToken["kind"], text?: string): string => {
    if (!is(kind, text)) throw new WiqlSyntaxError(`expected ${text ?? kind} at ${tokens[i]?.text ?? "the end"}`);
    return tokens[i++]!.text;
  };
  const value = (): string | null => {
    if (is("macro")) {
      const macro = take("macro");
      if (macro !== "project") throw new NotEmulatedError(`FakeAzureDevOps does not emulate the WIQL macro @${macro}`);
      return null;
    }
    return take("string");
  };

  take("word", "SELECT");
  const columns = [take("field")];
  while (is("symbol", ",")) {
    i++;
    columns.push(take("field"));
  }
  take("word", "FROM");
  take("word", "WORKITEMS");
  const conditions: WiqlCondition[] = [];
  if (is("word", "WHERE")) {
    i++;
    for (;;) {
      const field = take("field");
      if (is("symbol", "=") || is("symbol", "<>") || is("word", "CONTAINS")) {
        const op = tokens[i++]!.text as "=" | "<>" | "CONTAINS";
        conditions.push({ field, op, value: value() });
      } else {
        const not = is("word", "NOT");
        if (not) i++;
        take("word", "IN");
        take("symbol", "(");
        const values = [take("string")];
        while (is("symbol", ",")) {
          i++;
          values.push(take("string"));
        }
        take("symbol", ")");
        conditions.push({ field, op: not ? "NOT IN" : "IN", values });
      }
      if (!is("word", "AND")) break;
      i++;
    }
  }
  const order: WiqlQuery["order"] = [];
  if (is("word", "ORDER")) {
    i++;
    take("word", "BY");
    for (;;) {
      const field = take("field");
      const descending = is("word", "DESC");
      if (descending || is("word", "ASC")) i++;
      order.push({ field, descending });
      if (!is("symbol", ",")) break;
      i++;
    }
  }
  if (i < tokens.length) throw new WiqlSyntaxError(`unexpected ${tokens[i]!.text}`);
  return { columns, conditions, order };
}
