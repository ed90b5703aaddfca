// An in-memory Linear that answers the GraphQL documents StoryLoom sends (adapters/linear/http.ts): the viewer, teams,
// one team with its labels, label create, issue and project create, an issue or project read back with its children,
// and for the review before an export (issue 41) the issue and project lists with the filters StoryLoom sends (team,
// workflow state type, sub-issues, project status), newest first by updatedAt or createdAt, issue relations and their
// create, and description edits. Pure
// TypeScript, so the same emulator serves Worker tests (mock.ts) and `npm run dev` or the browser journeys
// (scripts/fake-linear.ts).
//
// It never guesses: every request is validated against Linear's schema (linear.schema.graphql, trimmed to the kept
// root fields) before it is run, documents are executed by graphql-js over the fake's state, so an answer holds
// exactly the fields selected, and every answer is checked against the schema again before it leaves. A field the
// emulator does not model, or a filter it cannot evaluate, throws NotEmulatedError instead of answering null. What
// Linear would refuse (an unknown team, parent or label, an estimate off the team's scale, a reused id) is refused
// as Linear does: HTTP 200 with `errors` and `extensions.type` "invalid input".
import * as graphql from "graphql";
import { assertLinearRequest, assertLinearResponse, linearContract, type GraphQLRequest } from "./contract";

/** The personal API key the fake accepts unless told otherwise: obviously not a real key. */
import { FAKE_LINEAR_API_KEY, FAKE_LINEAR_WORKSPACE } from "../tracker-credentials";
export { FAKE_LINEAR_API_KEY, FAKE_LINEAR_WORKSPACE };

export interface FakeLinearTeam {
  id: string;
  key: string;
  name: string;
  /** "notUsed", "exponential", "fibonacci", "linear" or "tShirt". */
  estimationType: string;
  allowZero: boolean;
  extended: boolean;
}

export interface FakeLinearLabel {
  id: string;
  name: string;
  /** null: a workspace label. */
  teamId: string | null;
  isGroup?: boolean;
}

export interface FakeLinearOptions {
  apiKey?: string;
  viewer?: { name: string; email: string };
  teams?: FakeLinearTeam[];
  labels?: FakeLinearLabel[];
  /** The `first` a connection allows at most (Linear: 250). */
  maxPageSize?: number;
  now?: () => number;
}

