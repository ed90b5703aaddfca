import type { z } from "zod";
import {
  createIntegrationSchema,
  isTrackerType,
  notionPageIdFromUrl,
  parseNotionPageUrl,
  updateIntegrationSchema,
  type CreateIntegrationInput,
  type Integration,
  type UpdateIntegrationInput,
} from "../../../schema/api/integrations";
import {
  deleteIntegrationRow,
  findIntegrationWithOwner,
  insertIntegration,
  listIntegrationRows,
  updateIntegrationRow,
  type IntegrationChanges,
  type IntegrationRow,
  type IntegrationSettings,
} from "../../data/integrations";
import { findSubscription } from "../../data/users";
import type { Deps } from "../../deps";
import { toBase64Url, randomBytes } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { maskSecret } from "../../../schema/api/secret-mask";
import { decryptSecret, encryptSecret, importSecretsKey } from "../../lib/secrets";
import { activeTeamsOf } from "../../data/teams";
import { accessProject, assertManages, requireManagedProject, requireProject } from "../access";
import { effectiveTier, limitsFor } from "../plans";
import { resolveTrackerDestination, trackerSecret, type TrackerConfig } from "./tracker-destinations";

// Integrations of a project (docs/product-spec.md §3, §7): Pro and Enterprise only; only whoever may access the project sees or
// changes them (services/access), and anyone else's id answers 404. Credentials are sealed before they are stored
// and never leave the Worker again except in the Authorization header of a JIRA or Notion call.

export const INTEGRATIONS_PLAN_MESSAGE =
  "Integrations are only available on Pro and Enterprise plans. Upgrade to connect JIRA, Notion, Linear, GitHub Issues or Azure DevOps.";

/**
 * 403 unless the account's plan includes integrations (checked on every integration call, reads and exports too).
 * `accountId` is the project's owner: in a team's project the owner's plan is what counts.
 */
export async function requireIntegrationsPlan(deps: Deps, accountId: number): Promise<void> {
  const tier = effectiveTier(await findSubscription(deps.db, accountId));
  if (!limitsFor(tier).integrations) throw new AppError("plan_limit", INTEGRATIONS_PLAN_MESSAGE, { details: { tier } });
}

/** The wizard's checks name no project: the user's own plan counts, or that of a team they help manage. */
export async function requireIntegrationsPlanForUser(deps: Deps, userId: number): Promise<void> {
  const managed = (await activeTeamsOf(deps.db, userId)).filter((t) => t.role === "admin").map((t) => t.ownerId);
  for (const accountId of [userId, ...managed]) {
    if (limitsFor(effectiveTier(await findSubscription(deps.db, accountId))).integrations) return;
  }
  await requireIntegrationsPlan(deps, userId);
}

/**
 * The integration when the user may work in its project ("work": list, export), or manage it ("manage": change,
 * delete; the owner or a team admin). Anyone else gets 404, exactly like a missing id; a team member asking to
 * manage gets 403.
 */
export async function requireIntegration(
  deps: Deps,
  userId: number,
  integrationId: number,
  need: "work" | "manage" = "work",
): Promise<IntegrationRow> {
  const found = await findIntegrationWithOwner(deps.db, integrationId);
  if (!found) throw notFound("Integration");
  // The project check goes through services/access, so teams widen it in one place.
  const access = await accessProject(deps, userId, found.integration.projectId).catch(() => {
    throw notFound("Integration");
  });
  if (need === "manage") assertManages(access.position);
  return found.integration;
}

const keyCache = new Map<string, Promise<CryptoKey>>();

/** The sealing key; 503 in production when INTEGRATIONS_KEY is missing (credentials are never stored unsealed). */
function secretsKey(deps: Deps): Promise<CryptoKey> {
  const base64 = deps.config.integrationsKey;
  if (!base64) {
    throw new AppError(
      "service_unavailable",
      "Integrations are not configured here: INTEGRATIONS_KEY is not set, so credentials cannot be stored safely.",
    );
  }
  let key = keyCache.get(base64);
  if (!key) {
    key = importSecretsKey(base64);
    keyCache.set(base64, key);
  }
  return key;
}

async function seal(deps: Deps, ownerId: number, secret: string) {
  const secretRef = toBase64Url(randomBytes(16));
  const secretSealed = await encryptSecret(await secretsKey(deps), secret, { ownerId, integrationRef: secretRef });
  return { secretSealed, secretRef, secretMask: maskSecret(secret) };
}

