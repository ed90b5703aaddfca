// Factories: rows made through the data layer and services (no HTTP, no /api/dev/*), so a test's set-up is fast
// and cannot fail for a reason the test is not about. Storage is shared by the tests of one file: names are unique.
import { env } from "cloudflare:test";
import type { Project } from "../../schema/api/projects";
import type { Tier } from "../../schema/api/subscription";
import type { GeneratedStories } from "../../schema/api/transcripts";
import { insertTranscripts } from "../data/transcripts";
import { insertUser, setSubscription } from "../data/users";
import { hashPassword } from "../lib/password";
import type { Integration } from "../../schema/api/integrations";
import { createIntegration as createIntegrationService, toIntegration } from "../services/integrations";
import type { TrackerType } from "../../schema/api/integrations";
import { maskSecret } from "../../schema/api/secret-mask";
import {
  insertIntegration,
  type AzureDevOpsSettings,
  type GitHubSettings,
  type IntegrationSettings,
  type LinearSettings,
} from "../data/integrations";
import { randomBytes, toBase64Url } from "../lib/crypto";
import { encryptSecret, importSecretsKey } from "../lib/secrets";
import {
  FAKE_AZURE_DEVOPS_ORGANIZATION,
  FAKE_AZURE_DEVOPS_PAT,
  FAKE_AZURE_DEVOPS_PROJECT_ID,
  FAKE_GITHUB_TOKEN,
  FAKE_LINEAR_API_KEY,
} from "./tracker-credentials";
import { createProject as createProjectService } from "../services/projects";
import { createSession } from "../services/auth/sessions";
import { createAccessToken } from "../services/auth/access-tokens";
import { createMcpAuthorization } from "../adapters/mcp-oauth";
import type { Bindings } from "../bindings";
import type { CreateAccessTokenInput, TokenScope } from "../../schema/api/access-tokens";
import { createSampleTranscripts } from "../services/dev/samples";
import { unique } from "./client";
import { buildTestDeps } from "./deps";
import type { TeamRole } from "../../schema/api/teams";
import { acceptTeamInvitation, inviteMember } from "../services/teams";

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestUser {
  id: number;
  username: string;
  email: string | null;
  password: string;
  /** A session token ("" for an unverified account, which cannot sign in). */
  session: string;
}

// Deps with the real clock: sessions and rows made here are used through the real Worker, which uses Date.now.
const deps = () => buildTestDeps({ now: Date.now });

/** A password account (verified unless told otherwise) with a signed-in session. */
export async function createUser(
  options: { isAdmin?: boolean; email?: string | null; emailVerified?: boolean; username?: string } = {},
): Promise<TestUser> {
  const username = options.username ?? unique();
  const email = options.email === undefined ? `${username.toLowerCase()}@example.com` : options.email;
  const d = deps();
  const user = await insertUser(d.db, {
    username,
    email,
    passwordHash: await hashPassword(TEST_PASSWORD, d.config.passwordPepper),
    emailVerified: options.emailVerified ?? true,
    isAdmin: options.isAdmin ?? false,
  });
  const session = options.emailVerified === false ? "" : (await createSession(d, user.id)).token;
  return { id: user.id, username, email, password: TEST_PASSWORD, session };
}

/** A new session for an existing user. */
export async function freshSession(userId: number): Promise<string> {
  return (await createSession(deps(), userId)).token;
}

/** A personal access token of the user's, made through the service (so within its limits, like a real one). */
export async function createAccessTokenFor(
  user: { id: number },
  scopes: TokenScope[],
  values: { name?: string; expiresInDays?: CreateAccessTokenInput["expiresInDays"] } = {},
): Promise<string> {
  const created = await createAccessToken(deps(), user.id, {
    name: values.name ?? unique("token"),
    scopes,
    expiresInDays: values.expiresInDays === undefined ? 30 : values.expiresInDays,
  });
  return created.token;
}

