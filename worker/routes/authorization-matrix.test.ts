import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../app";
import type { Bindings } from "../bindings";
import { call, json, unique } from "../test/client";
import { TOKEN_SCOPES } from "../../schema/api/access-tokens";
import { INTEGRATION_TYPES, type IntegrationType } from "../../schema/api/integrations";
import type { TokenAccess } from "../lib/openapi";
import {
  createIntegration,
  createTrackerIntegration,
  createProject,
  createTranscriptWithStories,
  createTranscripts,
  addTeamMember,
  createInvitation,
  createUser,
  createAccessTokenFor,
  createConnectedApp,
  freshSession,
  setTier,
  type TestUser,
} from "../test/factories";

/**
 * Every /api route × {anonymous, owner, team admin, team member, removed member, outsider, member of another team,
 * admin of another team, platform admin}. A route
 * added to the app without a row here fails the first test. Resource routes target the owner's project or
 * transcript (filed in a project, so the team shares it), made fresh for each call (so deletes and logouts cannot
 * affect the next call). The team's admin and member work in the owner's projects; managing them (rename, delete,
 * integrations, taking a transcript out of the team's projects, deleting someone else's transcript) is for the owner
 * and the admin; a member asking gets 403. A removed member, an outsider, the member and the admin of another team and
 * a platform admin get 404, exactly as for a missing id. (Issue 26: the actors of another team are here because an
 * outsider who belongs to no team did not catch a role lookup that any active membership satisfied.)
 */
type Role =
  | "anonymous"
  | "owner"
  | "teamAdmin"
  | "member"
  | "removed"
  | "outsider"
  | "otherTeamMember"
  | "otherTeamAdmin"
  | "platformAdmin";
const ROLES: Role[] = [
  "anonymous",
  "owner",
  "teamAdmin",
  "member",
  "removed",
  "outsider",
  "otherTeamMember",
  "otherTeamAdmin",
  "platformAdmin",
];

interface Target {
  path?: string;
  body?: unknown;
  /** Bindings for this row's calls (e.g. with Stripe configured). */
  env?: Partial<Bindings>;
}

/** The team the matrix runs in: the owner and the team's accounts. */
interface Team {
  owner: TestUser;
  teamAdmin: TestUser;
  member: TestUser;
  memberMembershipId: number;
}

interface Row {
  /** Builds the request. `owner` is the signed-in owner of the resources the call targets. */
  request: (owner: TestUser, team: Team) => Promise<Target> | Target;
  expect: Record<Role, number>;
  /** The call deletes whoever makes it: each signed-in role calls as a fresh account of its own. */
  selfDestructive?: boolean;
}

/** The same answer for every signed-in caller, whoever's team they are in. */
const everyone = (anonymous: number, signedIn: number): Record<Role, number> => ({
  anonymous,
  owner: signedIn,
  teamAdmin: signedIn,
  member: signedIn,
  removed: signedIn,
  outsider: signedIn,
  otherTeamMember: signedIn,
  otherTeamAdmin: signedIn,
  platformAdmin: signedIn,
});
const signedIn = everyone(401, 200);
const open = everyone(200, 200);
const notConfigured = everyone(401, 503);
const redirect = everyone(302, 302);
const invalidInput = everyone(401, 400);
/** The owner's team works here. */
const team = (ok = 200): Record<Role, number> => ({ ...everyone(401, 404), owner: ok, teamAdmin: ok, member: ok });
/** The owner and the team's admin manage; a member gets 403. */
const managed = (ok = 200): Record<Role, number> => ({ ...team(ok), member: 403 });
/** Platform admins only. */
const adminOnly: Record<Role, number> = { ...everyone(401, 403), platformAdmin: 200 };
/** The owner's alone (transcripts outside any project stay private). */
const ownerOnly: Record<Role, number> = { ...everyone(401, 404), owner: 200 };

const project = async (owner: TestUser) => createProject(owner, { name: unique("proj") });
/** A transcript filed in one of the owner's projects: the team shares it. */
const transcript = async (owner: TestUser) =>
  (await createTranscripts(owner, { projectId: (await project(owner)).id }))[0]!;
