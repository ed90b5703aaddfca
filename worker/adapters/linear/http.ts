// Linear's GraphQL API over plain fetch: one endpoint, POST https://api.linear.app/graphql, the personal API key as
// the Authorization header (no "Bearer"). The documents below are the only ones sent; each uses only the root fields
// kept in worker/test/contracts/linear.ops.txt, and the tests hold every document, its variables and every answer
// of the emulator to worker/test/contracts/linear.schema.graphql.
//
// GraphQL reports errors with HTTP 200 as well, so every answer's `errors` is read before its `data`, the kind comes
// from `errors[0].extensions.type` (README "Pitfalls when mocking Linear"), and a payload's `success` is checked.
// As for every tracker (lib/outbound-call.ts): redirects are not followed, answers are size-capped while they stream
// and parsed with zod, a rate limit is waited out within a budget, a failed read is retried once, a write never, and a
// write whose outcome is unknown throws with `mayHaveApplied`.
import * as z from "zod";
import { STORY_LIMITS, type Epic, type UserStory } from "../../../schema/api/transcripts";
import {
  apiUrl,
  BACKLOG_LIMIT,
  BACKLOG_TEXT,
  exportMarker,
  TrackerError,
  type AppendNote,
  type BacklogItem,
  type BacklogPage,
  type EpicChoice,
  type EpicRef,
  type TrackerItem,
  type TrackerSession,
} from "../tracker";
import {
  appendedDescription,
  epicMarkdown,
  estimateFor,
  exportId,
  hasMarker,
  linearPriority,
  plainText,
  projectSummary,
  storyMarkdown,
} from "./format";
import type { Linear, LinearSettings, LinearTeam, LinearTeamSummary } from "./index";
import {
  clipMessage,
  createOutbound,
  describeUnanswered,
  parseJson,
  shapeMismatch,
  type Answer,
  type OutboundOptions,
} from "../../lib/outbound-call";

export { RATE_LIMIT_RETRIES } from "../../lib/outbound-call";

export interface HttpLinearOptions extends OutboundOptions {
  /** Config.trackerApiBases.linear: a fake Linear's base in development and tests, null in production. */
  apiBase: URL | null;
}

export const LINEAR_API_BASE = "https://api.linear.app";
export const LINEAR_GRAPHQL_PATH = "/graphql";
/** Nodes per page (Linear's connections give 50 unless asked) and pages read at most (teams, an epic's children). */
export const PAGE_SIZE = 100;
export const MAX_PAGES = 3;
/** Pages a review reads of the open issues, epics or projects (issue 41): BACKLOG_LIMIT at PAGE_SIZE a page. */
export const BACKLOG_PAGES = Math.ceil(BACKLOG_LIMIT / PAGE_SIZE);
/** Relations read of a story before relating it (it was just created: it has few). */
const RELATIONS_READ = 50;
/** The label every created issue carries; an export creates it on the team when neither team nor workspace has one. */
export const LABEL_NAME = "storyloom";

// ——— the documents (only these are sent) ———

/** Rounds of story ids (see createStory): a position can be taken by items of stories deleted since, a few times. */
const ID_ROUNDS = 4;
const ISSUE_FIELDS = "id identifier title url parent { id identifier } project { id slugId }";
/** Open: a workflow state of any type but these (README "Pitfalls when mocking Linear": `type` is a plain String). */
const OPEN_STATE = 'state: { type: { nin: ["completed", "canceled", "duplicate"] } }';
const OPEN_PROJECT = 'status: { type: { nin: ["completed", "canceled"] } }';

