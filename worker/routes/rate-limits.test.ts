import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Integration, TrackerType } from "../../schema/api/integrations";
import { FakeAzureDevOps } from "../test/azure-devops/fake-azure-devops";
import { mockAzureDevOps } from "../test/azure-devops/mock";
import { FakeGitHub } from "../test/github/fake-github";
import { mockGitHub } from "../test/github/mock";
import { FakeLinear } from "../test/linear/fake-linear";
import { mockLinear } from "../test/linear/mock";
import { createDurableObjectRateLimits } from "../adapters/rate-limit/durable-object";
import type { LimitRule } from "../adapters/rate-limit/fixed-window";
import { app } from "../app";
import worker from "../index";
import type { Bindings } from "../bindings";
import { addressKey } from "../lib/ip";
import { LOGIN_POLICIES, RATE_RULES } from "../services/rate-limit";
import { call, json, ORIGIN, sessionFrom, unique } from "../test/client";
import {
  createAccessTokenFor,
  createProject,
  createTrackerIntegration,
  createTranscriptWithStories,
  createTranscripts,
  createUser,
  numberedStories,
  setTier,
  TEST_PASSWORD,
  TRACKER_FIXTURES,
  type TestUser,
} from "../test/factories";
import wav from "../test/fixtures/audio/speech.wav";
import { FAKE_JIRA_TOKEN, FakeJira } from "../test/jira/fake-jira";
import { mockJira } from "../test/jira/mock";
import { FAKE_NOTION_PARENT_URL, FAKE_NOTION_SECRET, FakeNotion } from "../test/notion/fake-notion";
import { mockNotion } from "../test/notion/mock";

// Issue 20 (hardening): every route that is costly (a paid or outside service, an email, heavy D1 work) or
// enumerable (it checks a guess at a token, a name or a password) is rate limited. CLASSIFICATION below names every
// route of the app, so a new route fails the first test until someone classifies it; LIMITED holds the rule of every
// costly or enumerable one and proves it fires through the real Worker and the real RateLimiter Durable Object.

type Kind = "costly" | "enumerable" | "neither";

