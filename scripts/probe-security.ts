// `node scripts/probe-security.ts [origin]`: repeats the reproductions of security issue 26 against a running
// development server (`npm run dev`, default http://localhost:8787) over plain HTTP, as an outside client would, and
// prints one line per finding: what was tried and what the server answered. Exit 1 if any finding reproduces.
// It uses only the development helpers `npm run dev` has (/api/dev/outbox for mail, /api/dev/subscription for plans).

export {};

const ORIGIN = process.argv[2] ?? "http://localhost:8787";
const PASSWORD = "a-long-probe-passphrase-26";
let failures = 0;
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;

function report(ok: boolean, finding: string, detail: string) {
  if (!ok) failures++;
  console.log(`${ok ? "holds " : "REPRODUCES"}  ${finding}: ${detail}`);
}

/** A JSON answer read loosely: the probe looks at a few fields of many answers' shapes, as a hostile client would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

interface Answer {
  status: number;
  body: Loose;
  cookies: string[];
}

async function call(
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; ip?: string; rawCookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.cookie) headers.Cookie = `__Host-sl_session=${options.cookie}`;
  if (options.rawCookie) headers.Cookie = options.rawCookie;
  if (options.ip) headers["CF-Connecting-IP"] = options.ip;
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await response.text();
  let body = text as unknown as Loose;
  try {
    body = JSON.parse(text) as Loose;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, cookies: response.headers.getSetCookie() };
}

const sessionOf = (a: Answer) => a.cookies.map((c) => /^__Host-sl_session=([^;]+)/.exec(c)?.[1]).find(Boolean);

async function outbox(to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
  return (await call("GET", "/api/dev/outbox")).body.filter((m: { to: string }) => m.to === to);
}

const tokenIn = (text: string, path: string) =>
  new RegExp(`${path.replace(/[?]/g, "\\?")}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

interface Account {
  username: string;
  email: string;
  session: string;
  id: number;
}

/** Signs up, confirms the address through the mail's page, signs in. */
async function account(tier?: "pro" | "enterprise"): Promise<Account> {
  const username = unique("probe");
  const email = `${username}@example.com`;
  const registered = await call("POST", "/api/register", { body: { username, email, password: PASSWORD } });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const token = tokenIn((await outbox(email))[0]!.text, "/verify-email/confirm");
  await call("POST", "/api/verify-email/confirm", { body: { token } });
  const login = await call("POST", "/api/login", { body: { username, password: PASSWORD } });
  const session = sessionOf(login)!;
  if (tier) await call("POST", "/api/dev/subscription", { cookie: session, body: { tier } });
  return { username, email, session, id: login.body.id };
}

async function invite(owner: Account, member: Account, role: "member" | "admin" = "member") {
  const invited = await call("POST", "/api/team/invite", {
    cookie: owner.session,
    body: { email: member.email, role },
  });
  const token = invited.body.data?.inviteToken ?? invited.body.inviteToken;
  return call("POST", `/api/team/accept/${token}`, { cookie: member.session });
}

async function tenancy() {
  const a = await account("pro");
  const member = await account();
  const admin = await account();
  await invite(a, member);
  await invite(a, admin, "admin");
  const c = await account("pro");
  const project = (await call("POST", "/api/projects", { cookie: c.session, body: { name: "C's plans" } })).body;
  const filed = await call("POST", "/api/dev/sample-transcripts", {
    cookie: c.session,
    body: { count: 1, projectId: project.id },
  });
  const transcriptId = filed.body.ids?.[0] ?? filed.body.transcriptIds?.[0] ?? filed.body[0];
  const answers = [
    await call("GET", `/api/projects/${project.id}`, { cookie: member.session }),
    await call("GET", `/api/projects/${project.id}`, { cookie: admin.session }),
    await call("PUT", `/api/projects/${project.id}`, { cookie: admin.session, body: { name: "taken" } }),
    await call("DELETE", `/api/projects/${project.id}`, { cookie: admin.session }),
    await call("GET", `/api/projects/${project.id}/integrations`, { cookie: member.session }),
    ...(transcriptId ? [await call("GET", `/api/transcripts/${transcriptId}`, { cookie: member.session })] : []),
  ];
  const statuses = answers.map((x) => x.status);
  report(
    statuses.every((s) => s === 404),
    "High: a membership opens every account",
    `a member and an admin of A's team asking for unrelated C's project and transcript: ${statuses.join(", ")}`,
  );
  // what they may see, they still see
  const own = (await call("POST", "/api/projects", { cookie: a.session, body: { name: "A's plans" } })).body;
  report(
    (await call("GET", `/api/projects/${own.id}`, { cookie: member.session })).status === 200,
    "High (control)",
    "the member still reads A's own project: 200",
  );
}

