import type { Quality } from "../../../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";

/** Markup in every syntax the exports must keep literal. */
export const HOSTILE = "*bold* [link](x) <b>|{x}_y_ # heading";

/** A fixed epic with three stories, some with hostile text, shared by the export tests (tests only). */
export const FIXTURE: GeneratedStories = {
  epic: {
    title: "Checkout *revamp* [v2] <Q3> & {beyond}",
    description: "Make paying quick.\n# Not a heading\n\nSecond paragraph | with a pipe\nh1. not a JIRA heading",
    priority: "High",
    timeline: "Q1 2026",
    team: "Payments & Risk_team",
  },
  userStories: [
    {
      title: "1. Pay with a saved card",
      description: "As a returning shopper, I want to pay with a saved card so that checkout takes one click.",
      acceptanceCriteria: [
        "Saved cards are listed with brand and last 4 digits",
        "The default card is preselected",
        HOSTILE,
      ],
      priority: "Highest",
      storyPoints: 5,
      estimatedHours: 8,
      evidence: [{ quote: "EVIDENCE-QUOTE-NOT-EXPORTED", start: 0, end: 27 }],
    },
    {
      title: "{code}|table|*bold*_under_[link]",
      description: "- starts like a list\n----\nbq. quoted?\n\n{noformat}\\escaped\\* C:\\temp",
      acceptanceCriteria: [
        "Given a refund\nWhen it is approved\nThen the shopper is emailed",
        "- dash first",
        "`code` ~~strike~~ ^sup^ ??cite?? (y) :D",
      ],
      priority: "Medium",
      storyPoints: 3,
      estimatedHours: 6,
    },
    {
      title: "- Café “quotes” — dash … Łódź 東京 🙂",
      description: "",
      acceptanceCriteria: [],
      priority: "Low",
      storyPoints: 1,
      estimatedHours: 0,
    },
  ],
};

/** `count` plain stories with long text, for page-count tests. */
export function manyStories(count: number): GeneratedStories {
  const story = (n: number): UserStory => ({
    title: `Story number ${n} about a feature`,
    description: `As a user I want feature ${n} so that my work gets easier. `.repeat(4).trim(),
    acceptanceCriteria: [
      `Criterion A of story ${n} is met`,
      `Criterion B of story ${n} is met`,
      `Criterion C of story ${n} is met`,
    ],
    priority: "Medium",
    storyPoints: 5,
    estimatedHours: 8,
  });
  return {
    epic: { title: "Many stories", description: "An epic with many stories.", priority: "Medium", team: "Core" },
    userStories: Array.from({ length: count }, (_, i) => story(i + 1)),
  };
}

/**
 * A quality report on FIXTURE whose coverage holds two decisions and one open question (out of transcript order,
 * one with hostile text), among items of other kinds that the exports leave out.
 */
export const FIXTURE_QUALITY: Quality = {
  stories: FIXTURE.userStories.map((_, index) => ({ index, score: 100, issues: [] })),
  set: [],
  coverage: {
    asks: { covered: 1, total: 2 },
    items: [
      {
        kind: "question",
        quote: "Who signs off\nthe *refund* policy?",
        start: 90,
        end: 124,
        speaker: "Priya",
        coveredBy: [],
      },
      { kind: "decision", quote: "We ship saved cards first.", start: 40, end: 66, speaker: "Dana", coveredBy: [0] },
      { kind: "ask", quote: "We need Apple Pay too.", start: 10, end: 32, coveredBy: [] },
      { kind: "decision", quote: "# Refunds go through [Stripe] <only>", start: 70, end: 106, coveredBy: [] },
      { kind: "rejected", quote: "No crypto payments.", start: 130, end: 149, coveredBy: [] },
    ],
  },
};
