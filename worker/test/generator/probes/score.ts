/**
 * Scores a story generator on the probe set (issue 15): every ask should give exactly one well-formed story whose
 * role is the one the sentence names, and no non-ask should give any story.
 *
 * Two views:
 * - alone: each sentence is the whole transcript (the view the targets count);
 * - together: all asks in one transcript, one line each with a speaker prefix ("Ana: …"), and all non-asks likewise
 *   in another; a story belongs to the probe lines its evidence offsets overlap. This shows what a meeting of plain
 *   asks gets (a generator that caps its stories, or merges asks, loses probes here).
 * The report gives both views' scores, then the found rate per form of ask and the made-into-stories rate per kind of
 * non-ask, so a form the rules do not read yet shows as a line of its own.
 */
import type { GeneratedStories, UserStory } from "../../../../schema/api/transcripts";
import { TARGETS, WELL_FORMED } from "../quality";
import { ASK_FORMS, ASKS, NON_ASK_KINDS, NON_ASKS, type AskProbe, type NonAskProbe } from "./probes";

export type Generate = (transcript: string) => GeneratedStories;

const IRREGULAR: Record<string, string> = {
  people: "person",
  children: "child",
  men: "man",
  women: "woman",
  staff: "staff",
  folks: "folk",
};

/** The singular forms a word may stand for ("nurses" → nurses, nurse, nurs; "companies" → … company; "wives" → … wife). */
function singulars(word: string): Set<string> {
  const w = IRREGULAR[word] ?? word;
  const out = new Set([w]);
  if (w.endsWith("s") && !w.endsWith("ss")) out.add(w.slice(0, -1));
  if (w.endsWith("es")) out.add(w.slice(0, -2));
  if (w.endsWith("ies")) out.add(`${w.slice(0, -3)}y`);
  if (w.endsWith("ves")) for (const end of ["f", "fe"]) out.add(`${w.slice(0, -3)}${end}`);
  return out;
}

/** Lower-case words, a possessive "'s" dropped ("the porter's note" names a porter). */
function roleWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? []
  ).map((w) => w.replace(/'s$/, ""));
}

/** The role of a story ("As a <role>, I want …"), or undefined when the description has no such opening. */
export function storyRole(story: UserStory): string | undefined {
  return /^As (?:an?|the)\s+([^,]+),/i.exec(story.description)?.[1]?.trim();
}

/** True when the role phrase contains the expected role as a run of words, singular or plural ("site nurses" ⊇ "nurse"). */
export function roleMatches(role: string, expected: string): boolean {
  const have = roleWords(role);
  const want = roleWords(expected);
  if (!want.length) return false;
  const same = (a: string, b: string) => [...singulars(a)].some((x) => singulars(b).has(x));
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, k) => same(have[i + k]!, w))) return true;
  return false;
}

export interface AskOutcome {
  probe: AskProbe;
  /** Stories made from this ask (alone: all stories; together: stories whose evidence overlaps its line). */
  stories: number;
  /** Roles of those stories, as written. */
  roles: string[];
  titles: string[];
  /** Exactly one story, well-formed, with the expected role. */
  ok: boolean;
}

export interface NonAskOutcome {
  probe: NonAskProbe;
  stories: number;
  titles: string[];
}

export interface ProbeView {
  asks: AskOutcome[];
  nonAsks: NonAskOutcome[];
  asksOk: number;
  nonAsksWithStories: number;
  /** together only: stories whose evidence overlaps no probe line (or that have no evidence). */
  unattributed: number;
}

export interface ProbeReport {
  alone: ProbeView;
  together: ProbeView;
}

function askOutcome(probe: AskProbe, stories: readonly UserStory[]): AskOutcome {
  const only = stories.length === 1 ? stories[0]! : undefined;
  const role = only && WELL_FORMED.test(only.description) ? storyRole(only) : undefined;
  return {
    probe,
    stories: stories.length,
    roles: stories.map((s) => storyRole(s) ?? "(no role)"),
    titles: stories.map((s) => s.title),
    ok: role !== undefined && roleMatches(role, probe.role),
  };
}

