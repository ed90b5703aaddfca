// JIRA Cloud's REST API v3 over plain fetch. Every URL comes from lib/jira-site.ts (a validated site label, or a fake's
// base outside production), so no stored or submitted domain can aim a request elsewhere. Redirects are not
// followed, answers are size-capped while they stream and parsed with zod, and creates are never retried: a create
// whose outcome is unknown throws with `mayHaveApplied`, and the caller reconciles by searching for its label.
// The review before an export (issue 41) reads the open issues and epics by JQL, and links (issueLink) or appends to
// a description (GET, then PUT) only after reading that it has not done so already.
import * as z from "zod";
import { JIRA_PROJECT_KEY_PATTERN } from "../../../schema/api/integrations";
import { jiraBrowseUrl, jiraUrl } from "../../lib/jira-site";
import { BACKLOG_LIMIT, BACKLOG_TEXT, type BacklogItem, type EpicChoice } from "../tracker";
import { adfPlainText, appendNote, asAdfDocument } from "./adf";
import { createMetaFieldSchema, interpretCreateFields, type CreateMetaField } from "./fields";
import {
  JiraError,
  type Jira,
  type JiraIssueType,
  type JiraProject,
  type JiraBulkResult,
  type JiraCreatedIssue,
  type JiraCredentials,
  type JiraFoundIssue,
  type JiraIssueFields,
} from "./index";
import {
  byStatus,
  clipMessage,
  createOutbound,
  describeUnanswered,
  parseJson,
  shapeMismatch,
  type OutboundOptions,
} from "../../lib/outbound-call";

export interface HttpJiraOptions extends OutboundOptions {
  /** Config.jiraApiBase: a fake JIRA's base in development and tests, null in production. */
  apiBase: URL | null;
}

/** JIRA's own limit for POST /rest/api/3/issue/bulk. */
export const JIRA_BULK_MAX = 50;
export const SEARCH_PAGE_SIZE = 100;
export const SEARCH_MAX_PAGES = 10;
/** Requests one backlog read may make: pages of SEARCH_PAGE_SIZE, JIRA may answer fewer per page. */
export const BACKLOG_MAX_PAGES = 3;
const CREATEMETA_PAGE_SIZE = 200;
const CREATEMETA_MAX_PAGES = 20;
/** What JIRA calls an issue: its project's key, a hyphen, its number. */
const ISSUE_KEY = /^[A-Z][A-Z0-9_]{0,99}-[1-9]\d{0,17}$/;

// ——— answers, as far as StoryLoom reads them ———

const serverInfoAnswer = z.looseObject({ deploymentType: z.string().optional(), serverTitle: z.string().optional() });
const myselfAnswer = z.looseObject({ accountId: z.string().min(1), displayName: z.string().optional() });
const projectAnswer = z.looseObject({
  id: z.string().min(1),
  key: z.string().min(1),
  name: z.string(),
  issueTypes: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        name: z.string(),
        subtask: z.boolean().optional(),
        hierarchyLevel: z.number().int().optional(),
      }),
    )
    .optional(),
});
const createMetaPage = z.looseObject({
  startAt: z.number().int().optional(),
  maxResults: z.number().int().optional(),
  total: z.number().int().optional(),
  fields: z.array(createMetaFieldSchema).optional(),
  results: z.array(createMetaFieldSchema).optional(),
});
const createdAnswer = z.looseObject({ id: z.string().min(1), key: z.string().min(1) });
const errorCollection = z.looseObject({
  errorMessages: z.array(z.string()).optional(),
  errors: z.record(z.string(), z.unknown()).optional(),
});
const bulkAnswer = z.looseObject({
  issues: z.array(createdAnswer).optional(),
  errors: z
    .array(
      z.looseObject({
        status: z.number().int().optional(),
        failedElementNumber: z.number().int().optional(),
        elementErrors: errorCollection.optional(),
      }),
    )
    .optional(),
});
const searchPage = z.looseObject({
  issues: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        key: z.string().min(1),
        fields: z
          .looseObject({
            summary: z.string().nullish(),
            issuetype: z.looseObject({ name: z.string() }).nullish(),
            labels: z.array(z.string()).nullish(),
            parent: z.looseObject({ key: z.string() }).nullish(),
          })
          .optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().nullish(),
  isLast: z.boolean().optional(),
});
/**
 * One page of open issues: descriptions as JIRA holds them (ADF, read as unknown), status and parent. The list is
 * required: a page without it is not an answer, and must not read as an empty backlog.
 */
