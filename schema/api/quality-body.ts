import * as z from "zod";
import { COVERAGE_KINDS, CRITERIA, ISSUE_FIELDS } from "./quality";

/**
 * The quality report's shapes (the contract is described in quality.ts). Apart from quality.ts, whose values the
 * SPA imports: this file brings zod with it, and the SPA only takes its types.
 */

export const storyIssueSchema = z.object({
  criterion: z.enum(CRITERIA),
  severity: z.enum(["error", "warning"]),
  message: z.string().describe("What to change, in plain words."),
  field: z.enum(ISSUE_FIELDS).optional().describe("The story's field the issue is about, when it is one field."),
});
export type StoryIssue = z.infer<typeof storyIssueSchema>;

export const storyQualitySchema = z.object({
  index: z.number().int().describe("0-based position of the story in `userStories`."),
  score: z.number().int().describe("0–100: 100 with no issue; each error and warning takes points off."),
  issues: z.array(storyIssueSchema),
});
export type StoryQuality = z.infer<typeof storyQualitySchema>;

export const setIssueSchema = z
  .object({
    criterion: z.enum(CRITERIA),
    stories: z.array(z.number().int()).describe("0-based story positions."),
    message: z.string(),
  })
  .describe("A problem of several stories together (duplicates, conflicts, mixed templates).");
export type SetIssue = z.infer<typeof setIssueSchema>;

export const coverageItemSchema = z.object({
  kind: z.enum(COVERAGE_KINDS),
  quote: z.string().describe("Verbatim from the transcript: `transcript.slice(start, end) === quote`."),
  start: z.number().int(),
  end: z.number().int(),
  speaker: z.string().optional(),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "How sure the reading is that the quote is an item of its kind, 0 to 1; it orders items, it is no probability.",
    ),
  coveredBy: z
    .array(z.number().int())
    .describe("0-based positions of the stories whose text or evidence carries this item."),
});
export type CoverageItem = z.infer<typeof coverageItemSchema>;

export const coverageSchema = z.object({
  items: z.array(coverageItemSchema),
  asks: z.object({ covered: z.number().int(), total: z.number().int() }),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const qualitySchema = z.object({
  stories: z.array(storyQualitySchema),
  set: z.array(setIssueSchema),
  coverage: coverageSchema
    .nullable()
    .describe("Null when there is no transcript to read (stories checked on their own)."),
});
export type Quality = z.infer<typeof qualitySchema>;