/**
 * An MCP client the user connected through OAuth (a grant with `scopes`), made with the provider's own helpers, as
 * the consent screen's Allow makes one. Returns the grant's id.
 */
export async function createConnectedApp(user: { id: number }, scopes: TokenScope[] = ["read"]): Promise<string> {
  const { helpers } = createMcpAuthorization(env as Bindings, "http://localhost")!;
  const client = await helpers.createClient({
    clientName: unique("app"),
    redirectUris: ["http://127.0.0.1:33418/callback"],
    tokenEndpointAuthMethod: "none",
  });
  await helpers.completeAuthorization({
    request: {
      responseType: "code",
      clientId: client.clientId,
      redirectUri: "http://127.0.0.1:33418/callback",
      scope: scopes,
      state: "s",
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      codeChallengeMethod: "S256",
    },
    userId: String(user.id),
    metadata: { clientName: client.clientName },
    scope: scopes,
    props: { userId: user.id, scopes },
  });
  const { items } = await helpers.listUserGrants(String(user.id));
  return items.find((grant) => grant.clientId === client.clientId)!.id;
}

export async function setTier(user: { id: number }, tier: Tier) {
  const d = deps();
  await setSubscription(d.db, user.id, tier, "active", d.now());
}

/** A project, through the projects service (so within the user's plan limit, like a real one). */
export async function createProject(
  user: { id: number },
  values: { name?: string; description?: string; color?: string } = {},
): Promise<Project> {
  return createProjectService(deps(), user.id, {
    name: values.name ?? "Project",
    description: values.description ?? "",
    color: values.color ?? "#3B82F6",
  });
}

/** Transcripts with realistic stories (every third one without stories yet). Returns their ids, oldest first. */
export async function createTranscripts(
  user: { id: number },
  options: { count?: number; projectId?: number | null } = {},
): Promise<number[]> {
  return createSampleTranscripts(deps(), user.id, { count: options.count ?? 1, projectId: options.projectId ?? null });
}

/** A JIRA or Notion integration on the project (the owner must be on a paid plan), credentials for the fakes. */
export async function createIntegration(
  user: { id: number },
  projectId: number,
  type: "jira" | "notion" = "jira",
): Promise<Integration> {
  return createIntegrationService(
    deps(),
    user.id,
    projectId,
    type === "jira"
      ? {
          type,
          name: "Team JIRA",
          config: {
            domain: "acme.atlassian.net",
            email: "pm@acme.test",
            apiToken: "fake-jira-token",
            projectKey: "SL",
          },
        }
      : {
          type,
          name: "Roadmap",
          config: {
            integrationSecret: "secret_fake_notion",
            pageUrl: "https://www.notion.so/acme/Roadmap-1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
          },
        },
  );
}

/** The settings and credential of each tracker's fake (worker/test/{linear,github,azure-devops}). */
export const TRACKER_FIXTURES = {
  linear: {
    name: "Team Linear",
    secret: FAKE_LINEAR_API_KEY,
    settings: {
      teamId: "5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a01",
      teamKey: "ENG",
      teamName: "Engineering",
      epicAs: "issue",
    } satisfies LinearSettings,
    config: { apiKey: FAKE_LINEAR_API_KEY, teamKey: "ENG", epicAs: "issue" },
  },
  github: {
    name: "Backlog issues",
    secret: FAKE_GITHUB_TOKEN,
    settings: { owner: "storyloom-demo", repo: "backlog" } satisfies GitHubSettings,
    config: { token: FAKE_GITHUB_TOKEN, repository: "storyloom-demo/backlog" },
  },
  "azure-devops": {
    name: "Boards",
    secret: FAKE_AZURE_DEVOPS_PAT,
    settings: {
      organization: FAKE_AZURE_DEVOPS_ORGANIZATION,
      project: "StoryLoom Demo",
      projectId: FAKE_AZURE_DEVOPS_PROJECT_ID,
    } satisfies AzureDevOpsSettings,
    config: { organization: FAKE_AZURE_DEVOPS_ORGANIZATION, project: "StoryLoom Demo", token: FAKE_AZURE_DEVOPS_PAT },
  },
} as const;

