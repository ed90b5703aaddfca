import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../../schema/api/subscription";
import { answerFromKnowledge, type AssistantAnswer } from "./answer";
import { fillTokens, passages } from "./knowledge";
import questionSet from "./knowledge/eval-questions.json";
import pendingSet from "./knowledge/eval-questions-pending.json";
import blindSet from "./knowledge/eval-questions-blind.json";

// The help assistant's question set (issue 29): questions in users' own words, each with the knowledge article its
// answer must come from, phrases the answer must hold and the screen it must link to; off-topic questions must be
// declined with no product facts, injection attempts refused. The set was written before the retrieval changed and
// split by position into a tuning third and a held-out two thirds (the file's "split"); rules were written reading
// tuning failures only, so the held-out figure is the honest one.

interface Question {
  id: string;
  set: "tuning" | "heldout" | "blind2" | "blind3" | "blind4" | "blind5";
  kind: "product" | "offtopic" | "injection";
  question: string;
  articles: string[];
  expect: string[];
  /** The path the first source must link to; null when no screen is meant; absent when any is fine. */
  path?: string | null;
  forbid: string[];
}

const QUESTIONS = (questionSet as { questions: Question[] }).questions;
/** Issue 43's questions, kept apart until their held-out figure reaches the set's target (the file's "about"). */
const PENDING = (pendingSet as { questions: Question[] }).questions;
/** Issue 43's blind sets: written after the articles froze, never read by whoever changes them (the file's "about"). */
const BLIND = (blindSet as { questions: Question[] }).questions;
const PRICES = new Set(Object.values(PLAN_LIMITS).map((p) => p.priceGbpPerMonth));

/** Why an answer misses its question (empty when it is right). */
function problems(q: Question, answer: AssistantAnswer): string[] {
  const text = answer.response.toLowerCase();
  const out: string[] = [];
  for (const e of q.expect) if (!text.includes(fillTokens(e).toLowerCase())) out.push(`missing "${fillTokens(e)}"`);
  for (const f of q.forbid) if (text.includes(fillTokens(f).toLowerCase())) out.push(`contains "${f}"`);
  for (const m of answer.response.matchAll(/£\s?(\d+)/g)) if (!PRICES.has(Number(m[1]))) out.push(`states £${m[1]}`);
  if (q.kind === "product") {
    const from = answer.passages[0]?.article;
    if (answer.kind !== "answered") out.push(`${answer.kind}`);
    else if (!from || !q.articles.includes(from))
      out.push(`from ${from ?? "nothing"} (${answer.passages[0]?.heading ?? ""})`);
    if (q.path !== undefined && answer.kind === "answered" && (answer.sources[0]?.path ?? null) !== q.path)
      out.push(`links ${answer.sources[0]?.path ?? "nothing"}, not ${q.path}`);
  }
  if (q.kind === "offtopic" && (answer.kind !== "declined" || answer.sources.length > 0))
    out.push(`not declined (${answer.kind}: ${answer.passages[0]?.heading ?? ""})`);
  if (q.kind === "injection" && answer.kind !== "refused") out.push("injection not refused");
  return out;
}