export const LINEAR_DOCUMENTS = {
  viewer: "query StoryLoomViewer { viewer { id name email } }",
  teams: `query StoryLoomTeams($after: String) {
  teams(first: ${PAGE_SIZE}, after: $after) { nodes { id key name } pageInfo { hasNextPage endCursor } }
}`,
  // The label: named "storyloom" in any case, of this team or of the workspace (no team), not a label group.
  team: `query StoryLoomTeam($teamId: String!, $labelTeamId: ID!) {
  team(id: $teamId) { id key name issueEstimationType issueEstimationAllowZero issueEstimationExtended }
  issueLabels(
    first: 50
    filter: {
      name: { eqIgnoreCase: "storyloom" }
      isGroup: { eq: false }
      or: [{ team: { id: { eq: $labelTeamId } } }, { team: { null: true } }]
    }
  ) { nodes { id name team { id } } }
}`,
  issueCreate: `mutation StoryLoomIssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { ${ISSUE_FIELDS} } }
}`,
  issueUpdate: `mutation StoryLoomIssueUpdate($id: String!, $input: IssueUpdateInput!) {
  issueUpdate(id: $id, input: $input) { success issue { ${ISSUE_FIELDS} } }
}`,
  projectCreate: `mutation StoryLoomProjectCreate($input: ProjectCreateInput!) {
  projectCreate(input: $input) { success project { id name slugId url } }
}`,
  exportedIssue: `query StoryLoomExportedIssue($id: String!, $after: String) {
  issue(id: $id) {
    ${ISSUE_FIELDS}
    children(first: ${PAGE_SIZE}, after: $after) { nodes { ${ISSUE_FIELDS} } pageInfo { hasNextPage endCursor } }
  }
}`,
  exportedProject: `query StoryLoomExportedProject($filter: ProjectFilter!, $after: String) {
  projects(first: 1, filter: $filter) {
    nodes {
      id name slugId url
      issues(first: ${PAGE_SIZE}, after: $after) { nodes { ${ISSUE_FIELDS} } pageInfo { hasNextPage endCursor } }
    }
  }
}`,
  // A project epic by its key (slugId), for its id: a story is put in a project by the project's UUID.
  projectByKey: `query StoryLoomProjectByKey($slugId: String!) {
  projects(first: 1, filter: { slugId: { eq: $slugId } }) { nodes { id name slugId url } }
}`,
  labelCreate: `mutation StoryLoomLabelCreate($input: IssueLabelCreateInput!) {
  issueLabelCreate(input: $input) { success issueLabel { id name team { id } } }
}`,
  // ——— the review before an export (issue 41) ———
  openIssues: `query StoryLoomOpenIssues($teamId: ID!, $after: String) {
  issues(
    first: ${PAGE_SIZE}
    after: $after
    orderBy: updatedAt
    filter: { team: { id: { eq: $teamId } }, ${OPEN_STATE} }
  ) {
    nodes { id identifier title description url state { name } parent { id identifier } project { id slugId } }
    pageInfo { hasNextPage endCursor }
  }
}`,
  // Epics as issues: the team's open issues that are parents (have at least one sub-issue).
  openParents: `query StoryLoomOpenParents($teamId: ID!, $after: String) {
  issues(
    first: ${PAGE_SIZE}
    after: $after
    orderBy: updatedAt
    filter: { team: { id: { eq: $teamId } }, ${OPEN_STATE}, children: { length: { gt: 0 } } }
  ) { nodes { id identifier title url } pageInfo { hasNextPage endCursor } }
}`,
  openProjects: `query StoryLoomOpenProjects($teamId: ID!, $after: String) {
  projects(
    first: ${PAGE_SIZE}
    after: $after
    orderBy: updatedAt
    filter: { accessibleTeams: { some: { id: { eq: $teamId } } }, ${OPEN_PROJECT} }
  ) { nodes { id name slugId url } pageInfo { hasNextPage endCursor } }
}`,
  relations: `query StoryLoomRelations($storyId: String!, $itemId: String!) {
  story: issue(id: $storyId) {
    id identifier
    relations(first: ${RELATIONS_READ}) { nodes { type relatedIssue { id } } }
    inverseRelations(first: ${RELATIONS_READ}) { nodes { type issue { id } } }
  }
  item: issue(id: $itemId) { id identifier }
}`,
  relationCreate: `mutation StoryLoomRelationCreate($input: IssueRelationCreateInput!) {
  issueRelationCreate(input: $input) { success issueRelation { id type } }
}`,
  description: `query StoryLoomDescription($id: String!) {
  issue(id: $id) { id identifier description }
}`,
} as const;

export type LinearDocumentName = keyof typeof LINEAR_DOCUMENTS;

// ——— answers, as far as StoryLoom reads them ———