export interface FakeLinearRequest {
  method: string;
  /** `/graphql`, without the query. */
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export type FakeLinearResponse =
  | { kind: "json"; status: number; headers: Record<string, string>; body: unknown }
  /** Never answers: the caller must give up (hangNext). */
  | { kind: "hang" };

export interface FakeLinearLogEntry {
  operationName: string | null;
  /** `query` or `mutation`. */
  operation: string | null;
  variables: Record<string, unknown>;
  status: number | "hang";
}

/** A team's workflow states, as a new Linear team has them: a name and one of Linear's state types. */
export const FAKE_LINEAR_STATES = [
  { name: "Backlog", type: "backlog" },
  { name: "Todo", type: "unstarted" },
  { name: "In Progress", type: "started" },
  { name: "Done", type: "completed" },
  { name: "Canceled", type: "canceled" },
  { name: "Duplicate", type: "duplicate" },
] as const;
export type FakeLinearStateName = (typeof FAKE_LINEAR_STATES)[number]["name"];
/** Where an issue created through the API starts (the team's first unstarted state, as in Linear). */
const DEFAULT_STATE: FakeLinearStateName = "Todo";

/** Linear's project status types (ProjectStatusType), with the name a new workspace gives each. */
const PROJECT_STATUSES = {
  backlog: "Backlog",
  planned: "Planned",
  started: "In Progress",
  paused: "Paused",
  completed: "Completed",
  canceled: "Canceled",
} as const;
export type FakeLinearProjectStatus = keyof typeof PROJECT_STATUSES;

export interface FakeLinearIssue {
  id: string;
  identifier: string;
  number: number;
  teamId: string;
  title: string;
  /** Markdown, as Linear's API gives and takes it. */
  description: string | null;
  /** The name of one of the team's workflow states (FAKE_LINEAR_STATES). */
  state: FakeLinearStateName;
  priority: number;
  estimate: number | null;
  parentId: string | null;
  projectId: string | null;
  labelIds: string[];
  url: string;
  createdAt: string;
  updatedAt: string;
}

export interface FakeLinearRelation {
  id: string;
  /** Reads "issueId {type} relatedIssueId". */
  issueId: string;
  relatedIssueId: string;
  /** IssueRelationType: "blocks", "duplicate", "related" or "similar". */
  type: string;
  createdAt: string;
}

export interface FakeLinearProject {
  id: string;
  name: string;
  description: string;
  content: string | null;
  slugId: string;
  teamIds: string[];
  priority: number;
  url: string;
  status: FakeLinearProjectStatus;
  createdAt: string;
  updatedAt: string;
}

export interface FakeLinearFault {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number | string;
  /** The `extensions.type` of the error (by default from the status: 429 "ratelimited", 401 "authentication error"…). */
  errorType?: string;
}

/** A request Linear would accept that the emulator does not model: the test (or dev server) fails loudly instead. */
export class NotEmulatedError extends Error {
  override name = "NotEmulatedError";
}

/** A refusal as Linear words it, carried out of a resolver to become the answer's `errors`. */
class LinearRefusal extends Error {
  readonly type: string;
  readonly userPresentableMessage: string;
  constructor(message: string, userPresentableMessage: string, type = "invalid input") {
    super(message);
    this.type = type;
    this.userPresentableMessage = userPresentableMessage;
  }
}

type Fault = ({ type: "fail" } & FakeLinearFault) | { type: "hang" } | { type: "applyThenFail"; status: number };
/** A fault for the next request of one operation, whatever is sent before it. */
type TargetedFault = { operationName: string; fault: Fault };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The scales Linear offers (adapters/linear/format.ts says the same from the other side). */
const SCALES: Record<string, number[]> = {
  exponential: [1, 2, 4, 8, 16, 32, 64],
  fibonacci: [1, 2, 3, 5, 8, 13, 21],
  linear: [1, 2, 3, 4, 5, 6, 7],
  tShirt: [1, 2, 3, 5, 8, 13, 21],
};
/** Linear keeps a project's description short; the long text is `content`. */
const PROJECT_DESCRIPTION_MAX = 255;

const notFound = (entity: string) =>
  new LinearRefusal(`Entity not found: ${entity}`, `Could not find referenced ${entity}.`);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "untitled";

/**
 * Wraps a resolved object so that reading a field it does not have throws: graphql-js would otherwise answer null
 * for a nullable field the emulator never modelled, and a test would pass on an answer Linear never gives.
 */
function strict<T extends object>(typeName: string, value: T): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === "string" && !(key in target) && key !== "then" && key !== "toJSON")
        throw new NotEmulatedError(`FakeLinear does not model ${typeName}.${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  filter?: unknown;
  orderBy?: unknown;
  includeArchived?: boolean | null;
  sort?: unknown;
}

export class FakeLinear {
  readonly options: Required<Omit<FakeLinearOptions, "teams" | "labels">>;
  readonly teams: FakeLinearTeam[];
  readonly labels: FakeLinearLabel[];
  /** Every API request, oldest first (test controls are not logged). */
  readonly requests: FakeLinearLogEntry[] = [];
  /** Every issue created, oldest first. */
  readonly issues: FakeLinearIssue[] = [];
  /** Every project created, oldest first. */
  readonly projects: FakeLinearProject[] = [];
  /** Every issue relation created, oldest first. */
  readonly relations: FakeLinearRelation[] = [];

  private readonly initialLabels: FakeLinearLabel[];
  private faults: Fault[] = [];
  private targeted: TargetedFault[] = [];
  private numbers = new Map<string, number>();

  constructor(options: FakeLinearOptions = {}) {
    this.options = {
      apiKey: options.apiKey ?? FAKE_LINEAR_API_KEY,
      viewer: options.viewer ?? { name: "Dana Demo", email: "dana@example.com" },
      maxPageSize: options.maxPageSize ?? 250,
      now: options.now ?? Date.now,
    };
    this.teams = options.teams ?? [
      {
        id: "5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a01",
        key: "ENG",
        name: "Engineering",
        estimationType: "fibonacci",
        allowZero: false,
        extended: false,
      },
      {
        id: "5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a02",
        key: "DES",
        name: "Design",
        estimationType: "notUsed",
        allowZero: false,
        extended: false,
      },
    ];
    this.labels = options.labels ?? [
      { id: "7d9e2a40-3b1c-4e5f-8a6b-0c1d2e3f4a01", name: "StoryLoom", teamId: null },
      { id: "7d9e2a40-3b1c-4e5f-8a6b-0c1d2e3f4a02", name: "Bug", teamId: null },
    ];
    this.initialLabels = this.labels.map((l) => ({ ...l }));
  }

  // ——— test controls ———

  /** Forgets every issue, project, relation, created label, request and fault. */
  reset(): void {
    this.requests.length = 0;
    this.issues.length = 0;
    this.projects.length = 0;
    this.relations.length = 0;
    this.labels.splice(0, this.labels.length, ...this.initialLabels.map((l) => ({ ...l })));
    this.faults = [];
    this.targeted = [];
    this.numbers.clear();
  }

  /**
   * The next `count` API requests answer `status` (Retry-After when given) with Linear's `errors` body, whose
   * `extensions.type` follows the status unless `errorType` is given (status 200 with type "ratelimited" is Linear's way too).
   */
  failNext(count: number, fault: FakeLinearFault): this {
    for (let i = 0; i < count; i++) this.faults.push({ type: "fail", ...fault });
    return this;
  }

  /** The next request never answers, until the caller aborts it. */
  hangNext(): this {
    this.faults.push({ type: "hang" });
    return this;
  }

  /** The next request is carried out (a mutation applies), then answered `status`: an outcome the caller cannot know. */
  applyThenFail(status = 500): this {
    this.faults.push({ type: "applyThenFail", status });
    return this;
  }

  /**
   * The next request of the operation `operationName` (e.g. "StoryLoomRelationCreate"), whatever is sent before it:
   * fails as failNext says, or (applied: true) is carried out and then answered `status`, as applyThenFail.
   */
  failOn(operationName: string, fault: FakeLinearFault): this {
    this.targeted.push({ operationName, fault: { type: "fail", ...fault } });
    return this;
  }

  /** failOn's applied form: the next request of `operationName` is carried out, then answered `status`. */
  applyThenFailOn(operationName: string, status = 500): this {
    this.targeted.push({ operationName, fault: { type: "applyThenFail", status } });
    return this;
  }

  /** The requests of one operation (by its name, e.g. "StoryLoomIssueCreate"). */
  requestsTo(operationName: string): FakeLinearLogEntry[] {
    return this.requests.filter((r) => r.operationName === operationName);
  }

  issue(identifier: string): FakeLinearIssue {
    const found = this.issues.find((i) => i.identifier === identifier || i.id === identifier);
    if (!found) throw new Error(`FakeLinear has no issue ${identifier}`);
    return found;
  }

  /**
   * Adds an issue as someone would in Linear's app (a child added by hand, an unrelated issue, a backlog's items):
   * `parentId` and `projectId` by id or identifier and slugId; `updatedAt` (ISO) sets its place in the newest-first
   * lists.
   */
  addIssue(input: {
    teamId?: string;
    title: string;
    description?: string | null;
    state?: FakeLinearStateName;
    parentId?: string | null;
    projectId?: string | null;
    updatedAt?: string;
  }): FakeLinearIssue {
    const team = input.teamId ? this.teamById(input.teamId) : this.teams[0]!;
    const parent = input.parentId ? this.issue(input.parentId) : null;
    const project = input.projectId
      ? this.projects.find((p) => p.id === input.projectId || p.slugId === input.projectId)
      : null;
    if (input.projectId && !project) throw new Error(`FakeLinear has no project ${input.projectId}`);
    const issue = this.storeIssue({
      id: crypto.randomUUID(),
      team,
      title: input.title,
      description: input.description ?? null,
      priority: 0,
      estimate: null,
      parentId: parent?.id ?? null,
      projectId: project?.id ?? null,
      labelIds: [],
    });
    if (input.state) issue.state = input.state;
    if (input.updatedAt) issue.updatedAt = input.updatedAt;
    return issue;
  }

  /** Adds a project as someone would in Linear's app, on the first team unless told (`status`: its status type). */
  addProject(input: {
    name: string;
    teamIds?: string[];
    status?: FakeLinearProjectStatus;
    updatedAt?: string;
  }): FakeLinearProject {
    const project = this.createProject({
      id: crypto.randomUUID(),
      name: input.name,
      teamIds: input.teamIds ?? [this.teams[0]!.id],
    });
    if (input.status) project.status = input.status;
    if (input.updatedAt) project.updatedAt = input.updatedAt;
    return project;
  }

  /** Relates two issues (by id or identifier) as someone would in Linear's app: "issue {type} relatedIssue". */
  addRelation(issue: string, relatedIssue: string, type = "related"): FakeLinearRelation {
    return this.storeRelation(this.issue(issue), this.issue(relatedIssue), type);
  }

  // ——— HTTP ———

  /** Answers one API request as Linear would; throws if the request or the answer breaks the contract. */
  handle(request: FakeLinearRequest): FakeLinearResponse {
    const method = request.method.toUpperCase();
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const entry: FakeLinearLogEntry = { operationName: null, operation: null, variables: {}, status: 0 };
    this.requests.push(entry);
    if (method !== "POST" || request.path !== "/graphql")
      throw new NotEmulatedError(
        `FakeLinear does not emulate ${method} ${request.path}: Linear has POST /graphql only`,
      );
    if (!/^application\/json\b/i.test(headers["content-type"] ?? ""))
      throw new Error("A Linear request must be sent as application/json");

    let parsed: unknown;
    try {
      parsed = JSON.parse(request.body ?? "");
    } catch {
      throw new Error("The Linear request body is not JSON");
    }
    if (!parsed || typeof parsed !== "object" || typeof (parsed as { query?: unknown }).query !== "string")
      throw new Error("A Linear request body is { query, variables?, operationName? }");
    const { query, variables, operationName } = parsed as {
      query: string;
      variables?: Record<string, unknown> | null;
      operationName?: string | null;
    };
    const gqlRequest: GraphQLRequest = {
      query,
      variables: variables ?? {},
      ...(operationName ? { operationName } : {}),
    };
    // A document or variables that break Linear's schema fail the test, whatever is answered.
    assertLinearRequest(gqlRequest);
    const operation = graphql.getOperationAST(graphql.parse(query), operationName ?? undefined);
    entry.operationName = operation?.name?.value ?? null;
    entry.operation = operation?.operation ?? null;
    entry.variables = structuredClone(gqlRequest.variables ?? {});

    const aimed = this.targeted.findIndex((t) => t.operationName === entry.operationName);
    const fault = aimed >= 0 ? this.targeted.splice(aimed, 1)[0]!.fault : this.faults.shift();
    if (fault?.type === "hang") {
      entry.status = "hang";
      return { kind: "hang" };
    }
    if (fault?.type === "fail")
      return this.respond(
        entry,
        gqlRequest,
        fault.status,
        this.faultBody(fault.status, fault.errorType),
        retryHeader(fault),
      );

    let answer: { status: number; body: unknown };
    if (headers.authorization !== this.options.apiKey) {
      // Linear words it so; the adapter reads the kind from extensions.type rather than from the status.
      answer = {
        status: 400,
        body: errorsBody(
          new LinearRefusal(
            "Authentication required, not authenticated",
            "You need to authenticate to access this operation.",
            "authentication error",
          ),
        ),
      };
    } else answer = this.execute(gqlRequest);
    if (fault?.type === "applyThenFail")
      return this.respond(entry, gqlRequest, fault.status, this.faultBody(fault.status));
    return this.respond(entry, gqlRequest, answer.status, answer.body);
  }

  private respond(
    entry: FakeLinearLogEntry,
    request: GraphQLRequest,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): FakeLinearResponse {
    entry.status = status;
    assertLinearResponse(request, body);
    return {
      kind: "json",
      status,
      headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
      body: structuredClone(body),
    };
  }

  private faultBody(status: number, type?: string): unknown {
    const kind =
      type ??
      (status === 429
        ? "ratelimited"
        : status === 401
          ? "authentication error"
          : status === 403
            ? "forbidden"
            : status >= 500
              ? "internal error"
              : "invalid input");
    const message =
      kind === "ratelimited"
        ? "Rate limit exceeded"
        : kind === "internal error"
          ? "Internal server error"
          : `The fake Linear was told to fail (HTTP ${status})`;
    return errorsBody(new LinearRefusal(message, message, kind));
  }

  /** Runs the (valid) document over the fake's state; a refusal becomes Linear's errors, anything else throws. */
  private execute(request: GraphQLRequest): { status: number; body: unknown } {
    const result = graphql.executeSync({
      schema: linearContract.schema,
      document: graphql.parse(request.query),
      rootValue: this.root(),
      variableValues: request.variables ?? {},
      ...(request.operationName ? { operationName: request.operationName } : {}),
    });
    if (result.errors?.length) {
      const refusal = result.errors.map((e) => e.originalError).find((e) => e instanceof LinearRefusal);
      const other = result.errors.find((e) => !(e.originalError instanceof LinearRefusal));
      if (other) throw other.originalError ?? new NotEmulatedError(other.message);
      return { status: 200, body: errorsBody(refusal!, result.errors[0]?.path) };
    }
    return { status: 200, body: { data: result.data } };
  }

  // ——— the API ———

  private root() {
    return {
      viewer: () =>
        strict("User", {
          id: "2f6d8a10-0000-4000-8000-00000000da7a",
          name: this.options.viewer.name,
          email: this.options.viewer.email,
        }),
      teams: (args: ConnectionArgs) => {
        if (args.filter) throw new NotEmulatedError("FakeLinear does not filter teams");
        return this.connection("Team", args, this.teams, (t) => this.teamNode(t));
      },
      team: ({ id }: { id: string }) => this.teamNode(this.teamById(id)),
      issueLabels: (args: ConnectionArgs) =>
        this.connection(
          "IssueLabel",
          args,
          this.labels.filter((l) => labelMatches(l, args.filter)),
          (l) => this.labelNode(l),
        ),
      projects: (args: ConnectionArgs) =>
        this.connection(
          "Project",
          args,
          this.projects.filter((p) => this.projectMatches(p, args.filter)),
          (p) => this.projectNode(p),
        ),
      issue: ({ id }: { id: string }) => {
        const found = this.issues.find((i) => i.id === id || i.identifier === id);
        if (!found) throw notFound("Issue");
        return this.issueNode(found);
      },
      issues: (args: ConnectionArgs) =>
        this.connection(
          "Issue",
          args,
          this.issues.filter((i) => this.issueMatches(i, args.filter)),
          (i) => this.issueNode(i),
        ),
      issueRelationCreate: ({ input }: { input: Record<string, unknown> }) => {
        const relation = this.createRelation(input);
        return strict("IssueRelationPayload", {
          success: true,
          lastSyncId: this.relations.length,
          issueRelation: this.relationNode(relation),
        });
      },
      issueLabelCreate: ({
        input,
        replaceTeamLabels,
      }: {
        input: Record<string, unknown>;
        replaceTeamLabels?: unknown;
      }) => {
        if (replaceTeamLabels != null) throw new NotEmulatedError("FakeLinear does not model replaceTeamLabels");
        const created = this.createLabel(input);
        return strict("IssueLabelPayload", {
          success: true,
          lastSyncId: this.labels.length,
          issueLabel: this.labelNode(created),
        });
      },
      issueCreate: ({ input }: { input: Record<string, unknown> }) => {
        const issue = this.createIssue(input);
        return strict("IssuePayload", { success: true, lastSyncId: this.issues.length, issue: this.issueNode(issue) });
      },
      issueUpdate: ({ id, input }: { id: string; input: Record<string, unknown> }) => {
        const issue = this.updateIssue(id, input);
        return strict("IssuePayload", { success: true, lastSyncId: this.issues.length, issue: this.issueNode(issue) });
      },
      projectCreate: ({ input }: { input: Record<string, unknown> }) => {
        const project = this.createProject(input);
        return strict("ProjectPayload", {
          success: true,
          lastSyncId: this.issues.length + this.projects.length,
          project: this.projectNode(project),
        });
      },
    };
  }

  private connection<T>(typeName: string, args: ConnectionArgs, items: T[], node: (item: T) => unknown) {
    if (args.last != null || args.before != null)
      throw new NotEmulatedError(`FakeLinear pages ${typeName} forward only`);
    if (args.sort != null) throw new NotEmulatedError(`FakeLinear does not sort ${typeName} (sort is [INTERNAL])`);
    if (args.orderBy != null) {
      // Linear's orderBy lists the most recently created or updated first; a tie goes to the later added.
      const field = args.orderBy;
      if (field !== "createdAt" && field !== "updatedAt")
        throw new NotEmulatedError(`FakeLinear does not order by ${String(field)}`);
      const stamp = (item: T) => {
        const value = (item as Record<string, unknown>)[field];
        if (typeof value !== "string") throw new NotEmulatedError(`FakeLinear cannot order ${typeName} by ${field}`);
        return value;
      };
      items = items
        .map((item, index) => ({ item, index }))
        .sort((a, b) => stamp(b.item).localeCompare(stamp(a.item)) || b.index - a.index)
        .map(({ item }) => item);
    }
    const first = args.first ?? 50;
    if (first < 0 || first > this.options.maxPageSize)
      throw new LinearRefusal(
        `first must be between 0 and ${this.options.maxPageSize}`,
        `A page holds at most ${this.options.maxPageSize} items.`,
      );
    const ids = items.map((item) => (item as { id: string }).id);
    const start = args.after ? ids.indexOf(args.after) + 1 : 0;
    if (args.after && start === 0) throw new LinearRefusal("Invalid cursor", "Invalid pagination cursor.");
    const page = items.slice(start, start + first);
    const nodes = page.map(node);
    const endCursor = page.length ? ids[start + page.length - 1]! : null;
    return strict(`${typeName}Connection`, {
      nodes,
      edges: nodes.map((n, i) => strict(`${typeName}Edge`, { node: n, cursor: ids[start + i]! })),
      pageInfo: strict("PageInfo", {
        hasNextPage: start + page.length < items.length,
        hasPreviousPage: start > 0,
        startCursor: page.length ? ids[start]! : null,
        endCursor,
      }),
    });
  }

  private teamById(id: string): FakeLinearTeam {
    const team = this.teams.find((t) => t.id === id || t.key === id);
    if (!team) throw notFound("Team");
    return team;
  }

  private teamNode(team: FakeLinearTeam) {
    return strict("Team", {
      id: team.id,
      key: team.key,
      name: team.name,
      issueEstimationType: team.estimationType,
      issueEstimationAllowZero: team.allowZero,
      issueEstimationExtended: team.extended,
    });
  }

  private labelNode(label: FakeLinearLabel) {
    return strict("IssueLabel", {
      id: label.id,
      name: label.name,
      isGroup: label.isGroup ?? false,
      team: () => (label.teamId ? this.teamNode(this.teamById(label.teamId)) : null),
    });
  }

  private stateNode(team: FakeLinearTeam, name: FakeLinearStateName) {
    const state = FAKE_LINEAR_STATES.find((s) => s.name === name)!;
    return strict("WorkflowState", {
      id: `${team.id.slice(0, 24)}${FAKE_LINEAR_STATES.indexOf(state).toString().padStart(12, "0")}`,
      name: state.name,
      type: state.type,
    });
  }

  private relationNode(relation: FakeLinearRelation): object {
    return strict("IssueRelation", {
      id: relation.id,
      type: relation.type,
      createdAt: relation.createdAt,
      updatedAt: relation.createdAt,
      archivedAt: null,
      issue: () => this.issueNode(this.issue(relation.issueId)),
      relatedIssue: () => this.issueNode(this.issue(relation.relatedIssueId)),
    });
  }

  /** The part of IssueFilter StoryLoom sends: team, state (type, name), children (length, some), parent, project, id. */
  private issueMatches(issue: FakeLinearIssue, filter: unknown): boolean {
    if (filter == null) return true;
    if (!isRecord(filter)) throw new NotEmulatedError("An IssueFilter is an object");
    onlyKeys("IssueFilter", filter, ["id", "team", "state", "children", "parent", "project", "and", "or", "null"]);
    if (filter.null === true) return false;
    if (filter.id != null && !compare("IssueFilter.id", issue.id, filter.id)) return false;
    if (isRecord(filter.team)) {
      const team = this.teamById(issue.teamId);
      onlyKeys("TeamFilter", filter.team, ["id", "key"]);
      if (filter.team.id != null && !compare("TeamFilter.id", team.id, filter.team.id)) return false;
      if (filter.team.key != null && !compare("TeamFilter.key", team.key, filter.team.key)) return false;
    }
    if (isRecord(filter.state)) {
      const state = FAKE_LINEAR_STATES.find((s) => s.name === issue.state)!;
      onlyKeys("WorkflowStateFilter", filter.state, ["type", "name"]);
      if (filter.state.type != null && !compare("WorkflowStateFilter.type", state.type, filter.state.type))
        return false;
      if (filter.state.name != null && !compare("WorkflowStateFilter.name", state.name, filter.state.name))
        return false;
    }
    if (isRecord(filter.children)) {
      onlyKeys("IssueCollectionFilter", filter.children, ["length", "some"]);
      const children = this.issues.filter((i) => i.parentId === issue.id);
      const { length, some } = filter.children;
      if (length != null && !compare("IssueCollectionFilter.length", children.length, length)) return false;
      if (some != null && !children.some((c) => this.issueMatches(c, some))) return false;
    }
    if (isRecord(filter.parent)) {
      const parent = issue.parentId ? this.issue(issue.parentId) : null;
      if (filter.parent.null === true) {
        if (parent) return false;
      } else if (filter.parent.null === false && !parent) return false;
      const { null: _null, ...rest } = filter.parent;
      if (Object.keys(rest).length && (!parent || !this.issueMatches(parent, rest))) return false;
    }
    if (isRecord(filter.project)) {
      const project = issue.projectId ? this.projects.find((p) => p.id === issue.projectId) : undefined;
      if (filter.project.null === true) {
        if (project) return false;
      } else if (filter.project.null === false && !project) return false;
      const { null: _null, ...rest } = filter.project;
      if (Object.keys(rest).length && (!project || !this.projectMatches(project, rest))) return false;
    }
    if (Array.isArray(filter.and) && !filter.and.every((f) => this.issueMatches(issue, f))) return false;
    if (Array.isArray(filter.or) && filter.or.length && !filter.or.some((f) => this.issueMatches(issue, f)))
      return false;
    return true;
  }

  /** The part of ProjectFilter StoryLoom sends: id, slugId, accessibleTeams (some id), status (type, name). */
  private projectMatches(project: FakeLinearProject, filter: unknown): boolean {
    if (filter == null) return true;
    if (!isRecord(filter)) throw new NotEmulatedError("A ProjectFilter is an object");
    onlyKeys("ProjectFilter", filter, ["id", "slugId", "accessibleTeams", "status", "and", "or"]);
    if (filter.id != null && !compare("ProjectFilter.id", project.id, filter.id)) return false;
    if (filter.slugId != null && !compare("ProjectFilter.slugId", project.slugId, filter.slugId)) return false;
    if (isRecord(filter.accessibleTeams)) {
      onlyKeys("TeamCollectionFilter", filter.accessibleTeams, ["some"]);
      const some = filter.accessibleTeams.some;
      if (isRecord(some)) {
        onlyKeys("TeamFilter", some, ["id", "key"]);
        const teams = project.teamIds.map((id) => this.teamById(id));
        const hit = teams.some(
          (t) =>
            (some.id == null || compare("TeamFilter.id", t.id, some.id)) &&
            (some.key == null || compare("TeamFilter.key", t.key, some.key)),
        );
        if (!hit) return false;
      }
    }
    if (isRecord(filter.status)) {
      onlyKeys("ProjectStatusFilter", filter.status, ["type", "name"]);
      if (filter.status.type != null && !compare("ProjectStatusFilter.type", project.status, filter.status.type))
        return false;
      if (
        filter.status.name != null &&
        !compare("ProjectStatusFilter.name", PROJECT_STATUSES[project.status], filter.status.name)
      )
        return false;
    }
    if (Array.isArray(filter.and) && !filter.and.every((f) => this.projectMatches(project, f))) return false;
    if (Array.isArray(filter.or) && filter.or.length && !filter.or.some((f) => this.projectMatches(project, f)))
      return false;
    return true;
  }

  private issueNode(issue: FakeLinearIssue): object {
    return strict("Issue", {
      id: issue.id,
      identifier: issue.identifier,
      number: issue.number,
      title: issue.title,
      description: issue.description,
      priority: issue.priority,
      estimate: issue.estimate,
      url: issue.url,
      createdAt: issue.createdAt,
      updatedAt: issue.updatedAt,
      state: () => this.stateNode(this.teamById(issue.teamId), issue.state),
      relations: (args: ConnectionArgs) =>
        this.connection(
          "IssueRelation",
          args,
          this.relations.filter((r) => r.issueId === issue.id),
          (r) => this.relationNode(r),
        ),
      inverseRelations: (args: ConnectionArgs) =>
        this.connection(
          "IssueRelation",
          args,
          this.relations.filter((r) => r.relatedIssueId === issue.id),
          (r) => this.relationNode(r),
        ),
      team: () => this.teamNode(this.teamById(issue.teamId)),
      parent: () => {
        const parent = issue.parentId ? this.issues.find((i) => i.id === issue.parentId) : undefined;
        return parent ? this.issueNode(parent) : null;
      },
      project: () => {
        const project = issue.projectId ? this.projects.find((p) => p.id === issue.projectId) : undefined;
        return project ? this.projectNode(project) : null;
      },
      children: (args: ConnectionArgs) => {
        if (args.filter) throw new NotEmulatedError("FakeLinear does not filter children");
        return this.connection(
          "Issue",
          args,
          this.issues.filter((i) => i.parentId === issue.id),
          (i) => this.issueNode(i),
        );
      },
    });
  }

  private projectNode(project: FakeLinearProject): object {
    return strict("Project", {
      id: project.id,
      name: project.name,
      description: project.description,
      slugId: project.slugId,
      priority: project.priority,
      url: project.url,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
      status: () =>
        strict("ProjectStatus", {
          id: `${project.id.slice(0, 24)}${Object.keys(PROJECT_STATUSES).indexOf(project.status).toString().padStart(12, "0")}`,
          name: PROJECT_STATUSES[project.status],
          type: project.status,
        }),
      issues: (args: ConnectionArgs) => {
        if (args.filter) throw new NotEmulatedError("FakeLinear does not filter a project's issues");
        return this.connection(
          "Issue",
          args,
          this.issues.filter((i) => i.projectId === project.id),
          (i) => this.issueNode(i),
        );
      },
    });
  }

  private checkNewId(id: unknown): string {
    if (id === undefined || id === null) return crypto.randomUUID();
    if (typeof id !== "string" || !UUID.test(id))
      throw new LinearRefusal("Argument Validation Error: id must be a UUID", "The id must be a UUID.");
    if (this.issues.some((i) => i.id === id) || this.projects.some((p) => p.id === id))
      throw new LinearRefusal("Entity already exists with this id", "An entity with this id already exists.");
    return id;
  }

  private createIssue(input: Record<string, unknown>): FakeLinearIssue {
    const known = new Set([
      "id",
      "teamId",
      "title",
      "description",
      "priority",
      "estimate",
      "parentId",
      "projectId",
      "labelIds",
    ]);
    const unmodelled = Object.keys(input).filter((k) => !known.has(k) && input[k] != null);
    if (unmodelled.length) throw new NotEmulatedError(`FakeLinear does not model issueCreate ${unmodelled.join(", ")}`);
    const team = this.teamById(String(input.teamId));
    const id = this.checkNewId(input.id);
    const title = typeof input.title === "string" ? input.title.trim() : "";
    if (!title) throw new LinearRefusal("Argument Validation Error: title is required", "An issue needs a title.");
    const priority = (input.priority as number | null | undefined) ?? 0;
    if (priority < 0 || priority > 4)
      throw new LinearRefusal("Argument Validation Error: priority must be 0-4", "Priority must be 0 to 4.");
    const estimate = (input.estimate as number | null | undefined) ?? null;
    if (estimate !== null) {
      const scale = SCALES[team.estimationType] ?? [];
      const allowed = [...(team.allowZero ? [0] : []), ...scale.slice(0, team.extended ? 7 : 5)];
      if (!allowed.includes(estimate))
        throw new LinearRefusal(
          `Invalid estimate ${estimate} for team ${team.key}`,
          `The estimate ${estimate} is not on team ${team.key}'s scale.`,
        );
    }
    let parentId: string | null = null;
    if (input.parentId != null) {
      const parent = this.issues.find((i) => i.id === input.parentId || i.identifier === input.parentId);
      if (!parent) throw notFound("Issue");
      parentId = parent.id;
    }
    let projectId: string | null = null;
    if (input.projectId != null) {
      const project = this.projects.find((p) => p.id === input.projectId);
      if (!project) throw notFound("Project");
      if (!project.teamIds.includes(team.id))
        throw new LinearRefusal(
          "Issue team is not part of the project",
          `Team ${team.key} is not one of the project's teams.`,
        );
      projectId = project.id;
    }
    const labelIds = (input.labelIds as string[] | null | undefined) ?? [];
    for (const labelId of labelIds) {
      const label = this.labels.find((l) => l.id === labelId);
      if (!label) throw notFound("IssueLabel");
      if (label.isGroup || (label.teamId !== null && label.teamId !== team.id))
        throw new LinearRefusal("Label cannot be applied", `The label ${label.name} cannot be used in ${team.key}.`);
    }
    const description = typeof input.description === "string" ? input.description : null;
    return this.storeIssue({ id, team, title, description, priority, estimate, parentId, projectId, labelIds });
  }

  /** issueUpdate, as StoryLoom sends it: title, description, priority and estimate (by UUID or identifier). */
  private updateIssue(id: string, input: Record<string, unknown>): FakeLinearIssue {
    const known = new Set(["title", "description", "priority", "estimate"]);
    const unmodelled = Object.keys(input).filter((k) => !known.has(k) && input[k] != null);
    if (unmodelled.length) throw new NotEmulatedError(`FakeLinear does not model issueUpdate ${unmodelled.join(", ")}`);
    const issue = this.issues.find((i) => i.id === id || i.identifier === id);
    if (!issue) throw notFound("Issue");
    if (input.title !== undefined) {
      const title = typeof input.title === "string" ? input.title.trim() : "";
      if (!title) throw new LinearRefusal("Argument Validation Error: title is required", "An issue needs a title.");
      issue.title = title;
    }
    if (input.description !== undefined)
      issue.description = typeof input.description === "string" ? input.description : null;
    if (input.priority !== undefined) {
      const priority = (input.priority as number | null) ?? 0;
      if (priority < 0 || priority > 4)
        throw new LinearRefusal("Argument Validation Error: priority must be 0-4", "Priority must be 0 to 4.");
      issue.priority = priority;
    }
    if (input.estimate !== undefined) issue.estimate = (input.estimate as number | null) ?? null;
    issue.updatedAt = new Date(this.options.now()).toISOString();
    return issue;
  }

  private storeIssue(fields: {
    id: string;
    team: FakeLinearTeam;
    title: string;
    description: string | null;
    priority: number;
    estimate: number | null;
    parentId: string | null;
    projectId: string | null;
    labelIds: string[];
  }): FakeLinearIssue {
    const number = (this.numbers.get(fields.team.id) ?? 0) + 1;
    this.numbers.set(fields.team.id, number);
    const identifier = `${fields.team.key}-${number}`;
    const issue: FakeLinearIssue = {
      id: fields.id,
      identifier,
      number,
      teamId: fields.team.id,
      title: fields.title,
      description: fields.description,
      priority: fields.priority,
      estimate: fields.estimate,
      parentId: fields.parentId,
      projectId: fields.projectId,
      labelIds: fields.labelIds,
      url: `https://linear.app/${FAKE_LINEAR_WORKSPACE}/issue/${identifier}/${slug(fields.title)}`,
      state: DEFAULT_STATE,
      createdAt: new Date(this.options.now()).toISOString(),
      updatedAt: new Date(this.options.now()).toISOString(),
    };
    this.issues.push(issue);
    return issue;
  }

  /** issueRelationCreate: both issues by UUID or identifier; the same relation twice, or an issue to itself, refused. */
  private createRelation(input: Record<string, unknown>): FakeLinearRelation {
    const known = new Set(["id", "issueId", "relatedIssueId", "type"]);
    const unmodelled = Object.keys(input).filter((k) => !known.has(k) && input[k] != null);
    if (unmodelled.length)
      throw new NotEmulatedError(`FakeLinear does not model issueRelationCreate ${unmodelled.join(", ")}`);
    if (input.id != null) throw new NotEmulatedError("FakeLinear does not model a relation's chosen id");
    const find = (key: unknown) => {
      const found = this.issues.find((i) => i.id === key || i.identifier === key);
      if (!found) throw notFound("Issue");
      return found;
    };
    return this.storeRelation(find(input.issueId), find(input.relatedIssueId), String(input.type));
  }

  private storeRelation(issue: FakeLinearIssue, related: FakeLinearIssue, type: string): FakeLinearRelation {
    if (issue.id === related.id)
      throw new LinearRefusal("Cannot relate an issue to itself", "An issue cannot be related to itself.");
    if (this.relations.some((r) => r.issueId === issue.id && r.relatedIssueId === related.id && r.type === type))
      throw new LinearRefusal(
        "Relation already exists",
        `${issue.identifier} is already ${type} to ${related.identifier}.`,
      );
    const relation: FakeLinearRelation = {
      id: crypto.randomUUID(),
      issueId: issue.id,
      relatedIssueId: related.id,
      type,
      createdAt: new Date(this.options.now()).toISOString(),
    };
    this.relations.push(relation);
    return relation;
  }

  /** issueLabelCreate: a team label with `teamId`, else a workspace one; a name the team or workspace has is refused. */
  private createLabel(input: Record<string, unknown>): FakeLinearLabel {
    const known = new Set(["name", "teamId", "color", "isGroup"]);
    const unmodelled = Object.keys(input).filter((k) => !known.has(k) && input[k] != null);
    if (unmodelled.length)
      throw new NotEmulatedError(`FakeLinear does not model issueLabelCreate ${unmodelled.join(", ")}`);
    const name = typeof input.name === "string" ? input.name.trim() : "";
    if (!name) throw new LinearRefusal("Argument Validation Error: name is required", "A label needs a name.");
    const teamId = input.teamId != null ? this.teamById(String(input.teamId)).id : null;
    const clash = this.labels.some(
      (l) => l.name.toLowerCase() === name.toLowerCase() && (l.teamId === null || l.teamId === teamId),
    );
    if (clash) throw new LinearRefusal("Duplicate label name", `A label named ${name} already exists.`);
    const label: FakeLinearLabel = { id: crypto.randomUUID(), name, teamId, isGroup: input.isGroup === true };
    this.labels.push(label);
    return label;
  }

  private createProject(input: Record<string, unknown>): FakeLinearProject {
    const known = new Set(["id", "name", "description", "content", "teamIds", "priority"]);
    const unmodelled = Object.keys(input).filter((k) => !known.has(k) && input[k] != null);
    if (unmodelled.length)
      throw new NotEmulatedError(`FakeLinear does not model projectCreate ${unmodelled.join(", ")}`);
    const id = this.checkNewId(input.id);
    const name = typeof input.name === "string" ? input.name.trim() : "";
    if (!name) throw new LinearRefusal("Argument Validation Error: name is required", "A project needs a name.");
    const teamIds = input.teamIds as string[];
    if (!teamIds.length)
      throw new LinearRefusal("Argument Validation Error: teamIds is empty", "A project needs a team.");
    for (const teamId of teamIds) this.teamById(teamId);
    const description = typeof input.description === "string" ? input.description : "";
    if (description.length > PROJECT_DESCRIPTION_MAX)
      throw new LinearRefusal(
        `Argument Validation Error: description must be shorter than or equal to ${PROJECT_DESCRIPTION_MAX} characters`,
        `A project's description is at most ${PROJECT_DESCRIPTION_MAX} characters.`,
      );
    const priority = (input.priority as number | null | undefined) ?? 0;
    if (priority < 0 || priority > 4)
      throw new LinearRefusal("Argument Validation Error: priority must be 0-4", "Priority must be 0 to 4.");
    const slugId = id.replace(/-/g, "").slice(0, 12);
    const project: FakeLinearProject = {
      id,
      name,
      description,
      content: typeof input.content === "string" ? input.content : null,
      slugId,
      teamIds: teamIds.map((t) => this.teamById(t).id),
      priority,
      url: `https://linear.app/${FAKE_LINEAR_WORKSPACE}/project/${slug(name)}-${slugId}`,
      status: "backlog",
      createdAt: new Date(this.options.now()).toISOString(),
      updatedAt: new Date(this.options.now()).toISOString(),
    };
    this.projects.push(project);
    return project;
  }
}

