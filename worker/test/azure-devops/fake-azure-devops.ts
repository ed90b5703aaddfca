// An in-memory Azure DevOps Services organisation that speaks the REST API 7.1 calls StoryLoom makes: the project
// list, one project, its work item types (by process: Agile, Scrum, CMMI, Basic), work item create and update (JSON
// Patch, parent links), read by ids, and WIQL. Pure TypeScript, so the same emulator serves Worker tests (mock.ts)
// and `npm run dev` or the browser journeys (scripts/fake-azure-devops.ts).
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
  now?: () => number;
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
  /** Fields as set, by reference name (System.Title, System.Tags…), without the ones the service computes. */
  fields: Record<string, unknown>;
  /** The parent's id (a Hierarchy-Reverse relation), or null. */
  parentId: number | null;
  created: string;
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
  | { type: "applyThenFail"; status: number }
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

const PROCESSES: Record<FakeProcess, Record<string, [string, string][]>> = {
  Agile: {
    Epic: [PRIORITY, EFFORT],
    Feature: [PRIORITY, EFFORT],
    "User Story": [PRIORITY, CRITERIA, STORY_POINTS],
    Task: [PRIORITY],
    Bug: [PRIORITY, STORY_POINTS],
  },
  Scrum: {
    Epic: [PRIORITY, EFFORT, CRITERIA],
    Feature: [PRIORITY, EFFORT, CRITERIA],
    "Product Backlog Item": [PRIORITY, EFFORT, CRITERIA],
    Task: [PRIORITY],
    Bug: [PRIORITY, EFFORT, CRITERIA],
    Impediment: [PRIORITY],
  },
  CMMI: {
    Epic: [PRIORITY, SIZE],
    Feature: [PRIORITY, SIZE],
    Requirement: [PRIORITY, SIZE],
    Task: [PRIORITY],
    Bug: [PRIORITY, SIZE],
  },
  Basic: { Epic: [PRIORITY, EFFORT], Issue: [PRIORITY, EFFORT], Task: [PRIORITY] },
};

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

const WIQL =
  /^SELECT \[System\.Id\] FROM WorkItems WHERE \[System\.TeamProject\] = @project AND \[System\.Tags\] CONTAINS '([^']*)' ORDER BY \[System\.Id\] ASC$/;
const SIGN_IN_PAGE =
  '<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body><form action="https://login.microsoftonline.com/"></form></body></html>';

export class FakeAzureDevOps {
  readonly organization: string;
  readonly pat: string;
  readonly projects: FakeAzureProject[];
  /** Every API request, oldest first (test controls are not logged). */
  readonly requests: FakeAzureLogEntry[] = [];
  /** Every work item created, oldest first. */
  readonly workItems: FakeAzureWorkItem[] = [];