async function pendingSignUps() {
  const email = `${unique("owner")}@example.com`;
  const first = unique("owner");
  const second = unique("squat");
  await call("POST", "/api/register", { body: { username: first, email, password: PASSWORD } });
  await call("POST", "/api/register", { body: { username: second, email, password: "another-long-passphrase" } });
  const mails = await outbox(email);
  const named = mails.map((m) => [first, second].find((u) => m.text.includes(u)));
  report(
    new Set(named).size === 2,
    "Medium (b): mails alike but for the token",
    `each verification mail names its username: ${named.join(", ")}`,
  );
  const secondToken = tokenIn(mails.find((m) => m.text.includes(second))!.text, "/verify-email/confirm")!;
  const scanned = await call("GET", `/api/verify-email?token=${secondToken}`);
  const stillPending = await call("GET", `/api/verify-email/details?token=${secondToken}`);
  report(
    scanned.status === 302 && stillPending.status === 200,
    "Medium (b): a GET verifies",
    `a mail scanner's GET redirects (${scanned.status}) and the link is still unused (${stillPending.status})`,
  );
  const firstToken = tokenIn(mails.find((m) => m.text.includes(first))!.text, "/verify-email/confirm")!;
  await call("POST", "/api/verify-email/confirm", { body: { token: firstToken } });
  const ownerIn = await call("POST", "/api/login", { body: { username: first, password: PASSWORD } });
  const squatterIn = await call("POST", "/api/login", {
    body: { username: second, password: "another-long-passphrase" },
  });
  report(
    ownerIn.status === 200 && squatterIn.status === 401,
    "Medium (b): the second sign-up replaces the first",
    `both stayed pending; the first confirmed wins (${ownerIn.status}) and the other is gone (${squatterIn.status})`,
  );
}

async function squatterTeam() {
  // (a): the squatter's account was verified by the owner's click and joined the squatter's team before the reset
  const squatter = await account("pro");
  const victim = await account();
  await invite(squatter, victim);
  await call("POST", "/api/password-reset/request", { body: { email: victim.email } });
  const token = tokenIn(
    (await outbox(victim.email)).find((m) => m.text.includes("/reset-password"))!.text,
    "/reset-password",
  )!;
  const reset = await call("POST", "/api/password-reset/confirm", {
    body: { token, password: "the-owners-new-passphrase" },
  });
  const listed = (reset.body.memberOf ?? []).length;
  const session = sessionOf(
    await call("POST", "/api/login", { body: { username: victim.username, password: "the-owners-new-passphrase" } }),
  )!;
  const left = await call("DELETE", `/api/team/memberships/${squatter.id}`, { cookie: session });
  const project = (await call("POST", "/api/projects", { cookie: squatter.session, body: { name: "Squatter's" } }))
    .body;
  const after = await call("GET", `/api/projects/${project.id}`, { cookie: session });
  report(
    listed === 1 && left.status === 200 && after.status === 404,
    "Medium (a): after a reset the owner stays in the squatter's team",
    `the reset lists ${listed} team, leaving answers ${left.status}, the squatter's project is then ${after.status}`,
  );
}

