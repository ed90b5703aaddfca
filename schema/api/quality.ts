/**
 * The quality gate's contract (issue 27), binding for API clients: what `POST /api/stories/check`, every generation
 * answer (`quality` beside `data`) and `GET /api/transcripts/{id}` carry.
 *
 * The criteria are the Quality User Story framework's (Lucassen et al. 2016, as its tool AQUSA checks them) plus
 * three of StoryLoom's own: `testable_criteria`, `evidence` and `rejected`.
 */
export const CRITERIA = [
  "well_formed",
  "atomic",
  "minimal",
  "conceptually_sound",
  "problem_oriented",
  "unambiguous",
  "full_sentence",
  "estimable",
  "unique",
  "uniform",
  "independent",
  "complete",
  "conflict_free",
  "testable_criteria",
  "evidence",
  "rejected",
] as const;
export type Criterion = (typeof CRITERIA)[number];

export const ISSUE_FIELDS = [
  "title",
  "description",
  "acceptanceCriteria",
  "storyPoints",
  "estimatedHours",
  "evidence",
] as const;
export type IssueField = (typeof ISSUE_FIELDS)[number];

export interface StoryIssue {
  criterion: Criterion;
  severity: "error" | "warning";
  /** What to change, in plain words. */
  message: string;
  field?: IssueField;
}

export interface StoryQuality {
  /** 0-based position of the story in `userStories`. */
  index: number;
  /** 0–100: 100 with no issue; each error and warning takes points off (services/quality). */
  score: number;
  issues: StoryIssue[];
}

/** A problem of several stories together (duplicates, conflicts, mixed templates). */
export interface SetIssue {
  criterion: Criterion;
  /** 0-based story positions. */
  stories: number[];
  message: string;
}

export const COVERAGE_KINDS = ["ask", "decision", "question", "risk", "action", "rejected", "postponed"] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

export interface CoverageItem {
  kind: CoverageKind;
  /** Verbatim from the transcript: `transcript.slice(start, end) === quote`. */
  quote: string;
  start: number;
  end: number;
  speaker?: string;
  /** 0-based positions of the stories whose text or evidence carries this item. */
  coveredBy: number[];
}

export interface Coverage {
  items: CoverageItem[];
  asks: { covered: number; total: number };
}

export interface Quality {
  stories: StoryQuality[];
  set: SetIssue[];
  /** Null when there is no transcript to read (stories checked on their own). */
  coverage: Coverage | null;
}
