// Factories: rows made through the data layer and services (no HTTP, no /api/dev/*), so a test's set-up is fast
// and cannot fail for a reason the test is not about. Storage is shared by the tests of one file: names are unique.
import { env } from "cloudflare:test";
import type { Project } from "../../schema/api/projects";
import type { Tier } from "../../schema/api/subscription";
import { insertUser, setSubscription } from "../data/users";
import { hashPassword } from "../lib/password";
import { createProject as createProjectService } from "../services/projects";
import { createSession } from "../services/auth/sessions";
import { createSampleTranscripts } from "../services/dev/samples";
import { unique } from "./client";
import { buildTestDeps } from "./deps";

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

export async function countRows(table: string, where: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}
