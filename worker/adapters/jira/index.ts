// JIRA Cloud behind one interface. Implementations: ./http (plain fetch, against https://{site}.atlassian.net or, in
// development and tests only, a fake at JIRA_API_BASE) and the fake emulator in worker/test/jira for service tests.
// Every method throws JiraError on failure; the services turn those into the shared error shape.
import type { AppendNote, BacklogPage, EpicChoice } from "../tracker";

export interface JiraCredentials {
  /** A validated site, `acme.atlassian.net`; the adapter builds every URL from it (lib/jira-site.ts). */
  domain: string;
  email: string;
  apiToken: string;
}

export interface JiraIssueType {
  id: string;
  name: string;
  subtask: boolean;
  /** 1 for epics, 0 for standard types, -1 for sub-tasks (JIRA's hierarchy levels). */
  hierarchyLevel: number;
}

export interface JiraProject {
  id: string;
  key: string;
  name: string;
  issueTypes: JiraIssueType[];
}

/** What the create metadata of one issue type says StoryLoom may set (discovered, never hard-coded). */
export interface JiraCreateFields {
  /** The priority field's allowed values by name, or null when the type has no priority field. */
  priorities: { id: string; name: string }[] | null;
  /** The id of the story-points field (e.g. customfield_10016) when the type has one. */
  storyPointsFieldId: string | null;
  /** True when time tracking (original estimate) can be set. */
  timeTracking: boolean;
  labels: boolean;
  /** True when `parent` can be set (team-managed and company-managed projects on current JIRA Cloud). */
  parent: boolean;
}

/** The `fields` of one issue to create, already in JIRA's shape (description in Atlassian Document Format). */
export type JiraIssueFields = Record<string, unknown>;

export interface JiraCreatedIssue {
  id: string;
  key: string;
}

export interface JiraBulkResult {
  /** Created issues, in the order of the request's items that succeeded. */
  issues: (JiraCreatedIssue & { index: number })[];
  /** Per-item failures: the 0-based index in the request and JIRA's message. */
  errors: { index: number; status: number; message: string }[];
}

export interface JiraFoundIssue {
  key: string;
  id: string;
  summary: string;
  issueTypeName: string;
  labels: string[];
  parentKey: string | null;
}

export interface Jira {
  /** GET /rest/api/3/serverInfo without credentials: the site answers as JIRA Cloud (deploymentType "Cloud"). */
  serverInfo(domain: string): Promise<{ deploymentType: string | null; serverTitle: string | null }>;
  /** GET /rest/api/3/myself */
  myself(credentials: JiraCredentials): Promise<{ accountId: string; displayName: string }>;
  /** GET /rest/api/3/project/{key} (with its issue types). */
  project(credentials: JiraCredentials, projectKey: string): Promise<JiraProject>;
  /** GET /rest/api/3/issue/createmeta/{key}/issuetypes/{typeId}, every page. */
  createFields(credentials: JiraCredentials, projectKey: string, issueTypeId: string): Promise<JiraCreateFields>;
  /** POST /rest/api/3/issue. Never retried: a failure that may have created the issue throws with `mayHaveApplied`. */
  createIssue(credentials: JiraCredentials, fields: JiraIssueFields): Promise<JiraCreatedIssue>;
  /**
   * PUT /rest/api/3/issue/{key}: sets the given fields (an update: the same fields twice change nothing more), without
   * notifying watchers. A timeout is retried like a read.
   */
  updateIssue(credentials: JiraCredentials, key: string, fields: JiraIssueFields): Promise<void>;
  /** POST /rest/api/3/issue/bulk with at most 50 items; per-item errors come back in the result, not thrown. */
  bulkCreate(credentials: JiraCredentials, issues: JiraIssueFields[]): Promise<JiraBulkResult>;
  /** GET /rest/api/3/search/jql, every page (bounded): issues carrying `label` in the project. */
  findByLabel(credentials: JiraCredentials, projectKey: string, label: string): Promise<JiraFoundIssue[]>;
  /**
   * GET /rest/api/3/search/jql: the project's issues not in a done status, newest first, at most BACKLOG_LIMIT (two
   * pages), their descriptions as plain text.
   */
  openItems(credentials: JiraCredentials, projectKey: string): Promise<BacklogPage>;
  /** The project's epics not in a done status, newest first (GET /rest/api/3/search/jql, at most BACKLOG_LIMIT). */
  openEpics(credentials: JiraCredentials, projectKey: string): Promise<EpicChoice[]>;
  /**
   * "Link to": a "Relates" link between the story and the item (POST /rest/api/3/issueLink, the type's name read
   * from GET /rest/api/3/issueLinkType). Reads the story's links first and writes nothing when it is linked already.
   */
  relate(credentials: JiraCredentials, storyKey: string, itemKey: string): Promise<void>;
  /** "Add to": appends the note to the issue's description (GET, then PUT), once (see AppendNote in ../tracker). */
  appendTo(credentials: JiraCredentials, itemKey: string, note: AppendNote): Promise<void>;
  /** The browser link of an issue: https://{site}/browse/{key}. */
  browseUrl(domain: string, key: string): string;
}

export type JiraErrorKind =
  | "unauthorized" // 401: the email or token was refused
  | "forbidden" // 403: the account may not do this
  | "not_found" // 404: the project (or issue type) is gone
  | "invalid" // 400: JIRA refused the fields; message says which
  | "rate_limited" // 429 still after the retries the time allows
  | "unavailable" // 5xx, timeouts, network failures, oversized or non-JSON answers, redirects
  | "not_jira"; // the site does not answer as JIRA Cloud

export class JiraError extends Error {
  readonly kind: JiraErrorKind;
  readonly status: number | null;
  /** A create whose outcome is unknown (timeout, 5xx, dropped connection): JIRA may have created it. */
  readonly mayHaveApplied: boolean;
  /** Seconds JIRA asked to wait (429), when it said. */
  readonly retryAfter: number | null;

  constructor(
    kind: JiraErrorKind,
    message: string,
    options: { status?: number | null; mayHaveApplied?: boolean; retryAfter?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "JiraError";
    this.kind = kind;
    this.status = options.status ?? null;
    this.mayHaveApplied = options.mayHaveApplied ?? false;
    this.retryAfter = options.retryAfter ?? null;
  }
}
