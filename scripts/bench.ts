// `npm run bench`: latency against a real `wrangler dev` and local D1, in a throwaway state folder.
// - List endpoints with a large history: seeds one user with 10,000 transcripts across 20 projects, then reports the
//   median and p95 latency, response size and D1 statements per request of GET /api/transcripts (its first page, a
//   page 5,000 rows deep, a project's first page), the dashboard's latest five, and GET /api/projects. The two list
//   pages are measured in turns with GET /api/user, whose only D1 work is the session's one lookup: `npm run budgets`
//   budgets the list as a multiple of that trivial query, so a host that is slow for both cannot break it by itself.
// - Generation with the embedded generator: POST /api/generate with a 50,000-character transcript (the fixtures
//   joined), end to end in workerd (parse, generate, the quality gate, validate, save), in turns with the generation
//   of the same transcript's first 2,000 characters as another account: the reference `npm run budgets` divides by.
// - The quality gate alone: POST /api/stories/check, 30 stories against the same transcript, checked again (as the
//   editor does) and for the first time, in turns with a check of 1 story against 2,000 new characters (the reference).
// - The quality gate's worst case (issue 39): POST /api/stories/check with worker/test/worst-case-gate.ts's body (a
//   200,000-character transcript of refusals and asks, 100 stories asking for the refused item), each request's
//   transcript new, and a stale PUT of the same stories (answered before the gate).
// - The data export of a heavy account: GET /api/user/export-data of the same 10,000 transcripts, its time, size and the
//   workerd processes' resident memory above their level before the request.
// Not part of `npm test`: figures depend on the machine. The list's p95 (with the trivial query's), generation's and
// the checks' medians with their references' and the per-turn ratios are written to dist/bench.json, where
// `npm run budgets` checks them against their budgets (docs/decisions/2026-12-07-budgets-as-ratios.md).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WORST_CASE_BOUND_MS, worstCaseGateBody } from "../worker/test/worst-case-gate.ts";
import { ROOT, run, startWrangler, stopProcessGroup, waitForHttp } from "./lib.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8789);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/bench-state";
const PROJECTS = 20;
const TRANSCRIPTS = 10_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

/** The workerd processes' ids (Linux `ps`), looked up once per export: `ps` takes ~20 ms, /proc a few microseconds. */
function workerdPids(): string[] {
  return execFileSync("ps", ["-eo", "pid=,comm="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.trim().endsWith("workerd"))
    .map((line) => line.trim().split(/\s+/)[0]!);
}

/**
 * Resident memory of the workerd processes, in KiB (/proc/<pid>/status): what the export's streaming keeps flat. Read
 * from /proc, not by running `ps` each time: `ps` every 20 ms blocked this process's event loop, which is also reading
 * the export's body, and made the export look 50 times slower than it is.
 */
function workerdRssKiB(pids: readonly string[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended
    }
  }
  return sum;
}

if (!existsSync(`${ROOT}dist/web/index.html`))
  run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
rmSync(`${ROOT}${STATE}`, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });
const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true });

let cookie = "";
async function api(method: string, path: string, body?: unknown, as = cookie) {
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: as },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Measured {
  path: string;
  median: number;
  p95: number;
  bytes: number;
  statements: string;
}

/** `payload` is a request body, or makes one for the n-th request (warm-ups included) when each must differ. */
async function measure(
  path: string,
  method = "GET",
  payload?: unknown,
  samples = SAMPLES,
  warmUp = 10,
  label = `${method} ${path}`,
): Promise<Measured> {
  let n = 0;
  const body = () => (typeof payload === "function" ? (payload as (n: number) => unknown)(n++) : payload);
  for (let i = 0; i < warmUp; i++) await (await api(method, path, body())).arrayBuffer();
  const times: number[] = [];
  let bytes = 0;
  let statements = "";
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const response = await api(method, path, body());
    const answer = await response.arrayBuffer();
    times.push(performance.now() - t0);
    bytes = answer.byteLength;
    statements = response.headers.get("X-D1-Statements") ?? "?";
  }
  times.sort((a, b) => a - b);
  return { path: label, median: percentile(times, 50), p95: percentile(times, 95), bytes, statements };
}