/** The plaintext credential, for the adapter call about to be made; never logged or answered. */
export async function openSecret(deps: Deps, row: IntegrationRow): Promise<string> {
  try {
    return await decryptSecret(await secretsKey(deps), row.secretSealed, {
      ownerId: row.ownerId,
      integrationRef: row.secretRef,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Another key, or an altered value: the stored credential is unusable, and saying so is the way out.
    throw new AppError(
      "conflict",
      `The saved credentials of "${row.name}" can no longer be read. Edit the integration and enter them again.`,
      {
        cause: error,
      },
    );
  }
}

export function toIntegration(row: IntegrationRow): Integration {
  const base = {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    isActive: row.isActive,
    epic: row.epic ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
  const settings = row.settings;
  if (row.type === "jira" && "domain" in settings) {
    return {
      ...base,
      type: "jira",
      config: {
        domain: settings.domain,
        email: settings.email,
        projectKey: settings.projectKey,
        apiToken: row.secretMask,
      },
    };
  }
  if (row.type === "notion" && "pageUrl" in settings) {
    return { ...base, type: "notion", config: { pageUrl: safePageUrl(settings), integrationSecret: row.secretMask } };
  }
  if (row.type === "linear" && "teamId" in settings) {
    const { teamKey, teamName, epicAs } = settings;
    return { ...base, type: "linear", config: { teamKey, teamName, epicAs, apiKey: row.secretMask } };
  }
  if (row.type === "github" && "repo" in settings) {
    return {
      ...base,
      type: "github",
      config: { repository: `${settings.owner}/${settings.repo}`, token: row.secretMask },
    };
  }
  if (row.type === "azure-devops" && "organization" in settings) {
    const { organization, project } = settings;
    return { ...base, type: "azure-devops", config: { organization, project, token: row.secretMask } };
  }
  throw new Error(`Integration ${row.id} has settings of another type`);
}

/**
 * The stored page link when it is still a Notion https link; a row saved before security issue 26 may hold any
 * scheme (or a bare id), so it is answered as Notion's own link to the same page instead of as typed.
 */
function safePageUrl(settings: { pageUrl: string; pageId: string }): string {
  return "href" in parseNotionPageUrl(settings.pageUrl)
    ? settings.pageUrl
    : `https://www.notion.so/${settings.pageId.replace(/-/g, "")}`;
}

export async function listIntegrations(deps: Deps, userId: number, projectId: number): Promise<Integration[]> {
  const project = await requireProject(deps, userId, projectId);
  await requireIntegrationsPlan(deps, project.ownerId);
  return (await listIntegrationRows(deps.db, projectId)).map(toIntegration);
}

export async function createIntegration(
  deps: Deps,
  userId: number,
  projectId: number,
  input: CreateIntegrationInput,
): Promise<Integration> {
  const project = await requireManagedProject(deps, userId, projectId);
  await requireIntegrationsPlan(deps, project.ownerId);
  const values = createIntegrationSchema.parse(input);
  const { settings, secret } = await settingsOf(deps, userId, values);
  const row = await insertIntegration(
    deps.db,
    {
      projectId,
      ownerId: project.ownerId,
      type: values.type,
      name: values.name,
      isActive: values.isActive ?? true,
      settings,
      ...(await seal(deps, project.ownerId, secret)),
    },
    deps.now(),
  );
  return toIntegration(row);
}

/** What is stored for a new integration: its settings (a tracker's read from the tracker) and the secret to seal. */
async function settingsOf(
  deps: Deps,
  userId: number,
  values: z.output<typeof createIntegrationSchema>,
): Promise<{ settings: IntegrationSettings; secret: string }> {
  switch (values.type) {
    case "jira": {
      const { domain, email, projectKey, apiToken } = values.config;
      return { settings: { domain, email, projectKey }, secret: apiToken };
    }
    case "notion": {
      const { pageUrl, integrationSecret } = values.config;
      return { settings: { pageUrl, pageId: notionPageIdFromUrl(pageUrl)! }, secret: integrationSecret };
    }
    default: {
      const config = { type: values.type, ...values.config } as TrackerConfig;
      return { settings: await resolveTrackerDestination(deps, userId, config), secret: trackerSecret(config) };
    }
  }
}

export async function updateIntegration(
  deps: Deps,
  userId: number,
  integrationId: number,
  input: UpdateIntegrationInput,
): Promise<Integration> {
  const row = await requireIntegration(deps, userId, integrationId, "manage");
  await requireIntegrationsPlan(deps, row.ownerId);
  const values = updateIntegrationSchema.parse(input);
  const config = values.config ?? {};
  const changes: IntegrationChanges = {};
  if (values.name !== undefined) changes.name = values.name;
  if (values.isActive !== undefined) changes.isActive = values.isActive;

  let settings: IntegrationSettings = row.settings;
  let secret: string | undefined;
  if (row.type === "jira" && "domain" in settings) {
    settings = {
      domain: config.domain ?? settings.domain,
      email: config.email ?? settings.email,
      projectKey: config.projectKey ?? settings.projectKey,
    };
    secret = config.apiToken || undefined;
  } else if ("pageUrl" in settings) {
    // Only a new link is read again: a row's own link may predate the https-only rule, and its page id stays valid.
    if (config.pageUrl !== undefined)
      settings = { pageUrl: config.pageUrl, pageId: notionPageIdFromUrl(config.pageUrl)! };
    secret = config.integrationSecret || undefined;
  } else if (isTrackerType(row.type)) {
    secret = (row.type === "linear" ? config.apiKey : config.token) || undefined;
  }
  if (secret !== undefined && /\s/.test(secret)) {
    throw new AppError("validation_failed", "Secrets cannot contain spaces or line breaks.", {
      details: { field: SECRET_FIELDS[row.type] },
    });
  }
  if (isTrackerType(row.type)) {
    const changed = await trackerChanges(deps, userId, row, config, secret);
    if (changed) settings = changed;
  }
  const destinationChanged = destinationOf(settings) !== destinationOf(row.settings);
  if (destinationChanged || JSON.stringify(settings) !== JSON.stringify(row.settings)) changes.settings = settings;
  if (secret !== undefined) Object.assign(changes, await seal(deps, row.ownerId, secret));
  if (Object.keys(changes).length === 0) return toIntegration(row);
  return toIntegration(await updateIntegrationRow(deps.db, row.id, changes, destinationChanged, deps.now()));
}

const SECRET_FIELDS: Record<IntegrationRow["type"], string> = {
  jira: "apiToken",
  notion: "integrationSecret",
  linear: "apiKey",
  github: "token",
  "azure-devops": "token",
};

/**
 * A tracker's new settings when the destination or the credential changed: read from the tracker again with the
 * credential that will be used (the new one, or the stored one opened for this check). null: nothing to re-read.
 */
async function trackerChanges(
  deps: Deps,
  userId: number,
  row: IntegrationRow,
  config: NonNullable<z.output<typeof updateIntegrationSchema>["config"]>,
  newSecret: string | undefined,
): Promise<IntegrationSettings | null> {
  const settings = row.settings;
  let next: TrackerConfig | null = null;
  if (row.type === "linear" && "teamId" in settings) {
    const teamKey = config.teamKey ?? settings.teamKey;
    const epicAs = config.epicAs ?? settings.epicAs;
    if (teamKey === settings.teamKey && newSecret === undefined)
      return epicAs === settings.epicAs ? null : { ...settings, epicAs };
    next = { type: "linear", apiKey: newSecret ?? (await openSecret(deps, row)), teamKey, epicAs };
  } else if (row.type === "github" && "repo" in settings) {
    const repository = config.repository ?? `${settings.owner}/${settings.repo}`;
    if (repository.toLowerCase() === `${settings.owner}/${settings.repo}`.toLowerCase() && newSecret === undefined)
      return null;
    next = { type: "github", token: newSecret ?? (await openSecret(deps, row)), repository };
  } else if (row.type === "azure-devops" && "organization" in settings) {
    const organization = config.organization ?? settings.organization;
    const project = config.project ?? settings.project;
    if (organization === settings.organization && project === settings.project && newSecret === undefined) return null;
    next = { type: "azure-devops", token: newSecret ?? (await openSecret(deps, row)), organization, project };
  }
  return next ? resolveTrackerDestination(deps, userId, next) : null;
}

/** Where exports land: another site, project, page, team, repository or organisation makes earlier records meaningless. */
function destinationOf(settings: IntegrationSettings): string {
  if ("domain" in settings) return `${settings.domain}/${settings.projectKey}`;
  if ("pageId" in settings) return settings.pageId;
  if ("teamId" in settings) return `linear/${settings.teamId}/${settings.epicAs}`;
  if ("repo" in settings) return `github/${settings.owner}/${settings.repo}`.toLowerCase();
  return `azure-devops/${settings.organization}/${settings.projectId}`.toLowerCase();
}

/** Deleting needs no plan: someone who left Pro can still remove the credentials they stored. */
export async function deleteIntegration(deps: Deps, userId: number, integrationId: number): Promise<void> {
  const row = await requireIntegration(deps, userId, integrationId, "manage");
  await deleteIntegrationRow(deps.db, row.id);
}
