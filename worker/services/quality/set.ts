/**
 * The checks over the whole set of stories (issue 27; QUS's set criteria): near-duplicates by meaning (content
 * lemmas, not only identical text), a story asking for what another forbids, one template across the stories,
 * stories that lean on another, and changes to things no story creates.
 */
import type { SetIssue } from "../../../schema/api/quality-body";
import type { UserStory } from "../../../schema/api/transcripts";
import {
  contentLemmas,
  jaccard,
  lemmaOf,
  meansTokens,
  overlap,
  storyParts,
  titleTokens,
  type StoryParts,
} from "./story-text";
import type { Token } from "../../reading";
import { CHANGE_VERBS, MAKE_VERBS, NEGATION_WORDS } from "../../reading";

/** Shared content lemmas above this share of either story's means: the same ask twice. */
const DUPLICATE_SIMILARITY = 0.6;
const DUPLICATE_MIN_SHARED = 2;

interface Read {
  parts: StoryParts;
  tokens: Token[];
  lemmas: Set<string>;
  negated: boolean;
}

function read(story: UserStory): Read {
  const parts = storyParts(story.description);
  const title = titleTokens(story.title);
  const tokens = parts.means ? meansTokens(story.description, parts) : title;
  return {
    parts,
    tokens,
    lemmas: contentLemmas([...tokens, ...title]),
    negated: tokens.some((t) => NEGATION_WORDS.has(t.normal)),
  };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

function duplicates(stories: readonly UserStory[], reads: readonly Read[]): SetIssue[] {
  const out: SetIssue[] = [];
  for (let i = 0; i < reads.length; i++) {
    for (let j = i + 1; j < reads.length; j++) {
      const a = reads[i]!;
      const b = reads[j]!;
      if (a.negated !== b.negated) continue;
      const same =
        norm(stories[i]!.title) === norm(stories[j]!.title) ||
        norm(stories[i]!.description) === norm(stories[j]!.description);
      const similar =
        overlap(a.lemmas, b.lemmas) >= DUPLICATE_MIN_SHARED && jaccard(a.lemmas, b.lemmas) >= DUPLICATE_SIMILARITY;
      if (same || similar) {
        out.push({
          criterion: "unique",
          stories: [i, j],
          message: `Stories ${i + 1} and ${j + 1} ask for the same thing: merge them into one, or say how the two differ.`,
        });
      }
    }
  }
  return out;
}

function conflicts(reads: readonly Read[]): SetIssue[] {
  const out: SetIssue[] = [];
  for (let i = 0; i < reads.length; i++) {
    for (let j = i + 1; j < reads.length; j++) {
      const a = reads[i]!;
      const b = reads[j]!;
      if (a.negated === b.negated) continue;
      const shared = overlap(a.lemmas, b.lemmas);
      if (shared >= DUPLICATE_MIN_SHARED && shared >= Math.min(a.lemmas.size, b.lemmas.size) * 0.6) {
        out.push({
          criterion: "conflict_free",
          stories: [i, j],
          message: `Stories ${i + 1} and ${j + 1} contradict each other: one asks for what the other rules out. Keep the one the meeting decided on and remove the other.`,
        });
      }
    }
  }
  return out;
}

/**
 * Stories not in the "As a <role>, I want <capability>" form when most are. A benefit ("so that …") is optional, so
 * a story with one and a story without follow the same form: the check never advises taking a benefit out, and a
 * set mostly written another way is not told to leave the template.
 */
function uniformity(reads: readonly Read[]): SetIssue[] {
  if (reads.length < 3) return [];
  const others = reads.flatMap((r, i) => (r.parts.template === "other" ? [i] : []));
  if (others.length === 0 || others.length * 2 >= reads.length) return [];
  return [
    {
      criterion: "uniform",
      stories: others,
      message:
        others.length === 1
          ? `Story ${others[0]! + 1} is not written like the others (“As a …, I want to …”): rewrite it the same way.`
          : `Stories ${numbers(others)} are not written like the others (“As a …, I want to …”): rewrite them the same way.`,
    },
  ];
}

function dependencies(stories: readonly UserStory[]): SetIssue[] {
  const leaning = stories
    .map((s, i) => ({ i, text: `${s.title} ${s.description} ${s.acceptanceCriteria.join(" ")}` }))
    .filter(({ text }) =>
      /\b(?:story\s+#?\d+|(?:the\s+)?(?:previous|above|preceding|next)\s+story|depends\s+on|after\s+story)\b/i.test(
        text,
      ),
    )
    .map(({ i }) => i);
  return leaning.length
    ? [
        {
          criterion: "independent",
          stories: leaning,
          message:
            leaning.length === 1
              ? `Story ${leaning[0]! + 1} refers to another story: write it so it makes sense on its own, and let the backlog's order say what comes first.`
              : `Stories ${numbers(leaning)} refer to other stories: write each so it makes sense on its own, and let the backlog's order say what comes first.`,
        },
      ]
    : [];
}

/** Changing or removing a thing no story lets anyone make: a step is missing. */
function completeness(reads: readonly Read[]): SetIssue[] {
  const made = new Set<string>();
  const changes: Array<{ i: number; verb: string; object: string }> = [];
  reads.forEach((r, i) => {
    const words = r.tokens.filter((t) => t.pos !== "PUNCT");
    words.forEach((t, k) => {
      if (t.pos !== "VERB") return;
      const object = words.slice(k + 1).find((x) => x.pos === "NOUN" || x.pos === "PROPN");
      if (!object) return;
      const verb = lemmaOf(t);
      const thing = lemmaOf(object);
      if (MAKE_VERBS.has(verb)) made.add(thing);
      else if (CHANGE_VERBS.has(verb)) changes.push({ i, verb, object: thing });
    });
  });
  const missing = changes.filter((c) => !made.has(c.object));
  if (reads.length < 3 || missing.length === 0) return [];
  const objects = [...new Set(missing.map((c) => c.object))].slice(0, 3);
  const things = listed(objects.map((o) => `“${o}”`));
  const stories = [...new Set(missing.map((c) => c.i))];
  const who =
    stories.length === 1
      ? `Story ${stories[0]! + 1} changes or removes`
      : `Stories ${numbers(stories)} change or remove`;
  return [
    {
      criterion: "complete",
      stories,
      // (the thing is a word of the stories, quoted without an article: "a wording", "a data" would read wrong)
      message:
        objects.length === 1
          ? `${who} something no story lets anyone create (${things}): add a story for creating it, or check that people can already create it in the product.`
          : `${who} things no story lets anyone create (${things}): add stories for creating them, or check that people can already create them in the product.`,
    },
  ];
}

/** "a", "a and b", "a, b and c". */
function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** 1-based story numbers from 0-based positions: "2 and 5", "1, 4 and 6". */
function numbers(positions: readonly number[]): string {
  return listed(positions.map((p) => String(p + 1)));
}

export function checkSet(stories: readonly UserStory[]): SetIssue[] {
  const reads = stories.map(read);
  return [
    ...duplicates(stories, reads),
    ...conflicts(reads),
    ...uniformity(reads),
    ...dependencies(stories),
    ...completeness(reads),
  ];
}

/** The pairs of stories that ask for the same thing (the set check's "unique" criterion): what a merge joins. */
export function duplicatePairs(stories: readonly UserStory[]): Array<[number, number]> {
  return duplicates(stories, stories.map(read)).map((issue) => [issue.stories[0]!, issue.stories[1]!]);
}
