import * as z from "zod";
import { INTEGRATION_TYPES } from "./integration-types";
import { multiLineText, singleLineText } from "./text";
import { MAX_TRANSCRIPT_PAGE_SIZE, TRANSCRIPT_PAGE_SIZE } from "./transcript-page-size";
import { qualitySchema } from "./quality-body";

export const STORY_PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"] as const;
export type StoryPriority = (typeof STORY_PRIORITIES)[number];

/** A row of GET /api/transcripts: everything a history card shows before it is expanded (no full text). */
export const transcriptSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  projectId: z.number().int().nullable().describe("The project it is filed in; null for none."),
  createdAt: z.string(),
  hasStories: z.boolean(),
  generating: z.boolean().describe("A generation is running for it (GET /api/transcripts/{id}/generation follows it)."),
  storyCount: z.number().int(),
  contentLength: z.number().int().describe("Length of the transcript text in characters."),
  generationError: z
    .string()
    .nullable()
    .describe("Why the last generation failed, while the transcript has no stories; it can be generated again."),
  sentTo: z
    .array(
      z.object({
        type: z.enum(INTEGRATION_TYPES),
        name: z.string(),
        epicKey: z.string().nullable(),
        epicUrl: z.string().nullable(),
      }),
    )
    .optional()
    .describe("Where its stories were exported, one entry per integration (GET /api/transcripts only)."),
});
export type TranscriptSummary = z.infer<typeof transcriptSummarySchema>;

export { MAX_TRANSCRIPT_PAGE_SIZE, TRANSCRIPT_PAGE_SIZE };

/**
 * GET /api/transcripts' paging (the project filter is an id, validated with the other URL ids): `cursor` is the
 * `nextCursor` of the page before, `limit` the rows wanted. The cursor names the last row shown (its creation time
 * and id), so rows created meanwhile never shift a page and no row is skipped or shown twice.
 */
