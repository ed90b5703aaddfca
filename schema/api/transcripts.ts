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
}

/** GET /api/transcripts/{id}: the full text and the stories, loaded when a card is expanded. */
export interface Transcript extends Omit<TranscriptSummary, "storyCount" | "hasStories" | "contentLength"> {
  content: string;
  generatedStories: GeneratedStories | null;
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
