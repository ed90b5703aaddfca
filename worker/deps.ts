import type { Billing } from "./adapters/billing";
import type { ChatSessions } from "./adapters/chat-session";
import type { Transcriber } from "./adapters/transcription";
import { createOpenAITranscriber } from "./adapters/transcription/openai";
import { createWorkersAITranscriber } from "./adapters/transcription/workers-ai";
import { createOpenAIBacklogJudge, createWorkersAIBacklogJudge, type BacklogJudge } from "./adapters/llm/backlog-judge";
import { createOpenAIHelpModel, createWorkersAIHelpModel, type HelpModel } from "./adapters/llm/help-model";
import { createDurableObjectChatSessions } from "./adapters/chat-session/durable-object";
import { createStripeBilling } from "./adapters/billing/stripe";
import { createHttpSender } from "./adapters/email/http";
import type { EmailSender } from "./adapters/email";
import { createOutboxSender } from "./adapters/email/outbox";
import type { GenerationJobs } from "./adapters/generation-jobs";
import { createWorkflowGenerationJobs } from "./adapters/generation-jobs/workflow";
import type { StoryGenerator } from "./adapters/llm";
import { createLocalGenerator } from "./adapters/llm/local";
import { createOpenAIGenerator } from "./adapters/llm/openai";
import { createWorkersAIGenerator } from "./adapters/llm/workers-ai";
import type { Jira } from "./adapters/jira";
import { createHttpJira } from "./adapters/jira/http";
import type { Notion } from "./adapters/notion";
import { createNotionClient } from "./adapters/notion/client";
import type { Linear } from "./adapters/linear";
import { createLinear } from "./adapters/linear/http";
import type { GitHub } from "./adapters/github";
import { createGitHub } from "./adapters/github/http";
import type { AzureDevOps } from "./adapters/azure-devops";
import { createAzureDevOps } from "./adapters/azure-devops/http";
import type { OAuthProviders } from "./adapters/oauth";
import { createArcticOAuth } from "./adapters/oauth/arctic";
import { createMcpAuthorization, type McpAuthorization } from "./adapters/mcp-oauth";
import type { RateLimits } from "./adapters/rate-limit";
import { createDurableObjectRateLimits } from "./adapters/rate-limit/durable-object";
import { createDb, type Database } from "./data/db";
import { countStatements } from "./data/query-counter";
import { getConfig, type Config } from "./lib/config";
import type { Bindings } from "./bindings";
import { AppError } from "./lib/errors";

/**
 * Everything a service may use, built once per request. Services never see Hono's context, so they run the same
 * under HTTP and in unit tests (worker/test/deps.ts builds one with fakes). Every outside system is chosen from
 * Config here, and only here.
 */
export interface Deps {
  db: Database;
  config: Config;
  now: () => number;
  /** The public origin used in links (APP_URL, or the origin the request came to). */
  origin: string;
  email: EmailSender;
  limits: RateLimits;
  oauth: OAuthProviders;
  /** Sign-in for MCP clients (consent, grants); null where the OAUTH_KV namespace is not bound. */
  mcpAuthorization: () => McpAuthorization | null;
  /** JIRA Cloud and Notion (a fake on localhost in development and tests when JIRA_API_BASE / NOTION_API_BASE say so). */
  jira: Jira;
  notion: Notion;
  /** Linear, GitHub Issues and Azure DevOps (fakes on localhost in development and tests when *_API_BASE say so). */
  trackers: Trackers;
  /** Stripe, or null when card payment is not configured here (plans still show; tiers are set by admins). */
  billing: Billing | null;
  /** The R2 bucket of uploaded recordings (keys from data/audio-objects.ts). */
  audio: R2Bucket;
  /** Help-assistant sessions: a visitor's history and message limit (a Durable Object each). */
  chatSessions: ChatSessions;
  /** The configured transcription provider; throws a 503 'Audio transcription is not configured' when there is none. */
  transcriber: () => Transcriber;
  /** The help assistant's model when an LLM provider is configured; null: the embedded answers (no keys). */
  helpModel: () => HelpModel | null;
  /** The model that judges a review's close calls when an LLM provider is configured; null: the word matcher alone. */
  backlogJudge: () => BacklogJudge | null;
  /** The configured story generator, built on first use (most requests never generate). Throws a 503 naming the
   * missing setting when the selected provider is not configured. */
  storyGenerator: () => StoryGenerator;
  /** Durable generation runs (Workflows), for an LLM provider's generations; null where the binding is missing. */
  generationJobs: GenerationJobs | null;
  /**
   * Keeps work running after the response (or after the client went away): email sending, generation. On Workers,
   * work a request awaits is cancelled when the client disconnects; work passed here is not.
   */
  waitUntil: (work: Promise<unknown>) => void;
  /** Local development only: SQL statements prepared so far in this request. */
  statementCount?: () => number;
}