/** Every route of the app, classified, with why. */
const CLASSIFICATION: Record<string, [Kind, string]> = {
  "GET /api/user": ["neither", "the session's own user"],
  "GET /api/login": ["neither", "a redirect"],
  "POST /api/login": ["enumerable", "password guessing: LOGIN_POLICIES (per account and per address)"],
  "POST /api/register": ["enumerable", "answers 409 for a taken username; hashes a password and sends an email"],
  "POST /api/logout": ["neither", "ends the caller's own session"],
  "GET /api/logout": ["neither", "ends the caller's own session"],
  "GET /api/auth/providers": ["neither", "configuration"],
  "GET /api/openapi.json": ["neither", "the API's description, built once per isolate"],
  "POST /api/resend-verification": ["costly", "sends an email"],
  "GET /api/verify-email": [
    "neither",
    "a redirect to the confirmation page (links in mail sent before it); checks nothing",
  ],
  "GET /api/verify-email/details": ["enumerable", "checks a token guess"],
  "POST /api/verify-email/confirm": ["enumerable", "checks a token guess"],
  "POST /api/verify-email/reject": ["enumerable", "checks a token guess"],
  "POST /api/password-reset/request": ["costly", "sends an email"],
  "POST /api/password-reset/confirm": ["enumerable", "checks a token guess (and hashes a password)"],
  "POST /api/sign-in-link": ["costly", "sends an email"],
  "POST /api/sign-in-link/confirm": ["enumerable", "checks a token guess"],
  "POST /api/change-password": ["enumerable", "checks a guess at the current password: LOGIN_POLICIES"],
  "GET /api/subscription": ["neither", "one D1 read"],
  "GET /api/subscription/limits": ["neither", "D1 reads"],
  "GET /api/subscription/payment-config": ["neither", "configuration"],
  "POST /api/create-subscription": ["costly", "Stripe API calls"],
  "POST /api/confirm-payment": ["costly", "a Stripe API call"],
  "POST /api/cancel-subscription": ["costly", "Stripe API calls"],
  "POST /api/retry-subscription-payment": ["costly", "Stripe API calls"],
  "POST /api/cleanup-stripe": ["costly", "Stripe API calls"],
  "POST /api/stripe/webhook": [
    "neither",
    "authenticated by Stripe's signature; a limit would drop Stripe's own retries",
  ],
  "GET /api/projects": ["neither", "D1 reads of the caller's workspace"],
  "POST /api/projects": ["neither", "one row, within the plan's project limit"],
  "GET /api/projects/:id": ["neither", "ids answer 404 like missing ones (authorization-matrix.test.ts)"],
  "PUT /api/projects/:id": ["neither", "one row"],
  "DELETE /api/projects/:id": ["neither", "one batch"],
  "GET /api/projects/:id/integrations": ["neither", "D1 reads"],
  "POST /api/projects/:id/integrations": [
    "costly",
    "a Linear, GitHub or Azure DevOps destination is looked up with the typed credential (JIRA and Notion: none)",
  ],
  "PUT /api/integrations/:id": [
    "neither",
    "one row; a tracker's new destination is looked up under the same per-user limit as creating one (tracker-export.test.ts)",
  ],
  "DELETE /api/integrations/:id": ["neither", "one row"],
  "GET /api/integrations/:id/epics": ["costly", "reads the destination's open epics"],
  "PUT /api/integrations/:id/epic": ["costly", "looks the chosen epic up among the destination's open epics"],
  "POST /api/validate/jira-domain": ["costly", "calls the JIRA site the user named"],
  "POST /api/validate/jira-auth": [
    "costly",
    "calls JIRA with the given credentials (a token-guessing oracle otherwise)",
  ],
  "POST /api/validate/jira-project": ["costly", "calls JIRA"],
  "POST /api/validate/linear-auth": ["costly", "calls Linear with the given key (a key-guessing oracle otherwise)"],
  "POST /api/validate/linear-team": ["costly", "calls Linear"],
  "POST /api/validate/github-auth": ["costly", "calls GitHub with the given token"],
  "POST /api/validate/github-repository": ["costly", "calls GitHub"],
  "POST /api/validate/azure-devops-auth": ["costly", "calls Azure DevOps with the given token"],
  "POST /api/validate/azure-devops-project": ["costly", "calls Azure DevOps"],
  "POST /api/export/jira": ["costly", "JIRA calls"],
  "GET /api/transcripts": ["neither", "a page of summaries"],
  "GET /api/transcripts/:id": ["neither", "one row"],
  "PATCH /api/transcripts/:id/project": ["neither", "one conditional update"],
  "PUT /api/transcripts/:id/stories": ["costly", "runs the quality gate over a transcript of up to 200,000 characters"],
  "POST /api/transcripts/:id/stories/restore": ["costly", "runs the quality gate over the whole transcript"],
  "POST /api/transcripts/:id/generate": ["costly", "a model call"],
  "GET /api/transcripts/:id/generation": ["neither", "one row of the caller's own transcript"],
  "DELETE /api/transcripts/:id/generation": ["neither", "ends a run the caller may cancel; nothing is sent anywhere"],
  "POST /api/transcripts/:id/export/:type": ["costly", "calls to the destination's tracker"],
  "POST /api/transcripts/:id/export/:type/review": ["costly", "reads up to 200 of the destination's open items"],
  "GET /api/transcripts/:id/exports": ["neither", "one D1 read and the stories' fingerprints (History, the menu)"],
  "GET /api/transcripts/:id/exports/:integrationId": ["neither", "one D1 read (the export dialog polls it)"],
  "DELETE /api/transcript/:id": ["neither", "one row"],
  "POST /api/generate": ["costly", "a model call"],
  "POST /api/stories/check": ["costly", "reads a transcript of up to 200,000 characters with the language layer"],
  "GET /api/activity": ["neither", "D1 reads"],
  "GET /api/team/members": ["neither", "D1 reads"],
  "GET /api/team/limits": ["neither", "D1 reads"],
  "GET /api/team/membership": ["neither", "D1 reads"],
  "POST /api/team/invite": ["costly", "sends an email to an address the user typed"],
  "DELETE /api/team/members/:id": ["neither", "one row"],
  "PATCH /api/team/members/:id": ["neither", "one row"],
  "GET /api/team/review": ["neither", "D1 reads: the caller's own team"],
  "POST /api/team/members/:id/keep": [
    "neither",
    "one row; an id outside the caller's team answers 404 like a missing one",
  ],
  "POST /api/team/accept/:token": ["enumerable", "checks a token guess"],
  "DELETE /api/team/memberships/:id": [
    "neither",
    "one batch; a team the caller is not in answers 404 like a missing one",
  ],
  "GET /api/user/data-summary": ["costly", "counts over every table the account owns and an R2 listing"],
  "GET /api/user/export-data": ["costly", "reads and streams everything the account owns"],
  "DELETE /api/user/delete-account": ["costly", "Stripe cancellation, R2 deletes, one large batch"],
  "GET /api/user/access-tokens": ["neither", "the account's own tokens, at most MAX_ACCESS_TOKENS rows"],
  "POST /api/user/access-tokens": ["costly", "a write and a hash; a burst of new tokens is a script gone wrong"],
  "DELETE /api/user/access-tokens/:id": ["neither", "one delete of the account's own row"],
  "GET /api/user/connected-apps": ["neither", "the account's own grants, one KV list of at most 100"],
  "DELETE /api/user/connected-apps/:grantId": ["neither", "the account's own grant: a list and a delete in KV"],
  "GET /api/oauth/consent": ["enumerable", "checks a consent handle guess"],
  "POST /api/oauth/consent": ["enumerable", "checks a consent handle guess"],
  "GET /oauth/authorize": ["costly", "stores a consent in KV for each request"],
  "GET /api/admin/analytics": ["neither", "platform admins only: a few aggregate reads, no outside call"],
  "GET /api/admin/users": ["neither", "platform admins only: a page of users"],
  "GET /api/admin/chatbot-conversations": ["neither", "platform admins only: a page of conversations"],
  "POST /api/admin/make-admin/:id": ["neither", "platform admins only: one row"],
  "POST /api/admin/update-subscription/:id": ["neither", "platform admins only: one row"],
  "POST /api/chatbot": ["costly", "a model call, open to guests"],
  "POST /api/transcribe-audio": ["costly", "a paid transcription call and an R2 write"],
  "POST /api/transcribe-audio/:recordingId/retry": ["costly", "a paid transcription call"],
  "GET /api/dev/outbox": ["neither", "404 outside local development"],
  "POST /api/dev/seed": ["neither", "404 outside local development"],
  "POST /api/dev/interrupted-generations": ["neither", "404 outside local development"],
  "POST /api/dev/sample-transcripts": ["neither", "404 outside local development"],
  "POST /api/dev/subscription": ["neither", "404 outside local development"],
  "GET /auth/:provider": ["neither", "a redirect to the provider with a fresh state cookie"],
  "GET /auth/:provider/callback": [
    "neither",
    "needs the state cookie of a flow the caller started; the provider's token endpoint (free) checks the code",
  ],
  "POST /auth/apple/callback": ["neither", "as the GET callback"],
};

