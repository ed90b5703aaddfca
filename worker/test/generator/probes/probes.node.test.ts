import { describe, expect, it } from "vitest";
import type { GeneratedStories, UserStory } from "../../../../schema/api/transcripts";
import { ALL_FIXTURES } from "../fixtures";
import { generateEmbedded } from "../../../adapters/llm/local/index";
import { ASK_FORMS, ASKS, NON_ASK_KINDS, NON_ASKS, type AskForm, type NonAskKind } from "./probes";
import {
  askRatesByForm,
  formatProbeReport,
  missedProbeTargets,
  nonAskRatesByKind,
  probeTranscript,
  roleMatches,
  scoreProbes,
  type Generate,
} from "./score";
import { loadLanguage } from "../../../reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

const EPIC = { title: "E", description: "", team: "", priority: "Medium" as const };

function storyAt(transcript: string, text: string, role: string): UserStory {
  const start = transcript.indexOf(text);
  return {
    title: "Probe story",
    description: `As a ${role}, I want what was asked.`,
    acceptanceCriteria: ["one", "two"],
    priority: "Medium",
    storyPoints: 3,
    estimatedHours: 12,
    evidence: [{ quote: text, start, end: start + text.length }],
  };
}

/** A perfect generator: one story per ask, with its role, and nothing for anything else. */
const oracle: Generate = (transcript) => ({
  epic: EPIC,
  userStories: ASKS.filter((a) => transcript.includes(a.text)).map((a) => storyAt(transcript, a.text, `${a.role}s`)),
});
const silent: Generate = () => ({ epic: EPIC, userStories: [] });
/** A story for every sentence, always "As a user", twice. */
const chatty: Generate = (transcript): GeneratedStories => ({
  epic: EPIC,
  userStories: [...ASKS, ...NON_ASKS]
    .filter((p) => transcript.includes(p.text))
    .flatMap((p) => [storyAt(transcript, p.text, "user"), storyAt(transcript, p.text, "user")]),
});

function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z0-9']+/g) ?? []
  );
}

describe("the probe set", () => {
  it("has the asks of issue 15 and of issue 28 in every form, and non-asks of every kind", () => {
    expect(ASKS.length).toBeGreaterThanOrEqual(88);
    expect(NON_ASKS.length).toBeGreaterThanOrEqual(46);
    // every form at least once; the main plain forms of issue 15 at least twice; the indirect forms of issue 28 five times
    const plain: AskForm[] = [
      "need to",
      "should be able to",
      "we have to support",
      "can we let",
      "it would be great if",
      "must",
      "imperative",
      "please make",
      "passive",
      "want",
    ];
    const indirect: AskForm[] = [
      "conditional or wish",
      "recap",
      "agreed behaviour",
      "bare imperative",
      "thing modal",
      "proposal",
      "negative or problem",
      "value statement",
    ];
    const least = (form: AskForm) => (indirect.includes(form) ? 5 : plain.includes(form) ? 2 : 1);
    for (const form of ASK_FORMS)
      expect(ASKS.filter((a) => a.form === form).length, form).toBeGreaterThanOrEqual(least(form));
    const kinds: NonAskKind[] = [
      "status",
      "anecdote",
      "rejection",
      "postponement",
      "question",
      "complaint",
      "small talk",
      "interviewer question",
      "process",
      "action item",
    ];
    expect([...NON_ASK_KINDS].sort()).toEqual([...kinds].sort());
    for (const kind of kinds)
      expect(NON_ASKS.filter((n) => n.kind === kind).length, kind).toBeGreaterThanOrEqual(
        kind === "small talk" ? 2 : 3,
      );
    expect(new Set(ASKS.map((a) => a.role)).size).toBeGreaterThanOrEqual(88);
  });

  it("tags every probe with a known form or kind, and every ask with a role", () => {
    for (const a of ASKS) {
      expect(ASK_FORMS, a.text).toContain(a.form);
      expect(a.role.trim(), a.text).not.toBe("");
    }
    for (const n of NON_ASKS) expect(NON_ASK_KINDS, n.text).toContain(n.kind);
  });

  it("has no sentence twice, however cased or punctuated, and one sentence per probe", () => {
    const keys = [...ASKS, ...NON_ASKS].map((p) => words(p.text).join(" "));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const p of [...ASKS, ...NON_ASKS]) {
      expect(p.text, p.text).toMatch(/[.?!]$/);
      // a sentence end inside the text ("Export it. Just a CSV.") would make two probes of one
      expect(p.text.slice(0, -1), p.text).not.toMatch(/[.?!]\s+\S/);
    }
  });

  it("names each ask's role in its sentence, as a singular lower-case lemma", () => {
    for (const a of ASKS) {
      expect(a.role, a.text).toBe(a.role.toLowerCase());
      expect(roleMatches(a.text, a.role), a.text).toBe(true);
    }
  });

  it("is written for the tests: no probe shares a run of six words with a transcript fixture", () => {
    const grams = new Set<string>();
    for (const f of ALL_FIXTURES) {
      const w = words(f.transcript);
      for (let i = 0; i + 6 <= w.length; i++) grams.add(w.slice(i, i + 6).join(" "));
    }
    for (const p of [...ASKS, ...NON_ASKS]) {
      const w = words(p.text);
      const shared = w.flatMap((_, i) => (i + 6 <= w.length && grams.has(w.slice(i, i + 6).join(" ")) ? [i] : []));
      expect(shared, p.text).toEqual([]);
    }
  });
});

