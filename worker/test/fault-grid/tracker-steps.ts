// The fault grid's view of Linear, GitHub Issues and Azure DevOps (issue 32): for each tracker, how to answer a
// request from its contract-checked fake, which request each step of the grid breaks, and what the fake holds
// afterwards, so trackers.test.ts runs one table over all three.
//
// mockOutbound matches "METHOD url-prefix" only, and that cannot tell the steps apart here: Linear has one endpoint
// (POST /graphql), and GitHub creates the epic and the stories with the same POST …/issues. So each step names its
// request by a predicate (the GraphQL document and its input, the issue's title, the work item type in the path),
// and the tracker's one route per method answers the matching requests with the fault, every other from the fake.
import { onTestFinished } from "vitest";
import { LINEAR_DOCUMENTS, RATE_LIMIT_RETRIES as LINEAR_RATE_LIMIT_RETRIES } from "../../adapters/linear/http";
import { RATE_LIMIT_RETRIES as GITHUB_RATE_LIMIT_RETRIES } from "../../adapters/github/http";
import { RATE_LIMIT_RETRIES as AZURE_RATE_LIMIT_RETRIES } from "../../adapters/azure-devops/http";
import type { TrackerType } from "../../../schema/api/integrations";
import { FakeAzureDevOps } from "../azure-devops/fake-azure-devops";
import { numberedStories, TRACKER_FIXTURES } from "../factories";
import { FakeGitHub } from "../github/fake-github";
import { FakeLinear } from "../linear/fake-linear";
import { mockOutbound, type RecordedRequest } from "../outbound";
import type { Fault } from "./faults";

/** Stories per export: enough for "the first story" to have followers, few enough to keep the grid quick. */
export const STORIES = 3;
export const EPIC_TITLE = numberedStories(STORIES).epic.title;
export const STORY_TITLES = numberedStories(STORIES).userStories.map((s) => s.title);

export type StepKind = "validate" | "parent" | "child" | "link" | "search" | "append";

/** What "Add to" writes once per story, with the export's marker (services/integrations/placements.ts noteFor). */
const NOTE_MARKER = /storyloom-[0-9a-f]{12}-\d+/g;
const countNotes = (text: string | null | undefined) => (text ?? "").match(NOTE_MARKER)?.length ?? 0;
const SEEDED = { title: "Refunds for damaged parcels", text: "Someone wrote this in the tracker." };

export interface TrackerStep {
  kind: StepKind;
  name: string;
  /** The request the fault answers (every other goes to the fake). */
  matches: (request: RecordedRequest) => boolean;
  /** A create (or GitHub's sub-issue link): never retried by the adapter, and "may have applied" when unanswered. */
  isWrite: boolean;
}

/** What a fake holds, in the common terms of adapters/tracker/index.ts (keys as the export record keeps them). */
export interface Holdings {
  epics: { key: string; title: string }[];
  stories: { key: string; title: string; parentKey: string | null }[];
}

export interface TrackerGrid {
  type: TrackerType;
  /** The credential, and any form of it that travels (Azure's Basic header): none may reach a client or a log. */
  secrets: string[];
  /** How many calls a 429 gets: the first and each of the adapter's waits (all within the 20 s budget at 2 s). */
  rateLimitCalls: number;
  validate: { path: string; body: Record<string, string> };
  steps: TrackerStep[];
  /**
   * The review before an export (issue 41): the search of the open items (a read), and the write of "Add to" (an
   * existing item's description set once); `seed` adds an item someone wrote there, `notes` counts what StoryLoom
   * appended to it.
   */
  review: { search: TrackerStep; append: TrackerStep; seed(): string; notes(key: string): number };
  /**
   * Routes every request to the tracker to the grid's fake, except those the step (when given) matches, which the
   * fault answers. A contract breach the fake finds fails the test even if the code under test swallowed it.
   */
  mock(fault?: { step: TrackerStep; fault: Fault }): { calls: RecordedRequest[]; holdings: () => Holdings };
}

type Answer =
  | { kind: "json"; status: number; headers: Record<string, string>; body: unknown }
  | { kind: "empty"; status: number; headers: Record<string, string> }
  | { kind: string };

