// `node scripts/bench-generation.ts`: durable generation (issue 31) measured end to end. A 150,000-character meeting
// (the transcript fixtures, one after another) goes through `POST /api/generate` on a real `wrangler dev` whose
// OpenAI-compatible model is scripts/fake-openai.ts answering each call after 5 s. Once with one part at a time (what
// generation did before: one call after another) and once with GENERATION_PARALLEL_PARTS=4. Prints, for each: wall
// time until the stories are saved, calls made, stories the parts returned and stories after the cross-part merge.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run, startWrangler, stopProcessGroup, TOOL_ENV, transcriptFixtureTexts, waitForHttp } from "./lib.ts";

const DELAY_MS = 5000;
const LENGTH = 150_000;
const FAKE_PORT = 12129;
const PORT = 8795;
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/bench-generation";

/**
 * The fixtures one after another to 110,000 characters, then the first 40,000 again: a long meeting that comes back
 * to the topics it opened with, so two parts hear the same asks (what the cross-part merge is for).
 */
function meeting(): string {
  const texts = transcriptFixtureTexts();
  let text = "";
  for (let i = 0; text.length < LENGTH; i++) text += `${texts[i % texts.length]}\n`;
  const upTo = (length: number) => text.slice(0, text.lastIndexOf("\n", length) + 1);
  const first = upTo(110_000);
  return (first + upTo(LENGTH - first.length)).trimEnd();
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface FakeCall {
  started: number;
  ended: number;
  repair: boolean;
  stories: number;
}

async function measure(parallel: number, transcript: string) {
  rmSync(join(ROOT, STATE), { recursive: true, force: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });
  const server = startWrangler({
    port: PORT,
    persistTo: STATE,
    quiet: true,
    vars: {
      LLM_PROVIDER: "openai",
      OPENAI_API_KEY: "fake",
      OPENAI_MODEL: "fake",
      OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`,
      GENERATION_PARALLEL_PARTS: String(parallel),
      GENERATION_WAIT_SECONDS: "0",
    },
  });
  try {
    await waitForHttp(`${ORIGIN}/api/auth/providers`);
    const headers = { "Content-Type": "application/json", Origin: ORIGIN };
    await json(await fetch(`${ORIGIN}/api/dev/seed`, { method: "POST", headers }));
    const login = await fetch(`${ORIGIN}/api/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ username: "demo", password: "storyloom-demo-2026" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const before = (await json<FakeCall[]>(await fetch(`http://127.0.0.1:${FAKE_PORT}/__fake/requests`))).length;

    const started = Date.now();
    const answer = await json<{ transcriptId: number }>(
      await fetch(`${ORIGIN}/api/generate`, {
        method: "POST",
        headers: { ...headers, Cookie: cookie },
        body: JSON.stringify({ transcript, title: "Benchmark meeting" }),
      }),
    );
    let state = "running";
    let parts = 0;
    while (state === "running") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const status = await json<{ state: string; partsTotal: number | null }>(
        await fetch(`${ORIGIN}/api/transcripts/${answer.transcriptId}/generation`, { headers: { Cookie: cookie } }),
      );
      state = status.state;
      parts = status.partsTotal ?? parts;
    }
    const wall = Date.now() - started;
    if (state !== "done") throw new Error(`the generation ended ${state}`);
    const saved = await json<{ generatedStories: { userStories: unknown[] } }>(
      await fetch(`${ORIGIN}/api/transcripts/${answer.transcriptId}`, { headers: { Cookie: cookie } }),
    );
    const calls = (await json<FakeCall[]>(await fetch(`http://127.0.0.1:${FAKE_PORT}/__fake/requests`))).slice(before);
    const partCalls = calls.filter((c) => !c.repair);
    return {
      parallel,
      parts,
      wallSeconds: wall / 1000,
      calls: calls.length,
      storiesFromParts: partCalls.reduce((sum, c) => sum + c.stories, 0),
      storiesSaved: saved.generatedStories.userStories.length,
    };
  } finally {
    stopProcessGroup(server);
  }
}

if (!existsSync(join(ROOT, "dist/web/index.html")))
  run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
const fake = spawn(
  process.execPath,
  ["scripts/fake-openai.ts", "--port", String(FAKE_PORT), "--delay", String(DELAY_MS)],
  { cwd: ROOT, detached: true, stdio: "ignore", env: TOOL_ENV },
);
try {
  await waitForHttp(`http://127.0.0.1:${FAKE_PORT}/__fake/requests`);
  const transcript = meeting();
  const rows = [];
  for (const parallel of [1, 4]) rows.push(await measure(parallel, transcript));
  console.log(
    `\nDurable generation of ${transcript.length.toLocaleString("en-GB")} characters, each model call ${DELAY_MS / 1000} s:`,
  );
  console.table(rows);
} finally {
  stopProcessGroup(fake);
}
