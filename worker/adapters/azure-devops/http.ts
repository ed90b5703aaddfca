// Azure DevOps Services' REST API 7.1 over plain fetch (azure-devops-node-api needs Node's networking, which a
// Worker does not have). Every URL is https://dev.azure.com/{organization}/… (or a fake's base outside production),
// built with apiUrl from a checked organisation and encoded segments. Redirects are not followed, answers are
// size-capped while they stream and parsed with zod, and writes (creates, links, updates, the review's Related links
// and appends) are never retried: one whose outcome is unknown throws with `mayHaveApplied`, and the export service
// reconciles with findExported (the WIQL search for the export's tag); the review's writes read first and write
// nothing when their work is there. worker/test/contracts/README.md lists the calls kept and their pitfalls.
import * as z from "zod";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import { AZURE_DEVOPS_ORGANIZATION_PATTERN } from "../../../schema/api/integrations";
import {
  apiUrl,
  BACKLOG_LIMIT,
  BACKLOG_TEXT,
  TrackerError,
  type AppendNote,
  type BacklogItem,
  type EpicChoice,
  type EpicRef,
  type TrackerItem,
  type TrackerSession,
} from "../tracker";
import {
  FIELD,
  RELATED_LINK,
  STORY_POINTS_FIELDS,
  appendNoteHtml,
  clipText,
  epicPatch,
  hasMarker,
  htmlText,
  openItemsWiql,
  parentRelation,
  priorityValue,
  relatedRelation,
  relationTarget,
  storyPatch,
  workItemRelationUrl,
  workItemTitle,
  type PatchOperation,
} from "./format";
import {
  AZURE_DEVOPS_API_VERSION,
  AZURE_DEVOPS_HOST,
  type AzureDevOps,
  type AzureDevOpsPlan,
  type AzureDevOpsProject,
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

export { RATE_LIMIT_RETRIES } from "../../lib/outbound-call";

export interface AzureDevOpsOptions extends OutboundOptions {
  /** Config.trackerApiBases["azure-devops"]: a fake's base in development and tests, null in production. */
  apiBase: URL | null;
}

/** GET …/workitems takes at most 200 ids; an export is an epic and at most 100 stories. */
export const MAX_FOUND = 200;
/**
 * The review's backlog is read in pages of 100 ids (two at most: BACKLOG_LIMIT), so that 100 long HTML descriptions
 * stay within the answer's size cap.
 */
export const BACKLOG_PAGE = 100;
/** How often "Add to" reads the item again after someone changed it between its read and its write (HTTP 412). */
const APPEND_ATTEMPTS = 2;
const PROJECTS_PAGE_SIZE = 100;
const PROJECTS_MAX_PAGES = 10;

/** The work item types a story may become, in the order they are preferred (Agile, Scrum, CMMI, Basic). */
export const STORY_TYPES = ["User Story", "Product Backlog Item", "Requirement", "Issue"] as const;
export const EPIC_TYPE = "Epic";

// ——— answers, as far as StoryLoom reads them ———

const projectAnswer = z.looseObject({ id: z.string().min(1), name: z.string().min(1) });
const projectsAnswer = z.looseObject({ count: z.number().int(), value: z.array(projectAnswer) });
const typeField = z.looseObject({
  referenceName: z.string().nullish(),
  allowedValues: z.array(z.string()).nullish(),
});
const workItemTypesAnswer = z.looseObject({
  count: z.number().int(),
  value: z.array(
    z.looseObject({
      name: z.string().nullish(),
      isDisabled: z.boolean().optional(),
      fields: z.array(typeField).nullish(),
      fieldInstances: z.array(typeField).nullish(),
    }),
  ),
});
const workItemAnswer = z.looseObject({
  id: z.number().int().positive(),
  fields: z.record(z.string(), z.unknown()).nullish(),
});
const workItemsAnswer = z.looseObject({ count: z.number().int(), value: z.array(workItemAnswer) });
// A query's answer always lists its work items, an empty list when none match: an answer without the list is not
// one, and must not read as an empty backlog.
const wiqlAnswer = z.looseObject({
  workItems: z.array(z.looseObject({ id: z.number().int().positive() })),
});
/** One work item read back with its revision (and, asked with $expand=relations, its relations). */
const revisedWorkItemAnswer = workItemAnswer.extend({
  rev: z.number().int().nonnegative(),
  relations: z.array(z.looseObject({ rel: z.string().nullish(), url: z.string().nullish() })).nullish(),
});
const errorAnswer = z.looseObject({ message: z.string().optional(), typeKey: z.string().optional() });

// ——— one request ———

interface Call<T> {
  method: "GET" | "POST" | "PATCH";
  /** Built from encoded segments (segment()). */
  path: string;
  query?: Record<string, string>;
  pat: string;
  /** A JSON Patch document (creates, updates) or a WIQL query. */
  body?: PatchOperation[] | { query: string };
  answer: z.ZodType<T>;
  /** Creates and updates: never retried, and an unknown outcome throws with mayHaveApplied. WIQL's POST is a read. */
  write: boolean;
  /** For 403: "Your Azure DevOps account does not have permission to {action}." */
  action: string;
  /** For 404: "Azure DevOps could not find {missing}." */
  missing: string;
}

const HTML_TYPE = /^text\/html\b/i;
/** Where Azure DevOps sends a browser (or a refused token) to sign in. */
const SIGN_IN = /_signin|signin|login\.microsoftonline|\/login/i;

function basicAuthorization(pat: string): string {
  const bytes = new TextEncoder().encode(`:${pat}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Removes the PAT and its Basic form from text that could reach a message or a log. */
function scrubber(pat: string): (text: string) => string {
  const secrets = [basicAuthorization(pat).slice("Basic ".length), pat]
    .filter((s) => s.length >= 4)
    .sort((a, b) => b.length - a.length);
  return (text) => secrets.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}

/** Azure DevOps' own message ("TF401320: Rule Error for field …"), trimmed; null when it said nothing. */
function azureMessage(body: unknown, scrub: (text: string) => string): string | null {
  const parsed = errorAnswer.safeParse(body);
  const message = parsed.success ? parsed.data.message?.replace(/\s+/g, " ").trim() : undefined;
  if (!message) return null;
  return clipMessage(scrub(message));
}

const fail = (
  kind: ConstructorParameters<typeof TrackerError>[1],
  message: string,
  options?: ConstructorParameters<typeof TrackerError>[3],
) => new TrackerError("azure-devops", kind, message, options);

/** The organisation as a path segment, refused before any URL is built unless it is an organisation name. */
function organizationSegment(organization: string): string {
  if (!AZURE_DEVOPS_ORGANIZATION_PATTERN.test(organization))
    throw fail("invalid", `${JSON.stringify(organization.slice(0, 60))} is not an Azure DevOps organisation name.`);
  return encodeURIComponent(organization);
}

function segment(value: string, what: string): string {
  if (!value.trim()) throw fail("invalid", `The Azure DevOps ${what} is missing.`);
  return encodeURIComponent(value);
}

/** A work item id as the API writes it (a positive integer), from a key or id StoryLoom kept. */
function workItemId(value: string, what: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value))
    throw fail("invalid", `${JSON.stringify(value.slice(0, 20))} is not an Azure DevOps ${what} id.`);
  return Number(value);
}

export function createAzureDevOps(options: AzureDevOpsOptions): AzureDevOps {
  const outbound = createOutbound("Azure DevOps", options);

  const refusedToken = (status: number) =>
    fail(
      "unauthorized",
      "Azure DevOps refused the personal access token. Check that it has not expired, belongs to this organisation and has the Work Items (Read & write) and Project and Team (Read) scopes.",
      { status },
    );

  async function send<T>(call: Call<T>): Promise<{ data: T; headers: Headers }> {
    const url = apiUrl(AZURE_DEVOPS_HOST, call.path, options.apiBase);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    url.searchParams.set("api-version", AZURE_DEVOPS_API_VERSION);
    const headers: Record<string, string> = {
      Accept: "application/json",
      Authorization: basicAuthorization(call.pat),
      // Asks for 401 instead of a redirect or a 203 sign-in page when the token is refused.
      "X-TFS-FedAuthRedirect": "Suppress",
    };
    if (call.body !== undefined)
      headers["Content-Type"] = Array.isArray(call.body) ? "application/json-patch+json" : "application/json";
    const init: RequestInit = {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    };
    const scrub = scrubber(call.pat);
    const unknownOutcome = call.write ? " The change may have been made." : "";
    const unknown = { mayHaveApplied: call.write };

    const result = await outbound.send(url, init, { repeatable: !call.write, judge: byStatus });
    if (result.kind !== "answered") {
      const failure = describeUnanswered(result, {
        name: "Azure DevOps",
        timeoutMs: outbound.timeoutMs,
        scrub,
        write: call.write,
        unknownOutcome,
      });
      throw fail(failure.kind, failure.message, failure);
    }

    const { status, type, headers: answerHeaders, oversize, text } = result.reading;
    const json = parseJson(text);
    // A refused token can get 203 with an HTML sign-in page instead of 401 (README, "Authentication").
    if (status === 203 || (status < 300 && HTML_TYPE.test(type))) throw refusedToken(status);

    if (status >= 200 && status < 300) {
      if (oversize || !json.ok) {
        const what = oversize
          ? `an answer larger than ${Math.round(outbound.maxBytes / 1024)} KiB`
          : "something other than JSON";
        throw fail(
          "unavailable",
          `Azure DevOps answered with ${what}, which StoryLoom does not read.${unknownOutcome}`,
          {
            status,
            ...unknown,
          },
        );
      }
      const parsed = call.answer.safeParse(json.value);
      if (parsed.success) return { data: parsed.data, headers: answerHeaders };
      throw fail("unavailable", `Azure DevOps' answer was not in the shape StoryLoom expects.${unknownOutcome}`, {
        status,
        ...unknown,
        cause: shapeMismatch(parsed.error, scrub),
      });
    }

    if (status >= 300 && status < 400) {
      if (SIGN_IN.test(answerHeaders.get("Location") ?? "")) throw refusedToken(status);
      throw fail(
        "unavailable",
        `Azure DevOps answered with a redirect (HTTP ${status}), which StoryLoom does not follow.`,
        {
          status,
          ...unknown,
        },
      );
    }

    const said = json.ok ? azureMessage(json.value, scrub) : null;
    if (status === 401) throw refusedToken(status);
    if (status === 403)
      throw fail("forbidden", `Your Azure DevOps account does not have permission to ${call.action}.`, { status });
    if (status === 404) throw fail("not_found", `Azure DevOps could not find ${call.missing}.`, { status });
    if (status === 400 || status === 409 || status === 412 || status === 422)
      throw fail("invalid", said ?? `Azure DevOps refused the request (HTTP ${status}).`, { status });
    throw fail("unavailable", `Azure DevOps answered HTTP ${status}${said ? `: ${said}` : "."}`, { status });
  }

  async function readProject(organization: string, pat: string, project: string): Promise<AzureDevOpsProject> {
    const { data } = await send({
      method: "GET",
      path: `/${organizationSegment(organization)}/_apis/projects/${segment(project, "project")}`,
      pat,
      answer: projectAnswer,
      write: false,
      action: `see project ${project}`,
      missing: `project ${project} in organisation ${organization} (or your account cannot see it)`,
    });
    return { id: data.id, name: data.name };
  }

  async function readTypes(organization: string, pat: string, projectId: string, projectName: string) {
    const { data } = await send({
      method: "GET",
      path: `/${organizationSegment(organization)}/${segment(projectId, "project id")}/_apis/wit/workitemtypes`,
      pat,
      answer: workItemTypesAnswer,
      write: false,
      action: `read the work item types of project ${projectName}`,
      missing: `project ${projectName} in organisation ${organization} (or your account cannot see it)`,
    });
    return choosePlan(data.value);
  }

  return {
    async projects(organization, pat) {
      const org = organizationSegment(organization);
      const found: AzureDevOpsProject[] = [];
      let continuationToken: string | null = null;
      for (let page = 0; page < PROJECTS_MAX_PAGES; page++) {
        const answer: { data: z.infer<typeof projectsAnswer>; headers: Headers } = await send({
          method: "GET",
          path: `/${org}/_apis/projects`,
          query: {
            $top: String(PROJECTS_PAGE_SIZE),
            ...(continuationToken ? { continuationToken } : {}),
          },
          pat,
          answer: projectsAnswer,
          write: false,
          action: `list the projects of organisation ${organization}`,
          missing: `organisation ${organization}`,
        });
        found.push(...answer.data.value.map((p) => ({ id: p.id, name: p.name })));
        continuationToken = answer.headers.get("x-ms-continuationtoken");
        if (!continuationToken || answer.data.value.length === 0) break;
      }
      return found.sort((a, b) => a.name.localeCompare(b.name));
    },

    async projectPlan(organization, pat, project) {
      const found = await readProject(organization, pat, project);
      const plan = await readTypes(organization, pat, found.id, found.name);
      return { id: found.id, name: found.name, ...plan.public };
    },

    open(pat, settings, ref): TrackerSession {
      if (!/^[0-9a-f]{12}$/.test(ref)) throw fail("invalid", "Not an export reference.");
      const marker = `storyloom-${ref}`;
      const org = () => organizationSegment(settings.organization);
      const project = () => segment(settings.projectId, "project id");
      const itemUrl = (id: number) =>
        `${AZURE_DEVOPS_HOST}/${encodeURIComponent(settings.organization)}/${encodeURIComponent(settings.project)}/_workitems/edit/${id}`;
      const item = (
        answer: z.infer<typeof workItemAnswer>,
        fallbackTitle: string,
        parent: string | null,
      ): TrackerItem => {
        const title = answer.fields?.[FIELD.title];
        const parentId = answer.fields?.[FIELD.parent];
        return {
          id: String(answer.id),
          key: String(answer.id),
          url: itemUrl(answer.id),
          title: typeof title === "string" ? title : fallbackTitle,
          parentKey: typeof parentId === "number" ? String(parentId) : parent,
        };
      };

      let plan: Promise<SessionPlan> | null = null;
      /** The work item types, read once; a failed read is tried again on the next create. */
      const readPlan = (): Promise<SessionPlan> => {
        plan ??= readTypes(settings.organization, pat, settings.projectId, settings.project).catch((error: unknown) => {
          plan = null;
          throw error;
        });
        return plan;
      };
      const create = async (type: string, body: PatchOperation[]) => {
        const { data } = await send({
          method: "POST",
          path: `/${org()}/${project()}/_apis/wit/workitems/$${encodeURIComponent(type)}`,
          pat,
          body,
          answer: workItemAnswer,
          write: true,
          action: `create ${type} work items in project ${settings.project}`,
          missing: `project ${settings.project} or its work item type ${type}`,
        });
        return data;
      };

      /** The ids a WIQL query finds in the project, in its order, at most `top`. */
      const query = async (wiql: string, top: number): Promise<number[]> => {
        const { data } = await send({
          method: "POST",
          path: `/${org()}/${project()}/_apis/wit/wiql`,
          query: { $top: String(top) },
          pat,
          body: { query: wiql },
          answer: wiqlAnswer,
          write: false,
          action: `query the work items of project ${settings.project}`,
          missing: `project ${settings.project}`,
        });
        return [...new Set(data.workItems.map((w) => w.id))].slice(0, top);
      };

      /** The fields of at most MAX_FOUND work items, by id (one request). */
      const readFields = async (ids: number[], fields: string[], missing: string) => {
        const { data } = await send({
          method: "GET",
          path: `/${org()}/${project()}/_apis/wit/workitems`,
          query: { ids: ids.slice(0, MAX_FOUND).join(","), fields: fields.join(",") },
          pat,
          answer: workItemsAnswer,
          write: false,
          action: `read the work items of project ${settings.project}`,
          missing,
        });
        return data.value;
      };

      /** One work item, with its revision: its relations (`expand`), or the fields named. */
      const readOne = async (id: number, how: { expand: "relations" } | { fields: string[] }) => {
        const { data } = await send({
          method: "GET",
          path: `/${org()}/${project()}/_apis/wit/workitems/${id}`,
          query: "expand" in how ? { $expand: how.expand } : { fields: how.fields.join(",") },
          pat,
          answer: revisedWorkItemAnswer,
          write: false,
          action: `read the work items of project ${settings.project}`,
          missing: `work item ${id} in project ${settings.project} (it may have been deleted or moved)`,
        });
        return data;
      };

      /** Sets fields of an exported work item ("add" on a field replaces its value). */
      const edit = async (id: number, body: PatchOperation[]) => {
        await send({
          method: "PATCH",
          path: `/${org()}/${project()}/_apis/wit/workitems/${id}`,
          pat,
          body,
          answer: workItemAnswer,
          write: true,
          action: `edit work items in project ${settings.project}`,
          missing: `work item ${id} in project ${settings.project} (it may have been deleted)`,
        });
      };

      const text = (value: unknown) => (typeof value === "string" ? value : "");

      return {
        async createEpic(epic: Epic) {
          const p = await readPlan();
          if (!p.public.epicType)
            throw fail(
              "invalid",
              `The process of project ${settings.project} has no Epic work item type (or it is disabled).`,
            );
          const answer = await create(p.public.epicType, epicPatch(epic, marker, { priorityField: p.epicPriority }));
          return item(answer, workItemTitle(epic.title), null);
        },

        async createStory(story: UserStory, _position: number, epic: EpicRef) {
          const epicId = workItemId(epic.key, "epic");
          const p = await readPlan();
          if (!p.public.storyType)
            throw fail(
              "invalid",
              `The process of project ${settings.project} has none of the work item types a story can be: ${STORY_TYPES.join(", ")}.`,
            );
          const body = storyPatch(story, marker, {
            acceptanceCriteriaField: p.public.acceptanceCriteria,
            storyPointsField: p.public.storyPointsField,
            priorityField: p.public.priority,
            parentUrl: workItemRelationUrl(settings.organization, epicId),
          });
          const answer = await create(p.public.storyType, body);
          return item(answer, workItemTitle(story.title), String(epicId));
        },

        async findExported() {
          const { data: found } = await send({
            method: "POST",
            path: `/${org()}/${project()}/_apis/wit/wiql`,
            query: { $top: String(MAX_FOUND) },
            pat,
            // The ref is 12 hex digits (checked above): nothing in it needs quoting.
            body: {
              query: `SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.Tags] CONTAINS '${marker}' ORDER BY [System.Id] ASC`,
            },
            answer: wiqlAnswer,
            write: false,
            action: `query the work items of project ${settings.project}`,
            missing: `project ${settings.project}`,
          });
          const ids = [...new Set(found.workItems.map((w) => w.id))].slice(0, MAX_FOUND);
          if (!ids.length) return [];
          const { data } = await send({
            method: "GET",
            path: `/${org()}/${project()}/_apis/wit/workitems`,
            query: {
              ids: ids.join(","),
              fields: [FIELD.title, FIELD.parent, FIELD.workItemType].join(","),
            },
            pat,
            answer: workItemsAnswer,
            write: false,
            action: `read the work items of project ${settings.project}`,
            missing: `the exported work items in project ${settings.project}`,
          });
          return data.value.map((w) => item(w, "", null)).sort((a, b) => Number(a.id) - Number(b.id));
        },

        async updateEpic(epic: EpicRef, content: Epic) {
          const p = await readPlan();
          await edit(
            workItemId(epic.key, "epic"),
            fieldsOnly(epicPatch(content, marker, { priorityField: p.epicPriority })),
          );
        },

        async updateStory(key: string, story: UserStory, epic: EpicRef) {
          const p = await readPlan();
          const body = storyPatch(story, marker, {
            acceptanceCriteriaField: p.public.acceptanceCriteria,
            storyPointsField: p.public.storyPointsField,
            priorityField: p.public.priority,
            parentUrl: workItemRelationUrl(settings.organization, workItemId(epic.key, "epic")),
          });
          await edit(workItemId(key, "work item"), fieldsOnly(body));
        },

        async linkStory(epic: EpicRef, story: TrackerItem) {
          const epicId = workItemId(epic.key, "epic");
          const storyId = workItemId(story.id, "work item");
          await send({
            method: "PATCH",
            path: `/${org()}/${project()}/_apis/wit/workitems/${storyId}`,
            pat,
            body: [parentRelation(workItemRelationUrl(settings.organization, epicId))],
            answer: workItemAnswer,
            write: true,
            action: `edit work items in project ${settings.project}`,
            missing: `work item ${storyId} in project ${settings.project}`,
          });
        },

        // ——— the review before an export (issue 41) ———

        /** POST …/wiql (the open items, newest first, BACKLOG_LIMIT + 1 ids), then GET …/workitems per 100 ids. */
        async openItems() {
          const ids = await query(openItemsWiql(null), BACKLOG_LIMIT + 1);
          const read = ids.slice(0, BACKLOG_LIMIT);
          const found = new Map<number, z.infer<typeof workItemAnswer>>();
          for (let start = 0; start < read.length; start += BACKLOG_PAGE) {
            const page = await readFields(
              read.slice(start, start + BACKLOG_PAGE),
              [FIELD.title, FIELD.description, FIELD.state, FIELD.parent],
              `the open work items of project ${settings.project}`,
            );
            for (const w of page) found.set(w.id, w);
          }
          // In the query's order (most recently changed first), whatever order the reads answered in.
          const items: BacklogItem[] = read.flatMap((id) => {
            const w = found.get(id);
            if (!w) return [];
            const parent = w.fields?.[FIELD.parent];
            return [
              {
                key: String(id),
                title: text(w.fields?.[FIELD.title]),
                description: clipText(htmlText(text(w.fields?.[FIELD.description])), BACKLOG_TEXT),
                status: text(w.fields?.[FIELD.state]),
                url: itemUrl(id),
                parentKey: typeof parent === "number" ? String(parent) : null,
              },
            ];
          });
          return { items, truncated: ids.length > BACKLOG_LIMIT };
        },

        /**
         * The open work items of the type createEpic makes (the process's Epic): the work item types (once per
         * session), POST …/wiql, GET …/workitems for their titles. As createEpic answers: key and link by id.
         */
        async openEpics() {
          const p = await readPlan();
          if (!p.public.epicType) return [];
          const ids = await query(openItemsWiql(p.public.epicType), BACKLOG_LIMIT);
          if (!ids.length) return [];
          const found = new Map(
            (await readFields(ids, [FIELD.title], `the open epics of project ${settings.project}`)).map((w) => [
              w.id,
              w,
            ]),
          );
          return ids.flatMap((id): EpicChoice[] => {
            const w = found.get(id);
            return w ? [{ key: String(id), url: itemUrl(id), title: text(w.fields?.[FIELD.title]) }] : [];
          });
        },

        /**
         * GET the story with $expand=relations; when no Related relation to the item is there, PATCH one onto it.
         * Related is not directional, so one the item holds to the story shows on the story too.
         */
        async relate(storyKey: string, itemKey: string) {
          const storyId = workItemId(storyKey, "work item");
          const itemId = workItemId(itemKey, "work item");
          if (storyId === itemId) throw fail("invalid", `Work item ${storyId} cannot be related to itself.`);
          const story = await readOne(storyId, { expand: "relations" });
          const related = (story.relations ?? []).some(
            (r) => r.rel?.toLowerCase() === RELATED_LINK.toLowerCase() && relationTarget(r.url) === itemId,
          );
          if (related) return;
          await send({
            method: "PATCH",
            path: `/${org()}/${project()}/_apis/wit/workitems/${storyId}`,
            pat,
            body: [relatedRelation(workItemRelationUrl(settings.organization, itemId))],
            answer: workItemAnswer,
            write: true,
            action: `edit work items in project ${settings.project}`,
            missing: `work item ${storyId} in project ${settings.project} (it may have been deleted)`,
          });
        },

        /**
         * GET the item's System.Description; unless it holds the note's marker, PATCH it to the old HTML followed by
         * the note, guarded by a test of the revision read, so that an edit made in between is never overwritten:
         * then (HTTP 412) it reads and tries once more.
         */
        async appendTo(itemKey: string, note: AppendNote) {
          const id = workItemId(itemKey, "work item");
          for (let attempt = 1; ; attempt++) {
            const item = await readOne(id, { fields: [FIELD.description] });
            const old = text(item.fields?.[FIELD.description]);
            if (hasMarker(old, note.marker)) return;
            try {
              await edit(id, [
                { op: "test", path: "/rev", value: item.rev },
                { op: "add", path: `/fields/${FIELD.description}`, value: old + appendNoteHtml(note) },
              ]);
              return;
            } catch (error) {
              if (!(error instanceof TrackerError && error.status === 412 && attempt < APPEND_ATTEMPTS)) throw error;
            }
          }
        },
      };
    },
  };
}

