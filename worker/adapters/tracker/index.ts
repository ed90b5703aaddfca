// What the exports to JIRA, Linear, GitHub Issues and Azure DevOps have in common (issues 32 and 41). Each system has
// its own adapter (adapters/jira, linear, github, azure-devops) that formats the epic and its stories in the system's
// own terms and speaks its API (JIRA's session is services/integrations/jira-session.ts, over its client);
// services/integrations/tracker-export.ts runs the exactly-once export over this interface, so the record keeping,
// "in doubt" recovery and progress are written once.
import type { Epic, UserStory } from "../../../schema/api/transcripts";

export type TrackerSystem = "linear" | "github" | "azure-devops";

/** Something an export created (the epic or a story), as the system knows it. */
export interface TrackerItem {
  /** The system's own id: Linear's issue UUID, GitHub's numeric issue id, the Azure DevOps work item id. */
  id: string;
  /** What people call it, and what the export record keeps: "ENG-42", "#42", "1234". */
  key: string;
  /** The item's page for people. */
  url: string;
  title: string;
  /** The key of its parent (the epic) when the system says it has one; null when it has none. */
  parentKey: string | null;
}

/** The epic as the export record remembers it: its key and link. */
export interface EpicRef {
  key: string;
  url: string;
}

/** An open item of a destination's backlog, as its search answered (issue 41: review before export). */
export interface BacklogItem {
  key: string;
  title: string;
  /** Plain text, at most BACKLOG_TEXT characters. */
  description: string;
  status: string;
  url: string;
  /** The key of its parent (an epic, a parent issue, a Linear project's id) when it has one. */
  parentKey: string | null;
}

/** An epic the stories can be placed under instead of a new one: a JIRA epic, a Linear project or parent issue, a
 * GitHub issue with sub-issues, an Azure DevOps Epic. */
export interface EpicChoice extends EpicRef {
  title: string;
}

/**
 * "Add to": what a story brings to an existing item, appended to its description and marked as from this meeting.
 * `marker` (storyloom-{ref}-{position}) is written with it, so the append is made once: appendTo reads the item first
 * and writes nothing when the marker is already there.
 */
export interface AppendNote {
  marker: string;
  /** "From the meeting of 7 December 2026 (StoryLoom)". */
  heading: string;
  criteria: string[];
  /** The words of the meeting the story rests on, when it has them. */
  quote: string | null;
}

/** What one review reads of a backlog: the newest open items, at most BACKLOG_LIMIT. */
export interface BacklogPage {
  items: BacklogItem[];
  /** More open items exist than were read. */
  truncated: boolean;
}

/** Open items a review reads, newest first: two pages of the trackers' usual 100. */
export const BACKLOG_LIMIT = 200;
/** Characters of an item's description kept for matching. */
export const BACKLOG_TEXT = 2000;

/**
 * One export's conversation with a tracker: opened with the credential, the integration's settings and the export
 * record's marker (`ref`, 12 hex digits), which every created item carries so that `findExported` can recognise it.
 * Implementations read what they need (work item types, labels, estimates) once, on first use, and keep it.
 */