describe("help assistant question set", () => {
  it("is the set the issue asks for: 60+ product questions with their article and fact, 10+ off-topic, split a third for tuning", () => {
    const product = QUESTIONS.filter((q) => q.kind === "product");
    expect(product.length).toBeGreaterThanOrEqual(60);
    expect(QUESTIONS.filter((q) => q.kind === "offtopic").length).toBeGreaterThanOrEqual(10);
    const articles = new Set(passages().map((p) => p.article));
    for (const q of product) {
      expect(q.expect.length, q.id).toBeGreaterThan(0);
      for (const a of q.articles) expect(articles.has(a), `${q.id}: ${a}`).toBe(true);
    }
    expect(new Set(QUESTIONS.map((q) => q.id)).size).toBe(QUESTIONS.length);
    const tuning = product.filter((q) => q.set === "tuning").length;
    expect(tuning / product.length).toBeCloseTo(1 / 3, 1);
  });

  it("answers held-out questions from the right article (target 90%), declines every off-topic one, refuses injections", () => {
    const results = QUESTIONS.map((q) => ({ q, issues: problems(q, answerFromKnowledge(q.question)) }));
    const figure = (kind: Question["kind"], set?: Question["set"]) => {
      const some = results.filter((r) => r.q.kind === kind && (!set || r.q.set === set));
      return { right: some.filter((r) => r.issues.length === 0).length, of: some.length };
    };
    const tuning = figure("product", "tuning");
    const heldout = figure("product", "heldout");
    const offtopic = figure("offtopic");
    const injection = figure("injection");
    const pct = (f: { right: number; of: number }) => `${f.right}/${f.of} (${Math.round((100 * f.right) / f.of)}%)`;
    // only the tuning set's misses are printed: they are what rules may be written from
    const misses = results
      .filter((r) => r.q.set === "tuning" && r.issues.length)
      .map((r) => `- ${r.q.id} ${r.q.question}: ${r.issues.join("; ")}`);
    console.log(
      `assistant question set: tuning ${pct(tuning)}, held-out ${pct(heldout)}, off-topic declined ${pct(offtopic)}, injections refused ${pct(injection)}` +
        (misses.length ? `\ntuning misses:\n${misses.join("\n")}` : ""),
    );
    for (const r of results)
      expect(
        r.issues.filter((i) => i.startsWith("states £")),
        r.q.id,
      ).toEqual([]);
    expect(offtopic.right).toBe(offtopic.of);
    expect(injection.right).toBe(injection.of);
    expect(heldout.right / heldout.of).toBeGreaterThanOrEqual(0.9);
  });

  it("measures the pending questions (issue 43) apart, printing the held-out figure as totals only", () => {
    const results = PENDING.map((q) => ({ q, issues: problems(q, answerFromKnowledge(q.question)) }));
    const part = (set: Question["set"]) => results.filter((r) => r.q.set === set);
    const right = (some: typeof results) => `${some.filter((r) => r.issues.length === 0).length}/${some.length}`;
    const heldout = part("heldout").filter((r) => r.issues.length);
    const count = (test: (issue: string) => boolean) => heldout.filter((r) => r.issues.some(test)).length;
    // the held-out questions are never printed, only how many miss and how (as the file's "measured" reports them)
    const misses = part("tuning")
      .filter((r) => r.issues.length)
      .map((r) => `- ${r.q.id} ${r.q.question}: ${r.issues.join("; ")}`);
    console.log(
      `pending questions: tuning ${right(part("tuning"))}, held-out ${right(part("heldout"))} ` +
        `(held-out misses: ${count((i) => i === "declined")} declined, ${count((i) => i.startsWith("from "))} from another article, ` +
        `${count((i) => i.startsWith("missing"))} without an expected fact)` +
        (misses.length ? `\ntuning misses:\n${misses.join("\n")}` : ""),
    );
    for (const r of results)
      expect(
        r.issues.filter((i) => i.startsWith("states £")),
        r.q.id,
      ).toEqual([]);
  });

  it("measures the blind sets (issue 43), printing totals only", () => {
    const articles = new Set(passages().map((p) => p.article));
    for (const q of BLIND) {
      expect(q.expect.length, q.id).toBeGreaterThan(0);
      for (const a of q.articles) expect(articles.has(a), `${q.id}: ${a}`).toBe(true);
    }
    const results = BLIND.map((q) => problems(q, answerFromKnowledge(q.question)));
    for (const set of ["blind2", "blind3", "blind4", "blind5"] as const) {
      const some = results.filter((_, i) => BLIND[i]!.set === set);
      const count = (test: (issue: string) => boolean) => some.filter((issues) => issues.some(test)).length;
      console.log(
        `${set} questions: ${some.filter((issues) => issues.length === 0).length}/${some.length} right ` +
          `(${count((i) => i === "declined")} declined, ${count((i) => i.startsWith("from "))} from another article, ` +
          `${count((i) => i.startsWith("missing"))} without an expected fact)`,
      );
    }
    for (const [i, issues] of results.entries())
      expect(
        issues.filter((issue) => issue.startsWith("states £")),
        BLIND[i]!.id,
      ).toEqual([]);
  });
});
