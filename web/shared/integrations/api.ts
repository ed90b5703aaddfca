// A project's integrations (JIRA, Notion, Linear, GitHub Issues, Azure DevOps) are read by the project settings page, the Export menus (generator and
// history) and the story editor's Export to JIRA, so their calls live here rather than in one feature.
import { INTEGRATION_LABELS } from "../../../schema/api/integration-types";
import type {
  ExportMode,
  AzureDevOpsAuthResult,
  AzureDevOpsProjectResult,
  GitHubAuthResult,
  GitHubRepositoryResult,
  LinearAuthResult,
  LinearTeamResult,
  CreateIntegrationInput,
  EpicChoices,
  ExportProgress,
  ExportReview,
  StoryPlacementRequest,
  ExportResponse,
  Integration,
  IntegrationType,
  TranscriptExports,
  JiraAuthResult,
  JiraDomainResult,
  JiraProjectResult,
  UpdateIntegrationInput,
} from "../../../schema/api/integrations";
import { api, ApiError } from "../../lib/api";
import { invalidateIntegrations, setQueryData, useQuery } from "../../lib/query";
import { queryKeys, type ProjectIntegrations } from "../../lib/query-keys";

/** docs/product-spec.md §8: the free plan's refusal is recognised by its message text. */
export function isIntegrationsUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.serverMessage.includes("Integrations are only available")
  );
}

/** The list, or `{ available: false }` when the plan has no integrations: that 403 is an answer, not a failure. */
async function fetchIntegrations(path: string): Promise<ProjectIntegrations> {
  try {
    return { available: true, integrations: await api.get<Integration[]>(path) };
  } catch (error) {
    if (isIntegrationsUnavailable(error)) {
      return { available: false, integrations: [], message: (error as ApiError).serverMessage };
    }
    throw error;
  }
}

/**
 * A project's integrations (docs/product-spec.md §7: only when a project is chosen). `enabled` false waits, so a menu can ask only
 * once it is opened. The answer is cached for the session (a free plan's 'not available' included) and refreshed
 * by the writes below and by a plan change.
 */
export function useProjectIntegrations(projectId: number | null, enabled = true) {
  return useQuery(projectId === null || !enabled ? null : queryKeys.integrations(projectId), {
    fetcher: fetchIntegrations,
  });
}

/** Reads a project's integrations now (when the hook's answer is not there yet) and caches the answer. */
export async function loadProjectIntegrations(projectId: number): Promise<ProjectIntegrations> {
  const answer = await fetchIntegrations(queryKeys.integrations(projectId));
  await setQueryData(queryKeys.integrations(projectId), answer);
  return answer;
}

