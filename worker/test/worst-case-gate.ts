/**
 * The quality gate's worst case (issue 39, finding 1), shared by its test (worker/services/quality/worst-case.node.test.ts)
 * and `npm run bench`: a transcript at the 200,000-character limit that rejects an item hundreds of times and repeats
 * asks that share the rejected item's words, and 100 stories that all ask for the rejected item, each carrying 20
 * criteria copied from the meeting and 20 evidence quotes whose offsets are wrong (so each is searched for), the whole
 * body under the 1 MiB JSON limit. Every part is what made one check cost stories × rejected items × asks × quote
 * length before the gate was made linear.
 *
 * No imports but types: scripts/bench.ts (Node) imports this file as it is.
 */
import type { GeneratedStories } from "../../schema/api/transcripts";

/**
 * What the worst case may take, checked by its tests: 0.5–0.7 s on an idle 2-core machine, 1.4 s with the other core
 * busy (10.4 s before issue 39, and growing with the square of the transcript); the bound leaves room for a loaded CI
 * machine while the old super-linear cost still fails.
 */
export const WORST_CASE_BOUND_MS = 4_000;

export interface WorstCaseGateBody {
  transcript: string;
  stories: GeneratedStories;
}

const REJECTION = "Ana: No offline invoices.";
const ask = (i: number) => `Ben: As an auditor I need quarterly report ${i} exported so that regulators are satisfied.`;
const WANTED = "Cleo: As a clerk I need offline invoices so that I can bill on site.";

/** `chars`: the transcript's length (at most the 200,000 the API takes). */
export function worstCaseGateBody(chars = 200_000): WorstCaseGateBody {
  const lines: string[] = [WANTED];
  let length = WANTED.length;
  for (let i = 0; length < chars; i++) {
    // one rejection for two asks, as in the reproduction (R = 320, A = 640)
    for (const line of [REJECTION, ask(2 * i), ask(2 * i + 1)]) {
      if (length + line.length + 1 > chars) break;
      lines.push(line);
      length += line.length + 1;
    }
    if (length + REJECTION.length + 1 > chars) break;
  }
  const transcript = lines.join("\n");
  const userStories = Array.from({ length: 100 }, (_, i) => ({
    title: `Offline invoices for wholesale ${i}`,
    description: `As a clerk, I want offline invoices for wholesale ${i}, so that I can bill on site.`,
    acceptanceCriteria: Array.from(
      { length: 20 },
      (_, c) => `As an auditor I need quarterly report ${(i * 20 + c) % 500} exported so that regulators are satisfied`,
    ),
    priority: "High" as const,
    storyPoints: 3,
    estimatedHours: 12,
    evidence: Array.from({ length: 20 }, (_, e) => ({ quote: "No offline invoices.", start: e, end: e + 20 })),
  }));
  return {
    transcript,
    stories: {
      epic: { title: "Invoices", description: "Offline invoices.", team: "Billing", priority: "High" },
      userStories,
    },
  };
}