const backlogPage = z.looseObject({
  issues: z.array(
    z.looseObject({
      key: z.string().regex(ISSUE_KEY),
      fields: z
        .looseObject({
          summary: z.string().nullish(),
          description: z.unknown().optional(),
          status: z.looseObject({ name: z.string() }).nullish(),
          parent: z.looseObject({ key: z.string() }).nullish(),
        })
        .optional(),
    }),
  ),
  nextPageToken: z.string().nullish(),
  isLast: z.boolean().optional(),
});
type BacklogIssue = z.infer<typeof backlogPage>["issues"][number];
const linkTypeShape = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  inward: z.string().optional(),
  outward: z.string().optional(),
});
const linkedIssue = z.looseObject({ key: z.string() }).optional();
const issueLinksAnswer = z.looseObject({
  key: z.string(),
  fields: z.looseObject({
    issuelinks: z
      .array(z.looseObject({ type: linkTypeShape.optional(), inwardIssue: linkedIssue, outwardIssue: linkedIssue }))
      .nullish(),
  }),
});
const linkTypesAnswer = z.looseObject({ issueLinkTypes: z.array(linkTypeShape) });
const descriptionAnswer = z.looseObject({
  key: z.string(),
  fields: z.looseObject({ description: z.unknown().optional() }),
});

// ——— one request ———

interface Call<T> {
  method: "GET" | "POST" | "PUT";
  domain: string;
  path: string;
  query?: Record<string, string>;
  /** null: an anonymous request (serverInfo). */
  credentials: JiraCredentials | null;
  body?: unknown;
  answer: z.ZodType<T>;
  /** For 403: "Your JIRA account does not have permission to {action}." */
  action: string;
  /** For 404: "JIRA could not find {missing}." */
  missing: string;
  /** A non-2xx status whose body is still the answer (bulk create's 400 when every item failed); null when it is not. */
  errorAnswer?: (status: number, body: unknown) => T | null;
  /** serverInfo: a 404 or an answer that is not JIRA's means the site is not JIRA Cloud. */
  notJiraOnMismatch?: boolean;
  /**
   * A write never sent twice, whose unknown outcome throws with `mayHaveApplied`: the sentence that ends such a
   * failure's message. Every POST is one (" The issues may have been created." unless said).
   */
  unknownOutcome?: string;
  /** The answer's body is not read (issueLink's 201 has none): any 2xx answers `answer.parse(null)`. */
  noBody?: boolean;
}