async function plantedInOwnTeam() {
  // Issue 39, finding 3: whoever held the account made someone admin of its own team and kept an invitation link;
  // the plan fell to free; the owner takes the account back with "Forgot password?"
  const owner = await account("enterprise");
  const planted = await account();
  await invite(owner, planted, "admin");
  const kept = await call("POST", "/api/team/invite", {
    cookie: owner.session,
    body: { email: `${unique("kept")}@example.com`, role: "admin" },
  });
  const keptToken = kept.body.data?.inviteToken as string;
  const project = (await call("POST", "/api/projects", { cookie: owner.session, body: { name: "Roadmap" } })).body;
  await call("POST", "/api/dev/subscription", { cookie: owner.session, body: { tier: "free" } });

  await call("POST", "/api/password-reset/request", { body: { email: owner.email } });
  let mail: { text: string } | undefined;
  for (let i = 0; i < 20 && !mail; i++) {
    mail = (await outbox(owner.email)).find((m) => m.text.includes("/reset-password"));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = tokenIn(mail!.text, "/reset-password")!;
  const reset = await call("POST", "/api/password-reset/confirm", {
    body: { token, password: "the-owners-new-passphrase" },
  });
  const listed = (reset.body.toReview ?? []).some((m: Loose) => m.memberUsername === planted.username);
  const accomplice = await account();
  const accepted = await call("POST", `/api/team/accept/${keptToken}`, { cookie: accomplice.session });
  const session = sessionOf(
    await call("POST", "/api/login", { body: { username: owner.username, password: "the-owners-new-passphrase" } }),
  )!;
  const review = (await call("GET", "/api/team/review", { cookie: session })).body.data ?? [];
  const onTeam = review.find((m: Loose) => m.memberUsername === planted.username);
  const invites = await call("POST", "/api/team/invite", {
    cookie: planted.session,
    body: { email: `${unique("accomplice")}@example.com`, role: "member" },
  });
  const removed = onTeam ? await call("DELETE", `/api/team/members/${onTeam.id}`, { cookie: session }) : { status: 0 };
  const after = await call("GET", `/api/projects/${project.id}`, { cookie: planted.session });
  report(
    listed &&
      accepted.status === 404 &&
      !!onTeam &&
      invites.body.code === "forbidden" &&
      removed.status === 200 &&
      after.status === 404,
    "Medium (issue 39, 3): account recovery leaves what the previous holder planted in the account's own team",
    `after a downgrade to free and a reset: the planted admin is ${listed ? "" : "not "}in the reset's list and ` +
      `${onTeam ? "" : "not "}on /team's review, the kept invitation link answers ${accepted.status}, the admin's ` +
      `invitation ${invites.status} ${invites.body.code}; the owner removes them (${removed.status}) and their read of the owner's project is ${after.status}`,
  );
}

/** Guests' messages per address in 10 minutes (RATE_RULES.assistantMessages, worker/services/rate-limit/index.ts). */
const ASSISTANT_ADDRESS_LIMIT = 200;

async function assistant() {
  let answered = 0;
  const sent = ASSISTANT_ADDRESS_LIMIT + 5;
  for (let i = 1; i <= sent; i++) {
    const r = await call("POST", "/api/chatbot", {
      body: { message: "How much is the Pro plan?", conversationHistory: [] },
      ip: `2001:db8:26:26::${i.toString(16)}`,
    });
    if (r.status === 200) answered++;
  }
  report(
    answered <= ASSISTANT_ADDRESS_LIMIT,
    "Medium: the assistant counts each IPv6 address alone",
    `${answered} of ${sent} messages from one /64 answered (limit ${ASSISTANT_ADDRESS_LIMIT} per 10 minutes)`,
  );
}

async function seats() {
  const owner = await account("enterprise");
  const people = await Promise.all([1, 2, 3, 4].map(() => account()));
  const tokens: Array<{ data?: { inviteToken?: string }; inviteToken?: string }> = [];
  for (const p of people)
    tokens.push(
      (await call("POST", "/api/team/invite", { cookie: owner.session, body: { email: p.email, role: "member" } }))
        .body,
    );
  await call("POST", "/api/dev/subscription", { cookie: owner.session, body: { tier: "pro" } });
  const accepts = await Promise.all(
    people.map((p, i) =>
      call("POST", `/api/team/accept/${tokens[i]!.data?.inviteToken ?? tokens[i]!.inviteToken}`, { cookie: p.session }),
    ),
  );
  const joined = accepts.filter((a) => a.status === 200).length;
  report(
    joined <= 2,
    "Low: racing accepts overfill seats",
    `4 accepts released together on a 3-seat plan: ${joined} joined (${accepts.map((a) => a.status).join(", ")})`,
  );
}

async function lockout() {
  const owner = await account();
  const office = "198.51.100.26";
  for (let i = 0; i < 12; i++)
    await call("POST", "/api/login", {
      body: { username: owner.username, password: `wrong-guess-${i}-long` },
      ip: `203.0.113.${i + 1}`,
    });
  const blocked = await call("POST", "/api/login", {
    body: { username: owner.username, password: PASSWORD },
    ip: office,
  });
  await call("POST", "/api/sign-in-link", { body: { username: owner.username }, ip: office });
  const mail = (await outbox(owner.email)).find((m) => m.text.includes("/sign-in-link?token="));
  const token = mail ? tokenIn(mail.text, "/sign-in-link") : undefined;
  const opened = token ? await call("POST", "/api/sign-in-link/confirm", { body: { token }, ip: office }) : undefined;
  const pass = opened?.cookies.map((c) => /^(__Host-sl_signin_pass=[^;]+)/.exec(c)?.[1]).find(Boolean);
  const signedIn = pass
    ? await call("POST", "/api/login", {
        body: { username: owner.username, password: PASSWORD },
        ip: office,
        rawCookie: pass,
      })
    : undefined;
  report(
    blocked.status !== 429 || signedIn?.status === 200,
    "Low: the owner is locked out for 15 minutes",
    `blocked sign-in ${blocked.status}; emailed link ${token ? "sent" : "missing"}; with its pass the right password answers ${signedIn?.status ?? "—"}`,
  );
}

async function legacyCookie() {
  const someone = await account();
  const planted = await call("GET", "/api/user", { rawCookie: `sl_session=${someone.session}` });
  report(
    planted.status === 401,
    "Low: a cookie planted as sl_session signs a visitor in",
    `GET /api/user with only sl_session: ${planted.status}`,
  );
}

async function erasure() {
  const owner = await account("pro");
  const member = await account();
  await invite(owner, member);
  await call("POST", "/api/team/invite", {
    cookie: owner.session,
    body: { email: `${unique("other")}@example.com`, role: "member" },
  });
  const other = await account("pro");
  await call("POST", "/api/team/invite", { cookie: other.session, body: { email: member.email, role: "member" } });
  const deleted = await call("DELETE", "/api/user/delete-account", { cookie: member.session });
  const feed = JSON.stringify((await call("GET", "/api/activity", { cookie: owner.session })).body);
  const pending = JSON.stringify((await call("GET", "/api/team/members", { cookie: other.session })).body);
  report(
    deleted.status === 200 &&
      !feed.includes(member.username) &&
      !feed.includes(member.email) &&
      feed.includes("a former member") &&
      !pending.includes(member.email),
    "Low: deletion leaves the person's name and invitations behind",
    `deletion ${deleted.status}; owner's feed names ${feed.includes(member.username) ? "the person" : '"a former member"'}; invitation to the address in another team ${pending.includes(member.email) ? "kept" : "gone"}`,
  );
}

async function notionUrls() {
  const owner = await account("pro");
  const project = (await call("POST", "/api/projects", { cookie: owner.session, body: { name: "Docs" } })).body;
  const statuses = [];
  for (const pageUrl of [
    "javascript:alert(1)//1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
    "file:///etc/passwd#1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
    "http://www.notion.so/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
    "https://notion.so.evil.example/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
  ]) {
    statuses.push(
      (
        await call("POST", `/api/projects/${project.id}/integrations`, {
          cookie: owner.session,
          body: { type: "notion", name: "Docs", config: { integrationSecret: "secret_x", pageUrl } },
        })
      ).status,
    );
  }
  report(
    statuses.every((s) => s === 400),
    "Low: Notion page URLs accept any scheme",
    `javascript:, file:, http: and a lookalike host: ${statuses.join(", ")}`,
  );
}

/**
 * Issue 39, finding 1: the quality gate's cost was super-linear, and a stale story save ran it before answering 409.
 * The body (R = 320 refusals, A = 640 asks, 100 stories asking for the refused item) took ~25 s; another
 * account's GET /api/user, sent meanwhile, waited behind it.
 */
async function gateStall() {
  const [owner, bystander] = [await account(), await account()];
  const lines = ["Cleo: As a clerk I need offline invoices so that I can bill on site."];
  for (let i = 0; i < 640; i++) {
    if (i % 2 === 0) lines.push("Ana: No offline invoices.");
    lines.push(`Ben: As an auditor I need quarterly report ${i} exported so that regulators are satisfied.`);
  }
  const transcript = lines.join("\n");
  const stories = {
    epic: { title: "Invoices", description: "", team: "", priority: "High" },
    userStories: Array.from({ length: 100 }, (_, i) => ({
      title: `Offline invoices for wholesale ${i}`,
      description: `As a clerk, I want offline invoices for wholesale ${i}, so that I can bill on site.`,
      acceptanceCriteria: ["The invoice is saved while offline"],
      priority: "High",
      storyPoints: 3,
      estimatedHours: 12,
    })),
  };
  const timed = async <T>(work: Promise<T>) => {
    const started = performance.now();
    const result = await work;
    return { result, ms: Math.round(performance.now() - started) };
  };
  const check = timed(call("POST", "/api/stories/check", { cookie: owner.session, body: { transcript, stories } }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const other = await timed(call("GET", "/api/user", { cookie: bystander.session }));
  const checked = await check;
  report(
    checked.result.status === 200 && checked.ms < 5_000 && other.ms < 2_000,
    "Medium: the quality gate stalls the Worker",
    `the issue's check (${transcript.length.toLocaleString("en-GB")} characters, 100 stories) answered ${checked.result.status} in ${checked.ms} ms; another account's GET /api/user meanwhile took ${other.ms} ms`,
  );
  const generated = await call("POST", "/api/generate", { cookie: owner.session, body: { transcript } });
  const id = generated.body.transcriptId;
  const stale = await timed(
    call("PUT", `/api/transcripts/${id}/stories`, {
      cookie: owner.session,
      body: { storiesVersion: generated.body.storiesVersion + 1, stories },
    }),
  );
  report(
    stale.result.status === 409 && stale.ms < 1_000,
    "Medium: a stale story save runs the gate before its 409",
    `generate answered ${generated.status}; the stale save answered ${stale.result.status} in ${stale.ms} ms`,
  );
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++)
    statuses.push((await call("POST", `/api/transcripts/${id}/stories/restore`, { cookie: owner.session })).status);
  report(
    statuses.includes(429),
    "Medium: story saves and restores have no rate limit",
    `32 restores in a row: ${[...new Set(statuses)].join(", ")}`,
  );
}

for (const probe of [
  tenancy,
  pendingSignUps,
  squatterTeam,
  plantedInOwnTeam,
  assistant,
  seats,
  lockout,
  legacyCookie,
  erasure,
  notionUrls,
  gateStall,
]) {
  try {
    await probe();
  } catch (error) {
    failures++;
    console.log(`ERROR      ${probe.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(failures ? `\n${failures} finding(s) reproduce.` : "\nNo finding of issue 26 reproduces.");
process.exit(failures ? 1 : 0);