/**
 * A Linear, GitHub or Azure DevOps integration pointing at its fake, stored directly (sealed as the service seals),
 * so setting one up makes no outside call; the service's own create, which asks the tracker, has its tests in
 * worker/routes/tracker-export.test.ts.
 */
export async function createTrackerIntegration(
  user: { id: number },
  projectId: number,
  type: TrackerType,
  overrides: { settings?: Partial<LinearSettings & GitHubSettings & AzureDevOpsSettings> } = {},
): Promise<Integration> {
  const d = deps();
  const fixture = TRACKER_FIXTURES[type];
  const secretRef = toBase64Url(randomBytes(16));
  const key = await importSecretsKey(d.config.integrationsKey!);
  const row = await insertIntegration(
    d.db,
    {
      projectId,
      ownerId: user.id,
      type,
      name: fixture.name,
      isActive: true,
      settings: { ...fixture.settings, ...overrides.settings } as IntegrationSettings,
      secretSealed: await encryptSecret(key, fixture.secret, { ownerId: user.id, integrationRef: secretRef }),
      secretRef,
      secretMask: maskSecret(fixture.secret),
    },
    d.now(),
  );
  return toIntegration(row);
}

/** One transcript with exactly these stories (or `count` numbered ones), in a project. Returns its id. */
export async function createTranscriptWithStories(
  user: { id: number },
  projectId: number | null,
  stories: GeneratedStories | { count: number; criteria?: number },
  content = "We agreed on the checkout work.",
): Promise<number> {
  const d = deps();
  const generated = "epic" in stories ? stories : numberedStories(stories.count, stories.criteria ?? 3);
  const [id] = await insertTranscripts(
    d.db,
    [
      {
        ownerId: user.id,
        projectId,
        title: "Checkout planning",
        content,
        generatedStories: generated,
        createdAt: d.now(),
      },
    ],
    new Map(),
  );
  return id!;
}

/** `count` distinct stories under one epic, each with `criteria` acceptance criteria. */
export function numberedStories(count: number, criteria = 3): GeneratedStories {
  const priorities = ["Highest", "High", "Medium", "Low", "Lowest"] as const;
  return {
    epic: {
      title: "Checkout redesign",
      description: "Make paying quick and safe.",
      team: "Payments",
      timeline: "Q2 2026",
      priority: "High",
    },
    userStories: Array.from({ length: count }, (_, i) => ({
      title: `Story ${i + 1}: customers can pay step ${i + 1}`,
      description: `As a customer, I want step ${i + 1} of paying to work, so that I can finish checkout.`,
      acceptanceCriteria: Array.from({ length: criteria }, (_, c) => `Step ${i + 1} criterion ${c + 1} holds`),
      priority: priorities[i % priorities.length]!,
      storyPoints: [1, 2, 3, 5, 8][i % 5]!,
      estimatedHours: (i % 5) + 1,
    })),
  };
}

export async function countRows(table: string, where: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

/** Invites `email` to the owner's team through the service; returns the membership and its token. */
export async function createInvitation(
  owner: { id: number },
  email: string,
  role: TeamRole = "member",
): Promise<{ id: number; token: string }> {
  const invitation = await inviteMember(deps(), owner.id, { email, role });
  return { id: invitation.id, token: invitation.inviteToken! };
}

/** Makes `member` an active member of the owner's team (invite and accept, through the service). Returns the membership id. */
export async function addTeamMember(
  owner: { id: number },
  member: { id: number; email: string | null },
  role: TeamRole = "member",
): Promise<number> {
  const { id, token } = await createInvitation(owner, member.email ?? `${unique("member")}@example.com`, role);
  await acceptTeamInvitation(deps(), member.id, token);
  return id;
}