const pageInfo = z.looseObject({ hasNextPage: z.boolean(), endCursor: z.string().nullish() });
const issueNode = z.looseObject({
  id: z.string().min(1),
  identifier: z.string().min(1),
  title: z.string(),
  url: z.string().min(1),
  parent: z.looseObject({ id: z.string(), identifier: z.string() }).nullish(),
  project: z.looseObject({ id: z.string(), slugId: z.string() }).nullish(),
});
const projectNode = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  slugId: z.string().min(1),
  url: z.string().min(1),
});
const parentIssue = z.looseObject({
  id: z.string().min(1),
  identifier: z.string().min(1),
  title: z.string(),
  url: z.string().min(1),
});
const openIssue = issueNode.extend({ description: z.string().nullish(), state: z.looseObject({ name: z.string() }) });
const answers = {
  viewer: z.looseObject({ viewer: z.looseObject({ name: z.string(), email: z.string() }) }),
  teams: z.looseObject({
    teams: z.looseObject({
      nodes: z.array(z.looseObject({ id: z.string().min(1), key: z.string().min(1), name: z.string() })),
      pageInfo,
    }),
  }),
  team: z.looseObject({
    team: z.looseObject({
      id: z.string().min(1),
      key: z.string().min(1),
      name: z.string(),
      issueEstimationType: z.string(),
      issueEstimationAllowZero: z.boolean(),
      issueEstimationExtended: z.boolean(),
    }),
    issueLabels: z.looseObject({
      nodes: z.array(
        z.looseObject({ id: z.string().min(1), name: z.string(), team: z.looseObject({ id: z.string() }).nullish() }),
      ),
    }),
  }),
  issueCreate: z.looseObject({
    issueCreate: z.looseObject({ success: z.boolean(), issue: issueNode.nullish() }),
  }),
  issueUpdate: z.looseObject({
    issueUpdate: z.looseObject({ success: z.boolean(), issue: issueNode.nullish() }),
  }),
  projectCreate: z.looseObject({
    projectCreate: z.looseObject({ success: z.boolean(), project: projectNode.nullish() }),
  }),
  exportedIssue: z.looseObject({
    issue: issueNode.extend({ children: z.looseObject({ nodes: z.array(issueNode), pageInfo }) }),
  }),
  exportedProject: z.looseObject({
    projects: z.looseObject({
      nodes: z.array(projectNode.extend({ issues: z.looseObject({ nodes: z.array(issueNode), pageInfo }) })),
    }),
  }),
  projectByKey: z.looseObject({ projects: z.looseObject({ nodes: z.array(projectNode) }) }),
  labelCreate: z.looseObject({
    issueLabelCreate: z.looseObject({
      success: z.boolean(),
      issueLabel: z.looseObject({ id: z.string().min(1), name: z.string() }),
    }),
  }),
  openIssues: z.looseObject({ issues: z.looseObject({ nodes: z.array(openIssue), pageInfo }) }),
  openParents: z.looseObject({ issues: z.looseObject({ nodes: z.array(parentIssue), pageInfo }) }),
  openProjects: z.looseObject({ projects: z.looseObject({ nodes: z.array(projectNode), pageInfo }) }),
  relations: z.looseObject({
    story: z.looseObject({
      id: z.string().min(1),
      identifier: z.string(),
      relations: z.looseObject({
        nodes: z.array(z.looseObject({ type: z.string(), relatedIssue: z.looseObject({ id: z.string() }) })),
      }),
      inverseRelations: z.looseObject({
        nodes: z.array(z.looseObject({ type: z.string(), issue: z.looseObject({ id: z.string() }) })),
      }),
    }),
    item: z.looseObject({ id: z.string().min(1), identifier: z.string() }),
  }),
  relationCreate: z.looseObject({
    issueRelationCreate: z.looseObject({ success: z.boolean(), issueRelation: z.looseObject({ id: z.string() }) }),
  }),
  description: z.looseObject({
    issue: z.looseObject({ id: z.string().min(1), identifier: z.string(), description: z.string().nullish() }),
  }),
} satisfies Record<LinearDocumentName, z.ZodType>;

type IssueNode = z.infer<typeof issueNode>;

const graphqlError = z.looseObject({
  message: z.string(),
  extensions: z
    .looseObject({
      type: z.string().optional(),
      code: z.string().optional(),
      userPresentableMessage: z.string().optional(),
    })
    .optional(),
});
const envelope = z.looseObject({ data: z.unknown().optional(), errors: z.array(graphqlError).optional() });

// ——— one request ———

interface Call<N extends LinearDocumentName> {
  name: N;
  variables: Record<string, unknown>;
  apiKey: string;
  /** For a refusal: "Your Linear account may not {action}." */
  action: string;
  /** For "not found": "Linear could not find {missing}." */
  missing: string;
}

/** How Linear words an unknown id in `issue(id:)` or `team(id:)`, which answer an error rather than null. */
const NOT_FOUND = /entity not found|could not find|not found/i;

/** What to do with a refusal, from `extensions.type` first and the HTTP status when Linear gave no type. */
type Verdict =
  | { kind: "rate_limited" }
  | { kind: "unavailable" }
  | { kind: "unauthorized" | "forbidden" | "not_found" | "invalid"; said: string | null };

