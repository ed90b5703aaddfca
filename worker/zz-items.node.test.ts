import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { analyse, loadLanguage, read } from "./reading";

await loadLanguage();
const root = join(import.meta.dirname, "test/fixtures/transcripts");
test("items", () => {
  const name = process.env.FIX!;
  const grep = new RegExp(process.env.GREP ?? ".", "i");
  const transcript = readFileSync(join(root, `${name}.txt`), "utf8");
  const reading = read(analyse(transcript));
  for (const it of reading.items) {
    const t = transcript.slice(it.start, it.end).replace(/\s+/g, " ");
    if (grep.test(t)) console.log(`${it.kind.padEnd(9)} ${it.confidence.toFixed(2)} ${t.slice(0, 140)}  SCOPE[${it.scope?.join(" ") ?? ""}]`);
  }
});
