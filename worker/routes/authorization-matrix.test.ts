import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../app";
import type { Bindings } from "../lib/config";
import { call, json, unique } from "../test/client";
import {
  createIntegration,
  createProject,
  createTranscriptWithStories,
  createTranscripts,
  createUser,
  freshSession,
  setTier,
  type TestUser,
} from "../test/factories";

/**
 * Every /api route × {anonymous, owner, another user, admin}. A route added to the app without a row here fails the
 * first test. Resource routes target the owner's project or transcript, made fresh for each call (so deletes and
 * logouts cannot affect the next call): the owner may act; another user and a platform admin get 404, exactly as
 * for a missing id.
 */
type Role = "anonymous" | "owner" | "another" | "admin";

interface Target {
  path?: string;
  body?: unknown;
  /** Bindings for this row's calls (e.g. with Stripe configured). */
  env?: Partial<Bindings>;
}

interface Row {
  /** Builds the request. `owner` is the signed-in owner of the resources the call targets. */
  request: (owner: TestUser) => Promise<Target> | Target;
  expect: Record<Role, number>;
}

const signedIn = { anonymous: 401, owner: 200, another: 200, admin: 200 };
const ownerOnly = { anonymous: 401, owner: 200, another: 404, admin: 404 };
const open = { anonymous: 200, owner: 200, another: 200, admin: 200 };
const notConfigured = { anonymous: 401, owner: 503, another: 503, admin: 503 };
const redirect = { anonymous: 302, owner: 302, another: 302, admin: 302 };

const project = async (owner: TestUser) => createProject(owner, { name: unique("proj") });
const transcript = async (owner: TestUser) => (await createTranscripts(owner))[0]!;
const integration = async (owner: TestUser) => (await createIntegration(owner, (await project(owner)).id)).id;
/** A transcript already exported to an integration of its project: a repeat export answers without calling JIRA or Notion. */
async function exported(owner: TestUser, type: "jira" | "notion") {
  const projectId = (await project(owner)).id;
  const integrationId = (await createIntegration(owner, projectId, type)).id;
  const transcriptId = await createTranscriptWithStories(owner, projectId, { count: 1 });
  await env.DB.prepare(
    "INSERT INTO integration_exports (integration_id, transcript_id, ref, total, target_key, target_url, completed_at) VALUES (?, ?, 'abc', 2, 'SL-1', 'https://acme.atlassian.net/browse/SL-1', ?)",
  )
    .bind(integrationId, transcriptId, Date.now())
    .run();
  return { integrationId, transcriptId };
}
const JIRA_CREDENTIALS = { domain: "not a domain", email: "pm@acme.test", apiToken: "x", projectKey: "SL" };
const invalidInput = { anonymous: 401, owner: 400, another: 400, admin: 400 };
const EDITED_STORIES = {
  epic: { title: "Edited", description: "", team: "", priority: "High" },
  userStories: [{ title: "One", description: "", acceptanceCriteria: [], priority: "Low", storyPoints: 1, estimatedHours: 2 }],
};