/** A transcript outside any project: the owner's alone. */
const unfiledTranscript = async (owner: TestUser) => (await createTranscripts(owner))[0]!;
/** Memberships and invitations of the owner's team other than the matrix's admin and member are cleared first. */
async function resetTeam(t: Team) {
  await env.DB.prepare(
    "DELETE FROM team_memberships WHERE owner_id = ? AND (member_id IS NULL OR member_id NOT IN (?, ?))",
  )
    .bind(t.owner.id, t.teamAdmin.id, t.member.id)
    .run();
}
const integration = async (owner: TestUser) => (await createIntegration(owner, (await project(owner)).id)).id;
/** A transcript already exported to an integration of its project: a repeat export answers without calling JIRA or Notion. */
async function exported(owner: TestUser, type: IntegrationType) {
  const projectId = (await project(owner)).id;
  const integrationId = (
    type === "jira" || type === "notion"
      ? await createIntegration(owner, projectId, type)
      : await createTrackerIntegration(owner, projectId, type)
  ).id;
  const transcriptId = await createTranscriptWithStories(owner, projectId, { count: 1 });
  await env.DB.prepare(
    "INSERT INTO integration_exports (integration_id, transcript_id, ref, total, target_key, target_url, completed_at) VALUES (?, ?, 'abc', 2, 'SL-1', 'https://acme.atlassian.net/browse/SL-1', ?)",
  )
    .bind(integrationId, transcriptId, Date.now())
    .run();
  return { integrationId, transcriptId };
}
const JIRA_CREDENTIALS = { domain: "not a domain", email: "pm@acme.test", apiToken: "x", projectKey: "SL" };
const EDITED_STORIES = {
  epic: { title: "Edited", description: "", team: "", priority: "High" },
  userStories: [
    { title: "One", description: "", acceptanceCriteria: [], priority: "Low", storyPoints: 1, estimatedHours: 2 },
  ],
};

