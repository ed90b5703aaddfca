import type { Quality } from "../../../schema/api/quality-body";
import type { Epic, UserStory } from "../../../schema/api/transcripts";

/**
 * What every export shows and in which order, with the same wording: the plain-text copy, Markdown, JIRA wiki text
 * and PDF only differ in how they mark it up. Evidence quotes are never exported.
 */
export interface Field {
  label: string;
  value: string;
}

/** The epic's facts line: priority, then timeline and team when set. */
export function epicFields(epic: Epic): Field[] {
  const fields: Field[] = [{ label: "Priority", value: epic.priority }];
  if (epic.timeline?.trim()) fields.push({ label: "Timeline", value: epic.timeline });
  if (epic.team?.trim()) fields.push({ label: "Team", value: epic.team });
  return fields;
}

/** A story's facts line. */
export function storyFields(story: UserStory): Field[] {
  return [
    { label: "Priority", value: story.priority },
    { label: "Story points", value: String(story.storyPoints) },
    { label: "Estimated hours", value: String(story.estimatedHours) },
  ];
}

export const userStoriesHeading = (count: number): string => `User Stories (${count})`;
export const storyHeading = (story: UserStory, number: number): string => `${number}. ${oneLine(story.title)}`;
export const ACCEPTANCE_CRITERIA = "Acceptance criteria";
/** The PDF's title when the transcript has none (and the base of the generator's file names, see filenames.ts). */
export const DEFAULT_TITLE = "User Stories";

/** A field that must stay on one line (titles, list items, facts): every run of whitespace, newlines included, becomes one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * A free-text field (descriptions) as paragraphs of lines: blank lines separate paragraphs, every line is trimmed
 * (leading indentation would mean code in Markdown), and empty paragraphs are dropped.
 */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => oneLine(line))
        .filter((line) => line.length > 0),
    )
    .filter((lines) => lines.length > 0);
}

/** One decision or open question of the meeting, as the Markdown and PDF exports list it after the stories. */
export interface MeetingNote {
  quote: string;
  speaker?: string;
}

export interface MeetingNotes {
  decisions: MeetingNote[];
  questions: MeetingNote[];
}

export const DECISIONS = "Decisions";
export const OPEN_QUESTIONS = "Open questions";

/**
 * The decisions and open questions the quality report found in the transcript (its coverage items of those kinds),
 * in transcript order; empty without a report or a transcript.
 */
export function meetingNotes(quality: Quality | null | undefined): MeetingNotes {
  const items = [...(quality?.coverage?.items ?? [])].sort((a, b) => a.start - b.start);
  const note = ({ quote, speaker }: { quote: string; speaker?: string }): MeetingNote =>
    speaker ? { quote, speaker } : { quote };
  return {
    decisions: items.filter((item) => item.kind === "decision").map(note),
    questions: items.filter((item) => item.kind === "question").map(note),
  };
}

/** A note on one line: the quote, then who said it. */
export function noteLine(note: MeetingNote): string {
  const quote = oneLine(note.quote);
  return note.speaker ? `${quote} (${oneLine(note.speaker)})` : quote;
}