/** The sign-in attempt routes: reserved per account and per address before a password is checked (LOGIN_POLICIES). */
const ATTEMPT_ROUTES = ["POST /api/login", "POST /api/change-password"];

interface Context {
  user: TestUser;
  ip: string;
  /** What a row's setup made. */
  extra: { projectId?: number; integrationId?: number; recordingId?: string };
}

interface LimitedRow {
  rule: keyof typeof RATE_RULES;
  /** The limiter key the route counts under. */
  key: (ctx: Context) => string;
  /** Prepares the caller (plan, mocks, resources). */
  setup?: (ctx: Context) => Promise<void>;
  /** One request; `n` counts the calls of this row, for fresh resources each time. */
  send: (ctx: Context, n: number) => Promise<Response>;
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const as = (method: string, path: string, body?: (ctx: Context, n: number) => unknown) => (ctx: Context, n: number) =>
  call(method, path, { cookie: ctx.user.session, body: body?.(ctx, n), ip: ctx.ip });

const proPlan = async (ctx: Context) => setTier(ctx.user, "pro");
const byUser = (prefix: string) => (ctx: Context) => `${prefix}:user:${ctx.user.id}`;
const byAddress = (prefix: string) => (ctx: Context) => `${prefix}:address:${addressKey(ctx.ip)}`;

const JIRA = { domain: "acme.atlassian.net", email: "pm@acme.test", apiToken: FAKE_JIRA_TOKEN };

/** A tracker integration on a fresh project, its fake answering (stored directly: creating one is limited too). */
async function withTracker(ctx: Context, type: TrackerType) {
  await setTier(ctx.user, "pro");
  const project = await createProject(ctx.user, { name: unique("proj") });
  ctx.extra.projectId = project.id;
  ctx.extra.integrationId = (await createTrackerIntegration(ctx.user, project.id, type)).id;
  mockTracker(type);
}

function mockTracker(type: TrackerType) {
  if (type === "linear") mockLinear(new FakeLinear());
  else if (type === "github") mockGitHub(new FakeGitHub());
  else mockAzureDevOps(new FakeAzureDevOps());
}

const trackerCheck = (type: TrackerType, path: string, body: () => unknown): LimitedRow => ({
  rule: "integrationChecks",
  key: byUser("jira-check"),
  setup: async (ctx) => {
    await proPlan(ctx);
    mockTracker(type);
  },
  send: as("POST", path, body),
});

const trackerExport = (type: TrackerType): LimitedRow => ({
  rule: "integrationExports",
  key: byUser("export"),
  setup: (ctx) => withTracker(ctx, type),
  send: async (ctx) =>
    call("POST", `/api/transcripts/${await freshTranscript(ctx)}/export/${type}`, {
      cookie: ctx.user.session,
      body: { integrationId: ctx.extra.integrationId },
      ip: ctx.ip,
    }),
});

async function withIntegration(ctx: Context, type: "jira" | "notion") {
  await setTier(ctx.user, "pro");
  const project = await createProject(ctx.user, { name: unique("proj") });
  const config =
    type === "jira"
      ? { ...JIRA, projectKey: "SL" }
      : { integrationSecret: FAKE_NOTION_SECRET, pageUrl: FAKE_NOTION_PARENT_URL };
  const created = await call("POST", `/api/projects/${project.id}/integrations`, {
    cookie: ctx.user.session,
    body: { type, name: "Target", config },
  });
  ctx.extra.projectId = project.id;
  ctx.extra.integrationId = (await json<Integration>(created)).id;
  if (type === "jira") mockJira(new FakeJira());
  else mockNotion(new FakeNotion());
}
/** A transcript with stories not exported yet: a repeat export answers from D1 without counting. */
const freshTranscript = (ctx: Context) => createTranscriptWithStories(ctx.user, ctx.extra.projectId!, { count: 1 });

const TRANSCRIPTION_API = "https://transcribe.example/v1";
const TRANSCRIBING: Partial<Bindings> = { TRANSCRIPTION_API_BASE: TRANSCRIPTION_API };
/** The transcription provider, failing while `failing` says so (a failed upload keeps its recording for a retry). */
function mockTranscription(failing: () => boolean) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!request.url.startsWith(TRANSCRIPTION_API)) return realFetch(input, init);
    if (failing()) return Response.json({ error: { message: "overloaded" } }, { status: 500 });
    return Response.json({ text: "Nurses need to see the bed count for every ward." });
  });
}
async function upload(ctx: Context, path = "/api/transcribe-audio") {
  const form = new FormData();
  form.append("audio", new Blob([Uint8Array.from(atob(wav), (c) => c.charCodeAt(0))]), "recording.wav");
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: `__Host-sl_session=${ctx.user.session}`, "CF-Connecting-IP": ctx.ip },
    body: path.endsWith("/retry") ? undefined : form,
  });
  const ctxExec = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...TRANSCRIBING } as Bindings, ctxExec);
  await waitOnExecutionContext(ctxExec);
  return response;
}