/**
 * An update sets the fields it wrote on create, but not the tags (people may have added their own, and the marker is
 * there already) nor the parent link (it exists).
 */
function fieldsOnly(operations: PatchOperation[]): PatchOperation[] {
  return operations.filter((op) => op.path.startsWith("/fields/") && op.path !== `/fields/${FIELD.tags}`);
}

interface SessionPlan {
  public: Omit<AzureDevOpsPlan, "id" | "name">;
  /** The epic type has the Priority field. */
  epicPriority: boolean;
}

/** What an export can create, from the project's work item types (disabled types left out). */
export function choosePlan(types: z.infer<typeof workItemTypesAnswer>["value"]): SessionPlan {
  const enabled = types.filter((t) => t.isDisabled !== true && t.name);
  const byName = (name: string) => enabled.find((t) => t.name!.toLowerCase() === name.toLowerCase());
  const epic = byName(EPIC_TYPE);
  const story = STORY_TYPES.map(byName).find(Boolean);
  const fieldsOf = (type: (typeof enabled)[number] | undefined) => {
    const fields = new Map<string, string[] | null>();
    for (const f of [...(type?.fields ?? []), ...(type?.fieldInstances ?? [])])
      if (f.referenceName) fields.set(f.referenceName, f.allowedValues?.length ? f.allowedValues : null);
    return fields;
  };
  /** Priority is set only when the field takes the values StoryLoom writes (1-4), or any value. */
  const takesPriority = (fields: Map<string, string[] | null>) => {
    if (!fields.has(FIELD.priority)) return false;
    const allowed = fields.get(FIELD.priority);
    return (
      !allowed ||
      (["Highest", "Medium", "Low", "Lowest"] as const).every((p) => allowed.includes(String(priorityValue(p))))
    );
  };
  const epicFields = fieldsOf(epic);
  const storyFields = fieldsOf(story);
  return {
    public: {
      epicType: epic?.name ?? null,
      storyType: story?.name ?? null,
      storyPointsField: STORY_POINTS_FIELDS.find((f) => storyFields.has(f)) ?? null,
      acceptanceCriteria: storyFields.has(FIELD.acceptanceCriteria),
      priority: takesPriority(storyFields),
    },
    epicPriority: takesPriority(epicFields),
  };
}
