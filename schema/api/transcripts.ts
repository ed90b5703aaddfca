import { z } from "zod";

export const STORY_PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"] as const;
export type StoryPriority = (typeof STORY_PRIORITIES)[number];

/** A verbatim quote from the transcript a story came from, with its character offsets [start, end). */
export interface StoryEvidence {
  quote: string;
  start: number;
  end: number;
}

export interface UserStory {
  title: string;
  description: string;
  acceptanceCriteria: string[];
  priority: StoryPriority;
  storyPoints: number;
  estimatedHours: number;
  /** Where the story came from; checked on the server to be verbatim in the transcript. */
  evidence?: StoryEvidence[];
}

export interface Epic {
  title: string;
  description: string;
  timeline?: string;
  team: string;
  priority: StoryPriority;
}

export interface GeneratedStories {
  epic: Epic;
  userStories: UserStory[];
}

/** A row of GET /api/transcripts: everything a history card shows before it is expanded (no full text). */
export interface TranscriptSummary {
  id: number;
  title: string;
  projectId: number | null;
  createdAt: string;
  hasStories: boolean;
  storyCount: number;
  /** Length of the transcript text in characters. */
  contentLength: number;
  /** Why the last generation failed, while the transcript has no stories; it can be generated again. */
  generationError: string | null;
}

/** GET /api/transcripts/{id}: the full text and the stories, loaded when a card is expanded. */
export interface Transcript extends Omit<TranscriptSummary, "storyCount" | "hasStories" | "contentLength" | "generationError"> {
  content: string;
  generatedStories: GeneratedStories | null;
  /** The stories as last generated, before edits (the editor's Reset to Original); null while there are none. */
  originalStories: GeneratedStories | null;
}

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
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /api/activity: newest first. Titles are copied at the time, so the feed still reads after a deletion. */
export interface ActivityItem {
  id: number;
  kind: ActivityKind;
  /** The project's name or the transcript's title when it happened. */
  subject: string;
  /** For transcript events: the project it belongs or moved to, by name (null for none). */
  projectName: string | null;
  projectId: number | null;
  transcriptId: number | null;
  createdAt: string;
}

/** Documented maximum transcript size (characters); larger inputs answer 413. */
export const MAX_TRANSCRIPT_CHARS = 200_000;

export const generateInputSchema = z.object({
  transcript: z.string().refine((t) => t.trim().length > 0, "Please paste or upload a transcript first."),
  title: z
    .string()
    .trim()
    .max(200, "Titles are at most 200 characters.")
    .nullish()
    .transform((v) => v || undefined),
  projectId: z.number().int().positive().nullish().transform((v) => v ?? null),
});
export type GenerateInput = z.input<typeof generateInputSchema>;

const evidenceSchema = z.object({
  quote: z.string().min(1).max(2000),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});

export const userStorySchema = z.object({
  title: z.string().trim().min(1).max(300),
  description: z.string().trim().max(5000),
  acceptanceCriteria: z.array(z.string().trim().min(1).max(2000)).max(30),
  priority: z.enum(STORY_PRIORITIES),
  storyPoints: z.number().int().min(0).max(100),
  estimatedHours: z.number().int().min(0).max(10_000),
  evidence: z.array(evidenceSchema).max(20).optional(),
});

export const generatedStoriesSchema = z.object({
  epic: z.object({
    title: z.string().trim().min(1).max(300),
    description: z.string().trim().max(5000),
    timeline: z.string().trim().max(100).optional(),
    team: z.string().trim().max(200),
    priority: z.enum(STORY_PRIORITIES),
  }),
  userStories: z.array(userStorySchema).max(100),
});

export interface GenerateResponse {
  data: GeneratedStories;
  transcriptId: number;
}