const SPEAKERS = ["Ana", "Ben", "Chidi", "Dana", "Emil", "Farah", "Goran", "Hana"];

/** One transcript of the sentences, a speaker-prefixed line each, and where each sentence's text sits in it. */
export function probeTranscript(texts: readonly string[]): { transcript: string; spans: [number, number][] } {
  let transcript = "";
  const spans: [number, number][] = [];
  texts.forEach((text, i) => {
    const prefix = `${SPEAKERS[i % SPEAKERS.length]}: `;
    const start = transcript.length + prefix.length;
    transcript += `${prefix}${text}\n`;
    spans.push([start, start + text.length]);
  });
  return { transcript, spans };
}

/** For each span, the stories with an evidence quote overlapping it; and the stories overlapping none. */
function attribute(
  stories: readonly UserStory[],
  spans: readonly [number, number][],
): { by: UserStory[][]; unattributed: number } {
  const by = spans.map(() => [] as UserStory[]);
  let unattributed = 0;
  for (const s of stories) {
    let hit = false;
    spans.forEach(([start, end], i) => {
      if ((s.evidence ?? []).some((e) => e.start < end && e.end > start)) {
        by[i]!.push(s);
        hit = true;
      }
    });
    if (!hit) unattributed++;
  }
  return { by, unattributed };
}

function view(asks: AskOutcome[], nonAsks: NonAskOutcome[], unattributed: number): ProbeView {
  return {
    asks,
    nonAsks,
    asksOk: asks.filter((a) => a.ok).length,
    nonAsksWithStories: nonAsks.filter((n) => n.stories > 0).length,
    unattributed,
  };
}

/** Runs the generator over the probe set in both views. */
export function scoreProbes(
  generate: Generate,
  asks: readonly AskProbe[] = ASKS,
  nonAsks: readonly NonAskProbe[] = NON_ASKS,
): ProbeReport {
  const alone = view(
    asks.map((p) => askOutcome(p, generate(p.text).userStories)),
    nonAsks.map((p) => {
      const stories = generate(p.text).userStories;
      return { probe: p, stories: stories.length, titles: stories.map((s) => s.title) };
    }),
    0,
  );
  const askMeeting = probeTranscript(asks.map((p) => p.text));
  const askResult = attribute(generate(askMeeting.transcript).userStories, askMeeting.spans);
  const nonAskMeeting = probeTranscript(nonAsks.map((p) => p.text));
  const nonAskResult = attribute(generate(nonAskMeeting.transcript).userStories, nonAskMeeting.spans);
  const together = view(
    asks.map((p, i) => askOutcome(p, askResult.by[i]!)),
    nonAsks.map((p, i) => ({
      probe: p,
      stories: nonAskResult.by[i]!.length,
      titles: nonAskResult.by[i]!.map((s) => s.title),
    })),
    askResult.unattributed + nonAskResult.unattributed,
  );
  return { alone, together };
}

/** The probe targets missed (counted on the alone view), as readable reasons; empty when both are met. */
export function missedProbeTargets(report: ProbeReport, targets: typeof TARGETS = TARGETS): string[] {
  const { asks, nonAsks, asksOk, nonAsksWithStories } = report.alone;
  const missed: string[] = [];
  if (asks.length && asksOk / asks.length < targets.probeAsks)
    missed.push(`probe asks with one story of the right role ${asksOk}/${asks.length} < ${targets.probeAsks * 100}%`);
  if (nonAsks.length && nonAsksWithStories / nonAsks.length > targets.probeNonAsks)
    missed.push(
      `probe non-asks made into stories ${nonAsksWithStories}/${nonAsks.length} > ${targets.probeNonAsks * 100}%`,
    );
  return missed;
}

/** How many probes of one form (or kind) there are, and how many of them count: found asks, or non-asks made into stories. */
export interface GroupRate {
  group: string;
  count: number;
  total: number;
}

