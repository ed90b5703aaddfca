import { describe, expect, it } from "vitest";
import type { GeneratedStories, UserStory } from "../../../../schema/api/transcripts";
import { ALL_FIXTURES } from "../fixtures";
import { generateStories } from "../../../adapters/llm/local/index";
import { ASKS, NON_ASKS, type AskForm, type NonAskKind } from "./probes";
import { formatProbeReport, missedProbeTargets, probeTranscript, roleMatches, scoreProbes, type Generate } from "./score";

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
  userStories: [...ASKS, ...NON_ASKS].filter((p) => transcript.includes(p.text)).flatMap((p) => [storyAt(transcript, p.text, "user"), storyAt(transcript, p.text, "user")]),
});

function words(text: string): string[] {
  return text.toLowerCase().replace(/[’‘]/g, "'").match(/[a-z0-9']+/g) ?? [];
}

describe("the probe set", () => {
  it("has at least 40 asks in every form and at least 20 non-asks of every kind, all distinct", () => {
    expect(ASKS.length).toBeGreaterThanOrEqual(40);
    expect(NON_ASKS.length).toBeGreaterThanOrEqual(20);
    const forms: AskForm[] = ["need to", "should be able to", "we have to support", "can we let", "it would be great if", "must", "imperative", "please make", "passive", "want"];
    for (const form of forms) expect(ASKS.filter((a) => a.form === form).length, form).toBeGreaterThanOrEqual(2);
    const kinds: NonAskKind[] = ["status", "anecdote", "rejection", "postponement", "question", "complaint"];
    for (const kind of kinds) expect(NON_ASKS.filter((n) => n.kind === kind).length, kind).toBeGreaterThanOrEqual(3);
    const texts = [...ASKS, ...NON_ASKS].map((p) => p.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(new Set(ASKS.map((a) => a.role)).size).toBeGreaterThanOrEqual(40);
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
    expect(missedProbeTargets(report)).toEqual([expect.stringMatching(/^probe asks with one story of the right role 0\//)]);
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
    const illFormed: Generate = (t) => ({ epic: EPIC, userStories: [{ ...storyAt(t, ask!.text, ask!.role), description: `${ask!.role}: do it` }] });
    expect(scoreProbes(wrong, [ask!], []).alone.asksOk).toBe(0);
    expect(scoreProbes(illFormed, [ask!], []).alone.asksOk).toBe(0);
  });

  it("puts each sentence on its own speaker line and knows where its text is", () => {
    const { transcript, spans } = probeTranscript(["First line.", "Second line."]);
    expect(transcript).toBe("Ana: First line.\nBen: Second line.\n");
    expect(spans.map(([s, e]) => transcript.slice(s, e))).toEqual(["First line.", "Second line."]);
  });

  it("runs the embedded generator over every probe (its scores are printed by npm run eval:stories)", () => {
    const report = scoreProbes((t) => generateStories(t));
    expect(report.alone.asks).toHaveLength(ASKS.length);
    expect(report.together.nonAsks).toHaveLength(NON_ASKS.length);
  });
});