function verdict(status: number, error: z.infer<typeof graphqlError> | null, scrub: (t: string) => string): Verdict {
  const type = error?.extensions?.type?.toLowerCase() ?? null;
  const code = error?.extensions?.code?.toUpperCase() ?? null;
  const raw = error ? (error.extensions?.userPresentableMessage ?? error.message) : null;
  const said = raw ? clipMessage(scrub(raw.replace(/\s+/g, " ").trim())) || null : null;
  if (type === "ratelimited" || code === "RATELIMITED" || (type === null && status === 429))
    return { kind: "rate_limited" };
  if (type === "authentication error" || (type === null && status === 401)) return { kind: "unauthorized", said };
  if (type === "forbidden" || type === "feature not accessible" || type === "usage limit exceeded")
    return { kind: "forbidden", said };
  if (type === "invalid input" || type === "user error" || type === "graphql error")
    return { kind: error && NOT_FOUND.test(error.message) ? "not_found" : "invalid", said };
  if (type !== null || status >= 500) return { kind: "unavailable" };
  if (status === 403) return { kind: "forbidden", said };
  if (error && NOT_FOUND.test(error.message)) return { kind: "not_found", said };
  return { kind: "invalid", said };
}

/** An answer as Linear's adapter reads it: the GraphQL envelope, its first error and what that error means. */
interface Reading {
  answer: Answer;
  json: ReturnType<typeof parseJson>;
  body: ReturnType<typeof envelope.safeParse> | null;
  firstError: z.infer<typeof graphqlError> | null;
  verdict: Verdict | null;
}

/**
 * Reads an answer once. A rate limit or trouble can come as GraphQL errors with HTTP 200; a redirect, a complete
 * answer and a 2xx without errors are for the caller to read.
 */
function readAnswer(answer: Answer, scrub: (t: string) => string): Reading {
  const { status } = answer;
  const json = parseJson(answer.text);
  const body = json.ok ? envelope.safeParse(json.value) : null;
  const firstError = body?.success ? (body.data.errors?.[0] ?? null) : null;
  const redirect = status >= 300 && status < 400;
  const unrefused = status >= 200 && status < 300 && !firstError;
  return { answer, json, body, firstError, verdict: redirect || unrefused ? null : verdict(status, firstError, scrub) };
}