function rates<T>(
  items: readonly T[],
  groups: readonly string[],
  groupOf: (item: T) => string,
  counts: (item: T) => boolean,
): GroupRate[] {
  return groups
    .map((group) => {
      const mine = items.filter((i) => groupOf(i) === group);
      return { group, count: mine.filter(counts).length, total: mine.length };
    })
    .filter((r) => r.total > 0);
}

/** Asks found (exactly one well-formed story of the right role) per form, in the order of ASK_FORMS. */
export function askRatesByForm(v: ProbeView): GroupRate[] {
  return rates(
    v.asks,
    ASK_FORMS,
    (a) => a.probe.form,
    (a) => a.ok,
  );
}

/** Non-asks made into stories per kind, in the order of NON_ASK_KINDS. */
export function nonAskRatesByKind(v: ProbeView): GroupRate[] {
  return rates(
    v.nonAsks,
    NON_ASK_KINDS,
    (n) => n.probe.kind,
    (n) => n.stories > 0,
  );
}

/** A block of lines: a group per line with its rate alone and together. */
function rateTable(title: string, alone: readonly GroupRate[], together: readonly GroupRate[]): string[] {
  const cell = (r: GroupRate | undefined) => (r ? `${r.count}/${r.total} (${pct(r.count, r.total)})` : "-");
  const width = Math.max(...alone.map((r) => r.group.length));
  const cells = alone.map((r) => cell(r));
  const cellWidth = Math.max(...cells.map((c) => c.length));
  return [
    title,
    ...alone.map(
      (r, i) =>
        `  ${r.group.padEnd(width)}  ${cells[i]!.padStart(cellWidth)}   ${cell(together.find((t) => t.group === r.group))}`,
    ),
  ];
}

function pct(n: number, d: number): string {
  return d ? `${Math.round((n / d) * 100)}%` : "-";
}

function describeAsk(a: AskOutcome): string {
  const got =
    a.stories === 0
      ? "no story"
      : `${a.stories} stor${a.stories === 1 ? "y" : "ies"}: ${a.titles.map((t, i) => `"${t}" (as ${a.roles[i]})`).join("; ")}`;
  return `  - [${a.probe.form}] ${a.probe.text}\n      expected role "${a.probe.role}"; got ${got}`;
}

/** The report printed by `npm run eval:stories`: both views' scores, the asks that failed and the non-asks that made stories. */
export function formatProbeReport(report: ProbeReport): string {
  const lines: string[] = [];
  for (const [name, v] of [
    ["alone (each sentence on its own; the targets count this view)", report.alone],
    ["together (all asks in one transcript, all non-asks in another, speaker-prefixed)", report.together],
  ] as const) {
    lines.push(
      `Probes, ${name}:`,
      `  asks with exactly one story of the right role: ${v.asksOk}/${v.asks.length} (${pct(v.asksOk, v.asks.length)})`,
      `  non-asks made into stories: ${v.nonAsksWithStories}/${v.nonAsks.length} (${pct(v.nonAsksWithStories, v.nonAsks.length)})`,
    );
    if (v === report.together) lines.push(`  stories on no probe line: ${v.unattributed}`);
    const failed = v.asks.filter((a) => !a.ok);
    if (failed.length) lines.push(`  asks that failed (${failed.length}):`, ...failed.map(describeAsk));
    const made = v.nonAsks.filter((n) => n.stories > 0);
    if (made.length)
      lines.push(
        `  non-asks that made stories (${made.length}):`,
        ...made.map(
          (n) => `  - [${n.probe.kind}] ${n.probe.text}\n      got ${n.titles.map((t) => `"${t}"`).join("; ")}`,
        ),
      );
  }
  if (report.alone.asks.length)
    lines.push(
      ...rateTable(
        "Probe asks found per form (exactly one story of the right role), alone / together:",
        askRatesByForm(report.alone),
        askRatesByForm(report.together),
      ),
    );
  if (report.alone.nonAsks.length)
    lines.push(
      ...rateTable(
        "Probe non-asks made into stories per kind, alone / together:",
        nonAskRatesByKind(report.alone),
        nonAskRatesByKind(report.together),
      ),
    );
  return lines.join("\n");
}
