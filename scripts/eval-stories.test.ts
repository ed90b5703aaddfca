// Quality report for the local story generator (run with `npm run eval:stories`; STORIES=1 also prints the stories).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { generateStories } from "../worker/adapters/llm/local/index";
import { coversRequirement, evaluate, formatTable, missedTargets, total, type FixtureMetrics, type GoldFile } from "../worker/adapters/llm/local/quality";

const root = join(import.meta.dirname, "../worker/test/fixtures/transcripts");

test("story quality over the transcript fixtures", () => {
  const rows: FixtureMetrics[] = [];
  const timings: string[] = [];
  for (const dir of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith(".txt")).sort()) {
      const name = `${dir}/${file.replace(/\.txt$/, "")}`;
      const transcript = readFileSync(join(root, dir, file), "utf8");
      const goldPath = join(root, dir, file.replace(/\.txt$/, ".gold.json"));
      const gold = existsSync(goldPath) ? (JSON.parse(readFileSync(goldPath, "utf8")) as GoldFile) : undefined;
      const started = performance.now();
      const result = generateStories(transcript);
      timings.push(`${name}: ${transcript.length} chars in ${(performance.now() - started).toFixed(1)} ms`);
      const metrics = evaluate(name, transcript, result, gold);
      rows.push(metrics);
      if (process.env.STORIES) {
        console.log(`\n=== ${name}\nEPIC: ${result.epic.title} | ${result.epic.description} | ${result.epic.priority} | ${result.epic.timeline ?? ""}`);
        result.userStories.forEach((s, i) => {
          const covers = gold?.requirements.filter((r) => coversRequirement(s, r)).map((r) => r.id) ?? [];
          console.log(`${i + 1}. [${s.priority} ${s.storyPoints}pt ${s.estimatedHours}h] {${covers.join(",")}} ${s.title}\n   ${s.description}\n${s.acceptanceCriteria.map((c) => `   - ${c}`).join("\n")}`);
        });
        if (gold) {
          const missing = gold.requirements.filter((r) => !metrics.covered.includes(r.id));
          console.log(`MISSED: ${missing.map((r) => `${r.id} ${r.summary}`).join(" || ")}`);
          if (metrics.rejectedMade.length) console.log(`REJECTED MADE: ${metrics.rejectedMade.join(" | ")}`);
          if (metrics.leaked.length) console.log(`LEAKED: ${metrics.leaked.join(" ")}`);
        }
      }
    }
  }
  console.log(`\n${formatTable(rows)}\n\n${timings.join("\n")}`);
  const t = total(rows);
  const missed = missedTargets(t);
  if (missed.length) console.log(`\nTargets missed: ${missed.join("; ")}`);
  else console.log("\nAll targets met.");
  expect(missed).toEqual([]);
});