/** Every costly or enumerable route but the sign-in attempt routes → the rule that limits it. */
const LIMITED: Record<string, LimitedRow> = {
  "POST /api/register": {
    rule: "registration",
    key: byAddress("register"),
    send: (ctx) => {
      const username = unique("signup");
      return call("POST", "/api/register", {
        body: { username, email: `${username}@example.com`, password: "a-long-unusual-passphrase" },
        ip: ctx.ip,
      });
    },
  },
  "POST /api/resend-verification": {
    rule: "verificationEmailPerIp",
    key: byAddress("verify-email"),
    send: as("POST", "/api/resend-verification", () => ({ email: `${unique("someone")}@example.com` })),
  },
  "GET /api/verify-email/details": {
    rule: "linkTokensPerIp",
    key: byAddress("verify-link"),
    send: as("GET", "/api/verify-email/details?token=guess"),
  },
  "POST /api/verify-email/confirm": {
    rule: "linkTokensPerIp",
    key: byAddress("verify-link"),
    send: as("POST", "/api/verify-email/confirm", () => ({ token: "g".repeat(43) })),
  },
  "POST /api/verify-email/reject": {
    rule: "linkTokensPerIp",
    key: byAddress("verify-link"),
    send: as("POST", "/api/verify-email/reject", () => ({ token: "g".repeat(43) })),
  },
  "POST /api/password-reset/request": {
    rule: "passwordResetEmailPerIp",
    key: byAddress("password-reset"),
    send: as("POST", "/api/password-reset/request", () => ({ email: `${unique("someone")}@example.com` })),
  },
  "POST /api/password-reset/confirm": {
    rule: "linkTokensPerIp",
    key: byAddress("reset-link"),
    send: as("POST", "/api/password-reset/confirm", () => ({
      token: "g".repeat(43),
      password: "a-long-unusual-passphrase",
    })),
  },
  "POST /api/sign-in-link": {
    rule: "signInLinkEmailPerIp",
    key: byAddress("sign-in-link"),
    send: as("POST", "/api/sign-in-link", () => ({ username: unique("someone") })),
  },
  "POST /api/sign-in-link/confirm": {
    rule: "linkTokensPerIp",
    key: byAddress("sign-in-link-open"),
    send: as("POST", "/api/sign-in-link/confirm", () => ({ token: "g".repeat(43) })),
  },
  "POST /api/create-subscription": {
    rule: "billing",
    key: byUser("billing"),
    send: as("POST", "/api/create-subscription", () => ({ tier: "pro" })),
  },
  "POST /api/confirm-payment": { rule: "billing", key: byUser("billing"), send: as("POST", "/api/confirm-payment") },
  "POST /api/cancel-subscription": {
    rule: "billing",
    key: byUser("billing"),
    send: as("POST", "/api/cancel-subscription"),
  },
  "POST /api/retry-subscription-payment": {
    rule: "billing",
    key: byUser("billing"),
    send: as("POST", "/api/retry-subscription-payment"),
  },
  "POST /api/cleanup-stripe": { rule: "billing", key: byUser("billing"), send: as("POST", "/api/cleanup-stripe") },
  "POST /api/validate/jira-domain": {
    rule: "integrationChecks",
    key: byUser("jira-check"),
    setup: async (ctx) => {
      await proPlan(ctx);
      mockJira(new FakeJira());
    },
    send: as("POST", "/api/validate/jira-domain", () => ({ domain: JIRA.domain })),
  },
  "POST /api/validate/jira-auth": {
    rule: "integrationChecks",
    key: byUser("jira-check"),
    setup: async (ctx) => {
      await proPlan(ctx);
      mockJira(new FakeJira());
    },
    send: as("POST", "/api/validate/jira-auth", () => JIRA),
  },
  "POST /api/validate/jira-project": {
    rule: "integrationChecks",
    key: byUser("jira-check"),
    setup: async (ctx) => {
      await proPlan(ctx);
      mockJira(new FakeJira());
    },
    send: as("POST", "/api/validate/jira-project", () => ({ ...JIRA, projectKey: "SL" })),
  },
  "POST /api/validate/linear-auth": trackerCheck("linear", "/api/validate/linear-auth", () => ({
    apiKey: TRACKER_FIXTURES.linear.secret,
  })),
  "POST /api/validate/linear-team": trackerCheck("linear", "/api/validate/linear-team", () => ({
    apiKey: TRACKER_FIXTURES.linear.secret,
    teamKey: "ENG",
  })),
  "POST /api/validate/github-auth": trackerCheck("github", "/api/validate/github-auth", () => ({
    token: TRACKER_FIXTURES.github.secret,
  })),
  "POST /api/validate/github-repository": trackerCheck("github", "/api/validate/github-repository", () => ({
    token: TRACKER_FIXTURES.github.secret,
    repository: "storyloom-demo/backlog",
  })),
  "POST /api/validate/azure-devops-auth": trackerCheck("azure-devops", "/api/validate/azure-devops-auth", () => ({
    organization: TRACKER_FIXTURES["azure-devops"].config.organization,
    token: TRACKER_FIXTURES["azure-devops"].secret,
  })),
  "POST /api/validate/azure-devops-project": trackerCheck(
    "azure-devops",
    "/api/validate/azure-devops-project",
    () => TRACKER_FIXTURES["azure-devops"].config,
  ),
  "POST /api/projects/:id/integrations": {
    rule: "integrationChecks",
    key: byUser("jira-check"),
    setup: async (ctx) => {
      await proPlan(ctx);
      ctx.extra.projectId = (await createProject(ctx.user, { name: unique("proj") })).id;
      mockTracker("github");
    },
    send: async (ctx) =>
      call("POST", `/api/projects/${ctx.extra.projectId}/integrations`, {
        cookie: ctx.user.session,
        body: { type: "github", name: "Issues", config: TRACKER_FIXTURES.github.config },
        ip: ctx.ip,
      }),
  },
  "POST /api/transcripts/:id/export/:type/review": {
    rule: "backlogReviews",
    key: byUser("backlog-review"),
    setup: (ctx) => withTracker(ctx, "linear"),
    send: async (ctx) =>
      call("POST", `/api/transcripts/${await freshTranscript(ctx)}/export/linear/review`, {
        cookie: ctx.user.session,
        body: { integrationId: ctx.extra.integrationId },
        ip: ctx.ip,
      }),
  },
  "GET /api/integrations/:id/epics": {
    rule: "backlogReviews",
    key: byUser("backlog-review"),
    setup: (ctx) => withTracker(ctx, "github"),
    send: (ctx) =>
      call("GET", `/api/integrations/${ctx.extra.integrationId}/epics`, { cookie: ctx.user.session, ip: ctx.ip }),
  },
  "PUT /api/integrations/:id/epic": {
    rule: "backlogReviews",
    key: byUser("backlog-review"),
    setup: (ctx) => withTracker(ctx, "github"),
    send: (ctx) =>
      call("PUT", `/api/integrations/${ctx.extra.integrationId}/epic`, {
        cookie: ctx.user.session,
        body: { epic: "#1" },
        ip: ctx.ip,
      }),
  },
  "POST /api/transcripts/:id/export/:type (linear)": trackerExport("linear"),
  "POST /api/transcripts/:id/export/:type (github)": trackerExport("github"),
  "POST /api/transcripts/:id/export/:type (azure-devops)": trackerExport("azure-devops"),
  "POST /api/export/jira": {
    rule: "integrationExports",
    key: byUser("export"),
    setup: (ctx) => withIntegration(ctx, "jira"),
    send: async (ctx) =>
      call("POST", "/api/export/jira", {
        cookie: ctx.user.session,
        body: { transcriptId: await freshTranscript(ctx), integrationId: ctx.extra.integrationId },
        ip: ctx.ip,
      }),
  },
  "POST /api/transcripts/:id/export/:type (jira)": {
    rule: "integrationExports",
    key: byUser("export"),
    setup: (ctx) => withIntegration(ctx, "jira"),
    send: async (ctx) =>
      call("POST", `/api/transcripts/${await freshTranscript(ctx)}/export/jira`, {
        cookie: ctx.user.session,
        body: { integrationId: ctx.extra.integrationId },
        ip: ctx.ip,
      }),
  },
  "POST /api/transcripts/:id/export/:type (notion)": {
    rule: "integrationExports",
    key: byUser("export"),
    setup: (ctx) => withIntegration(ctx, "notion"),
    send: async (ctx) =>
      call("POST", `/api/transcripts/${await freshTranscript(ctx)}/export/notion`, {
        cookie: ctx.user.session,
        body: { integrationId: ctx.extra.integrationId },
        ip: ctx.ip,
      }),
  },
  "POST /api/generate": {
    rule: "generation",
    key: byUser("generate"),
    send: as("POST", "/api/generate", () => ({
      transcript: "Ana: We need a password reset link on the sign-in page.",
    })),
  },
  "POST /api/stories/check": {
    rule: "storyChecks",
    key: byUser("story-check"),
    send: as("POST", "/api/stories/check", () => ({
      stories: { epic: { title: "E", description: "", team: "", priority: "High" }, userStories: [] },
    })),
  },
  "PUT /api/transcripts/:id/stories": {
    rule: "storySaves",
    key: byUser("story-save"),
    send: async (ctx) => {
      const id = await createTranscriptWithStories(ctx.user, null, { count: 2 });
      return call("PUT", `/api/transcripts/${id}/stories`, {
        cookie: ctx.user.session,
        body: { storiesVersion: 0, stories: numberedStories(2) },
        ip: ctx.ip,
      });
    },
  },
  "POST /api/transcripts/:id/stories/restore": {
    rule: "storySaves",
    key: byUser("story-save"),
    send: async (ctx) => {
      const id = await createTranscriptWithStories(ctx.user, null, { count: 1 });
      return call("POST", `/api/transcripts/${id}/stories/restore`, { cookie: ctx.user.session, ip: ctx.ip });
    },
  },
  "POST /api/transcripts/:id/generate": {
    rule: "generation",
    key: byUser("generate"),
    send: async (ctx) => {
      const [id] = await createTranscripts(ctx.user);
      return call("POST", `/api/transcripts/${id}/generate`, { cookie: ctx.user.session, ip: ctx.ip });
    },
  },
  "POST /api/team/invite": {
    rule: "teamInvitations",
    key: byUser("team-invite"),
    setup: (ctx) => setTier(ctx.user, "enterprise"),
    send: as("POST", "/api/team/invite", () => ({ email: `${unique("invitee")}@example.com`, role: "member" })),
  },
  "POST /api/team/accept/:token": {
    rule: "teamAccepts",
    key: byUser("team-accept"),
    send: as("POST", "/api/team/accept/not-a-real-invitation"),
  },
  "GET /api/user/data-summary": {
    rule: "accountSummary",
    key: byUser("account-summary"),
    send: as("GET", "/api/user/data-summary"),
  },
  "GET /api/user/export-data": {
    rule: "accountExport",
    key: byUser("account-export"),
    send: async (ctx, n) => {
      const response = await as("GET", "/api/user/export-data")(ctx, n);
      // the export streams: read it to the end, as a browser would
      return new Response(await response.text(), { status: response.status, headers: response.headers });
    },
  },
  // A subscription Stripe must cancel, with Stripe unreachable (not configured here): each try fails with 503 and the
  // account stays, which is when people retry.
  "DELETE /api/user/delete-account": {
    rule: "accountDeletion",
    key: byUser("account-delete"),
    setup: async (ctx) => {
      await setTier(ctx.user, "pro");
      await env.DB.prepare("UPDATE subscriptions SET stripe_subscription_id = 'sub_rate_limit' WHERE user_id = ?")
        .bind(ctx.user.id)
        .run();
    },
    send: as("DELETE", "/api/user/delete-account"),
  },
  "POST /api/user/access-tokens": {
    rule: "accessTokenCreation",
    key: byUser("access-token-create"),
    // (revoked as they are made: the account's limit on held tokens is lower than this rule's)
    send: async (ctx, n) => {
      const made = await as("POST", "/api/user/access-tokens", () => ({
        name: `Script ${n}`,
        scopes: ["read"],
        expiresInDays: 7,
      }))(ctx, n);
      await env.DB.prepare("DELETE FROM access_tokens WHERE user_id = ?").bind(ctx.user.id).run();
      return made;
    },
  },
  "GET /api/oauth/consent": {
    rule: "mcpConsents",
    key: byUser("mcp-consent"),
    send: as("GET", "/api/oauth/consent?handle=guess"),
  },
  "POST /api/oauth/consent": {
    rule: "mcpConsents",
    key: byUser("mcp-consent"),
    send: as("POST", "/api/oauth/consent", () => ({ handle: "guess", approve: false })),
  },
  "GET /oauth/authorize": {
    rule: "mcpAuthorizations",
    key: byAddress("mcp-authorize"),
    send: as("GET", "/oauth/authorize?response_type=code&client_id=unknown"),
  },
  "POST /api/chatbot": {
    rule: "assistantMessages",
    key: byAddress("assistant"),
    send: (ctx) =>
      call("POST", "/api/chatbot", {
        body: { message: "How much is the Pro plan?", conversationHistory: [] },
        ip: ctx.ip,
      }),
  },
  "POST /api/transcribe-audio": {
    rule: "transcriptions",
    key: byUser("transcribe"),
    setup: async (ctx) => {
      await proPlan(ctx);
      mockTranscription(() => false);
    },
    send: (ctx) => upload(ctx),
  },
  "POST /api/transcribe-audio/:recordingId/retry": {
    rule: "transcriptions",
    key: byUser("transcribe"),
    // an upload the provider failed: its recording is kept for a retry (the provider keeps failing)
    setup: async (ctx) => {
      await proPlan(ctx);
      mockTranscription(() => true);
      const failed = await upload(ctx);
      expect(failed.status).toBe(502);
      const row = await env.DB.prepare("SELECT recording_id FROM audio_transcriptions WHERE user_id = ?")
        .bind(ctx.user.id)
        .first<{ recording_id: string }>();
      ctx.extra.recordingId = row!.recording_id;
    },
    send: (ctx) => upload(ctx, `/api/transcribe-audio/${ctx.extra.recordingId}/retry`),
  },
};

