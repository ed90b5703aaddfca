// `node scripts/restart-generation.ts`: durable generation across a restart of `npm run dev` (issue 39). It runs
// `npm run dev -- --fake-llm` (scripts/dev.ts: the fake OpenAI-compatible model answering each call after 5 s) on its
// own port and its own local state (.wrangler/restart-generation, so the development server's data is left alone),
// starts a long generation (`Prefer: wait=0`), stops the server while the model is reading the parts, starts it again
// on the same state and follows the transcript. The local Workflows engine does not resume an instance after a
// restart, so `npm run dev` marks such a run failed when it starts; this checks that it is failed within a minute of
// the server answering again, with the interrupted message, its generation given back, and that Try Again works (a
// run that resumed and finished would pass too). Exit 1 otherwise. Not part of `npm test`: it builds the SPA twice and
// stops and starts servers (about 3 minutes).
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, stopProcessGroup, TOOL_ENV, transcriptFixtureTexts, waitForHttp } from "./lib.ts";

const LENGTH = 150_000;
const FAKE_PORT = Number(process.env.FAKE_PORT ?? 12139);
const PORT = Number(process.env.PORT ?? 8790);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/restart-generation";
/** The promise the README makes: resumed and finished, or failed this soon after the server answers again. */
const WITHIN_MS = 60_000;
/** How long a resumed run may take to finish (4 parts at 5 s, the repair call, retries' backoff). */
const RESUME_MS = 4 * 60_000;

/** The transcript fixtures one after another to 150,000 characters: four parts of 48,000. */
function meeting(): string {
  const texts = transcriptFixtureTexts();
  let text = "";
  for (let i = 0; text.length < LENGTH; i++) text += `${texts[i % texts.length]}\n`;
  return text.slice(0, text.lastIndexOf("\n", LENGTH)).trimEnd();
}

const headers = { "Content-Type": "application/json", Origin: ORIGIN };
let cookie = "";

async function api<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    headers: { ...headers, Cookie: cookie, ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

interface Status {
  state: "running" | "done" | "failed" | "idle";
  partsDone: number;
  partsTotal: number | null;
  error: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run dev -- --fake-llm` on this script's port, fake model port and state; its output kept for a failure. */
let output = "";
function dev(): ChildProcess {
  const child = spawn(
    process.execPath,
    ["scripts/dev.ts", "--fake-llm", "--fake-llm-port", String(FAKE_PORT), "--persist-to", STATE],
    { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...TOOL_ENV, PORT: String(PORT) } },
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return child;
}

/** Waits until `npm run dev` has printed its banner: seeded, and runs of a stopped server dealt with. */
async function ready(from: number) {
  for (let i = 0; !output.slice(from).includes("StoryLoom is running"); i++) {
    if (i > 600) throw new Error("npm run dev did not start within 5 minutes");
    await sleep(500);
  }
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stopProcessGroup(child);
  await exited;
  // wrangler and the fake model are stopped by dev.ts; wait until the port is free
  for (let i = 0; i < 60; i++) {
    try {
      await fetch(`${ORIGIN}/api/auth/providers`);
      await sleep(500);
    } catch {
      return;
    }
  }
}

async function signIn() {
  const login = await fetch(`${ORIGIN}/api/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username: "demo", password: "storyloom-demo-2026" }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface Limits {
  data: { usage: { transcriptsThisMonth: number } };
}
const usedThisMonth = async () =>
  (await api<Limits>("GET", "/api/subscription/limits")).body.data.usage.transcriptsThisMonth;
const statusOf = async (transcriptId: number) => {
  const answer = await api<Status>("GET", `/api/transcripts/${transcriptId}/generation`);
  if (answer.status !== 200)
    throw new Error(`the run's status answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

let failed = false;
const check = (ok: boolean, line: string) => {
  if (!ok) failed = true;
  console.log(`${ok ? "ok  " : "FAIL"}  ${line}`);
};

rmSync(join(ROOT, STATE), { recursive: true, force: true });
let server = dev();
try {
  await ready(0);
  await signIn();
  const before = await usedThisMonth();
  const started = await api<{ transcriptId: number }>(
    "POST",
    "/api/generate",
    { transcript: meeting(), title: "Restart meeting" },
    { Prefer: "respond-async, wait=0" },
  );
  if (started.status !== 202) throw new Error(`POST /api/generate answered ${started.status}, not 202`);
  const { transcriptId } = started.body;
  // stop while the model is reading: the parts are planned and their calls (5 s each) under way
  let status = await statusOf(transcriptId);
  for (let i = 0; i < 120 && status.partsTotal === null; i++) {
    await sleep(250);
    status = await statusOf(transcriptId);
  }
  await sleep(1500);
  status = await statusOf(transcriptId);
  console.log(
    `transcript ${transcriptId}: ${status.state}, ${status.partsDone} of ${status.partsTotal} parts read; stopping npm run dev`,
  );
  if (status.state !== "running") throw new Error("the run ended before the server could be stopped");
  await stop(server);

  const restarting = output.length;
  const restartedAt = Date.now();
  server = dev();
  await ready(restarting);
  const answeringAt = Date.now();
  console.log(`npm run dev started again on the same state (${seconds(answeringAt - restartedAt)} to answer)`);
  const interrupted = /(\d+) generations? (?:was|were) still running when the server last stopped/.exec(
    output.slice(restarting),
  );
  if (interrupted) console.log(`npm run dev said: ${interrupted[0]}`);

  let seen = "";
  while (Date.now() - answeringAt < RESUME_MS) {
    status = await statusOf(transcriptId);
    const line = `${status.state} ${status.partsDone}/${status.partsTotal ?? "-"}`;
    if (line !== seen) console.log(`  ${seconds(Date.now() - answeringAt)} after it answered: ${line}`);
    seen = line;
    if (status.state !== "running") break;
    if (Date.now() - answeringAt > WITHIN_MS && status.partsDone === 0) break;
    await sleep(1000);
  }
  const after = Date.now() - answeringAt;
  if (status.state === "done") {
    check(true, `the run resumed and finished ${seconds(after)} after the server answered again`);
  } else if (status.state === "failed") {
    check(
      after <= WITHIN_MS,
      `the run was marked failed ${seconds(after)} after the server answered: "${status.error}"`,
    );
    const used = await usedThisMonth();
    check(used === before, `its generation was given back (used this month: ${before} before it, ${used} after)`);
    const again = await api("POST", `/api/transcripts/${transcriptId}/generate`, undefined, {
      Prefer: "respond-async, wait=0",
    });
    check(again.status === 202 || again.status === 200, `Try Again starts a new run (${again.status})`);
    if (again.status === 202) await api("DELETE", `/api/transcripts/${transcriptId}/generation`);
  } else {
    check(false, `${seconds(after)} after the server answered, the run is still "${status.state}": left guessing`);
  }
} catch (error) {
  failed = true;
  console.log(`ERROR  ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stop(server);
}
if (failed) console.log(`\nnpm run dev's output:\n${output.slice(-4000)}`);
process.exit(failed ? 1 : 0);