/**
 * GET requests to several paths in turns (one of each, then again), so that whatever else the host is doing slows all
 * of them alike and their ratio stays the code's: measured one after the other, a busy minute lands on one path only.
 */
async function measureInTurns<const Paths extends readonly string[]>(
  paths: Paths,
  samples = SAMPLES,
  warmUp = 10,
): Promise<{ [K in keyof Paths]: Measured }> {
  for (let i = 0; i < warmUp; i++) for (const path of paths) await (await api("GET", path)).arrayBuffer();
  const runs = paths.map((path) => ({ path, times: [] as number[], bytes: 0, statements: "" }));
  for (let i = 0; i < samples; i++) {
    for (const run of runs) {
      const t0 = performance.now();
      const response = await api("GET", run.path);
      const answer = await response.arrayBuffer();
      run.times.push(performance.now() - t0);
      run.bytes = answer.byteLength;
      run.statements = response.headers.get("X-D1-Statements") ?? "?";
    }
  }
  return runs.map(({ path, times, bytes, statements }): Measured => {
    times.sort((a, b) => a - b);
    return { path: `GET ${path}`, median: percentile(times, 50), p95: percentile(times, 95), bytes, statements };
  }) as { [K in keyof Paths]: Measured };
}

/** One POST request of a series measured in turns: `body` makes the n-th request's body (warm-ups included). */
interface Turn {
  label: string;
  path: string;
  /** the account's cookie: a reference runs as another account, so the per-user limits leave room for both */
  as: string;
  body: (n: number) => unknown;
}

/**
 * POST requests in turns (one of each, then again), like measureInTurns: the last one is the reference, and each
 * other's ratio is the median over the turns of its time over the reference's in the same turn, since a pair measured
 * milliseconds apart shares whatever else the host is doing.
 */
async function postInTurns(turns: readonly Turn[], samples: number, warmUp: number) {
  const counters = turns.map(() => 0);
  const call = async (k: number) => {
    const turn = turns[k]!;
    const t0 = performance.now();
    const response = await api("POST", turn.path, turn.body(counters[k]!++), turn.as);
    const answer = await response.arrayBuffer();
    return {
      ms: performance.now() - t0,
      bytes: answer.byteLength,
      statements: response.headers.get("X-D1-Statements"),
    };
  };
  for (let i = 0; i < warmUp; i++) for (let k = 0; k < turns.length; k++) await call(k);
  const times = turns.map(() => [] as number[]);
  const last = turns.map(() => ({ bytes: 0, statements: "?" }));
  for (let i = 0; i < samples; i++) {
    for (let k = 0; k < turns.length; k++) {
      const { ms, bytes, statements } = await call(k);
      times[k]!.push(ms);
      last[k] = { bytes, statements: statements ?? "?" };
    }
  }
  const reference = times.at(-1)!;
  return turns.map(({ label }, k): Measured & { ratio: number } => {
    const ratios = times[k]!.map((t, i) => t / reference[i]!).sort((a, b) => a - b);
    const sorted = [...times[k]!].sort((a, b) => a - b);
    return {
      path: label,
      median: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      ...last[k]!,
      ratio: percentile(ratios, 50),
    };
  });
}

async function signUp(username: string): Promise<string> {
  const response = await api("POST", "/api/register", { username, password: "benchmark-password-1" }, "");
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The transcript fixtures joined and cut to 50,000 characters: long, noisy meetings as users paste them. */
function longTranscript(): string {
  const root = join(ROOT, "worker/test/fixtures/transcripts");
  let text = "";
  for (const dir of ["ami", "synthetic"])
    for (const file of readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".txt"))
      .sort())
      text += `${readFileSync(join(root, dir, file), "utf8")}\n`;
  return text.slice(0, 50_000);
}