const MATRIX: Record<string, Row> = {
  "GET /api/user": { request: () => ({}), expect: signedIn },
  "GET /api/login": { request: () => ({}), expect: redirect },
  // Wrong password for whoever asks: the route is public and answers 401 for bad credentials.
  "POST /api/login": {
    request: (owner) => ({ body: { username: owner.username, password: "not-the-password" } }),
    expect: { anonymous: 401, owner: 401, another: 401, admin: 401 },
  },
  "POST /api/register": { request: () => ({ body: { username: "x" } }), expect: { anonymous: 400, owner: 400, another: 400, admin: 400 } },
  "POST /api/logout": { request: () => ({}), expect: open },
  "GET /api/logout": { request: () => ({}), expect: redirect },
  "GET /api/auth/providers": { request: () => ({}), expect: open },
  "POST /api/resend-verification": { request: () => ({ body: { email: `${unique("someone")}@example.com` } }), expect: open },
  "GET /api/verify-email": { request: () => ({ path: "/api/verify-email?token=x" }), expect: redirect },
  "POST /api/password-reset/request": { request: () => ({ body: { email: `${unique("someone")}@example.com` } }), expect: open },
  // A link that is not valid: 400 for anyone; the route needs no session.
  "POST /api/password-reset/confirm": {
    request: () => ({ body: { token: "x".repeat(43), password: "a-new-long-passphrase" } }),
    expect: { anonymous: 400, owner: 400, another: 400, admin: 400 },
  },
  // Signed-in only; the matrix's users share one password, so a wrong current password is the safe request.
  "POST /api/change-password": {
    request: () => ({ body: { currentPassword: "not-the-password", newPassword: "a-new-long-passphrase" } }),
    expect: { anonymous: 401, owner: 400, another: 400, admin: 400 },
  },
  "GET /api/subscription": { request: () => ({}), expect: signedIn },
  "GET /api/subscription/limits": { request: () => ({}), expect: signedIn },
  "GET /api/subscription/payment-config": { request: () => ({}), expect: signedIn },
  // Card payment is not configured in this test environment: signed-in callers get 503, the rest 401.
  "POST /api/create-subscription": { request: () => ({ body: { tier: "pro" } }), expect: notConfigured },
  "POST /api/confirm-payment": { request: () => ({}), expect: notConfigured },
  "POST /api/cancel-subscription": { request: () => ({}), expect: notConfigured },
  "POST /api/retry-subscription-payment": { request: () => ({}), expect: notConfigured },
  "POST /api/cleanup-stripe": { request: () => ({}), expect: notConfigured },
  // No session grants anything here: Stripe's signature is the authentication, so every caller without one gets 400.
  "POST /api/stripe/webhook": {
    request: () => ({
      body: { id: "evt_matrix", type: "invoice.paid" },
      env: {
        STRIPE_SECRET_KEY: "sk_test_matrix",
        STRIPE_PUBLISHABLE_KEY: "pk_test_matrix",
        STRIPE_PRICE_PRO: "price_pro",
        STRIPE_PRICE_ENTERPRISE: "price_enterprise",
        STRIPE_WEBHOOK_SECRET: "whsec_matrix",
      },
    }),
    expect: { anonymous: 400, owner: 400, another: 400, admin: 400 },
  },

  "GET /api/projects": { request: () => ({}), expect: signedIn },
  "POST /api/projects": { request: () => ({ body: { name: "Matrix" } }), expect: { anonymous: 401, owner: 201, another: 201, admin: 201 } },
  "GET /api/projects/:id": { request: async (o) => ({ path: `/api/projects/${(await project(o)).id}` }), expect: ownerOnly },
  "PUT /api/projects/:id": {
    request: async (o) => ({ path: `/api/projects/${(await project(o)).id}`, body: { name: "Renamed" } }),
    expect: ownerOnly,
  },
  "DELETE /api/projects/:id": { request: async (o) => ({ path: `/api/projects/${(await project(o)).id}` }), expect: ownerOnly },

  "GET /api/transcripts": { request: () => ({}), expect: signedIn },
  "GET /api/transcripts/:id": { request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}` }), expect: ownerOnly },
  "PATCH /api/transcripts/:id/project": {
    request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}/project`, body: { projectId: null } }),
    expect: ownerOnly,
  },
  "PUT /api/transcripts/:id/stories": {
    request: async (o) => {
      const id = await transcript(o);
      return { path: `/api/transcripts/${id}/stories`, body: { storiesVersion: 0, stories: EDITED_STORIES } };
    },
    expect: ownerOnly,
  },
  "POST /api/transcripts/:id/stories/restore": {
    request: async (o) => {
      const id = await transcript(o);
      // A previous version to restore, as a regeneration of edited stories leaves one.
      await env.DB.prepare("UPDATE transcripts SET previous_stories = generated_stories WHERE id = ?").bind(id).run();
      return { path: `/api/transcripts/${id}/stories/restore` };
    },
    expect: ownerOnly,
  },
  "DELETE /api/transcript/:id": { request: async (o) => ({ path: `/api/transcript/${await transcript(o)}` }), expect: ownerOnly },
  "GET /api/activity": { request: () => ({}), expect: signedIn },
  "POST /api/generate": { request: () => ({ body: { transcript: "Ana: We need a password reset link." } }), expect: signedIn },
  "POST /api/transcripts/:id/generate": { request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}/generate` }), expect: ownerOnly },

  "GET /api/projects/:id/integrations": { request: async (o) => ({ path: `/api/projects/${(await project(o)).id}/integrations` }), expect: ownerOnly },
  "POST /api/projects/:id/integrations": {
    request: async (o) => ({
      path: `/api/projects/${(await project(o)).id}/integrations`,
      body: { type: "notion", name: "Docs", config: { integrationSecret: "secret_x", pageUrl: "https://www.notion.so/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d" } },
    }),
    expect: { anonymous: 401, owner: 201, another: 404, admin: 404 },
  },
  "PUT /api/integrations/:id": { request: async (o) => ({ path: `/api/integrations/${await integration(o)}`, body: { name: "Renamed" } }), expect: ownerOnly },
  "DELETE /api/integrations/:id": { request: async (o) => ({ path: `/api/integrations/${await integration(o)}` }), expect: ownerOnly },
  // Refused by validation before any outside call, for whoever is signed in.
  "POST /api/validate/jira-domain": { request: () => ({ body: { domain: "evil.example" } }), expect: invalidInput },
  "POST /api/validate/jira-auth": { request: () => ({ body: JIRA_CREDENTIALS }), expect: invalidInput },
  "POST /api/validate/jira-project": { request: () => ({ body: JIRA_CREDENTIALS }), expect: invalidInput },
  "POST /api/export/jira": { request: async (o) => ({ body: await exported(o, "jira") }), expect: ownerOnly },
  "POST /api/transcripts/:id/export/jira": {
    request: async (o) => {
      const { transcriptId, integrationId } = await exported(o, "jira");
      return { path: `/api/transcripts/${transcriptId}/export/jira`, body: { integrationId } };
    },
    expect: ownerOnly,
  },
  "POST /api/transcripts/:id/export/notion": {
    request: async (o) => {
      const { transcriptId, integrationId } = await exported(o, "notion");
      return { path: `/api/transcripts/${transcriptId}/export/notion`, body: { integrationId } };
    },
    expect: ownerOnly,
  },
  "GET /api/transcripts/:id/exports/:integrationId": {
    request: async (o) => {
      const { transcriptId, integrationId } = await exported(o, "jira");
      return { path: `/api/transcripts/${transcriptId}/exports/${integrationId}` };
    },
    expect: ownerOnly,
  },

  // Local-only helpers: open in development and tests, 404 in production (verification.test.ts).
  "GET /api/dev/outbox": { request: () => ({}), expect: open },
  "POST /api/dev/seed": { request: () => ({}), expect: open },
  "POST /api/dev/sample-transcripts": { request: () => ({ body: { count: 1 } }), expect: signedIn },
  "POST /api/dev/subscription": { request: () => ({ body: { tier: "free" } }), expect: signedIn },
};

function apiRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    keys.add(`${route.method} ${route.path.replace(/\/$/, "")}`);
  }
  return [...keys].sort();
}

describe("authorization matrix", () => {
  it("has a row for every /api route and no stale rows", () => {
    const routes = apiRoutes();
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("answers each role as the matrix says", async () => {
    const owner = await createUser();
    // Pro, so the owner's many projects are not stopped by the free plan's limit.
    await setTier(owner, "pro");
    const another = await createUser();
    const admin = await createUser({ isAdmin: true });
    const failures: string[] = [];
    for (const [key, row] of Object.entries(MATRIX)) {
      const [method, routePath] = key.split(" ") as [string, string];
      for (const role of ["anonymous", "owner", "another", "admin"] as Role[]) {
        // Fresh sessions each call: a logout row must not sign anyone out of the next row.
        const actor = role === "owner" ? owner : role === "another" ? another : role === "admin" ? admin : undefined;
        const session = actor ? await freshSession(actor.id) : undefined;
        const ownerSession = await freshSession(owner.id);
        const { path = routePath, body, env: bindings } = await row.request({ ...owner, session: ownerSession });
        const response = await call(method, path, { cookie: session, body, env: bindings, ip: `100.65.${failures.length}.${Math.floor(Math.random() * 250)}` });
        if (response.status !== row.expect[role]) {
          failures.push(`${key} as ${role}: expected ${row.expect[role]}, got ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("answers every other spelling of an id with 404, byte for byte like a missing id", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const failures: string[] = [];
    const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    for (const [key, row] of Object.entries(MATRIX)) {
      if (!key.includes("/:id")) continue;
      const method = key.split(" ")[0]!;
      const { path, body } = await row.request({ ...owner, session: await freshSession(owner.id) });
      const id = /\/(\d+)(?=\/|$)/.exec(path!)![1]!;
      const at = (spelling: string) => path!.replace(`/${id}`, `/${spelling}`);
      // The largest id that can exist is missing here: what "not found" looks like on this route.
      const missing = await call(method, at(String(Number.MAX_SAFE_INTEGER)), { cookie: owner.session, body });
      const expected = withoutRequestId(await json(missing));
      if (missing.status !== 404) failures.push(`${key}: a missing id answers ${missing.status}`);
      const spellings = [
        `0x${Number(id).toString(16)}`,
        `${id}e0`,
        `+${id}`,
        `-${id}`,
        `%20${id}`,
        `${id}%20`,
        `0${id}`,
        `${id}.0`,
        "0",
        "abc",
        String(Number.MAX_SAFE_INTEGER + 1),
        "1".repeat(17),
      ];
      for (const spelling of spellings) {
        const response = await call(method, at(spelling), { cookie: owner.session, body });
        const answer = withoutRequestId(await json(response));
        if (response.status !== 404 || JSON.stringify(answer) !== JSON.stringify(expected)) {
          failures.push(`${method} ${at(spelling)}: ${response.status} ${JSON.stringify(answer)}`);
        }
      }
      // The canonical spelling still reaches the owner's resource.
      if ((await call(method, path!, { cookie: owner.session, body })).status >= 400) failures.push(`${key}: canonical id refused`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