/** Integrations an Export menu offers: the active ones, of every type, by name. */
export function activeIntegrations(list: readonly Integration[]): Integration[] {
  return list.filter((i) => i.isActive).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The editor's export target: the first active JIRA integration by name; without one, the first active issue
 * tracker (Linear, GitHub Issues, Azure DevOps), so a team on another tracker exports from the editor too. Null
 * when the project has neither (Notion takes pages, not an epic and issues, and stays in the Export menus).
 */
export function editorExportTarget(list: readonly Integration[]): Integration | null {
  const active = activeIntegrations(list);
  return active.find((i) => i.type === "jira") ?? active.find((i) => i.type !== "notion") ?? null;
}

export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = INTEGRATION_LABELS;

export async function createIntegration(projectId: number, input: CreateIntegrationInput): Promise<Integration> {
  const created = await api.post<Integration>(queryKeys.integrations(projectId), input);
  await setQueryData(queryKeys.integrations(projectId), (current) =>
    current?.available ? { ...current, integrations: [...current.integrations, created] } : current,
  );
  void invalidateIntegrations(projectId);
  return created;
}

export async function updateIntegration(integration: Integration, input: UpdateIntegrationInput): Promise<Integration> {
  return replaceCached(await api.put<Integration>(`/api/integrations/${integration.id}`, input));
}

/** PUT /api/integrations/{id}/epic: the open epic the project's exports go under (null: a new one each time). */
export async function chooseIntegrationEpic(integration: Integration, epic: string | null): Promise<Integration> {
  return replaceCached(await api.put<Integration>(`/api/integrations/${integration.id}/epic`, { epic }));
}

async function replaceCached(updated: Integration): Promise<Integration> {
  await setQueryData(queryKeys.integrations(updated.projectId), (current) =>
    current?.available
      ? { ...current, integrations: current.integrations.map((i) => (i.id === updated.id ? updated : i)) }
      : current,
  );
  return updated;
}

export async function deleteIntegration(integration: Integration): Promise<void> {
  await api.delete(`/api/integrations/${integration.id}`, { projectId: integration.projectId });
  await setQueryData(queryKeys.integrations(integration.projectId), (current) =>
    current?.available
      ? { ...current, integrations: current.integrations.filter((i) => i.id !== integration.id) }
      : current,
  );
}

interface Validated<T> {
  success: true;
  data: T;
}

export async function validateJiraDomain(domain: string): Promise<JiraDomainResult> {
  return (await api.post<Validated<JiraDomainResult>>("/api/validate/jira-domain", { domain })).data;
}

export async function validateJiraAuth(input: {
  domain: string;
  email: string;
  apiToken: string;
}): Promise<JiraAuthResult> {
  return (await api.post<Validated<JiraAuthResult>>("/api/validate/jira-auth", input)).data;
}

export async function validateJiraProject(input: {
  domain: string;
  email: string;
  apiToken: string;
  projectKey: string;
}): Promise<JiraProjectResult> {
  return (await api.post<Validated<JiraProjectResult>>("/api/validate/jira-project", input)).data;
}

export async function validateLinearAuth(input: { apiKey: string }): Promise<LinearAuthResult> {
  return (await api.post<Validated<LinearAuthResult>>("/api/validate/linear-auth", input)).data;
}

export async function validateLinearTeam(input: { apiKey: string; teamKey: string }): Promise<LinearTeamResult> {
  return (await api.post<Validated<LinearTeamResult>>("/api/validate/linear-team", input)).data;
}

export async function validateGitHubAuth(input: { token: string }): Promise<GitHubAuthResult> {
  return (await api.post<Validated<GitHubAuthResult>>("/api/validate/github-auth", input)).data;
}

export async function validateGitHubRepository(input: {
  token: string;
  repository: string;
}): Promise<GitHubRepositoryResult> {
  return (await api.post<Validated<GitHubRepositoryResult>>("/api/validate/github-repository", input)).data;
}

export async function validateAzureDevOpsAuth(input: {
  organization: string;
  token: string;
}): Promise<AzureDevOpsAuthResult> {
  return (await api.post<Validated<AzureDevOpsAuthResult>>("/api/validate/azure-devops-auth", input)).data;
}

export async function validateAzureDevOpsProject(input: {
  organization: string;
  token: string;
  project: string;
}): Promise<AzureDevOpsProjectResult> {
  return (await api.post<Validated<AzureDevOpsProjectResult>>("/api/validate/azure-devops-project", input)).data;
}

/**
 * POST /api/transcripts/{id}/export/{type}: resolves when the export has finished on the server. `mode`: "create"
 * (export, or finish a partial one), "update" (send what changed since), "new" (a second, separate copy).
 */
export function postExport(
  transcriptId: number,
  integration: Pick<Integration, "id" | "type">,
  mode: ExportMode = "create",
  review?: ExportReviewChoices,
): Promise<ExportResponse> {
  return api.post<ExportResponse>(`/api/transcripts/${transcriptId}/export/${integration.type}`, {
    integrationId: integration.id,
    ...(mode === "create" ? {} : { mode }),
    ...review,
  });
}

/** What the review before an export chose: each story's placement, and the epic to go under. */
export interface ExportReviewChoices {
  placements?: StoryPlacementRequest[];
  epic?: string | null;
  rememberEpic?: boolean;
}

/**
 * POST /api/transcripts/{id}/export/{type}/review: each story compared with the destination's open items (nothing is
 * written); `epic`: the existing epic the stories would go under, whose items this meeting does not mention are listed.
 */
export async function postExportReview(
  transcriptId: number,
  integration: Pick<Integration, "id" | "type">,
  epic?: string,
): Promise<ExportReview> {
  const path = `/api/transcripts/${transcriptId}/export/${integration.type}/review`;
  return (await api.post<Validated<ExportReview>>(path, { integrationId: integration.id, ...(epic ? { epic } : {}) }))
    .data;
}

/** GET /api/integrations/{id}/epics: the destination's open epics, and the one the project remembers. */
export async function getEpicChoices(integrationId: number): Promise<EpicChoices> {
  return (await api.get<Validated<EpicChoices>>(`/api/integrations/${integrationId}/epics`)).data;
}

/** GET /api/transcripts/{id}/exports now (not from the cache): where the stories went, and what an update would send. */
export function getTranscriptExports(transcriptId: number): Promise<TranscriptExports> {
  return api.get<TranscriptExports>(queryKeys.transcriptExports(transcriptId));
}

/** Where a saved transcript's stories went; null `transcriptId` (nothing saved) or `enabled` false reads nothing. */
export function useTranscriptExports(transcriptId: number | null, enabled = true) {
  return useQuery(transcriptId === null || !enabled ? null : queryKeys.transcriptExports(transcriptId));
}

/** GET /api/transcripts/{id}/exports/{integrationId}: the export's progress as the server records it. */
export function getExportProgress(transcriptId: number, integrationId: number): Promise<ExportProgress> {
  return api.get<ExportProgress>(`/api/transcripts/${transcriptId}/exports/${integrationId}`);
}