const MATRIX: Record<string, Row> = {
  "GET /api/user": { request: () => ({}), expect: signedIn },
  "GET /api/login": { request: () => ({}), expect: redirect },
  // Wrong credentials for whoever asks: the route is public and answers 401 (an unknown account each call, so the
  // owner's account is not locked by seven failed sign-ins before the change-password row).
  "POST /api/login": {
    request: () => ({ body: { username: unique("nobody"), password: "not-the-password" } }),
    expect: everyone(401, 401),
  },
  "POST /api/register": { request: () => ({ body: { username: "x" } }), expect: everyone(400, 400) },
  "POST /api/logout": { request: () => ({}), expect: open },
  "GET /api/logout": { request: () => ({}), expect: redirect },
  "GET /api/auth/providers": { request: () => ({}), expect: open },
  "GET /api/openapi.json": { request: () => ({}), expect: open },
  "POST /api/resend-verification": {
    request: () => ({ body: { email: `${unique("someone")}@example.com` } }),
    expect: open,
  },
  "GET /api/verify-email": { request: () => ({ path: "/api/verify-email?token=x" }), expect: redirect },
  // An emailed link's calls need no session: a token that is not valid is a 400 for anyone, signed in or not.
  "GET /api/verify-email/details": {
    request: () => ({ path: `/api/verify-email/details?token=${"x".repeat(43)}` }),
    expect: everyone(400, 400),
  },
  "POST /api/verify-email/confirm": {
    request: () => ({ body: { token: "x".repeat(43) } }),
    expect: everyone(400, 400),
  },
  "POST /api/verify-email/reject": { request: () => ({ body: { token: "x".repeat(43) } }), expect: everyone(400, 400) },
  "POST /api/password-reset/request": {
    request: () => ({ body: { email: `${unique("someone")}@example.com` } }),
    expect: open,
  },
  // A blocked sign-in's emailed link: the same answer for anyone, account or not; a link that is not valid: 400.
  "POST /api/sign-in-link": { request: () => ({ body: { username: unique("someone") } }), expect: open },
  "POST /api/sign-in-link/confirm": {
    request: () => ({ body: { token: "x".repeat(43) } }),
    expect: everyone(400, 400),
  },
  // A link that is not valid: 400 for anyone; the route needs no session.
  "POST /api/password-reset/confirm": {
    request: () => ({ body: { token: "x".repeat(43), password: "a-new-long-passphrase" } }),
    expect: everyone(400, 400),
  },
  // Signed-in only; the matrix's users share one password, so a wrong current password is the safe request.
  "POST /api/change-password": {
    request: () => ({ body: { currentPassword: "not-the-password", newPassword: "a-new-long-passphrase" } }),
    expect: everyone(401, 400),
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
    expect: everyone(400, 400),
  },

  "GET /api/projects": { request: () => ({}), expect: signedIn },
  // (every account may create projects of its own; the free plan's one project is the only limit)
  "POST /api/projects": { request: () => ({ body: { name: "Matrix" } }), expect: everyone(401, 201) },
  "GET /api/projects/:id": {
    request: async (o) => ({ path: `/api/projects/${(await project(o)).id}` }),
    expect: team(),
  },
  "PUT /api/projects/:id": {
    request: async (o) => ({ path: `/api/projects/${(await project(o)).id}`, body: { name: "Renamed" } }),
    expect: managed(),
  },
  "DELETE /api/projects/:id": {
    request: async (o) => ({ path: `/api/projects/${(await project(o)).id}` }),
    expect: managed(),
  },

  "GET /api/transcripts": { request: () => ({}), expect: signedIn },
  "GET /api/transcripts/:id": {
    request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}` }),
    expect: team(),
  },
  "GET /api/transcripts/:id (outside any project)": {
    request: async (o) => ({ path: `/api/transcripts/${await unfiledTranscript(o)}` }),
    expect: ownerOnly,
  },
  // taking a transcript out of the team's projects is for the owner and the admin
  "PATCH /api/transcripts/:id/project": {
    request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}/project`, body: { projectId: null } }),
    expect: managed(),
  },
  "PATCH /api/transcripts/:id/project (to another of the team's projects)": {
    request: async (o) => ({
      path: `/api/transcripts/${await transcript(o)}/project`,
      body: { projectId: (await project(o)).id },
    }),
    expect: team(),
  },
  "PUT /api/transcripts/:id/stories": {
    request: async (o) => {
      const id = await transcript(o);
      return { path: `/api/transcripts/${id}/stories`, body: { storiesVersion: 0, stories: EDITED_STORIES } };
    },
    expect: team(),
  },
  "POST /api/transcripts/:id/stories/restore": {
    request: async (o) => {
      const id = await transcript(o);
      // A previous version to restore, as a regeneration of edited stories leaves one.
      await env.DB.prepare("UPDATE transcripts SET previous_stories = generated_stories WHERE id = ?").bind(id).run();
      return { path: `/api/transcripts/${id}/stories/restore` };
    },
    expect: team(),
  },
  // the owner made it: a member may delete only what they made
  "DELETE /api/transcript/:id": {
    request: async (o) => ({ path: `/api/transcript/${await transcript(o)}` }),
    expect: managed(),
  },
  "GET /api/activity": { request: () => ({}), expect: signedIn },
  "POST /api/generate": {
    request: () => ({ body: { transcript: "Ana: We need a password reset link." } }),
    expect: signedIn,
  },
  // The quality gate reads only what it is sent: any signed-in account may check stories.
  "POST /api/stories/check": {
    request: () => ({ body: { transcript: "Ana: We need a password reset link.", stories: EDITED_STORIES } }),
    expect: signedIn,
  },
  "POST /api/transcripts/:id/generate": {
    request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}/generate` }),
    expect: team(),
  },
  "GET /api/transcripts/:id/generation": {
    request: async (o) => ({ path: `/api/transcripts/${await transcript(o)}/generation` }),
    expect: team(),
  },
  // A run the owner started (no Workflow behind it): the owner and the team's admin may cancel it; a member who did
  // not start it gets 403 (docs/decisions/2026-12-07-cancelled-generations-stay-counted.md); everyone else the 404 of
  // a missing transcript.
  "DELETE /api/transcripts/:id/generation": {
    request: async (o) => {
      const id = await transcript(o);
      await env.DB.prepare("UPDATE transcripts SET generation_started_at = ?, generation_started_by = ? WHERE id = ?")
        .bind(Date.now(), o.id, id)
        .run();
      return { path: `/api/transcripts/${id}/generation` };
    },
    expect: managed(),
  },

  "GET /api/projects/:id/integrations": {
    request: async (o) => ({ path: `/api/projects/${(await project(o)).id}/integrations` }),
    expect: team(),
  },
  "POST /api/projects/:id/integrations": {
    request: async (o) => ({
      path: `/api/projects/${(await project(o)).id}/integrations`,
      body: {
        type: "notion",
        name: "Docs",
        config: { integrationSecret: "secret_x", pageUrl: "https://www.notion.so/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d" },
      },
    }),
    expect: managed(201),
  },
  "PUT /api/integrations/:id": {
    request: async (o) => ({ path: `/api/integrations/${await integration(o)}`, body: { name: "Renamed" } }),
    expect: managed(),
  },
  "DELETE /api/integrations/:id": {
    request: async (o) => ({ path: `/api/integrations/${await integration(o)}` }),
    expect: managed(),
  },
  // Refused by validation before any outside call, for whoever is signed in.
  "POST /api/validate/jira-domain": { request: () => ({ body: { domain: "evil.example" } }), expect: invalidInput },
  "POST /api/validate/jira-auth": { request: () => ({ body: JIRA_CREDENTIALS }), expect: invalidInput },
  "POST /api/validate/jira-project": { request: () => ({ body: JIRA_CREDENTIALS }), expect: invalidInput },
  // The trackers' checks: refused by validation (a token with a space, a malformed destination) before any call.
  "POST /api/validate/linear-auth": { request: () => ({ body: { apiKey: "has space" } }), expect: invalidInput },
  "POST /api/validate/linear-team": {
    request: () => ({ body: { apiKey: "lin_api_x", teamKey: "not a key" } }),
    expect: invalidInput,
  },
  "POST /api/validate/github-auth": { request: () => ({ body: { token: "" } }), expect: invalidInput },
  "POST /api/validate/github-repository": {
    request: () => ({ body: { token: "ghp_x", repository: "../../etc/passwd" } }),
    expect: invalidInput,
  },
  "POST /api/validate/azure-devops-auth": {
    request: () => ({ body: { organization: "evil.example/x", token: "pat" } }),
    expect: invalidInput,
  },
  "POST /api/validate/azure-devops-project": {
    request: () => ({ body: { organization: "acme", token: "pat", project: "a/b" } }),
    expect: invalidInput,
  },
  "POST /api/export/jira": { request: async (o) => ({ body: await exported(o, "jira") }), expect: team() },
  // One route for the five destinations: a row each, so every type's exporter is asked by every actor.
  ...Object.fromEntries(
    INTEGRATION_TYPES.map((type): [string, Row] => [
      `POST /api/transcripts/:id/export/:type (${type})`,
      {
        request: async (o) => {
          const { transcriptId, integrationId } = await exported(o, type);
          return { path: `/api/transcripts/${transcriptId}/export/${type}`, body: { integrationId } };
        },
        expect: team(),
      },
    ]),
  ),
  // The review of a transcript exported already answers that it was (no call out): the project's people get it,
  // everyone else the 404 of a missing transcript. The epics of a Notion destination: it has none (400, past every
  // access check).
  "POST /api/transcripts/:id/export/:type/review": {
    request: async (o) => {
      const { transcriptId, integrationId } = await exported(o, "linear");
      return { path: `/api/transcripts/${transcriptId}/export/linear/review`, body: { integrationId } };
    },
    expect: team(),
  },
  "GET /api/integrations/:id/epics": {
    request: async (o) => {
      const { integrationId } = await exported(o, "notion");
      return { path: `/api/integrations/${integrationId}/epics` };
    },
    expect: team(400),
  },
  // Choosing the project's epic: anyone who may export there may (as the export dialog's "Remember" does); a
  // Notion page has none to choose (400, past every access check).
  "PUT /api/integrations/:id/epic": {
    request: async (o) => {
      const { integrationId } = await exported(o, "notion");
      return { path: `/api/integrations/${integrationId}/epic`, body: { epic: null } };
    },
    expect: team(400),
  },
  "GET /api/transcripts/:id/exports": {
    request: async (o) => {
      const { transcriptId } = await exported(o, "jira");
      return { path: `/api/transcripts/${transcriptId}/exports` };
    },
    expect: team(),
  },
  "GET /api/transcripts/:id/exports/:integrationId": {
    request: async (o) => {
      const { transcriptId, integrationId } = await exported(o, "jira");
      return { path: `/api/transcripts/${transcriptId}/exports/${integrationId}` };
    },
    expect: team(),
  },

  // Teams. Each row starts from the same team: the owner (enterprise, 5 seats), its admin and its member.
  "GET /api/team/members": { request: () => ({}), expect: signedIn },
  "GET /api/team/limits": { request: () => ({}), expect: signedIn },
  "GET /api/team/membership": { request: () => ({}), expect: signedIn },
  // A removed member, an outsider and a platform admin invite into their own free team: no seat (403, plan limit).
  // The other team's admin invites into that team (201); its member may not (403).
  "POST /api/team/invite": {
    request: async (_o, t) => {
      await resetTeam(t);
      return { body: { email: `${unique("invitee")}@example.com`, role: "member" } };
    },
    expect: { ...everyone(401, 403), owner: 201, teamAdmin: 201, otherTeamAdmin: 201 },
  },
  "DELETE /api/team/members/:id": {
    request: async (o, t) => {
      await resetTeam(t);
      return { path: `/api/team/members/${(await createInvitation(o, `${unique("pending")}@example.com`)).id}` };
    },
    expect: managed(),
  },
  "PATCH /api/team/members/:id": {
    request: (_o, t) => ({ path: `/api/team/members/${t.memberMembershipId}`, body: { role: "member" } }),
    expect: managed(),
  },
  // Issue 39: the review after the account is taken back. The list is always the caller's own team's; keeping is the
  // owner's alone (the team's admin and member see the team: 403), anyone else's id is 404.
  "GET /api/team/review": { request: () => ({}), expect: signedIn },
  "POST /api/team/members/:id/keep": {
    request: (_o, t) => ({ path: `/api/team/members/${t.memberMembershipId}/keep` }),
    expect: { ...everyone(401, 404), owner: 200, teamAdmin: 403, member: 403 },
  },
  // The owner's own team, or a team they are already in: 409; anyone else joins (the next row resets the team).
  "POST /api/team/accept/:token": {
    request: async (o, t) => {
      await resetTeam(t);
      return { path: `/api/team/accept/${(await createInvitation(o, `${unique("accept")}@example.com`)).token}` };
    },
    expect: { ...everyone(401, 200), owner: 409, teamAdmin: 409, member: 409 },
  },
  // Leaving a team (issue 26): each call makes a new team that the owner, the admin and the member all belong to, and
  // the caller leaves it; whoever is not in it gets 404 like a missing team (the owner's own team: team-leave.test.ts).
  "DELETE /api/team/memberships/:id": {
    request: async (_o, t) => {
      const other = await createUser();
      await setTier(other, "enterprise");
      for (const account of [t.owner, t.teamAdmin, t.member]) await addTeamMember(other, account);
      return { path: `/api/team/memberships/${other.id}` };
    },
    expect: team(),
  },

  // Account data: always the caller's own.
  "GET /api/user/data-summary": { request: () => ({}), expect: signedIn },
  "GET /api/user/export-data": { request: () => ({}), expect: signedIn },
  "DELETE /api/user/delete-account": { request: () => ({}), expect: signedIn, selfDestructive: true },
  "GET /api/user/access-tokens": { request: () => ({}), expect: signedIn },
  "GET /api/user/connected-apps": { request: () => ({}), expect: signedIn },
  "DELETE /api/user/connected-apps/:grantId": {
    request: async (o) => ({ path: `/api/user/connected-apps/${await createConnectedApp(o)}` }),
    expect: ownerOnly,
  },
  // The consent screen: a handle no browser opened answers 400 (expired) for whoever asks, signed in.
  "GET /api/oauth/consent": { request: () => ({ path: "/api/oauth/consent?handle=nohandle" }), expect: invalidInput },
  "POST /api/oauth/consent": {
    request: () => ({ body: { handle: "nohandle", approve: false } }),
    expect: invalidInput,
  },
  "POST /api/user/access-tokens": {
    request: () => ({ body: { name: "Matrix", scopes: ["read"], expiresInDays: 7 } }),
    expect: everyone(401, 201),
  },
  "DELETE /api/user/access-tokens/:id": {
    request: async (o) => {
      await createAccessTokenFor(o, ["read"]);
      const { id } = (await env.DB.prepare("SELECT MAX(id) AS id FROM access_tokens WHERE user_id = ?")
        .bind(o.id)
        .first<{ id: number }>())!;
      return { path: `/api/user/access-tokens/${id}` };
    },
    expect: ownerOnly,
  },

  // Platform admin: the same 403 for every signed-in account that is not one.
  "GET /api/admin/analytics": { request: () => ({}), expect: adminOnly },
  "GET /api/admin/users": { request: () => ({ path: "/api/admin/users?page=1&limit=5&search=e" }), expect: adminOnly },
  "GET /api/admin/chatbot-conversations": {
    request: () => ({ path: "/api/admin/chatbot-conversations?page=1&limit=20" }),
    expect: adminOnly,
  },
  "POST /api/admin/make-admin/:id": {
    request: async () => ({ path: `/api/admin/make-admin/${(await createUser()).id}` }),
    expect: adminOnly,
  },
  "POST /api/admin/update-subscription/:id": {
    request: async () => ({ path: `/api/admin/update-subscription/${(await createUser()).id}`, body: { tier: "pro" } }),
    expect: adminOnly,
  },

  // The help assistant answers visitors and users alike.
  "POST /api/chatbot": {
    request: () => ({ body: { message: "How much is the Pro plan?", conversationHistory: [] } }),
    expect: open,
  },

  // Audio: Pro only (the owner is on Enterprise); no provider is configured in this test, so the owner gets 503, and
  // the free accounts the plan's 403. A recording id of someone else's, or none, is 404 on retry.
  "POST /api/transcribe-audio": { request: () => ({ body: {} }), expect: { ...everyone(401, 403), owner: 503 } },
  "POST /api/transcribe-audio/:recordingId/retry": {
    request: () => ({ path: "/api/transcribe-audio/AAAAAAAAAAAAAAAAAAAAAA/retry" }),
    expect: { ...everyone(401, 403), owner: 503 },
  },

  // Local-only helpers: open in development and tests, 404 in production (verification.test.ts).
  "GET /api/dev/outbox": { request: () => ({}), expect: open },
  "POST /api/dev/seed": { request: () => ({}), expect: open },
  "POST /api/dev/interrupted-generations": { request: () => ({ body: { startedBefore: 0 } }), expect: open },
  "POST /api/dev/sample-transcripts": { request: () => ({ body: { count: 1 } }), expect: signedIn },
  "POST /api/dev/subscription": { request: () => ({ body: { tier: "free" } }), expect: signedIn },
};

/**
 * The routes a personal access token may call, and the scope each needs (docs/decisions/2026-12-08-personal-access-tokens.md);
 * every other route refuses a token with 403. Written out here rather than read off the routes, so a route that
 * starts taking tokens by mistake fails the token test below.
 */
const TOKEN_SCOPE: Record<string, TokenAccess> = {
  "GET /api/openapi.json": "any",
  "GET /api/projects": "read",
  "GET /api/projects/:id": "read",
  "POST /api/projects": "write",
  "PUT /api/projects/:id": "write",
  "DELETE /api/projects/:id": "write",
  "GET /api/transcripts": "read",
  "GET /api/transcripts/:id": "read",
  "PATCH /api/transcripts/:id/project": "write",
  "PUT /api/transcripts/:id/stories": "write",
  "POST /api/transcripts/:id/stories/restore": "write",
  "DELETE /api/transcript/:id": "write",
  "GET /api/activity": "read",
  "POST /api/generate": "generate",
  "POST /api/stories/check": "generate",
  "POST /api/transcripts/:id/generate": "generate",
  "GET /api/transcripts/:id/generation": "read",
  "DELETE /api/transcripts/:id/generation": "generate",
  "POST /api/transcribe-audio": "generate",
  "POST /api/transcribe-audio/:recordingId/retry": "generate",
  "GET /api/projects/:id/integrations": "read",
  "GET /api/integrations/:id/epics": "export",
  "POST /api/export/jira": "export",
  "POST /api/transcripts/:id/export/:type": "export",
  "POST /api/transcripts/:id/export/:type/review": "export",
  "GET /api/transcripts/:id/exports": "read",
  "GET /api/transcripts/:id/exports/:integrationId": "read",
};

/** The matrix's route of a row key ("GET /api/transcripts/:id (outside any project)" → "GET /api/transcripts/:id"). */
const routeOf = (key: string) => key.replace(/ \(.*\)$/, "");

/**
 * The owner (enterprise) with a team admin and a team member, a removed member, an outsider, and the member and admin
 * of an unrelated team (its owner on Enterprise, with projects and filed transcripts of its own).
 */
async function makeTeam() {
  const owner = await createUser();
  await setTier(owner, "enterprise");
  const teamAdmin = await createUser();
  const member = await createUser();
  const removed = await createUser();
  await addTeamMember(owner, teamAdmin, "admin");
  const memberMembershipId = await addTeamMember(owner, member);
  const removedMembershipId = await addTeamMember(owner, removed);
  await env.DB.prepare("DELETE FROM team_memberships WHERE id = ?").bind(removedMembershipId).run();
  const otherOwner = await createUser();
  await setTier(otherOwner, "enterprise");
  await createTranscripts(otherOwner, { projectId: (await project(otherOwner)).id });
  const otherTeamMember = await createUser();
  const otherTeamAdmin = await createUser();
  await addTeamMember(otherOwner, otherTeamMember);
  await addTeamMember(otherOwner, otherTeamAdmin, "admin");
  const actors: Record<Exclude<Role, "anonymous">, TestUser> = {
    owner,
    teamAdmin,
    member,
    removed,
    outsider: await createUser(),
    otherTeamMember,
    otherTeamAdmin,
    platformAdmin: await createUser({ isAdmin: true }),
  };
  return { team: { owner, teamAdmin, member, memberMembershipId } satisfies Team, actors, otherOwner };
}

/** A row's request, built for the team's owner (a fresh session each time). */
async function ownersRequest(row: Row, team: Team, routePath: string) {
  const target = await row.request({ ...team.owner, session: await freshSession(team.owner.id) }, team);
  return { path: target.path ?? routePath, body: target.body, bindings: target.env };
}

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
    const rows = new Set(Object.keys(MATRIX).map(routeOf));
    expect(routes.filter((r) => !rows.has(r))).toEqual([]);
    expect([...rows].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("answers each role as the matrix says", async () => {
    const { team, actors } = await makeTeam();
    const failures: string[] = [];
    for (const [key, row] of Object.entries(MATRIX)) {
      const [method, routePath] = routeOf(key).split(" ") as [string, string];
      for (const role of ROLES) {
        // Fresh sessions each call: a logout row must not sign anyone out of the next row.
        const actor = role === "anonymous" ? undefined : row.selfDestructive ? await createUser() : actors[role];
        const session = actor ? await freshSession(actor.id) : undefined;
        const { path, body, bindings } = await ownersRequest(row, team, routePath);
        const response = await call(method, path, {
          cookie: session,
          body,
          env: bindings,
          ip: `100.65.${failures.length}.${Math.floor(Math.random() * 250)}`,
        });
        if (response.status !== row.expect[role]) {
          failures.push(`${key} as ${role}: expected ${row.expect[role]}, got ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers a personal access token of each scope as the matrix answers its owner, and refuses it elsewhere", async () => {
    const { team, actors, otherOwner } = await makeTeam();
    const ownTokens = await Promise.all(TOKEN_SCOPES.map((scope) => createAccessTokenFor(team.owner, [scope])));
    // another team's admin and owner, holding every scope their plans allow: 404 like their sessions
    const otherAdminToken = await createAccessTokenFor(actors.otherTeamAdmin, ["read", "write", "generate"]);
    const otherOwnerToken = await createAccessTokenFor(otherOwner, ["export"]);
    const failures: string[] = [];
    for (const [key, row] of Object.entries(MATRIX)) {
      const [method, routePath] = routeOf(key).split(" ") as [string, string];
      if (row.selfDestructive || routePath.startsWith("/api/dev/")) continue;
      const access = TOKEN_SCOPE[routeOf(key)];
      const callers: Array<[string, string, number]> = TOKEN_SCOPES.map((scope, i) => [
        `the owner's ${scope} token`,
        ownTokens[i]!,
        access === scope || access === "any" ? row.expect.owner : 403,
      ]);
      if (access && access !== "export")
        callers.push(["another team's admin's token", otherAdminToken, row.expect.otherTeamAdmin]);
      if (access === "export")
        callers.push(["another team's owner's token", otherOwnerToken, row.expect.otherTeamAdmin]);
      for (const [who, bearer, expected] of callers) {
        const { path, body, bindings } = await ownersRequest(row, team, routePath);
        const response = await call(method, path, { bearer, body, env: bindings, ip: `100.66.${failures.length}.9` });
        if (response.status !== expected)
          failures.push(`${key} with ${who}: expected ${expected}, got ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(Object.keys(TOKEN_SCOPE).filter((route) => !Object.keys(MATRIX).map(routeOf).includes(route))).toEqual([]);
  }, 120_000);

  it("answers every other spelling of an id with 404, byte for byte like a missing id", async () => {
    const { team, actors } = await makeTeam();
    const owner = team.owner;
    // admin routes are asked by a platform admin, everything else by the resources' owner
    const adminSession = await freshSession(actors.platformAdmin.id);
    const sessionFor = (key: string) => (key.includes("/api/admin/") ? adminSession : owner.session);
    const failures: string[] = [];
    const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    for (const [key, row] of Object.entries(MATRIX)) {
      if (!key.includes("/:id")) continue;
      const method = key.split(" ")[0]!;
      const { path, body } = await row.request({ ...owner, session: await freshSession(owner.id) }, team);
      const id = /\/(\d+)(?=\/|$)/.exec(path!)![1]!;
      const at = (spelling: string) => path!.replace(`/${id}`, `/${spelling}`);
      // The largest id that can exist is missing here: what "not found" looks like on this route.
      const missing = await call(method, at(String(Number.MAX_SAFE_INTEGER)), { cookie: sessionFor(key), body });
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
        const response = await call(method, at(spelling), { cookie: sessionFor(key), body });
        const answer = withoutRequestId(await json(response));
        if (response.status !== 404 || JSON.stringify(answer) !== JSON.stringify(expected)) {
          failures.push(`${method} ${at(spelling)}: ${response.status} ${JSON.stringify(answer)}`);
        }
      }
      // The canonical spelling still reaches the owner's resource (a 409 the matrix expects is the resource's own
      // answer).
      const canonical = (await call(method, path!, { cookie: sessionFor(key), body })).status;
      if (canonical >= 400 && canonical !== row.expect.owner) failures.push(`${key}: canonical id refused`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