  private readonly now: () => number;
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
  }

  // ——— test controls ———

  /** Forgets every work item, request and pending fault. */
  reset(): void {
    this.requests.length = 0;
    this.workItems.length = 0;
    this.faults = [];
    this.nextId = FIRST_ID;
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

  /** The next request is carried out (work item created or changed), then answered `status`: an unknown outcome. */
  applyThenFail(status = 500): this {
    this.faults.push({ type: "applyThenFail", status });
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

    const fault = this.faults.shift();
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
        return { status: 200, body: this.workItemAnswer(this.existing(params, params.id!), null) };
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

  private typesOf(project: FakeAzureProject): { name: string; disabled: boolean; fields: [string, string][] }[] {
    return Object.entries(PROCESSES[project.process]).map(([name, extra]) => ({
      name,
      disabled: project.disabledTypes?.includes(name) ?? false,
      fields: [...COMMON_FIELDS, ...extra],
    }));
  }

  private types(project: FakeAzureProject) {
    const base = `${HOST}/${this.organization}/${project.id}/_apis/wit`;
    const value = this.typesOf(project).map((type) => {
      const fields = type.fields.map(([referenceName, name]) => ({
        alwaysRequired: referenceName === "System.Title",
        defaultValue: null,
        ...(referenceName === PRIORITY[0] ? { allowedValues: PRIORITY_VALUES, defaultValue: "2" } : {}),
        helpText: null,
        referenceName,
        name,
        url: `${HOST}/${this.organization}/_apis/wit/fields/${referenceName}`,
      }));
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
        transitions: { "": [{ to: "New", actions: null }] },
        states: [{ name: "New", color: "b2b2b2", category: "Proposed" }],
        url: `${base}/workItemTypes/${encodeURIComponent(type.name)}`,
      };
    });
    return { count: value.length, value };
  }

  /** Applies a JSON Patch to a work item's fields and parent; refuses what Azure DevOps refuses. */
  private apply(item: FakeAzureWorkItem, fieldNames: Set<string>, patch: unknown[]): void {
    for (const raw of patch) {
      const operation = raw as { op: string; path: string; value?: unknown };
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
        if (value.rel !== "System.LinkTypes.Hierarchy-Reverse")
          throw new NotEmulatedError(`FakeAzureDevOps does not emulate the link type ${value.rel}`);
        const match = /^https:\/\/dev\.azure\.com\/([^/]+)\/_apis\/wit\/workItems\/(\d+)$/i.exec(value.url);
        const parent =
          match && decodeURIComponent(match[1]!).toLowerCase() === this.organization.toLowerCase()
            ? this.workItems.find((w) => w.id === Number(match[2]))
            : undefined;
        if (!parent)
          throw new AzureRefusal(
            400,
            `TF401232: Work item ${match?.[2] ?? value.url} does not exist, or you do not have permissions to read it.`,
            "WorkItemUnauthorizedAccessException",
          );
        if (item.parentId !== null)
          throw new AzureRefusal(
            400,
            `TF201036: You cannot add a Child link between work items ${parent.id} and ${item.id} because a work item can have only one Parent link.`,
            "WorkItemLinkInvalidException",
          );
        if (parent.id === item.id)
          throw new AzureRefusal(
            400,
            "TF201035: Circular relationships are not allowed.",
            "WorkItemLinkInvalidException",
          );
        item.parentId = parent.id;
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
  }

  private create(project: FakeAzureProject, typeName: string, patch: unknown[]) {
    const type = this.typesOf(project).find((t) => t.name.toLowerCase() === typeName.toLowerCase());
    if (!type || type.disabled)
      throw new AzureRefusal(
        404,
        `VS402323: Work item type ${typeName} does not exist in project ${project.name} or you do not have permission to access it.`,
        "WorkItemTypeNotFoundException",
      );
    const draft: FakeAzureWorkItem = {
      id: this.nextId,
      projectId: project.id,
      type: type.name,
      rev: 1,
      fields: {},
      parentId: null,
      created: new Date(this.now()).toISOString(),
    };
    this.apply(draft, new Set(type.fields.map(([name]) => name)), patch);
    this.nextId += 1;
    this.workItems.push(draft);
    return this.workItemAnswer(draft, null);
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
    const project = this.projects.find((p) => p.id === item.projectId)!;
    const type = this.typesOf(project).find((t) => t.name === item.type)!;
    const copy = structuredClone(item);
    this.apply(copy, new Set(type.fields.map(([name]) => name)), patch);
    Object.assign(item, copy, { rev: item.rev + 1 });
    return this.workItemAnswer(item, null);
  }

  /** A work item as the API answers it; `only` limits the fields (GET …/workitems?fields=). */
  private workItemAnswer(item: FakeAzureWorkItem, only: string[] | null) {
    const project = this.projects.find((p) => p.id === item.projectId)!;
    const url = `${HOST}/${this.organization}/${project.id}/_apis/wit/workItems/${item.id}`;
    const all: Record<string, unknown> = {
      "System.AreaPath": project.name,
      "System.TeamProject": project.name,
      "System.IterationPath": project.name,
      "System.WorkItemType": item.type,
      "System.State": "New",
      "System.Reason": "New",
      "System.CreatedDate": item.created,
      "System.ChangedDate": item.created,
      ...item.fields,
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
    return {
      id: item.id,
      rev: item.rev,
      fields: all,
      ...(item.parentId !== null
        ? {
            relations: [
              {
                rel: "System.LinkTypes.Hierarchy-Reverse",
                url: `${HOST}/${this.organization}/_apis/wit/workItems/${item.parentId}`,
                attributes: { isLocked: false, name: "Parent" },
              },
            ],
          }
        : {}),
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
    const fields = query.fields ? query.fields.split(",").map((f) => f.trim()) : null;
    const known = new Set(
      COMMON_FIELDS.map(([name]) => name).concat(PRIORITY[0], CRITERIA[0], STORY_POINTS[0], EFFORT[0], SIZE[0]),
    );
    const unknown = fields?.find((f) => !known.has(f));
    if (unknown) throw new AzureRefusal(400, `TF51535: Cannot find field ${unknown}.`, "WorkItemFieldInvalidException");
    const value = ids.map((id) => this.workItemAnswer(this.existing(params, id), fields));
    return { count: value.length, value };
  }

  private wiql(project: FakeAzureProject, query: Record<string, string>, body: unknown) {
    const text = isObject(body) && typeof body.query === "string" ? body.query : "";
    const match = WIQL.exec(text);
    if (!match)
      throw new AzureRefusal(
        400,
        "TF51006: The query statement is not understood by the fake; it understands only what StoryLoom sends: SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.Tags] CONTAINS '…' ORDER BY [System.Id] ASC",
        "WorkItemTrackingQueryException",
      );
    const tag = match[1]!.toLowerCase();
    const top = query.$top === undefined ? 20_000 : Number(query.$top);
    const found = this.workItems
      .filter((w) => w.projectId === project.id)
      .filter((w) =>
        String(w.fields["System.Tags"] ?? "")
          .split(";")
          .some((t) => t.trim().toLowerCase() === tag),
      )
      .slice(0, top);
    const base = `${HOST}/${this.organization}/${project.id}/_apis/wit`;
    return {
      queryType: "flat",
      queryResultType: "workItem",
      asOf: new Date(this.now()).toISOString(),
      columns: [
        { referenceName: "System.Id", name: "ID", url: `${HOST}/${this.organization}/_apis/wit/fields/System.Id` },
      ],
      sortColumns: [
        {
          field: {
            referenceName: "System.Id",
            name: "ID",
            url: `${HOST}/${this.organization}/_apis/wit/fields/System.Id`,
          },
          descending: false,
        },
      ],
      workItems: found.map((w) => ({ id: w.id, url: `${base}/workItems/${w.id}` })),
    };
  }
}