const toResponse = (answer: Answer, system: string): Response => {
  if (answer.kind === "json" && "body" in answer)
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  if (answer.kind === "empty" && "status" in answer)
    return new Response(null, { status: answer.status, headers: answer.headers });
  throw new Error(`The fake ${system} answered ${answer.kind}, which the grid does not use`);
};

const METHODS = ["GET", "POST", "PATCH"] as const;

/**
 * One mockOutbound route per method for `origin`: the fault for what the step matches, the fake for the rest. The
 * grid's one fake keeps its state across the failed attempt and the resumed one (a second `mock` without a fault).
 */
function routes(
  origin: string,
  fromFake: (request: RecordedRequest) => Response,
  fault: { step: TrackerStep; fault: Fault } | undefined,
) {
  const failures: unknown[] = [];
  onTestFinished(() => {
    if (failures.length) throw failures[0];
  });
  const answer = (request: RecordedRequest): Response | Promise<Response> => {
    if (fault?.step.matches(request)) return fault.fault.handler(request);
    try {
      return fromFake(request);
    } catch (error) {
      failures.push(error);
      throw error;
    }
  };
  return mockOutbound(Object.fromEntries(METHODS.map((method) => [`${method} ${origin}/`, answer])));
}

const jsonBody = (request: RecordedRequest): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(request.body);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
const pathOf = (request: RecordedRequest) => new URL(request.url).pathname;

// ——— Linear: POST https://api.linear.app/graphql (the tests' config has no LINEAR_API_BASE) ———

const LINEAR_ORIGIN = "https://api.linear.app";

/** The GraphQL document a request sends, and its `input` variable (issueCreate's). */
const linearRequest = (request: RecordedRequest) => {
  const body = jsonBody(request);
  const variables = (body?.variables ?? {}) as { input?: Record<string, unknown> };
  return { query: body?.query, input: variables.input ?? null };
};

function linearGrid(): TrackerGrid {
  const fake = new FakeLinear();
  const issueCreate = (request: RecordedRequest) => linearRequest(request).query === LINEAR_DOCUMENTS.issueCreate;
  return {
    type: "linear",
    secrets: [TRACKER_FIXTURES.linear.secret],
    rateLimitCalls: LINEAR_RATE_LIMIT_RETRIES + 1,
    validate: { path: "/api/validate/linear-auth", body: { apiKey: TRACKER_FIXTURES.linear.secret } },
    steps: [
      {
        kind: "validate",
        // The check reads the viewer and the teams at once (tracker-checks.ts checkLinearAuth); the viewer is the
        // key's own check, so it is the one broken; the teams read is answered by the fake.
        name: "the key check (viewer)",
        matches: (request) => linearRequest(request).query === LINEAR_DOCUMENTS.viewer,
        isWrite: false,
      },
      {
        kind: "parent",
        // The integration's epicAs is "issue" (TRACKER_FIXTURES): the epic is an issueCreate without a parent.
        name: "the epic create",
        matches: (request) => issueCreate(request) && !linearRequest(request).input?.parentId,
        isWrite: true,
      },
      {
        kind: "child",
        name: "the first story create",
        matches: (request) => issueCreate(request) && Boolean(linearRequest(request).input?.parentId),
        isWrite: true,
      },
      // No link step: a story is created with parentId set (adapters/linear/http.ts createStory), so the link is
      // part of the child's create.
    ],
    review: {
      search: {
        kind: "search",
        name: "the search of open issues",
        matches: (request) => linearRequest(request).query === LINEAR_DOCUMENTS.openIssues,
        isWrite: false,
      },
      append: {
        kind: "append",
        name: "the addition to an existing issue",
        matches: (request) => linearRequest(request).query === LINEAR_DOCUMENTS.issueUpdate,
        isWrite: true,
      },
      seed: () => fake.addIssue({ title: SEEDED.title, description: SEEDED.text }).identifier,
      notes: (key) => countNotes(fake.issue(key).description),
    },
    mock(fault) {
      const { calls } = routes(
        LINEAR_ORIGIN,
        (request) =>
          toResponse(
            fake.handle({
              method: request.method,
              path: pathOf(request),
              body: request.body,
              headers: Object.fromEntries(request.headers),
            }),
            "Linear",
          ),
        fault,
      );
      return {
        calls,
        holdings: () => {
          const byId = new Map(fake.issues.map((i) => [i.id, i.identifier]));
          return {
            epics: fake.issues
              .filter((i) => i.parentId === null && i.projectId === null)
              .map((i) => ({ key: i.identifier, title: i.title })),
            stories: fake.issues
              .filter((i) => i.parentId !== null)
              .map((i) => ({ key: i.identifier, title: i.title, parentKey: byId.get(i.parentId!) ?? null })),
          };
        },
      };
    },
  };
}