export const transcriptPageQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[0-9]{1,15}_[1-9][0-9]{0,15}$/, "cursor must be the nextCursor of an earlier page")
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, `limit must be a whole number from 1 to ${MAX_TRANSCRIPT_PAGE_SIZE}`)
    .transform(Number)
    .pipe(
      z.number().max(MAX_TRANSCRIPT_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_TRANSCRIPT_PAGE_SIZE}`),
    )
    .optional(),
});

/** GET /api/transcripts: one page, newest first. */
export const transcriptPageSchema = z.object({
  transcripts: z.array(transcriptSummarySchema),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
  total: z
    .number()
    .int()
    .describe(
      "How many transcripts the whole list holds (with its project filter), for counts that do not load them all.",
    ),
});
export type TranscriptPage = z.infer<typeof transcriptPageSchema>;

export const assignProjectSchema = z.object({
  projectId: z.number().int().positive().nullable(),
});

export const ACTIVITY_KINDS = [
  "project_created",
  "project_updated",
  "project_deleted",
  "transcript_created",
  "transcript_moved",
  "transcript_deleted",
  "member_invited",
  "invitation_revoked",
  "member_joined",
  "member_made_admin",
  "member_made_member",
  "member_removed",
  "member_left",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /api/activity: newest first. Titles are copied at the time, so the feed still reads after a deletion. */
export const activityItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  subject: z.string().describe("The project's name or the transcript's title when it happened."),
  projectName: z
    .string()
    .nullable()
    .describe("For transcript events: the project it belongs or moved to, by name (null for none)."),
  projectId: z.number().int().nullable(),
  transcriptId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** Documented maximum transcript size (characters); larger inputs answer 413. */
export const MAX_TRANSCRIPT_CHARS = 200_000;

export const generateInputSchema = z.object({
  transcript: multiLineText("Transcripts").refine(
    (t) => t.trim().length > 0,
    "Please paste or upload a transcript first.",
  ),
  title: singleLineText("Titles")
    .max(200, "Titles are at most 200 characters.")
    .nullish()
    .transform((v) => v || undefined),
  projectId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});
export type GenerateInput = z.input<typeof generateInputSchema>;

/**
 * The limits of a generated or edited result: the schema below enforces them, and the editor uses them for its
 * maxLength attributes and add buttons.
 */
export const STORY_LIMITS = {
  title: 300,
  description: 5000,
  criterion: 2000,
  criteria: 30,
  stories: 100,
  storyPoints: 100,
  hours: 10_000,
  timeline: 100,
  team: 200,
  quote: 2000,
  evidence: 20,
} as const;

/** A verbatim quote from the transcript a story came from, with its character offsets [start, end). */
export const storyEvidenceSchema = z.object({
  quote: z.string().min(1).max(STORY_LIMITS.quote),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});

export const userStorySchema = z.object({
  title: singleLineText("Titles").min(1).max(STORY_LIMITS.title),
  description: multiLineText("Descriptions").trim().max(STORY_LIMITS.description),
  acceptanceCriteria: z.array(z.string().trim().min(1).max(STORY_LIMITS.criterion)).max(STORY_LIMITS.criteria),
  priority: z.enum(STORY_PRIORITIES),
  storyPoints: z.number().int().min(0).max(STORY_LIMITS.storyPoints),
  estimatedHours: z.number().int().min(0).max(STORY_LIMITS.hours),
  /** Where the story came from; checked on the server to be verbatim in the transcript. */
  evidence: z.array(storyEvidenceSchema).max(STORY_LIMITS.evidence).optional(),
});

export const epicSchema = z.object({
  title: singleLineText("Titles").min(1).max(STORY_LIMITS.title),
  description: multiLineText("Descriptions").trim().max(STORY_LIMITS.description),
  timeline: z.string().trim().max(STORY_LIMITS.timeline).optional(),
  team: z.string().trim().max(STORY_LIMITS.team),
  priority: z.enum(STORY_PRIORITIES),
});

export const generatedStoriesSchema = z.object({
  epic: epicSchema,
  userStories: z.array(userStorySchema).max(STORY_LIMITS.stories),
});

export type StoryEvidence = z.infer<typeof storyEvidenceSchema>;
export type UserStory = z.infer<typeof userStorySchema>;
export type Epic = z.infer<typeof epicSchema>;
export type GeneratedStories = z.infer<typeof generatedStoriesSchema>;

/** GET /api/transcripts/{id}: the full text and the stories, loaded when a card is expanded. */
export const transcriptSchema = transcriptSummarySchema
  .pick({ id: true, title: true, projectId: true, createdAt: true })
  .extend({
    content: z.string(),
    generatedStories: generatedStoriesSchema.nullable(),
    originalStories: generatedStoriesSchema
      .nullable()
      .describe(
        "The stories as last generated, before edits (the editor's Reset to Original); null while there are none.",
      ),
    previousStories: generatedStoriesSchema
      .nullable()
      .describe("The edited stories a regeneration replaced, kept so they can be restored; null when there are none."),
    storiesVersion: z
      .number()
      .int()
      .describe(
        "Grows with every write of the stories (generation, edit, restore): a save names the version it edited.",
      ),
    quality: qualitySchema
      .nullable()
      .describe("The quality gate's report on `generatedStories`; null while there are none."),
  });
export type Transcript = z.infer<typeof transcriptSchema>;

/** POST /api/generate and POST /api/transcripts/{id}/generate. */
export const generateResponseSchema = z.object({
  data: generatedStoriesSchema,
  transcriptId: z.number().int(),
  storiesVersion: z.number().int().describe("The version of the saved stories (see the transcript's storiesVersion)."),
  previousStoriesKept: z
    .boolean()
    .describe("True when the stories this generation replaced had edits: they are kept as `previousStories`."),
  quality: qualitySchema.describe("The quality gate's report on `data`, coverage of the transcript included."),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

/**
 * PUT /api/transcripts/{id}/stories: the edited stories and the version they were edited from. The version is a
 * field rather than an If-Match header so the one schema validates it (a save without it is a 400, never an
 * unchecked overwrite) and the SPA's typed client needs no header handling.
 */
export const saveStoriesSchema = z.object({
  storiesVersion: z.number().int().min(0),
  stories: generatedStoriesSchema,
});
export type SaveStoriesInput = z.infer<typeof saveStoriesSchema>;

/** The `details` of the 409 a stale save gets: what is saved now, so the editor can reload it or overwrite it. */
export interface StaleStoriesDetails {
  storiesVersion: number;
  generatedStories: GeneratedStories;
}