export interface TrackerSession {
  /** Creates the epic. Never retried inside: a create whose outcome is unknown throws with `mayHaveApplied`. */
  createEpic(epic: Epic): Promise<TrackerItem>;
  /**
   * Creates the story at `position` (0-based) as a child of `epic`, linked to it when this returns. Where linking is a
   * second call (GitHub's sub-issues), a failed link after a successful create throws with `mayHaveApplied`.
   * `added`: a story an update adds after the export completed, at a position an earlier story's item may hold.
   */
  createStory(story: UserStory, position: number, epic: EpicRef, options?: { added?: boolean }): Promise<TrackerItem>;
  /**
   * Where the system creates many items in one request (JIRA's bulk create): up to `limit` stories as children of
   * `epic`. A story the system refuses comes back in `refused` with its message; the others are created. Never retried
   * inside: a request whose outcome is unknown throws with `mayHaveApplied`.
   */
  bulkCreate?: {
    limit: number;
    create(batch: Array<{ story: UserStory; position: number }>, epic: EpicRef): Promise<BulkCreated>;
  };
  /**
   * After an unanswered write: everything this export (its marker) created, the epic included, with the parent each
   * item has now. Bounded (at most a few pages); the service matches stories by exact title.
   */
  findExported(epic: EpicRef | null): Promise<TrackerItem[]>;
  /** Makes `story` a child of `epic` (only called for a found story whose `parentKey` is not the epic's key). */
  linkStory(epic: EpicRef, story: TrackerItem): Promise<void>;
  /**
   * "Update in …": sets the epic's title, text and priority to `content`. Safe to repeat (it sets, it adds nothing).
   * What people changed there that StoryLoom does not write (state, assignee, their own labels) is kept.
   */
  updateEpic(epic: EpicRef, content: Epic): Promise<void>;
  /** The same for an exported story, by its key; it stays the epic's child. */
  updateStory(key: string, story: UserStory, epic: EpicRef): Promise<void>;
  /** The destination's open items, newest first, at most BACKLOG_LIMIT, in at most three requests. Writes nothing. */
  openItems(): Promise<BacklogPage>;
  /** The epics an export may be placed under (open ones, newest first, at most BACKLOG_LIMIT). Writes nothing. */
  openEpics(): Promise<EpicChoice[]>;
  /**
   * "Link to": relates the created story `storyKey` to the existing item `itemKey` (a relates link where the tracker
   * has one). Reads first and writes nothing when they are related already, so it is safe to repeat.
   */
  relate(storyKey: string, itemKey: string): Promise<void>;
  /** "Add to": appends `note` to the item's description, once (see AppendNote). */
  appendTo(itemKey: string, note: AppendNote): Promise<void>;
}

/** What one bulk create made and refused, by the stories' positions. */
export interface BulkCreated {
  created: Array<{ position: number; item: TrackerItem }>;
  refused: Array<{ position: number; message: string }>;
}

export type TrackerErrorKind =
  | "unauthorized" // the token or key was refused (401, Azure's 203 sign-in page, Linear's authentication error)
  | "forbidden" // the account may not do this (403)
  | "not_found" // the organisation, repository, team, project or item is gone or invisible to the token
  | "invalid" // the system refused what was sent (400, 422, Linear's invalid input); message says why
  | "rate_limited" // still limited after the waits the adapter allows
  | "unavailable"; // 5xx, timeouts, network failures, oversized, non-JSON or wrong-shaped answers

export class TrackerError extends Error {
  readonly system: TrackerSystem;
  readonly kind: TrackerErrorKind;
  readonly status: number | null;
  /** A write whose outcome is unknown (timeout, 5xx, dropped connection, a failed link after a create). */
  readonly mayHaveApplied: boolean;
  /** Seconds the system asked to wait, when it said. */
  readonly retryAfter: number | null;

  constructor(
    system: TrackerSystem,
    kind: TrackerErrorKind,
    message: string,
    options: { status?: number | null; mayHaveApplied?: boolean; retryAfter?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "TrackerError";
    this.system = system;
    this.kind = kind;
    this.status = options.status ?? null;
    this.mayHaveApplied = options.mayHaveApplied ?? false;
    this.retryAfter = options.retryAfter ?? null;
  }
}

/** The marker's text form, as it is put in bodies, tags and descriptions: `storyloom-{ref}`. */
export function exportMarker(ref: string): string {
  if (!/^[0-9a-f]{12}$/.test(ref)) throw new Error(`Not an export ref: ${ref}`);
  return `storyloom-${ref}`;
}

/** Where a request goes: the vendor's API host, or (development and tests only) a fake's base. */
export function apiUrl(vendorBase: string, path: string, apiBase: URL | null): URL {
  if (!path.startsWith("/")) throw new Error(`Not an API path: ${path}`);
  const base = apiBase ? apiBase.href.replace(/\/+$/, "") : vendorBase;
  const url = new URL(`${base}${path}`);
  const expected = new URL(base);
  if (url.origin !== expected.origin) throw new Error(`Not an API path: ${path}`);
  return url;
}