// ——— GitHub: https://api.github.com (no GITHUB_API_BASE in the tests' config) ———

const GITHUB_ORIGIN = "https://api.github.com";

function githubGrid(): TrackerGrid {
  const fake = new FakeGitHub();
  const { owner, repo } = TRACKER_FIXTURES.github.settings;
  const issues = `/repos/${owner}/${repo}/issues`;
  const issueCreate = (request: RecordedRequest) => request.method === "POST" && pathOf(request) === issues;
  const title = (request: RecordedRequest) => jsonBody(request)?.title;
  return {
    type: "github",
    secrets: [TRACKER_FIXTURES.github.secret],
    rateLimitCalls: GITHUB_RATE_LIMIT_RETRIES + 1,
    validate: { path: "/api/validate/github-auth", body: { token: TRACKER_FIXTURES.github.secret } },
    steps: [
      {
        kind: "validate",
        name: "the token check (GET /user)",
        matches: (request) => request.method === "GET" && pathOf(request) === "/user",
        isWrite: false,
      },
      // The epic and the stories are the same POST …/issues: told apart by the title sent.
      {
        kind: "parent",
        name: "the epic create",
        matches: (request) => issueCreate(request) && title(request) === EPIC_TITLE,
        isWrite: true,
      },
      {
        kind: "child",
        name: "the first story create",
        matches: (request) => issueCreate(request) && title(request) !== EPIC_TITLE,
        isWrite: true,
      },
      {
        kind: "link",
        name: "the first sub-issue link",
        matches: (request) =>
          request.method === "POST" && new RegExp(`^${issues}/\\d+/sub_issues$`).test(pathOf(request)),
        isWrite: true,
      },
    ],
    review: {
      search: {
        kind: "search",
        name: "the search of open issues",
        matches: (request) =>
          request.method === "GET" && pathOf(request) === issues && new URL(request.url).searchParams.has("state"),
        isWrite: false,
      },
      append: {
        kind: "append",
        name: "the addition to an existing issue",
        matches: (request) => request.method === "PATCH" && new RegExp(`^${issues}/\\d+$`).test(pathOf(request)),
        isWrite: true,
      },
      seed: () => `#${fake.addIssue({ title: SEEDED.title, body: SEEDED.text }).number}`,
      notes: (key) => countNotes(fake.issues.find((i) => `#${i.number}` === key)?.body),
    },
    mock(fault) {
      const { calls } = routes(
        GITHUB_ORIGIN,
        (request) => {
          const url = new URL(request.url);
          return toResponse(
            fake.handle({
              method: request.method,
              path: url.pathname,
              query: url.search.slice(1),
              body: request.body,
              headers: Object.fromEntries(request.headers),
            }),
            "GitHub",
          );
        },
        fault,
      );
      return {
        calls,
        holdings: () => {
          const real = fake.issues.filter((i) => !i.pullRequest);
          return {
            epics: real.filter((i) => i.title === EPIC_TITLE).map((i) => ({ key: `#${i.number}`, title: i.title })),
            stories: real
              .filter((i) => i.title !== EPIC_TITLE)
              .map((i) => ({
                key: `#${i.number}`,
                title: i.title,
                parentKey: i.parent === null ? null : `#${i.parent}`,
              })),
          };
        },
      };
    },
  };
}

// ——— Azure DevOps: https://dev.azure.com (no AZURE_DEVOPS_API_BASE in the tests' config) ———

const AZURE_ORIGIN = "https://dev.azure.com";
/** The Basic header adapters/azure-devops/http.ts sends (`:` then the PAT, base64): as secret as the PAT. */
const basicForm = (pat: string) => btoa(`:${pat}`);