describe("role matching", () => {
  it("finds the expected role in the story's role, singular or plural", () => {
    expect(roleMatches("nurse", "nurse")).toBe(true);
    expect(roleMatches("ward nurses", "nurse")).toBe(true);
    expect(roleMatches("property inspector", "inspector")).toBe(true);
    expect(roleMatches("sales reps", "sales rep")).toBe(true);
    expect(roleMatches("city libraries", "library")).toBe(true);
    expect(roleMatches("branches", "branch")).toBe(true);
    expect(roleMatches("people on call", "person")).toBe(true);
    expect(roleMatches("night-shift midwives", "midwife")).toBe(true);
    expect(roleMatches("the harbour master's berth list", "harbour master")).toBe(true);
    expect(roleMatches("user", "nurse")).toBe(false);
    expect(roleMatches("nursery teacher", "nurse")).toBe(false);
    expect(roleMatches("rep", "sales rep")).toBe(false);
  });
});

describe("scoreProbes", () => {
  it("gives a perfect generator every ask and no non-ask, in both views", () => {
    const report = scoreProbes(oracle);
    for (const v of [report.alone, report.together]) {
      expect(v.asksOk).toBe(ASKS.length);
      expect(v.nonAsksWithStories).toBe(0);
    }
    expect(report.together.unattributed).toBe(0);
    expect(missedProbeTargets(report)).toEqual([]);
  });

  it("counts nothing found for a silent generator", () => {
    const report = scoreProbes(silent);
    expect(report.alone.asksOk).toBe(0);
    expect(report.alone.nonAsksWithStories).toBe(0);
    expect(missedProbeTargets(report)).toEqual([
      expect.stringMatching(/^probe asks with one story of the right role 0\//),
    ]);
  });

  it("fails asks with two stories or the wrong role, and counts non-asks that made stories", () => {
    const report = scoreProbes(chatty);
    expect(report.alone.asksOk).toBe(0);
    expect(report.alone.asks.every((a) => a.stories === 2 && a.roles.every((r) => r === "user"))).toBe(true);
    expect(report.alone.nonAsksWithStories).toBe(NON_ASKS.length);
    expect(report.together.nonAsksWithStories).toBe(NON_ASKS.length);
    expect(missedProbeTargets(report)).toHaveLength(2);
    const text = formatProbeReport(report);
    expect(text).toContain(`asks with exactly one story of the right role: 0/${ASKS.length}`);
    expect(text).toContain(NON_ASKS[0]!.text);
  });

  it("takes a single story with the wrong role, or an ill-formed one, as a miss", () => {
    const [ask] = ASKS;
    const wrong: Generate = (t) => ({ epic: EPIC, userStories: [storyAt(t, ask!.text, "visitor from abroad")] });
    const illFormed: Generate = (t) => ({
      epic: EPIC,
      userStories: [{ ...storyAt(t, ask!.text, ask!.role), description: `${ask!.role}: do it` }],
    });
    expect(scoreProbes(wrong, [ask!], []).alone.asksOk).toBe(0);
    expect(scoreProbes(illFormed, [ask!], []).alone.asksOk).toBe(0);
  });

  it("gives the found rate per form of ask and the made-into-stories rate per kind of non-ask", () => {
    // a generator that finds the recaps only, and makes a story of every action item
    const recaps: Generate = (t) => ({
      epic: EPIC,
      userStories: [...ASKS.filter((a) => a.form === "recap"), ...NON_ASKS.filter((n) => n.kind === "action item")]
        .filter((p) => t.includes(p.text))
        .map((p) => storyAt(t, p.text, "role" in p ? p.role : "user")),
    });
    const report = scoreProbes(recaps);
    const recapCount = ASKS.filter((a) => a.form === "recap").length;
    for (const v of [report.alone, report.together]) {
      const forms = askRatesByForm(v);
      expect(forms.map((r) => r.group)).toEqual(ASK_FORMS.filter((f) => ASKS.some((a) => a.form === f)));
      expect(forms.find((r) => r.group === "recap")).toEqual({ group: "recap", count: recapCount, total: recapCount });
      expect(forms.filter((r) => r.group !== "recap").every((r) => r.count === 0 && r.total > 0)).toBe(true);
      const kinds = nonAskRatesByKind(v);
      expect(kinds.find((r) => r.group === "action item")?.count).toBe(
        NON_ASKS.filter((n) => n.kind === "action item").length,
      );
      expect(kinds.filter((r) => r.group !== "action item").every((r) => r.count === 0)).toBe(true);
    }
    const text = formatProbeReport(report);
    expect(text).toContain("Probe asks found per form");
    expect(text).toMatch(
      new RegExp(`^  recap +${recapCount}/${recapCount} \\(100%\\) +${recapCount}/${recapCount} \\(100%\\)$`, "m"),
    );
    expect(text).toMatch(/^ {2}value statement +0\/\d+ \(0%\) +0\/\d+ \(0%\)$/m);
    expect(text).toMatch(/^ {2}action item +\d+\/\d+ \(100%\)/m);
  });

  it("puts each sentence on its own speaker line and knows where its text is", () => {
    const { transcript, spans } = probeTranscript(["First line.", "Second line."]);
    expect(transcript).toBe("Ana: First line.\nBen: Second line.\n");
    expect(spans.map(([s, e]) => transcript.slice(s, e))).toEqual(["First line.", "Second line."]);
  });

  it("runs the embedded generator over every probe (its scores are printed by npm run eval:stories)", () => {
    const report = scoreProbes((t) => generateEmbedded(t));
    expect(report.alone.asks).toHaveLength(ASKS.length);
    expect(report.together.nonAsks).toHaveLength(NON_ASKS.length);
  });
});