afterEach(() => vi.restoreAllMocks());

function appRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !/^\/(?:api|auth|oauth)\//.test(route.path)) continue;
    keys.add(`${route.method} ${route.path.replace(/\/$/, "")}`);
  }
  return [...keys].sort();
}

describe("rate limits: the classification", () => {
  it("classifies every route of the app, and no route that is gone", () => {
    const routes = appRoutes();
    expect(routes.filter((r) => !(r in CLASSIFICATION))).toEqual([]);
    expect(Object.keys(CLASSIFICATION).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("has a limit for every costly or enumerable route, and none for the rest", () => {
    const needing = Object.entries(CLASSIFICATION)
      .filter(([, [kind]]) => kind !== "neither")
      .map(([route]) => route)
      .sort();
    // A row may stand for one variant of a route ("… (linear)"): the route is named before the parenthesis.
    const limited = new Set(Object.keys(LIMITED).map((key) => key.replace(/ \(.*\)$/, "")));
    expect([...limited, ...ATTEMPT_ROUTES].sort()).toEqual(needing);
  });
});

describe("rate limits: each fires", () => {
  const limits = createDurableObjectRateLimits(env.RATE_LIMITER);

  for (const [route, row] of Object.entries(LIMITED)) {
    it(`${route} → RATE_RULES.${row.rule}`, async () => {
      const rule: LimitRule = RATE_RULES[row.rule];
      const ctx: Context = { user: await createUser(), ip: freshIp(), extra: {} };
      await row.setup?.(ctx);
      const key = row.key(ctx);
      await limits.reset(key);
      // The window is filled to one below the limit (as limit − 1 earlier calls would)…
      for (let i = 1; i < rule.limit; i++) await limits.consume(key, rule);
      expect((await limits.status(key)).allowed).toBe(true);
      // …so the route's next call is the one that reaches it: it still answers, and counts under this key and rule…
      const last = await row.send(ctx, 1);
      expect(last.status, `${route}: the call that reaches the limit`).not.toBe(429);
      expect((await limits.status(key)).allowed, `${route} counts under ${key}`).toBe(false);
      // …and the one after is refused in the shared error shape, with Retry-After.
      const refused = await row.send(ctx, 2);
      expect(refused.status, route).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil((rule.blockMs ?? rule.windowMs) / 1000));
      const body = await json(refused);
      expect(body).toEqual({
        success: false,
        error: expect.any(String),
        code: "rate_limited",
        requestId: expect.stringMatching(/^req_/),
      });
    }, 30_000);
  }
});

describe("a personal access token's own limit", () => {
  it("holds each token to RATE_RULES.accessTokenCalls a minute, on top of its owner's limits, without touching the owner's other tokens or the browser", async () => {
    const user = await createUser();
    const [busy, quiet] = [await createAccessTokenFor(user, ["read"]), await createAccessTokenFor(user, ["read"])];
    const { id } = (await env.DB.prepare("SELECT MIN(id) AS id FROM access_tokens WHERE user_id = ?")
      .bind(user.id)
      .first<{ id: number }>())!;
    const rule = RATE_RULES.accessTokenCalls;
    const limits = createDurableObjectRateLimits(env.RATE_LIMITER);
    for (let i = 1; i < rule.limit; i++) await limits.consume(`access-token:token:${id}`, rule);
    expect((await call("GET", "/api/projects", { bearer: busy })).status).toBe(200);
    const refused = await call("GET", "/api/projects", { bearer: busy });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await call("GET", "/api/projects", { bearer: quiet })).status).toBe(200);
    expect((await call("GET", "/api/projects", { cookie: user.session })).status).toBe(200);
  });
});

