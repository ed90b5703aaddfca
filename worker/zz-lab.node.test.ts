import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { composeStories } from "./adapters/llm/local/rules/stories";
import { analyse, itemsIn, loadLanguage, read } from "./reading";
import { auc } from "./test/generator/verdicts";
import { checkQuality } from "./services/quality/index";
import { contentLemmas, tokensOf, wordsOf } from "./services/quality/story-text";
import { stem } from "./reading";

await loadLanguage();
const root = join(import.meta.dirname, "test/fixtures/transcripts");
test("lab", () => {
  const split = JSON.parse(readFileSync(join(root, "split.json"), "utf8")) as { tuning: string[] };
  const tally = new Map<string, Record<string, number>>();
  const show = process.env.SHOW;
  const conf: Record<string, number[]> = { D: [], R: [], G: [] };
  for (const name of split.tuning) {
    const vpath = join(root, `${name}.verdicts.json`);
    if (!existsSync(vpath)) continue;
    const v = JSON.parse(readFileSync(vpath, "utf8")) as { stories: { title: string; verdict: string; reason?: string }[] };
    const by = new Map(v.stories.map((s) => [s.title.toLowerCase(), s]));
    const transcript = readFileSync(join(root, `${name}.txt`), "utf8");
    const reading = read(analyse(transcript));
    const { userStories, epicFor } = composeStories(reading);
    const q = checkQuality({ epic: epicFor(userStories), userStories }, { transcript, reading });
    const spans = userStories.map((s) => (s.evidence ?? []).map((e) => [e.start, e.end] as const));
    const refusals = reading.items.filter((x) => x.kind === "rejected" || x.kind === "postponed");
    const titleSets = userStories.map((u) => new Set([...contentLemmas(wordsOf(u.title))].map(stem)));
    const nounSets = userStories.map((u) => new Set(wordsOf(u.title).filter((t) => t.pos === "NOUN" || t.pos === "PROPN").map((t) => stem(t.lemma.toLowerCase()))));
    userStories.forEach((s, i) => {
      const j = by.get(s.title.toLowerCase());
      if (!j) return;
      const shared = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x)).length;
      const best = Math.max(0, ...titleSets.map((o, k) => (k === i ? 0 : shared(titleSets[i]!, o))));
      const bestNoun = Math.max(0, ...nounSets.map((o, k) => (k === i ? 0 : shared(nounSets[i]!, o))));
      const lbl = j.verdict === "discard" ? (j.reason ?? "").split(":")[0]!.trim() : j.verdict;
      if (process.env.DUP) console.log(`DUP ${lbl.replace(/ /g, "_")} t${Math.min(best, 2)} n${Math.min(bestNoun, 2)}`);
      const first = spans[i]![0];
      const clsF = j.verdict === "discard" ? "D" : j.verdict === "rewrite" ? "R" : "G";
      if (process.env.ASKF && first) {
        const si = reading.sentences.findIndex((x) => x.start < first[1] && x.end > first[0]);
        const k = si >= 0 ? reading.kinds[si] : undefined;
        const a = k?.ask;
        const sen = si >= 0 ? reading.sentences[si]! : undefined;
        const feats = a ? [`form=${a.form}`, a.present ? "present" : "", a.tentative ? "tentative" : "", a.verdict ? "verdict" : "", a.agreed ? "agreed" : "", a.role ? "role" : "", a.benefit ? "benefit" : "", a.condition ? "cond" : "", a.modal.length ? "modal" : "", `score=${Math.round(a.score)}`, sen?.isQuestion ? "q" : "", sen?.label ? `label=${sen.label}` : "", sen?.section ? "section" : ""].filter(Boolean) : [`kind=${k?.kind}`];
        console.log(`ASKF ${clsF} ${feats.join(" ")} | ${(j.reason ?? j.verdict).split(":")[0]} | ${s.title.slice(0, 60)} | ${sen?.text.replace(/\s+/g, " ").slice(0, 110)}`);
      }
      const inOther = first ? spans.some((o, k) => k !== i && o.some(([a, b]) => a < first[1] && b > first[0])) : false;
      const titleKeys = new Set([...reading.items.filter((x) => first && x.start < first[1] && x.end > first[0]).flatMap((x) => [...x.keys])]);
      const tk = new Set(tokensOf(s.title).map((t) => t.lemma.toLowerCase()));
      const refusedAfter = first ? refusals.find((r) => r.start >= first[1] && [...r.keys].some((k) => tk.has(k))) : undefined;
      if (process.env.FEAT) console.log(`FEAT ${clsF} ${inOther ? "dupEv" : "-----"} ${refusedAfter ? "refAft" : "------"} ${j.verdict === "discard" ? (j.reason ?? "").split(":")[0] : ""} | ${s.title.slice(0, 50)} ${refusedAfter ? "| R: " + reading.analysis.text?.slice?.(0, 0) : ""}`);
      void titleKeys;
      const dt = tokensOf(s.description);
      const wi = dt.findIndex((t, k) => t.normal === "to" && dt[k - 1]?.lemma === "want");
      const after = wi >= 0 ? dt[wi + 1] : undefined;
      if (process.env.WANT && after) console.log(`WANT ${clsF} ${after.pos.padEnd(6)} ${after.normal !== after.lemma.toLowerCase() ? "infl" : "base"} ${j.verdict === "discard" ? (j.reason ?? "").split(":")[0] : j.verdict} | ${s.description.slice(0, 80)}`);
      const r = q.stories[i]!;
      const errs = [...new Set(r.issues.filter((x) => x.severity === "error").map((x) => x.criterion))];
      if (process.env.ALLISSUES) errs.push(...new Set(r.issues.filter((x) => x.severity === "warning").map((x) => `w:${x.criterion}`)));
      const cls = j.verdict === "discard" ? "D" : j.verdict === "rewrite" ? "R" : "G";
      for (const e of errs.length ? errs : ["(none)"]) {
        const t = tally.get(e) ?? { D: 0, R: 0, G: 0 };
        t[cls]!++;
        tally.set(e, t);
      }
      const found = (s.evidence ?? []).flatMap((e) => itemsIn(reading.items, e.start, e.end, 20));
      const asks = found.filter((x) => x.kind === "ask" || x.kind === "decision");
      const c = asks.length ? Math.max(...asks.map((x) => x.confidence)) : 0;
      conf[cls]!.push(c);
      if (process.env.CONF) console.log(`CONF ${cls} ${c.toFixed(2)} ${asks.map((x) => x.kind[0]).join("")} ${found.map((x) => x.kind[0]).join("")} | ${s.title.slice(0, 60)}`);
      const label = j.verdict === "discard" ? (j.reason ?? "").split(":")[0] : j.verdict;
      if (process.env.SHAPE) {
        const toks = tokensOf(s.title).filter((t) => t.pos !== "PUNCT");
        const w = /I want to (\S+)/.exec(s.description);
        const wt = w ? tokensOf(s.description.slice(s.description.indexOf(w[1]!))).slice(0, 2) : [];
        console.log(`SHAPE ${cls} ${label.replace(/ /g, "_").padEnd(12)} ${toks.slice(0, 3).map((t) => t.pos + (t.normal !== t.lemma.toLowerCase() ? "*" : "")).join(" ").padEnd(22)} want-to:${wt.map((t) => t.pos).join(" ").padEnd(12)} | ${s.title.slice(0, 70)}`);
      }
      if (show && (show === "all" || show === cls))
        console.log(`${cls} ${label.padEnd(12)} ${String(r.score).padStart(3)} E[${errs}] | ${s.title} | ${s.description.slice(0, 100)}\n      ${(j.reason ?? "").slice(0, 160)}\n      > ${(s.evidence ?? []).map((e) => e.quote.replace(/\s+/g, " ").slice(0, 140)).join(" // ")}`);
    });
  }
  console.log(`confidence AUC G vs D ${auc(conf.G!, conf.D!)?.toFixed(2)}; G+R vs D ${auc([...conf.G!, ...conf.R!], conf.D!)?.toFixed(2)}`);
  console.log([...tally].map(([k, t]) => `${k.padEnd(20)} D ${t.D}  R ${t.R}  G ${t.G}`).join("\n"));
});