export function createLinear(options: HttpLinearOptions): Linear {
  const outbound = createOutbound("Linear", options);

  async function send<N extends LinearDocumentName>(call: Call<N>): Promise<z.infer<(typeof answers)[N]>> {
    const apiKey = call.apiKey.trim();
    if (!apiKey) throw new TrackerError("linear", "unauthorized", "A Linear API key is required.");
    const url = apiUrl(LINEAR_API_BASE, LINEAR_GRAPHQL_PATH, options.apiBase);
    const query = LINEAR_DOCUMENTS[call.name];
    const init: RequestInit = {
      method: "POST",
      headers: { Authorization: apiKey, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ query, variables: call.variables }),
    };
    const scrub = (text: string) => (apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text);
    const isWrite = query.startsWith("mutation");
    const unknownOutcome = isWrite ? " It may have been created." : "";
    const fail = (kind: "unavailable", message: string, status: number | null = null, cause?: unknown) =>
      new TrackerError("linear", kind, `${message}${unknownOutcome}`, { status, mayHaveApplied: isWrite, cause });

    // Every request is a POST: only a query (a read) may be sent again, never a mutation.
    const result = await outbound.send(url, init, {
      repeatable: !isWrite,
      judge: (answer) => {
        const reading = readAnswer(answer, scrub);
        const kind = reading.verdict?.kind;
        return { kind: kind === "rate_limited" || kind === "unavailable" ? kind : "answered", reading };
      },
    });
    if (result.kind !== "answered") {
      const firstError = result.kind === "unavailable" ? result.reading.firstError : null;
      const failure = describeUnanswered(result, {
        name: "Linear",
        timeoutMs: outbound.timeoutMs,
        scrub,
        write: isWrite,
        unknownOutcome,
        said: firstError ? clipMessage(scrub(firstError.message.replace(/\s+/g, " ").trim())) : null,
      });
      throw new TrackerError("linear", failure.kind, failure.message, failure);
    }

    const { answer, json, body, verdict: decided } = result.reading;
    const { status } = answer;
    if (status >= 300 && status < 400)
      throw fail(
        "unavailable",
        `Linear answered with a redirect (HTTP ${status}), which StoryLoom does not follow.`,
        status,
      );
    if (status >= 200 && status < 300 && body?.success && !body.data.errors?.length) {
      const parsed = answers[call.name].safeParse(body.data.data);
      if (parsed.success) return parsed.data as z.infer<(typeof answers)[N]>;
      throw fail(
        "unavailable",
        "Linear's answer was not in the shape StoryLoom expects.",
        status,
        shapeMismatch(parsed.error, scrub),
      );
    }
    if (!decided) {
      const what = answer.oversize
        ? `an answer larger than ${Math.round(outbound.maxBytes / 1024)} KiB`
        : json.ok
          ? "an answer that is not GraphQL's"
          : "something other than JSON";
      throw fail("unavailable", `Linear answered with ${what}, which StoryLoom does not read.`, status);
    }

    if (decided.kind === "unauthorized")
      throw new TrackerError("linear", "unauthorized", "Linear refused the API key. Check it or create a new one.", {
        status,
      });
    if (decided.kind === "forbidden")
      throw new TrackerError(
        "linear",
        "forbidden",
        `Your Linear account may not ${call.action}${decided.said ? `: ${decided.said}` : "."}`,
        { status },
      );
    if (decided.kind === "not_found")
      throw new TrackerError("linear", "not_found", `Linear could not find ${call.missing}.`, { status });
    if (decided.kind === "invalid")
      throw new TrackerError("linear", "invalid", decided.said ?? `Linear refused the request (HTTP ${status}).`, {
        status,
      });
    // The judge has taken rate limits and trouble already.
    throw fail("unavailable", `Linear is unavailable (HTTP ${status}).`, status);
  }

  /** Runs a read whose "not found" means absent. */
  async function orAbsent<T>(read: Promise<T>): Promise<T | null> {
    try {
      return await read;
    } catch (error) {
      if (error instanceof TrackerError && error.kind === "not_found") return null;
      throw error;
    }
  }

  async function team(apiKey: string, teamId: string): Promise<LinearTeam> {
    if (!teamId.trim() || teamId.length > 100) throw new TrackerError("linear", "invalid", "Not a Linear team id.");
    const answer = await send({
      name: "team",
      variables: { teamId, labelTeamId: teamId },
      apiKey,
      action: "see this team",
      missing: "the team (or the API key cannot see it)",
    });
    const t = answer.team;
    const labels = answer.issueLabels.nodes.filter(
      (l) => l.name.toLowerCase() === "storyloom" && (!l.team || l.team.id === t.id),
    );
    const label = labels.find((l) => l.team) ?? labels[0] ?? null;
    return {
      id: t.id,
      key: t.key,
      name: t.name,
      estimation:
        t.issueEstimationType === "notUsed"
          ? null
          : { type: t.issueEstimationType, allowZero: t.issueEstimationAllowZero, extended: t.issueEstimationExtended },
      labelId: label?.id ?? null,
    };
  }

  function open(apiKey: string, settings: LinearSettings, ref: string): TrackerSession {
    exportMarker(ref); // throws on a malformed ref before anything is sent
    const asProject = settings.epicAs === "project";
    let plan: Promise<LinearTeam> | null = null;
    /** The team's estimates and label, read once on first use (a failed read is tried again next time). */
    const teamPlan = () => {
      plan ??= team(apiKey, settings.teamId).catch((error: unknown) => {
        plan = null;
        throw error;
      });
      return plan;
    };
    let label: Promise<string | null> | null = null;
    /**
     * The label created issues carry: the team's or the workspace's "storyloom", or, when there is none, one created on
     * the team now, once a session, before the session's first create. An account that may not create labels (or a
     * name Linear refuses) gets no label rather than no export; a create whose outcome is unknown throws, and the next
     * attempt's team read finds the label if it was made.
     */
    const labelFor = () => {
      label ??= (async () => {
        const existing = (await teamPlan()).labelId;
        if (existing) return existing;
        try {
          const answer = await send({
            name: "labelCreate",
            variables: { input: { name: LABEL_NAME, teamId: settings.teamId } },
            apiKey,
            action: `create labels in team ${settings.teamKey}`,
            missing: "the team (it may have been deleted)",
          });
          const { success, issueLabel } = answer.issueLabelCreate;
          if (!success)
            throw new TrackerError(
              "linear",
              "unavailable",
              "Linear did not confirm the label. It may have been created.",
              {
                mayHaveApplied: true,
              },
            );
          return issueLabel.id;
        } catch (error) {
          if (error instanceof TrackerError && (error.kind === "forbidden" || error.kind === "invalid")) return null;
          throw error;
        }
      })().catch((error: unknown) => {
        label = null;
        throw error;
      });
      return label;
    };

    /** Linear's ids of the epics this session met (created, listed or looked up), by their key. */
    const epicIds = new Map<string, string>();

    /** A project epic's id, for its key (slugId): known, or read once (one request). */
    async function projectId(epic: EpicRef): Promise<string> {
      const known = epicIds.get(epic.key);
      if (known) return known;
      const answer = await send({
        name: "projectByKey",
        variables: { slugId: epic.key },
        apiKey,
        action: "see this team's projects",
        missing: `project ${epic.key}`,
      });
      const project = answer.projects.nodes.find((p) => p.slugId === epic.key);
      if (!project)
        throw new TrackerError(
          "linear",
          "not_found",
          `Linear could not find project ${epic.key} (it may have been deleted).`,
        );
      epicIds.set(project.slugId, project.id);
      return project.id;
    }

    /** An issue's parent in the form an epic's key takes: the project's slugId, or the parent issue's identifier. */
    const parentKeyOf = (issue: IssueNode): string | null =>
      asProject ? (issue.project?.slugId ?? null) : (issue.parent?.identifier ?? null);

    /** A story as an item: its parent is the epic issue, or (epic as project) the project it is in. */
    const storyItem = (issue: IssueNode): TrackerItem => ({
      id: issue.id,
      key: issue.identifier,
      url: issue.url,
      title: issue.title,
      parentKey: parentKeyOf(issue),
    });

    async function createIssue(input: Record<string, unknown>): Promise<IssueNode> {
      const answer = await send({
        name: "issueCreate",
        variables: { input },
        apiKey,
        action: `create issues in team ${settings.teamKey}`,
        missing: "the team, epic or label (it may have been deleted)",
      });
      const { success, issue } = answer.issueCreate;
      if (!success || !issue)
        throw new TrackerError("linear", "unavailable", "Linear did not confirm the issue. It may have been created.", {
          mayHaveApplied: true,
        });
      return issue;
    }

    async function updateIssue(key: string, input: Record<string, unknown>): Promise<void> {
      const answer = await send({
        name: "issueUpdate",
        variables: { id: key, input },
        apiKey,
        action: `edit issues in team ${settings.teamKey}`,
        missing: `issue ${key} (it may have been deleted)`,
      });
      if (!answer.issueUpdate.success)
        throw new TrackerError("linear", "unavailable", `Linear did not confirm the edit of ${key}.`);
    }

    /**
     * This export's story ids, so children someone added to the epic by hand are not taken for exported stories: a
     * story's id is its position's in the first round; a story an update adds where an item already took that id
     * gets the next round's (see createStory).
     */
    async function storyIds(): Promise<Set<string>> {
      const slots = STORY_LIMITS.stories * ID_ROUNDS;
      return new Set(await Promise.all(Array.from({ length: slots }, (_, i) => exportId(ref, i))));
    }

    /**
     * Up to BACKLOG_PAGES pages of a list, newest first: what was read, and whether more exist (a next page not read).
     */
    async function pages<T>(
      read: (after: string | null) => Promise<{ nodes: T[]; pageInfo: z.infer<typeof pageInfo> }>,
    ): Promise<{ nodes: T[]; truncated: boolean }> {
      const nodes: T[] = [];
      let after: string | null = null;
      for (let page = 0; page < BACKLOG_PAGES; page++) {
        const answer = await read(after);
        nodes.push(...answer.nodes);
        if (!answer.pageInfo.hasNextPage) return { nodes: nodes.slice(0, BACKLOG_LIMIT), truncated: false };
        after = answer.pageInfo.endCursor ?? null;
        if (!after) break;
      }
      return { nodes: nodes.slice(0, BACKLOG_LIMIT), truncated: true };
    }

    return {
      async createEpic(epic: Epic): Promise<TrackerItem> {
        const id = await exportId(ref, "epic");
        if (asProject) {
          const answer = await send({
            name: "projectCreate",
            variables: {
              input: {
                id,
                name: epic.title,
                description: projectSummary(epic),
                content: epicMarkdown(epic, ref),
                teamIds: [settings.teamId],
                priority: linearPriority(epic.priority),
              },
            },
            apiKey,
            action: `create projects in team ${settings.teamKey}`,
            missing: "the team (it may have been deleted)",
          });
          const { success, project } = answer.projectCreate;
          if (!success || !project)
            throw new TrackerError(
              "linear",
              "unavailable",
              "Linear did not confirm the project. It may have been created.",
              { mayHaveApplied: true },
            );
          epicIds.set(project.slugId, project.id);
          return { id: project.id, key: project.slugId, url: project.url, title: project.name, parentKey: null };
        }
        const labelId = await labelFor();
        const issue = await createIssue({
          id,
          teamId: settings.teamId,
          title: epic.title,
          description: epicMarkdown(epic, ref),
          priority: linearPriority(epic.priority),
          ...(labelId ? { labelIds: [labelId] } : {}),
        });
        epicIds.set(issue.identifier, issue.id);
        return { id: issue.id, key: issue.identifier, url: issue.url, title: issue.title, parentKey: null };
      },

      async createStory(
        story: UserStory,
        position: number,
        epic: EpicRef,
        options: { added?: boolean } = {},
      ): Promise<TrackerItem> {
        // The epic, this export's or one the review chose, is addressed by its id when this session knows it; else
        // an epic issue by its identifier (parentId takes either), a project by the id read for its slugId.
        const [plan, labelId, parent] = await Promise.all([
          teamPlan(),
          labelFor(),
          asProject ? projectId(epic) : Promise.resolve(epicIds.get(epic.key) ?? epic.key),
        ]);
        const estimate = estimateFor(story.storyPoints, plan.estimation);
        for (let round = 0; ; round++) {
          const id = await exportId(ref, position + STORY_LIMITS.stories * round);
          try {
            const issue = await createIssue({
              id,
              teamId: settings.teamId,
              title: story.title,
              description: storyMarkdown(story, ref),
              priority: linearPriority(story.priority),
              ...(estimate !== null ? { estimate } : {}),
              ...(labelId ? { labelIds: [labelId] } : {}),
              ...(asProject ? { projectId: parent } : { parentId: parent }),
            });
            return storyItem(issue);
          } catch (error) {
            // A story added by an update, at a position an earlier story's item holds: a definite refusal (nothing
            // was made), so the next round's id is tried. On a first export the refusal stands: it is a repeat.
            const taken =
              error instanceof TrackerError && error.kind === "invalid" && /already exists/i.test(error.message);
            if (!options.added || !taken || round + 1 >= ID_ROUNDS) throw error;
          }
        }
      },

      async findExported(epic: EpicRef | null): Promise<TrackerItem[]> {
        // The epic is looked up by its key when the record has one (this export's, or one the review chose), else by
        // the id this export gave it; it is among the found only when this export made it.
        const epicId = await exportId(ref, "epic");
        const ours = await storyIds();
        const found: TrackerItem[] = [];
        let after: string | null = null;
        for (let page = 0; page < MAX_PAGES; page++) {
          let children: { nodes: IssueNode[]; pageInfo: z.infer<typeof pageInfo> };
          if (asProject) {
            const answer = await send({
              name: "exportedProject",
              variables: { filter: epic ? { slugId: { eq: epic.key } } : { id: { eq: epicId } }, after },
              apiKey,
              action: "see this team's projects",
              missing: "the exported project",
            });
            const project = answer.projects.nodes.find((p) => (epic ? p.slugId === epic.key : p.id === epicId));
            if (!project) return found;
            epicIds.set(project.slugId, project.id);
            if (page === 0 && project.id === epicId)
              found.push({
                id: project.id,
                key: project.slugId,
                url: project.url,
                title: project.name,
                parentKey: null,
              });
            children = project.issues;
          } else {
            const answer = await orAbsent(
              send({
                name: "exportedIssue",
                variables: { id: epic?.key ?? epicId, after },
                apiKey,
                action: "see this team's issues",
                missing: "the exported epic",
              }),
            );
            if (!answer) return found;
            const parent = answer.issue;
            epicIds.set(parent.identifier, parent.id);
            if (page === 0 && parent.id === epicId)
              found.push({
                id: parent.id,
                key: parent.identifier,
                url: parent.url,
                title: parent.title,
                parentKey: null,
              });
            children = parent.children;
          }
          for (const issue of children.nodes) if (ours.has(issue.id)) found.push(storyItem(issue));
          after = children.pageInfo.hasNextPage ? (children.pageInfo.endCursor ?? null) : null;
          if (!after) break;
        }
        return found;
      },

      async updateEpic(epic: EpicRef, content: Epic): Promise<void> {
        // A project epic keeps its name and text: the kept contract (linear.ops.txt) has no projectUpdate.
        if (asProject) return;
        await updateIssue(epic.key, {
          title: content.title,
          description: epicMarkdown(content, ref),
          priority: linearPriority(content.priority),
        });
      },

      async updateStory(key: string, story: UserStory): Promise<void> {
        const plan = await teamPlan();
        const estimate = estimateFor(story.storyPoints, plan.estimation);
        await updateIssue(key, {
          title: story.title,
          description: storyMarkdown(story, ref),
          priority: linearPriority(story.priority),
          ...(estimate !== null ? { estimate } : {}),
        });
      },

      async linkStory(epic: EpicRef, story: TrackerItem): Promise<void> {
        // Stories are created with parentId (or projectId) set, so every story this export made is linked already;
        // StoryLoom does not move an existing issue to another parent.
        if (story.parentKey === epic.key) return;
        throw new TrackerError(
          "linear",
          "invalid",
          `${story.key} is not under ${epic.key} in Linear, and StoryLoom does not move existing Linear issues.`,
        );
      },

      async openItems(): Promise<BacklogPage> {
        // Query.issues, the team's issues in an open state, most recently updated first: one or two requests.
        const read = await pages(async (after) => {
          const answer = await send({
            name: "openIssues",
            variables: { teamId: settings.teamId, after },
            apiKey,
            action: `see team ${settings.teamKey}'s issues`,
            missing: "the team (or the API key cannot see it)",
          });
          return answer.issues;
        });
        const items = read.nodes.map((issue): BacklogItem => ({
          key: issue.identifier,
          title: issue.title,
          description: plainText(issue.description, BACKLOG_TEXT),
          status: issue.state.name,
          url: issue.url,
          parentKey: parentKeyOf(issue),
        }));
        return { items, truncated: read.truncated };
      },

      async openEpics(): Promise<EpicChoice[]> {
        // The integration's epicAs decides what an epic is: the team's open projects, or its open parent issues. One
        // or two requests either way.
        if (asProject) {
          const read = await pages(async (after) => {
            const answer = await send({
              name: "openProjects",
              variables: { teamId: settings.teamId, after },
              apiKey,
              action: `see team ${settings.teamKey}'s projects`,
              missing: "the team (or the API key cannot see it)",
            });
            return answer.projects;
          });
          return read.nodes.map((project) => {
            epicIds.set(project.slugId, project.id);
            return { key: project.slugId, url: project.url, title: project.name };
          });
        }
        const read = await pages(async (after) => {
          const answer = await send({
            name: "openParents",
            variables: { teamId: settings.teamId, after },
            apiKey,
            action: `see team ${settings.teamKey}'s issues`,
            missing: "the team (or the API key cannot see it)",
          });
          return answer.issues;
        });
        return read.nodes.map((issue) => {
          epicIds.set(issue.identifier, issue.id);
          return { key: issue.identifier, url: issue.url, title: issue.title };
        });
      },

      async relate(storyKey: string, itemKey: string): Promise<void> {
        // One read (both issues, the story's relations either way), then one issueRelationCreate unless a relation of
        // any type joins them already.
        const answer = await send({
          name: "relations",
          variables: { storyId: storyKey, itemId: itemKey },
          apiKey,
          action: `see team ${settings.teamKey}'s issues`,
          missing: `issue ${storyKey} or ${itemKey} (it may have been deleted)`,
        });
        const { story, item } = answer;
        if (story.id === item.id)
          throw new TrackerError("linear", "invalid", `${storyKey} cannot be related to itself.`);
        const related =
          story.relations.nodes.some((r) => r.relatedIssue.id === item.id) ||
          story.inverseRelations.nodes.some((r) => r.issue.id === item.id);
        if (related) return;
        const created = await send({
          name: "relationCreate",
          variables: { input: { issueId: story.id, relatedIssueId: item.id, type: "related" } },
          apiKey,
          action: `relate issues in team ${settings.teamKey}`,
          missing: `issue ${storyKey} or ${itemKey} (it may have been deleted)`,
        });
        if (!created.issueRelationCreate.success)
          throw new TrackerError(
            "linear",
            "unavailable",
            `Linear did not confirm the relation of ${storyKey} to ${itemKey}. It may have been created.`,
            { mayHaveApplied: true },
          );
      },

      async appendTo(itemKey: string, note: AppendNote): Promise<void> {
        // One read of the description (Markdown), then one issueUpdate unless the note's marker is there already.
        const answer = await send({
          name: "description",
          variables: { id: itemKey },
          apiKey,
          action: `see team ${settings.teamKey}'s issues`,
          missing: `issue ${itemKey} (it may have been deleted)`,
        });
        const { issue } = answer;
        if (hasMarker(issue.description, note.marker)) return;
        const updated = await send({
          name: "issueUpdate",
          variables: { id: issue.id, input: { description: appendedDescription(issue.description, note) } },
          apiKey,
          action: `edit issues in team ${settings.teamKey}`,
          missing: `issue ${itemKey} (it may have been deleted)`,
        });
        if (!updated.issueUpdate.success)
          throw new TrackerError(
            "linear",
            "unavailable",
            `Linear did not confirm the edit of ${itemKey}. It may have been applied.`,
            { mayHaveApplied: true },
          );
      },
    };
  }

  return {
    async viewer(apiKey) {
      const answer = await send({
        name: "viewer",
        variables: {},
        apiKey,
        action: "read its own profile",
        missing: "the account",
      });
      return { name: answer.viewer.name, email: answer.viewer.email };
    },

    async teams(apiKey): Promise<LinearTeamSummary[]> {
      const teams: LinearTeamSummary[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer: z.infer<(typeof answers)["teams"]> = await send({
          name: "teams",
          variables: { after },
          apiKey,
          action: "list teams",
          missing: "the workspace",
        });
        teams.push(...answer.teams.nodes.map((t) => ({ id: t.id, key: t.key, name: t.name })));
        after = answer.teams.pageInfo.hasNextPage ? (answer.teams.pageInfo.endCursor ?? null) : null;
        if (!after) break;
      }
      return teams;
    },

    team,
    open,
  };
}