export interface Trackers {
  linear: Linear;
  github: GitHub;
  "azure-devops": AzureDevOps;
}

/** The trackers' real clients, each aimed at its vendor's API (or, outside production, at the fake the config names). */
export function createTrackers(apiBases: Config["trackerApiBases"]): Trackers {
  return {
    linear: createLinear({ apiBase: apiBases.linear }),
    github: createGitHub({ apiBase: apiBases.github }),
    "azure-devops": createAzureDevOps({ apiBase: apiBases["azure-devops"] }),
  };
}

export function buildDeps(bindings: Bindings, request: Request | null, ctx: Pick<ExecutionContext, "waitUntil">): Deps {
  const config = getConfig(bindings);
  const counted = config.env === "development" && request ? countStatements(bindings.DB) : undefined;
  const db = createDb(counted?.db ?? bindings.DB);
  // (a job without a request, such as a generation run, makes no links)
  const origin = config.appUrl ?? (request ? new URL(request.url).origin : "");
  return {
    db,
    config,
    now: Date.now,
    origin,
    // the outbox keeps whole messages (sealed) only for the dev outbox reader: development and tests
    email: config.email
      ? createHttpSender(config.email)
      : createOutboxSender(db, config.isLocal ? config.integrationsKey : null),
    limits: createDurableObjectRateLimits(bindings.RATE_LIMITER),
    oauth: createArcticOAuth(config.oauth, origin),
    mcpAuthorization: () => createMcpAuthorization(bindings, origin),
    jira: createHttpJira({ apiBase: config.jiraApiBase }),
    notion: createNotionClient({ apiBase: config.notionApiBase }),
    trackers: createTrackers(config.trackerApiBases),
    billing: selectBilling(config),
    audio: bindings.AUDIO,
    chatSessions: createDurableObjectChatSessions(bindings.CHAT_SESSION),
    helpModel: () => selectHelpModel(config.llm, bindings.AI),
    backlogJudge: () => selectBacklogJudge(config.llm, bindings.AI),
    transcriber: () => selectTranscriber(config.transcription, bindings.AI),
    storyGenerator: () => selectStoryGenerator(config.llm, bindings.AI),
    generationJobs: bindings.GENERATION_WORKFLOW ? createWorkflowGenerationJobs(bindings.GENERATION_WORKFLOW) : null,
    waitUntil: (work) => ctx.waitUntil(work),
    statementCount: counted?.count,
  };
}

/** Stripe when card payment is configured; also used by the cron's reconciliation, which has no request. */
export function selectBilling(config: Config): Billing | null {
  return config.billing ? createStripeBilling(config.billing) : null;
}

/** Audio transcription's provider (config.transcription), or a 503 that says it is not set up here. */
export function selectTranscriber(transcription: Config["transcription"], ai: Ai | undefined): Transcriber {
  if (transcription?.provider === "openai") return createOpenAITranscriber(transcription);
  if (transcription?.provider === "workers-ai" && ai) return createWorkersAITranscriber(ai, transcription.model);
  throw new AppError("service_unavailable", "Audio transcription is not configured");
}

/** The help assistant's model: the configured provider when it is set up, else none (the embedded answers). */
export function selectHelpModel(llm: Config["llm"], ai: Ai | undefined): HelpModel | null {
  if (llm.provider === "openai" && llm.openai) return createOpenAIHelpModel(llm.openai);
  if (llm.provider === "workers-ai" && ai) return createWorkersAIHelpModel(ai, llm.workersAiModel);
  return null;
}

/** The judge of a review's close calls: the configured provider when it is set up, else none (the word matcher). */
export function selectBacklogJudge(llm: Config["llm"], ai: Ai | undefined): BacklogJudge | null {
  if (llm.provider === "openai" && llm.openai) return createOpenAIBacklogJudge(llm.openai);
  if (llm.provider === "workers-ai" && ai) return createWorkersAIBacklogJudge(ai, llm.workersAiModel);
  return null;
}

/** The generator for the configured provider; a provider selected without its setting is a loud 503, not a fallback. */
export function selectStoryGenerator(llm: Config["llm"], ai: Ai | undefined): StoryGenerator {
  switch (llm.provider) {
    case "openai":
      if (!llm.openai) {
        throw new AppError(
          "service_unavailable",
          'Story generation is not configured: LLM_PROVIDER is "openai" but OPENAI_API_KEY is not set.',
          {
            upstream: "openai",
          },
        );
      }
      return createOpenAIGenerator(llm.openai);
    case "workers-ai":
      if (!ai) {
        throw new AppError(
          "service_unavailable",
          'Story generation is not configured: LLM_PROVIDER is "workers-ai" but the AI binding is missing.',
          {
            upstream: "workers-ai",
          },
        );
      }
      return createWorkersAIGenerator(ai, { model: llm.workersAiModel });
    case "local":
      return createLocalGenerator();
  }
}
