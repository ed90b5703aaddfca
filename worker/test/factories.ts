import type { Project } from "../../schema/api/projects";
import { env } from "cloudflare:test";
import { call, json, type TestUser } from "./client";

export async function setTier(user: TestUser, tier: "free" | "pro" | "enterprise") {
  const response = await call("POST", "/api/dev/subscription", { cookie: user.session, body: { tier } });
  if (response.status !== 200) throw new Error(`setTier: ${response.status}`);
}

export async function createProject(
  user: TestUser,
  values: { name?: string; description?: string; color?: string } = {},
): Promise<Project> {
  const response = await call("POST", "/api/projects", {
    cookie: user.session,
    body: { name: values.name ?? "Project", description: values.description ?? "", color: values.color ?? "#3B82F6" },
  });
  if (response.status !== 201) throw new Error(`createProject: ${response.status} ${await response.text()}`);
  return json<Project>(response);
}

export async function createTranscripts(
  user: TestUser,
  options: { count?: number; projectId?: number | null } = {},
): Promise<number[]> {
  const response = await call("POST", "/api/dev/sample-transcripts", {
    cookie: user.session,
    body: { count: options.count ?? 1, projectId: options.projectId ?? null },
  });
  if (response.status !== 200) throw new Error(`createTranscripts: ${response.status} ${await response.text()}`);
  return (await json<{ ids: number[] }>(response)).ids;
}

export async function countRows(table: string, where: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}
