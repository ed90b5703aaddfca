/**
 * The quality gate's contract (issue 27), binding for API clients: what `POST /api/stories/check`, every generation
 * answer (`quality` beside `data`) and `GET /api/transcripts/{id}` carry.
 *
 * The criteria are the Quality User Story framework's (Lucassen et al. 2016, as its tool AQUSA checks them) plus
 * four of StoryLoom's own: `testable_criteria`, `evidence`, `rejected` and `asked` (the story's evidence is an ask or a
 * decision of the meeting, not a question, a task for someone present or talk around it).
 *
 * This file holds the values the SPA imports (it stays free of zod, which would otherwise load with the SPA's first
 * chunk); the report's shapes are zod schemas in quality-body.ts, with their types.
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
  "asked",
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

export const COVERAGE_KINDS = ["ask", "decision", "question", "risk", "action", "rejected", "postponed"] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];
