// What an issue type's create metadata allows, and one issue's `fields` built to match it. Pure: no I/O. Nothing is
// hard-coded by id: the story-points field is found by its type or name, priorities by name among the allowed ones.
import * as z from "zod";
import type { StoryPriority } from "../../../schema/api/transcripts";
import type { AdfDoc } from "./adf";
import type { JiraCreateFields, JiraIssueFields } from "./index";

/** One field of GET /rest/api/3/issue/createmeta/{project}/issuetypes/{id} (FieldCreateMetadata), as far as we read it. */
export const createMetaFieldSchema = z.looseObject({
  fieldId: z.string().min(1),
  key: z.string().optional(),
  name: z.string(),
  required: z.boolean().optional(),
  schema: z.looseObject({
    type: z.string(),
    custom: z.string().optional(),
    system: z.string().optional(),
    items: z.string().optional(),
  }),
  allowedValues: z.array(z.unknown()).optional(),
  operations: z.array(z.string()).optional(),
});
export type CreateMetaField = z.infer<typeof createMetaFieldSchema>;

/** The custom field type of JIRA Software's story points (team-managed "Story point estimate", and company-managed). */
export const STORY_POINTS_CUSTOM_TYPE = "com.pyxis.greenhopper.jira:jsw-story-points";
const STORY_POINTS_NAMES = new Set(["story points", "story point estimate"]);
/** JIRA's limit for a summary. */
export const SUMMARY_MAX_CHARS = 255;

const allowedPriority = z.looseObject({ id: z.string().min(1), name: z.string().min(1) });

export function interpretCreateFields(fields: readonly CreateMetaField[]): JiraCreateFields {
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const priority = byId.get("priority") ?? fields.find((f) => f.schema.system === "priority");
  const storyPoints =
    fields.find((f) => f.schema.custom === STORY_POINTS_CUSTOM_TYPE) ??
    fields.find((f) => f.schema.type === "number" && STORY_POINTS_NAMES.has(f.name.trim().toLowerCase()));
  return {
    priorities: priority
      ? (priority.allowedValues ?? []).flatMap((value) => {
          const parsed = allowedPriority.safeParse(value);
          return parsed.success ? [{ id: parsed.data.id, name: parsed.data.name }] : [];
        })
      : null,
    storyPointsFieldId: storyPoints?.fieldId ?? null,
    timeTracking: byId.has("timetracking"),
    labels: byId.has("labels"),
    parent: byId.has("parent"),
  };
}

export interface IssueFieldsInput {
  projectKey: string;
  issueTypeId: string;
  summary: string;
  description: AdfDoc;
  priority?: StoryPriority;
  storyPoints?: number;
  estimatedHours?: number;
  labels: string[];
  parentKey?: string;
}

/** At most `max` UTF-16 units, cut with an ellipsis and never inside a surrogate pair. */
function limit(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** The summary JIRA stores for a title: one line, at most 255 characters (so a found issue can be matched to it). */
export function jiraSummary(title: string): string {
  return limit(title.trim().replace(/\s+/g, " "), SUMMARY_MAX_CHARS);
}

/** One issue's `fields`, setting only what the metadata says the type has. */
export function issueFields(input: IssueFieldsInput, meta: JiraCreateFields): JiraIssueFields {
  const fields: JiraIssueFields = {
    project: { key: input.projectKey },
    issuetype: { id: input.issueTypeId },
    summary: jiraSummary(input.summary),
  };
  if (input.description.content.length) fields.description = input.description;
  const wanted = input.priority?.toLowerCase();
  const priority = wanted ? meta.priorities?.find((p) => p.name.trim().toLowerCase() === wanted) : undefined;
  if (priority) fields.priority = { id: priority.id };
  if (meta.storyPointsFieldId && input.storyPoints !== undefined && Number.isFinite(input.storyPoints)) {
    fields[meta.storyPointsFieldId] = input.storyPoints;
  }
  if (meta.timeTracking && input.estimatedHours !== undefined && input.estimatedHours > 0) {
    const hours = input.estimatedHours;
    // Whole hours as JIRA writes them ("8h"); a fraction in minutes ("90m").
    fields.timetracking = {
      originalEstimate: Number.isInteger(hours) ? `${hours}h` : `${Math.max(1, Math.round(hours * 60))}m`,
    };
  }
  const labels = [...new Set(input.labels.map((l) => l.trim()).filter(Boolean))];
  if (meta.labels && labels.length) fields.labels = labels;
  if (input.parentKey && meta.parent) fields.parent = { key: input.parentKey };
  return fields;
}