function basicAuthorization(credentials: JiraCredentials): string {
  const bytes = new TextEncoder().encode(`${credentials.email}:${credentials.apiToken}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Removes the token, the email-and-token pair and its base64 from text that could reach a message or a log. */
function scrubber(credentials: JiraCredentials | null): (text: string) => string {
  if (!credentials) return (text) => text;
  const secrets = [
    basicAuthorization(credentials).slice("Basic ".length),
    `${credentials.email}:${credentials.apiToken}`,
    credentials.apiToken,
  ]
    .filter((s) => s.length >= 4)
    .sort((a, b) => b.length - a.length);
  return (text) => secrets.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}

/** JIRA's errorMessages and errors ("field: message"), joined and trimmed; null when it said nothing. */
function jiraMessage(body: unknown, scrub: (text: string) => string): string | null {
  const parsed = errorCollection.safeParse(body);
  if (!parsed.success) return null;
  const parts = [
    ...(parsed.data.errorMessages ?? []),
    ...Object.entries(parsed.data.errors ?? {}).flatMap(([field, message]) =>
      typeof message === "string" ? [`${field}: ${message}`] : [],
    ),
  ]
    .map((m) => m.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (!parts.length) return null;
  return clipMessage(scrub(parts.join("; ")));
}

export function createHttpJira(options: HttpJiraOptions): Jira {
  const outbound = createOutbound("JIRA", options);

  async function send<T>(call: Call<T>): Promise<T> {
    // Refuses a hostile domain before anything is sent (AppError validation_failed).
    const url = jiraUrl(call.domain, call.path, options.apiBase);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (call.credentials) headers.Authorization = basicAuthorization(call.credentials);
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    const init: RequestInit = {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    };
    const scrub = scrubber(call.credentials);
    const isCreate = call.method === "POST" || call.unknownOutcome !== undefined;
    /** The validated site (never the fake's host), for the not-JIRA message. */
    const site = call.domain.trim().toLowerCase();
    const unknownOutcome = call.unknownOutcome ?? (isCreate ? " The issues may have been created." : "");

    // Edits (PUT) set fields, so like reads they may be sent again; a create (or a one-shot write) never is.
    const result = await outbound.send(url, init, { repeatable: !isCreate, judge: byStatus });
    if (result.kind !== "answered") {
      const failure = describeUnanswered(result, {
        name: "JIRA",
        timeoutMs: outbound.timeoutMs,
        scrub,
        write: isCreate,
        unknownOutcome,
      });
      throw new JiraError(failure.kind, failure.message, failure);
    }

    const { status, oversize, text } = result.reading;
    const json = parseJson(text);

    if (status >= 200 && status < 300) {
      // An edit answers 204 with no body, a link 201 with none.
      if ((status === 204 && call.method === "PUT") || call.noBody) return call.answer.parse(null);
      if (oversize || !json.ok) {
        if (call.notJiraOnMismatch)
          throw new JiraError("not_jira", `${site} does not answer as JIRA Cloud.`, { status });
        const what = oversize
          ? `an answer larger than ${Math.round(outbound.maxBytes / 1024)} KiB`
          : "something other than JSON";
        throw new JiraError(
          "unavailable",
          `JIRA answered with ${what}, which StoryLoom does not read.${unknownOutcome}`,
          {
            status,
            mayHaveApplied: isCreate,
          },
        );
      }
      const parsed = call.answer.safeParse(json.value);
      if (parsed.success) return parsed.data;
      if (call.notJiraOnMismatch) throw new JiraError("not_jira", `${site} does not answer as JIRA Cloud.`, { status });
      throw new JiraError("unavailable", `JIRA's answer was not in the shape StoryLoom expects.${unknownOutcome}`, {
        status,
        mayHaveApplied: isCreate,
        cause: shapeMismatch(parsed.error, scrub),
      });
    }

    if (status >= 300 && status < 400) {
      throw new JiraError(
        "unavailable",
        `JIRA answered with a redirect (HTTP ${status}), which StoryLoom does not follow.`,
        {
          status,
          mayHaveApplied: isCreate,
        },
      );
    }

    if (call.errorAnswer && json.ok) {
      const answer = call.errorAnswer(status, json.value);
      if (answer !== null) return answer;
    }
    const said = json.ok ? jiraMessage(json.value, scrub) : null;
    if (call.notJiraOnMismatch && status === 404)
      throw new JiraError("not_jira", `${site} does not answer as JIRA Cloud.`, { status });
    if (status === 401) throw new JiraError("unauthorized", "JIRA refused the email or API token.", { status });
    if (status === 403)
      throw new JiraError("forbidden", `Your JIRA account does not have permission to ${call.action}.`, { status });
    if (status === 404) throw new JiraError("not_found", `JIRA could not find ${call.missing}.`, { status });
    if (status === 400 || status === 422)
      throw new JiraError("invalid", said ?? `JIRA refused the request (HTTP ${status}).`, { status });
    throw new JiraError("unavailable", `JIRA answered HTTP ${status}${said ? `: ${said}` : "."}`, { status });
  }

  function projectKey(key: string): string {
    if (!JIRA_PROJECT_KEY_PATTERN.test(key))
      throw new JiraError("invalid", `${JSON.stringify(key.slice(0, 20))} is not a JIRA project key.`);
    return key;
  }

  async function readProject(credentials: JiraCredentials, key: string): Promise<JiraProject> {
    const found = await send({
      method: "GET",
      domain: credentials.domain,
      path: `/rest/api/3/project/${projectKey(key)}`,
      credentials,
      answer: projectAnswer,
      action: `see project ${key}`,
      missing: `project ${key} (or your account cannot see it)`,
    });
    return {
      id: found.id,
      key: found.key,
      name: found.name,
      issueTypes: (found.issueTypes ?? []).map((t) => ({
        id: t.id,
        name: t.name,
        subtask: t.subtask ?? false,
        hierarchyLevel: t.hierarchyLevel ?? (t.subtask ? -1 : 0),
      })),
    };
  }

  /** A JQL string literal. */
  const jqlString = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

  function issueKey(key: string): string {
    if (!ISSUE_KEY.test(key))
      throw new JiraError("invalid", `${JSON.stringify(key.slice(0, 20))} is not a JIRA issue key.`);
    return key;
  }

  /**
   * The newest issues `jql` finds, at most `limit`, in at most `maxPages` requests of SEARCH_PAGE_SIZE (JIRA may
   * answer fewer per page); `more` when JIRA holds more than were read.
   */
  async function newest(
    credentials: JiraCredentials,
    key: string,
    jql: string,
    fields: string,
    limit: number,
    maxPages: number,
  ): Promise<{ issues: BacklogIssue[]; more: boolean }> {
    const found = new Map<string, BacklogIssue>();
    let nextPageToken: string | null = null;
    for (let page = 0; page < maxPages && found.size < limit; page++) {
      const answer: z.infer<typeof backlogPage> = await send({
        method: "GET",
        domain: credentials.domain,
        path: "/rest/api/3/search/jql",
        query: {
          jql,
          fields,
          maxResults: String(Math.min(SEARCH_PAGE_SIZE, limit - found.size)),
          ...(nextPageToken ? { nextPageToken } : {}),
        },
        credentials,
        answer: backlogPage,
        action: `search issues in project ${key}`,
        missing: `project ${key} (or your account cannot see it)`,
      });
      // An issue updated between two pages can come twice: it is kept where it came first.
      for (const issue of answer.issues) if (!found.has(issue.key)) found.set(issue.key, issue);
      nextPageToken = answer.isLast === true ? null : (answer.nextPageToken ?? null);
      if (!nextPageToken) return { issues: [...found.values()].slice(0, limit), more: found.size > limit };
    }
    return { issues: [...found.values()].slice(0, limit), more: true };
  }

  return {
    async serverInfo(domain) {
      const info = await send({
        method: "GET",
        domain,
        path: "/rest/api/3/serverInfo",
        credentials: null,
        answer: serverInfoAnswer,
        action: "read the site's information",
        missing: "the site",
        notJiraOnMismatch: true,
      });
      return { deploymentType: info.deploymentType ?? null, serverTitle: info.serverTitle ?? null };
    },

    async myself(credentials) {
      const me = await send({
        method: "GET",
        domain: credentials.domain,
        path: "/rest/api/3/myself",
        credentials,
        answer: myselfAnswer,
        action: "read its own profile",
        missing: "the account",
      });
      return { accountId: me.accountId, displayName: me.displayName ?? "" };
    },

    project: (credentials, key) => readProject(credentials, key),

    async createFields(credentials, key, issueTypeId) {
      if (!/^\d{1,18}$/.test(issueTypeId)) throw new JiraError("invalid", "Not a JIRA issue type id.");
      const fields: CreateMetaField[] = [];
      let startAt = 0;
      for (let page = 0; page < CREATEMETA_MAX_PAGES; page++) {
        const answer = await send({
          method: "GET",
          domain: credentials.domain,
          path: `/rest/api/3/issue/createmeta/${projectKey(key)}/issuetypes/${issueTypeId}`,
          query: { startAt: String(startAt), maxResults: String(CREATEMETA_PAGE_SIZE) },
          credentials,
          answer: createMetaPage,
          action: `create issues in project ${key}`,
          missing: `issue type ${issueTypeId} in project ${key}`,
        });
        const items = answer.fields ?? answer.results ?? [];
        fields.push(...items);
        startAt += items.length;
        const done =
          items.length === 0 ||
          (answer.total !== undefined
            ? startAt >= answer.total
            : items.length < (answer.maxResults ?? CREATEMETA_PAGE_SIZE));
        if (done) break;
      }
      return interpretCreateFields(fields);
    },

    async createIssue(credentials, fields): Promise<JiraCreatedIssue> {
      const created = await send({
        method: "POST",
        domain: credentials.domain,
        path: "/rest/api/3/issue",
        credentials,
        body: { fields },
        answer: createdAnswer,
        action: "create issues in this project",
        missing: "the project or issue type",
      });
      return { id: created.id, key: created.key };
    },

    async updateIssue(credentials, key, fields): Promise<void> {
      await send({
        method: "PUT",
        domain: credentials.domain,
        path: `/rest/api/3/issue/${encodeURIComponent(key)}`,
        query: { notifyUsers: "false" },
        credentials,
        body: { fields },
        answer: z.null(),
        action: "edit issues in this project",
        missing: `issue ${key} (it may have been deleted or moved)`,
      });
    },

    async bulkCreate(credentials, issues: JiraIssueFields[]): Promise<JiraBulkResult> {
      if (issues.length > JIRA_BULK_MAX)
        throw new JiraError(
          "invalid",
          `JIRA creates at most ${JIRA_BULK_MAX} issues in one request, not ${issues.length}.`,
        );
      if (issues.length === 0) return { issues: [], errors: [] };
      const scrub = scrubber(credentials);
      const answer = await send({
        method: "POST",
        domain: credentials.domain,
        path: "/rest/api/3/issue/bulk",
        credentials,
        body: { issueUpdates: issues.map((fields) => ({ fields })) },
        answer: bulkAnswer,
        action: "create issues in this project",
        missing: "the project or issue type",
        // Every item refused: 400 with the same shape, per-item errors and no issues.
        errorAnswer: (status, body) => {
          const parsed = bulkAnswer.safeParse(body);
          return status === 400 && parsed.success && parsed.data.errors?.length ? parsed.data : null;
        },
      });
      return bulkResult(issues.length, answer, scrub);
    },

    async findByLabel(credentials, key, label): Promise<JiraFoundIssue[]> {
      if (!label.trim()) throw new JiraError("invalid", "A label is required to search.");
      const jql = `project = ${jqlString(projectKey(key))} AND labels = ${jqlString(label)} ORDER BY created ASC`;
      const found = new Map<string, JiraFoundIssue>();
      let nextPageToken: string | null = null;
      for (let page = 0; page < SEARCH_MAX_PAGES; page++) {
        const answer: z.infer<typeof searchPage> = await send({
          method: "GET",
          domain: credentials.domain,
          path: "/rest/api/3/search/jql",
          query: {
            jql,
            fields: "summary,issuetype,labels,parent",
            maxResults: String(SEARCH_PAGE_SIZE),
            ...(nextPageToken ? { nextPageToken } : {}),
          },
          credentials,
          answer: searchPage,
          action: `search issues in project ${key}`,
          missing: `project ${key}`,
        });
        for (const issue of answer.issues ?? []) {
          found.set(issue.key, {
            id: issue.id,
            key: issue.key,
            summary: issue.fields?.summary ?? "",
            issueTypeName: issue.fields?.issuetype?.name ?? "",
            labels: issue.fields?.labels ?? [],
            parentKey: issue.fields?.parent?.key ?? null,
          });
        }
        nextPageToken = answer.isLast === true ? null : (answer.nextPageToken ?? null);
        if (!nextPageToken) return [...found.values()];
      }
      throw new JiraError(
        "unavailable",
        `More than ${SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE} JIRA issues carry the label ${label}; StoryLoom stopped reading them.`,
      );
    },

    async openItems(credentials, key) {
      const project = projectKey(key);
      const jql = `project = ${jqlString(project)} AND statusCategory != Done ORDER BY updated DESC`;
      const { issues, more } = await newest(
        credentials,
        project,
        jql,
        "summary,description,status,parent",
        BACKLOG_LIMIT,
        BACKLOG_MAX_PAGES,
      );
      return {
        items: issues.map((issue): BacklogItem => ({
          key: issue.key,
          title: issue.fields?.summary ?? "",
          description: adfPlainText(issue.fields?.description, BACKLOG_TEXT),
          status: issue.fields?.status?.name ?? "",
          url: jiraBrowseUrl(credentials.domain, issue.key),
          parentKey: issue.fields?.parent?.key ?? null,
        })),
        truncated: more,
      };
    },

    async openEpics(credentials, key): Promise<EpicChoice[]> {
      // The epic type as the export picks it (services/integrations/jira-checks.ts): one request for the project.
      const project = await readProject(credentials, key);
      const type = epicIssueType(project.issueTypes);
      if (!type) return [];
      if (!/^\d{1,18}$/.test(type.id)) throw new JiraError("unavailable", "JIRA named the epic type by an odd id.");
      const jql =
        `project = ${jqlString(projectKey(project.key))} AND issuetype = ${type.id} AND statusCategory != Done ` +
        "ORDER BY updated DESC";
      const { issues } = await newest(credentials, project.key, jql, "summary", BACKLOG_LIMIT, BACKLOG_MAX_PAGES - 1);
      // Exactly what an export keeps for an epic it made: the key and its browse link (services/integrations/jira-session.ts).
      return issues.map((issue) => ({
        key: issue.key,
        url: jiraBrowseUrl(credentials.domain, issue.key),
        title: issue.fields?.summary ?? "",
      }));
    },

    async relate(credentials, storyKey, itemKey): Promise<void> {
      issueKey(storyKey);
      issueKey(itemKey);
      if (storyKey === itemKey) throw new JiraError("invalid", `${storyKey} cannot be linked to itself.`);
      const story = await send({
        method: "GET",
        domain: credentials.domain,
        path: `/rest/api/3/issue/${encodeURIComponent(storyKey)}`,
        query: { fields: "issuelinks" },
        credentials,
        answer: issueLinksAnswer,
        action: `see issue ${storyKey}`,
        missing: `issue ${storyKey} (it may have been deleted or moved)`,
      });
      const linked = (story.fields.issuelinks ?? []).some(
        (link) =>
          (link.inwardIssue?.key === itemKey || link.outwardIssue?.key === itemKey) &&
          link.type !== undefined &&
          isRelates(link.type),
      );
      if (linked) return;
      const { issueLinkTypes } = await send({
        method: "GET",
        domain: credentials.domain,
        path: "/rest/api/3/issueLinkType",
        credentials,
        answer: linkTypesAnswer,
        action: "see the site's issue link types",
        missing: "issue link types (issue linking may be switched off on this site)",
      });
      const type = relatesType(issueLinkTypes);
      if (!type)
        throw new JiraError(
          "invalid",
          `This JIRA site has no "Relates" issue link type, so ${storyKey} cannot be linked to ${itemKey}. A JIRA admin can add it under Issue linking.`,
        );
      await send({
        method: "POST",
        domain: credentials.domain,
        path: "/rest/api/3/issueLink",
        credentials,
        body: {
          type: type.id ? { id: type.id } : { name: type.name },
          inwardIssue: { key: itemKey },
          outwardIssue: { key: storyKey },
        },
        answer: z.null(),
        noBody: true,
        unknownOutcome: ` ${storyKey} may have been linked to ${itemKey}.`,
        action: `link issues in this project`,
        missing: `issue ${itemKey} or ${storyKey} (or issue linking is switched off)`,
      });
    },

    async appendTo(credentials, itemKey, note): Promise<void> {
      issueKey(itemKey);
      const item = await send({
        method: "GET",
        domain: credentials.domain,
        path: `/rest/api/3/issue/${encodeURIComponent(itemKey)}`,
        query: { fields: "description" },
        credentials,
        answer: descriptionAnswer,
        action: `see issue ${itemKey}`,
        missing: `issue ${itemKey} (it may have been deleted or moved)`,
      });
      const held = item.fields.description ?? null;
      const old = held === null ? null : asAdfDocument(held);
      if (held !== null && !old)
        throw new JiraError(
          "unavailable",
          `JIRA's description of ${itemKey} is not in Atlassian Document Format, which StoryLoom does not edit.`,
        );
      if (hasMarker(adfPlainText(old), note.marker)) return;
      const description = appendNote(old, {
        heading: note.heading,
        criteria: note.criteria,
        quote: note.quote,
        markerLine: `Added by StoryLoom (${note.marker})`,
      });
      if (!description)
        throw new JiraError(
          "invalid",
          `The description of ${itemKey} is too long for JIRA to take more. Shorten it in JIRA, or link the story instead.`,
        );
      await send({
        method: "PUT",
        domain: credentials.domain,
        path: `/rest/api/3/issue/${encodeURIComponent(itemKey)}`,
        credentials,
        body: { fields: { description } },
        answer: z.null(),
        unknownOutcome: ` The story may have been added to ${itemKey}.`,
        action: `edit issue ${itemKey}`,
        missing: `issue ${itemKey} (it may have been deleted or moved)`,
      });
    },

    browseUrl: (domain, key) => jiraBrowseUrl(domain, key),
  };
}