function azureGrid(): TrackerGrid {
  const fake = new FakeAzureDevOps();
  const { organization } = TRACKER_FIXTURES["azure-devops"].settings;
  const pat = TRACKER_FIXTURES["azure-devops"].secret;
  /** POST …/_apis/wit/workitems/${type}: the work item type, as the path names it. */
  const createdType = (request: RecordedRequest): string | null => {
    if (request.method !== "POST") return null;
    const match = /\/_apis\/wit\/workitems\/\$([^/]+)$/.exec(pathOf(request));
    return match ? decodeURIComponent(match[1]!) : null;
  };
  return {
    type: "azure-devops",
    secrets: [pat, basicForm(pat)],
    rateLimitCalls: AZURE_RATE_LIMIT_RETRIES + 1,
    validate: { path: "/api/validate/azure-devops-auth", body: { organization, token: pat } },
    steps: [
      {
        kind: "validate",
        name: "the token check (the organisation's projects)",
        matches: (request) => request.method === "GET" && pathOf(request) === `/${organization}/_apis/projects`,
        isWrite: false,
      },
      {
        kind: "parent",
        name: "the epic create",
        matches: (request) => createdType(request) === "Epic",
        isWrite: true,
      },
      {
        kind: "child",
        name: "the first story create",
        matches: (request) => {
          const type = createdType(request);
          return type !== null && type !== "Epic";
        },
        isWrite: true,
      },
      // No link step: a story is created with its System.LinkTypes.Hierarchy-Reverse relation to the epic in the
      // same JSON Patch (adapters/azure-devops/http.ts createStory, format.ts storyPatch), so the link is part of the
      // child's create.
    ],
    review: {
      search: {
        kind: "search",
        name: "the search of open work items (WIQL)",
        matches: (request) => request.method === "POST" && pathOf(request).endsWith("/_apis/wit/wiql"),
        isWrite: false,
      },
      append: {
        kind: "append",
        name: "the addition to an existing work item",
        matches: (request) => request.method === "PATCH" && /\/_apis\/wit\/workitems\/\d+$/.test(pathOf(request)),
        isWrite: true,
      },
      seed: () => String(fake.addWorkItem({ type: "User Story", title: SEEDED.title, description: SEEDED.text }).id),
      notes: (key) =>
        countNotes(String(fake.workItems.find((w) => String(w.id) === key)?.fields["System.Description"] ?? "")),
    },
    mock(fault) {
      const { calls } = routes(
        AZURE_ORIGIN,
        (request) => {
          const url = new URL(request.url);
          return toResponse(
            fake.handle({
              method: request.method,
              path: url.pathname,
              query: url.search.slice(1),
              body: request.body,
              headers: Object.fromEntries(request.headers),
            }),
            "Azure DevOps",
          );
        },
        fault,
      );
      return {
        calls,
        holdings: () => ({
          epics: fake.workItems
            .filter((w) => w.type === "Epic")
            .map((w) => ({ key: String(w.id), title: String(w.fields["System.Title"]) })),
          stories: fake.workItems
            .filter((w) => w.type !== "Epic")
            .map((w) => ({
              key: String(w.id),
              title: String(w.fields["System.Title"]),
              parentKey: w.parentId === null ? null : String(w.parentId),
            })),
        }),
      };
    },
  };
}

/** A new grid (and a new fake behind it) for one test. */
export function trackerGrid(type: TrackerType): TrackerGrid {
  switch (type) {
    case "linear":
      return linearGrid();
    case "github":
      return githubGrid();
    case "azure-devops":
      return azureGrid();
  }
}

/** The steps of each tracker, for describe.each: built without a fake (the predicates need none). */
export const TRACKER_STEPS: readonly (readonly [TrackerType, TrackerStep])[] = (
  ["linear", "github", "azure-devops"] as const
).flatMap((type) => trackerGrid(type).steps.map((step) => [type, step] as const));

/** The review's steps of each tracker (its search, and the write of "Add to"), for describe.each. */
export const REVIEW_STEPS: readonly (readonly [TrackerType, TrackerStep])[] = (
  ["linear", "github", "azure-devops"] as const
).flatMap((type) => {
  const { search, append } = trackerGrid(type).review;
  return [[type, search] as const, [type, append] as const];
});