try {
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
  cookie = await signUp(`bench${Date.now()}`);
  await api("POST", "/api/dev/subscription", { tier: "pro" });
  // The references' account: generation allows 10 a minute per user, which the measured calls use up.
  const referenceAccount = await signUp(`bench${Date.now()}r`);
  await api("POST", "/api/dev/subscription", { tier: "pro" }, referenceAccount);
  for (let i = 0; i < PROJECTS; i++) {
    await api("POST", "/api/projects", { name: `Project ${String(i + 1).padStart(2, "0")}`, description: "Benchmark" });
  }
  for (let made = 0; made < TRANSCRIPTS; made += 50) {
    await api("POST", "/api/dev/sample-transcripts", { count: 50, spreadAcrossProjects: true });
  }
  console.log(
    `\nSeeded ${TRANSCRIPTS.toLocaleString("en-GB")} transcripts across ${PROJECTS} projects; ${SAMPLES} sequential requests each.\n`,
  );
  // A cursor 5,000 rows deep (the 100th page of 50), reached the way the history's 'Load more' does.
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const query: string = cursor ? `?limit=50&cursor=${cursor}` : "?limit=50";
    cursor = ((await (await api("GET", `/api/transcripts${query}`)).json()) as { nextCursor: string | null })
      .nextCursor;
  }
  const { id: firstProject } = ((await (await api("GET", "/api/projects")).json()) as { id: number }[])[0]!;
  const [firstPage, laterPage, trivial] = await measureInTurns([
    "/api/transcripts",
    `/api/transcripts?cursor=${cursor}`,
    "/api/user",
  ]);
  const rows = [
    firstPage,
    laterPage,
    { ...trivial, path: "GET /api/user (the session lookup alone: the trivial D1 reference)" },
    await measure(`/api/transcripts?projectId=${firstProject}`),
    await measure("/api/transcripts?limit=5"),
    await measure("/api/projects"),
  ];
  // The per-user burst limit allows 10 generations a minute: one warm-up, eight samples, and one for the gate below.
  // The reference: the first 2,000 characters of the same transcript (the start of one meeting), generated by the
  // other account in turns with it: the same CPU-bound work in the same isolate, of a fixed size 25 times smaller.
  const [generation, generationReference] = await postInTurns(
    [
      {
        label: "POST /api/generate (50,000 characters)",
        path: "/api/generate",
        as: cookie,
        body: () => ({ transcript: longTranscript(), title: "Benchmark" }),
      },
      {
        label: "POST /api/generate (2,000 characters: the reference)",
        path: "/api/generate",
        as: referenceAccount,
        body: () => ({ transcript: longTranscript().slice(0, 2_000), title: "Reference" }),
      },
    ],
    8,
    1,
  );
  rows.push(generation!, generationReference!);
  // The quality gate on 30 stories against the same transcript (issue 27: ≤ 50 ms median): the generator's own
  // stories, repeated with other titles up to 30.
  const generated = (await (
    await api("POST", "/api/generate", { transcript: longTranscript(), title: "Gate" })
  ).json()) as { data: { epic: unknown; userStories: Array<{ title: string }> } };
  const own = generated.data.userStories;
  const thirty = Array.from({ length: 30 }, (_, i) => ({
    ...own[i % own.length]!,
    title: `${own[i % own.length]!.title} ${i + 1}`,
  }));
  // A re-check of a transcript already read (the story editor re-checks as the user edits; a generation's gate reads its
  // transcript once for all its passes), and the first check of a transcript: each request's transcript made new by
  // its first line, so nothing of it was read before.
  const stories = { epic: generated.data.epic, userStories: thirty };
  const transcript = longTranscript();
  // Both in turns with the reference, the first check of 1 story against 2,000 new characters (the transcript's start)
  // by the other account (the story-check limit, 60 a minute per user, leaves room for 46 here, not for 69): the same
  // route's whole path, reading a fixed small transcript for the first time. The re-check's transcript stays in the
  // gate's cache of 4 (worker/services/quality/coverage.ts) while two new ones pass in each turn.
  const oneStory = { epic: generated.data.epic, userStories: [own[0]!] };
  const [check, firstCheck, checkReference] = await postInTurns(
    [
      {
        label: "POST /api/stories/check (re-check)",
        path: "/api/stories/check",
        as: cookie,
        body: () => ({ transcript, stories }),
      },
      {
        label: "POST /api/stories/check (first)",
        path: "/api/stories/check",
        as: cookie,
        body: (n) => ({ transcript: `Run ${n} of ${Date.now()}.\n${transcript}`.slice(0, 50_000), stories }),
      },
      {
        label: "POST /api/stories/check (1 story, 2,000 new characters: the reference)",
        path: "/api/stories/check",
        as: referenceAccount,
        body: (n) => ({ transcript: `Run ${n} of ${Date.now()}.\n${transcript}`.slice(0, 2_000), stories: oneStory }),
      },
    ],
    20,
    3,
  );
  rows.push(check!, firstCheck!, checkReference!);
  // The gate's worst case, as another account (the story-check limit is per user and the checks above used most of it).
  const worst = worstCaseGateBody();
  const worstCheck = await (async () => {
    const mainCookie = cookie;
    cookie = await signUp(`bench${Date.now()}w`);
    try {
      return await measure(
        "/api/stories/check",
        "POST",
        (n: number) => ({
          transcript: `Run ${n} of ${Date.now()}.\n${worst.transcript}`.slice(0, 200_000),
          stories: worst.stories,
        }),
        5,
        1,
        "POST /api/stories/check (worst case, 200,000 characters, 100 stories)",
      );
    } finally {
      cookie = mainCookie;
    }
  })();
  rows.push(worstCheck);
  const width = Math.max(...rows.map((r) => r.path.length));
  console.log(`${"endpoint".padEnd(width)}   median      p95   response   D1 statements`);
  for (const r of rows) {
    const path = r.path.replace(/cursor=[0-9_]+/, "cursor=(5,000 deep)");
    console.log(
      `${path.padEnd(width)} ${r.median.toFixed(1).padStart(6)} ms ${r.p95.toFixed(1).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(7)} KiB   ${r.statements}`,
    );
  }
  console.log(
    `\nOver their references, median of the turns' ratios: generation ${generation!.ratio.toFixed(2)}×, ` +
      `re-check ${check!.ratio.toFixed(2)}×, first check ${firstCheck!.ratio.toFixed(2)}×`,
  );
  mkdirSync(`${ROOT}dist`, { recursive: true });
  writeFileSync(
    `${ROOT}dist/bench.json`,
    `${JSON.stringify(
      {
        transcripts: TRANSCRIPTS,
        listFirstPage: { p50: firstPage.median, p95: firstPage.p95, kib: firstPage.bytes / 1024 },
        listLaterPage: { p50: laterPage.median, p95: laterPage.p95, kib: laterPage.bytes / 1024 },
        trivialD1: { p50: trivial.median, p95: trivial.p95, statements: trivial.statements },
        generate50k: { median: generation!.median, reference: generationReference!.median, ratio: generation!.ratio },
        check30: {
          median: check!.median,
          firstMedian: firstCheck!.median,
          reference: checkReference!.median,
          ratio: check!.ratio,
          firstRatio: firstCheck!.ratio,
        },
        checkWorstCase: { median: worstCheck.median, max: worstCheck.p95, boundMs: WORST_CASE_BOUND_MS },
      },
      null,
      2,
    )}\n`,
  );

  // The data export of a heavy account: all its transcripts with their stories, streamed.
  const exports: { ms: number; bytes: number; peakKiB: number }[] = [];
  const pids = workerdPids();
  for (let i = 0; i < 3; i++) {
    const before = workerdRssKiB(pids);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, workerdRssKiB(pids))), 20);
    const t0 = performance.now();
    const body = await (await api("GET", "/api/user/export-data")).arrayBuffer();
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, workerdRssKiB(pids));
    JSON.parse(new TextDecoder().decode(body));
    exports.push({ ms, bytes: body.byteLength, peakKiB: peak - before });
  }
  exports.sort((a, b) => a.ms - b.ms);
  const mid = exports[1]!;
  console.log(
    `\nGET /api/user/export-data with ${TRANSCRIPTS.toLocaleString("en-GB")} transcripts: median ${(mid.ms / 1000).toFixed(2)} s, ${(mid.bytes / 1024 / 1024).toFixed(1)} MiB, ` +
      `workerd resident memory +${(Math.max(...exports.map((e) => e.peakKiB)) / 1024).toFixed(1)} MiB at most over its level before the request`,
  );
} finally {
  stopProcessGroup(server);
}