/** The epic type as the export picks it (jira-checks.ts exportIssueTypes): hierarchy level 1, else one named Epic. */
export function epicIssueType(types: readonly JiraIssueType[]): JiraIssueType | null {
  return types.find((type) => type.hierarchyLevel === 1) ?? types.find((type) => /^epic$/i.test(type.name)) ?? null;
}

type LinkType = z.infer<typeof linkTypeShape>;
const isRelatesName = (type: LinkType) => type.name?.trim().toLowerCase() === "relates";
const isRelatesPhrase = (type: LinkType) => type.outward?.trim().toLowerCase() === "relates to";
const isRelates = (type: LinkType) => isRelatesName(type) || isRelatesPhrase(type);

/** The site's "Relates" link type, else the first whose outward phrase is "relates to" (admins rename types). */
export function relatesType(types: readonly LinkType[]): LinkType | null {
  return (
    types.find((type) => isRelatesName(type) && (type.id || type.name)) ??
    types.find((type) => isRelatesPhrase(type) && (type.id || type.name)) ??
    null
  );
}

/** The marker as a word of its own: storyloom-…-1 is not found in storyloom-…-12. */
function hasMarker(text: string, marker: string): boolean {
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^\\w-])${escaped}(?![\\w-])`).test(text);
}

/**
 * Bulk create's answer by request index. JIRA lists the created issues in request order, skipping the failed items,
 * and names each failure by its 0-based `failedElementNumber`; an answer that does not account for every item once
 * cannot be matched, and issues may exist, so it throws with `mayHaveApplied`.
 */
export function bulkResult(
  count: number,
  answer: z.infer<typeof bulkAnswer>,
  scrub: (text: string) => string = (t) => t,
): JiraBulkResult {
  const errors: JiraBulkResult["errors"] = [];
  const failed = new Set<number>();
  for (const error of answer.errors ?? []) {
    const index = error.failedElementNumber;
    if (index === undefined || index < 0 || index >= count || failed.has(index)) {
      throw new JiraError(
        "unavailable",
        "JIRA's answer to the bulk create does not say which issues failed. Some issues may have been created.",
        {
          status: error.status ?? null,
          mayHaveApplied: true,
        },
      );
    }
    failed.add(index);
    errors.push({
      index,
      status: error.status ?? 400,
      message: jiraMessage(error.elementErrors ?? {}, scrub) ?? "JIRA refused this issue.",
    });
  }
  const succeeded = Array.from({ length: count }, (_, i) => i).filter((i) => !failed.has(i));
  const created = answer.issues ?? [];
  if (created.length !== succeeded.length) {
    throw new JiraError(
      "unavailable",
      `JIRA's answer to the bulk create accounts for ${created.length + failed.size} of ${count} issues. Some issues may have been created.`,
      { mayHaveApplied: true },
    );
  }
  return {
    issues: created.map((issue, i) => ({ id: issue.id, key: issue.key, index: succeeded[i]! })),
    errors: errors.sort((a, b) => a.index - b.index),
  };
}