/** Linear's error body: `data: null` and one error with its kind in `extensions.type`. */
function errorsBody(refusal: LinearRefusal, path?: readonly (string | number)[]) {
  return {
    data: null,
    errors: [
      {
        message: refusal.message,
        ...(path ? { path: [...path] } : {}),
        extensions: {
          type: refusal.type,
          code: refusal.type.toUpperCase().replace(/\s+/g, "_"),
          userError: refusal.type !== "internal error",
          userPresentableMessage: refusal.userPresentableMessage,
        },
      },
    ],
  };
}

function retryHeader(fault: FakeLinearFault): Record<string, string> {
  return fault.retryAfter === undefined ? {} : { "Retry-After": String(fault.retryAfter) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function onlyKeys(what: string, value: Record<string, unknown>, allowed: string[]): void {
  const other = Object.keys(value).filter((k) => !allowed.includes(k));
  if (other.length) throw new NotEmulatedError(`FakeLinear cannot evaluate ${what} ${other.join(", ")}`);
}

/** The part of IssueLabelFilter StoryLoom uses: name (eq, eqIgnoreCase), isGroup, team (id eq, null), and/or. */
function labelMatches(label: FakeLinearLabel, filter: unknown): boolean {
  if (filter == null) return true;
  if (!isRecord(filter)) throw new NotEmulatedError("An IssueLabelFilter is an object");
  onlyKeys("IssueLabelFilter", filter, ["name", "isGroup", "team", "and", "or"]);
  if (isRecord(filter.name)) {
    onlyKeys("IssueLabelFilter.name", filter.name, ["eq", "eqIgnoreCase"]);
    if (typeof filter.name.eq === "string" && label.name !== filter.name.eq) return false;
    if (
      typeof filter.name.eqIgnoreCase === "string" &&
      label.name.toLowerCase() !== filter.name.eqIgnoreCase.toLowerCase()
    )
      return false;
  }
  if (isRecord(filter.isGroup)) {
    onlyKeys("IssueLabelFilter.isGroup", filter.isGroup, ["eq"]);
    if (typeof filter.isGroup.eq === "boolean" && (label.isGroup ?? false) !== filter.isGroup.eq) return false;
  }
  if (isRecord(filter.team)) {
    onlyKeys("IssueLabelFilter.team", filter.team, ["id", "null"]);
    if (filter.team.null === true && label.teamId !== null) return false;
    if (filter.team.null === false && label.teamId === null) return false;
    if (isRecord(filter.team.id)) {
      onlyKeys("IssueLabelFilter.team.id", filter.team.id, ["eq"]);
      if (label.teamId === null || label.teamId !== filter.team.id.eq) return false;
    }
  }
  if (Array.isArray(filter.and) && !filter.and.every((f) => labelMatches(label, f))) return false;
  if (Array.isArray(filter.or) && filter.or.length && !filter.or.some((f) => labelMatches(label, f))) return false;
  return true;
}

/**
 * One comparator of Linear's filters (StringComparator, IDComparator, NumberComparator) on a value: eq, neq, in,
 * nin, eqIgnoreCase, and for numbers gt, gte, lt, lte. Anything else is not emulated.
 */
function compare(what: string, value: string | number, comparator: unknown): boolean {
  if (!isRecord(comparator)) throw new NotEmulatedError(`${what} takes a comparator object (not a bare value)`);
  onlyKeys(what, comparator, ["eq", "neq", "in", "nin", "eqIgnoreCase", "gt", "gte", "lt", "lte"]);
  const { eq, neq, eqIgnoreCase, gt, gte, lt, lte } = comparator;
  const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : [v]);
  if (eq !== undefined && value !== eq) return false;
  if (neq !== undefined && value === neq) return false;
  if (comparator.in !== undefined && !list(comparator.in).includes(value)) return false;
  if (comparator.nin !== undefined && list(comparator.nin).includes(value)) return false;
  if (typeof eqIgnoreCase === "string" && String(value).toLowerCase() !== eqIgnoreCase.toLowerCase()) return false;
  if (typeof gt === "number" && !(Number(value) > gt)) return false;
  if (typeof gte === "number" && !(Number(value) >= gte)) return false;
  if (typeof lt === "number" && !(Number(value) < lt)) return false;
  if (typeof lte === "number" && !(Number(value) <= lte)) return false;
  return true;
}