describe("sign-in from behind one shared address (an office)", () => {
  const login = (username: string, password: string, ip: string) =>
    call("POST", "/api/login", { body: { username, password }, ip });

  it("50 failed sign-ins against other accounts from the address do not stop a colleague's correct sign-in there", async () => {
    expect(LOGIN_POLICIES.address.maxFailures).toBeGreaterThan(50);
    const office = freshIp();
    const others = await Promise.all(Array.from({ length: 10 }, () => createUser()));
    // 5 wrong passwords for each of 10 accounts: within each account's free failures, 50 at the address
    for (const other of others) {
      for (let i = 0; i < 5; i++) expect((await login(other.username, `wrong-${i}`, office)).status).toBe(401);
    }
    const colleague = await createUser();
    const response = await login(colleague.username, TEST_PASSWORD, office);
    expect(response.status).toBe(200);
    expect(sessionFrom(response)).toBeDefined();
  }, 60_000);

  it("someone else blocking the office's address does not lock out an account that signs in there, while its own guesses stay limited", async () => {
    const office = freshIp();
    const owner = await createUser();
    expect((await login(owner.username, TEST_PASSWORD, office)).status).toBe(200);
    // An attacker in the same office spends the whole address allowance on names no account has.
    for (let i = 0; i < LOGIN_POLICIES.address.maxFailures; i++) {
      expect((await login(`nobody-${i}`, "wrong-password", office)).status, `failure ${i + 1}`).toBe(401);
    }
    expect((await login("nobody-else", "wrong-password", office)).status).toBe(429);
    // A colleague who has never signed in from there is refused with everyone else…
    const newcomer = await createUser();
    expect((await login(newcomer.username, TEST_PASSWORD, office)).status).toBe(429);
    // …but the owner's usual address still works for the owner,
    const again = await login(owner.username, TEST_PASSWORD, office);
    expect(again.status).toBe(200);
    expect(sessionFrom(again)).toBeDefined();
    // and guesses at the owner's password from there are capped by the account's trusted allowance.
    for (let i = 0; i < LOGIN_POLICIES.account.maxFailures; i++)
      expect((await login(owner.username, `guess-${i}`, office)).status).toBe(401);
    expect((await login(owner.username, TEST_PASSWORD, office)).status).toBe(429);
  }, 90_000);

  it("6 failures against one account from 6 different addresses start that account's back-off, wherever the next guess comes from", async () => {
    const user = await createUser();
    for (let i = 0; i < LOGIN_POLICIES.account.freeFailures; i++)
      expect((await login(user.username, `guess-${i}`, freshIp())).status).toBe(401);
    const sixth = await login(user.username, "guess-6", freshIp());
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await json(sixth)).toMatchObject({ success: false, code: "rate_limited" });
    // even the right password, from yet another address, waits out the back-off
    expect((await login(user.username, TEST_PASSWORD, freshIp())).status).toBe(429);
  });

  it("change-password checks the current password under the same per-account reservations", async () => {
    const user = await createUser();
    const change = (currentPassword: string) =>
      call("POST", "/api/change-password", {
        cookie: user.session,
        body: { currentPassword, newPassword: "a-new-long-passphrase" },
        ip: freshIp(),
      });
    for (let i = 0; i < LOGIN_POLICIES.account.freeFailures; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    const refused = await change("guess-6");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
