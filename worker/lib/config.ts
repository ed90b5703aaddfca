import * as z from "zod";

// The Worker's configuration: the variables and secrets, parsed once per isolate with zod.
// A leaf module (nothing here imports the app), so deps.ts, adapters and scripts can all read it. The whole of the
// Worker's bindings (storage, Durable Objects) is `Bindings` in worker/bindings.ts, which extends ConfigBindings.

/**
 * What the configuration is read from: the variables and secrets of wrangler.toml, secrets and `.dev.vars`, and
 * whether Workers AI is bound. Every variable is optional: see README.
 */
export interface ConfigBindings {
  /** Workers AI; remote-only (absent from tests, failing clearly under `wrangler dev --local`). */
  AI?: Ai;
  APP_ENV?: string;
  APP_URL?: string;
  PASSWORD_PEPPER?: string;
  EMAIL_API_KEY?: string;
  EMAIL_API_URL?: string;
  EMAIL_FROM?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_KEY_ID?: string;
  APPLE_PRIVATE_KEY?: string;
  LLM_PROVIDER?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL?: string;
  WORKERS_AI_MODEL?: string;
  GENERATION_PARALLEL_PARTS?: string | number;
  GENERATION_WAIT_SECONDS?: string | number;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_PRICE_ENTERPRISE?: string;
  /** Development and tests only: a fake Stripe on localhost (ignored in production). */
  STRIPE_API_BASE?: string;
  /** Development and tests only: a fake JIRA (every site) and a fake Notion on localhost. */
  JIRA_API_BASE?: string;
  NOTION_API_BASE?: string;
  /** Development and tests only: fake Linear, GitHub and Azure DevOps servers on localhost (issue 32). */
  LINEAR_API_BASE?: string;
  GITHUB_API_BASE?: string;
  AZURE_DEVOPS_API_BASE?: string;
  /** 32 bytes, base64: the AES-256-GCM key for integration credentials (lib/secrets.ts). */
  INTEGRATIONS_KEY?: string;
  /** Audio transcription: the OpenAI model (default whisper-1) and the Workers AI model (default @cf/openai/whisper). */
  TRANSCRIPTION_MODEL?: string;
  WORKERS_AI_TRANSCRIPTION_MODEL?: string;
  /** Development and tests only: an OpenAI-compatible fake transcription server on localhost. */
  TRANSCRIPTION_API_BASE?: string;
  /** The help assistant's ceiling on model calls per minute, all visitors together (default 60). */
  ASSISTANT_MODEL_CALLS_PER_MINUTE?: string | number;
}

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const LLM_PROVIDERS = ["local", "openai", "workers-ai"] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** A whole number within bounds, given as a number or a string (wrangler.toml allows either); unset: undefined. */
const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : Number(v)))
    .pipe(z.number().int().min(min).max(max).optional());

const configSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).catch("production"),
  APP_URL: optional.pipe(z.url().optional()),
  PASSWORD_PEPPER: optional,
  EMAIL_API_KEY: optional,
  EMAIL_API_URL: optional,
  EMAIL_FROM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  APPLE_CLIENT_ID: optional,
  APPLE_TEAM_ID: optional,
  APPLE_KEY_ID: optional,
  APPLE_PRIVATE_KEY: optional,
  LLM_PROVIDER: optional.pipe(z.enum(LLM_PROVIDERS).optional()),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional.pipe(z.url().optional()),
  OPENAI_MODEL: optional,
  WORKERS_AI_MODEL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_PRICE_PRO: optional,
  STRIPE_PRICE_ENTERPRISE: optional,
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  JIRA_API_BASE: optional.pipe(z.url().optional()),
  NOTION_API_BASE: optional.pipe(z.url().optional()),
  LINEAR_API_BASE: optional.pipe(z.url().optional()),
  GITHUB_API_BASE: optional.pipe(z.url().optional()),
  AZURE_DEVOPS_API_BASE: optional.pipe(z.url().optional()),
  INTEGRATIONS_KEY: optional,
  TRANSCRIPTION_MODEL: optional,
  WORKERS_AI_TRANSCRIPTION_MODEL: optional,
  TRANSCRIPTION_API_BASE: optional.pipe(z.url().optional()),
  // wrangler.toml may give it as a number or a string; anything but a whole number from 0 up stops the Worker.
  ASSISTANT_MODEL_CALLS_PER_MINUTE: wholeNumber(0, 100_000),
  GENERATION_PARALLEL_PARTS: wholeNumber(1, 16),
  GENERATION_WAIT_SECONDS: wholeNumber(0, 120),
});

/** Used only outside production so `npm run dev` and the tests need no secrets. */
const DEVELOPMENT_PEPPER = "storyloom-development-pepper-not-secret";
/**
 * Model calls of the help assistant per minute, all visitors together: 60 is 20 people chatting at the per-visitor
 * pace (30 in 10 minutes) at once, and bounds spend at 86,400 calls a day whatever the traffic.
 */
export const DEFAULT_ASSISTANT_MODEL_CALLS_PER_MINUTE = 60;
/** 32 bytes, public: encrypts integration credentials in development and tests only. */
const DEVELOPMENT_INTEGRATIONS_KEY = btoa("storyloom-dev-integrations-key!!");

export interface Config {
  env: "development" | "test" | "production";
  /** Dev-only conveniences (outbox reader, seeded accounts) are on. */
  isLocal: boolean;
  appUrl?: string;
  passwordPepper: string;
  email: { apiKey: string; apiUrl: string; from: string } | null;
  oauth: {
    google: { clientId: string; clientSecret: string } | null;
    github: { clientId: string; clientSecret: string } | null;
    apple: { clientId: string; teamId: string; keyId: string; privateKey: string } | null;
  };
  llm: {
    provider: LlmProvider;
    /** null when OPENAI_API_KEY is not set (an error only if the provider is "openai"). */
    openai: { apiKey: string; baseURL?: string; model: string } | null;
    workersAiModel: string;
    /** A long transcript's parts read at once by a durable generation (GENERATION_PARALLEL_PARTS, default 4). */
    parallelParts: number;
    /**
     * How long POST /api/generate waits for a durable generation before answering 202 with where to follow it
     * (GENERATION_WAIT_SECONDS, default 25).
     */
    waitMs: number;
  };
  /**
   * Audio transcription: OpenAI's transcription API (OPENAI_API_KEY, any OpenAI-compatible server through
   * OPENAI_BASE_URL), else Workers AI Whisper where the AI binding exists, else none (503). In development and tests
   * TRANSCRIPTION_API_BASE points at a fake OpenAI-compatible server instead.
   */
  transcription:
    | { provider: "openai"; apiKey: string; baseURL?: string; model: string }
    | { provider: "workers-ai"; model: string }
    | null;
  /** The credentials key (base64); null in production without INTEGRATIONS_KEY, where storing credentials is refused. */
  integrationsKey: string | null;
  /**
   * The help assistant. `modelCallsPerMinute` is a backstop on spend over every visitor together: past it, answers
   * are the embedded ones (no model call) until the minute is over; 0 never calls the model.
   */
  assistant: { modelCallsPerMinute: number };
  /**
   * Development and tests only (null in production, whatever is set): where the fake JIRA and fake Notion listen.
   * JIRA requests then go to `{jiraApiBase}{path}` after the site label was validated as usual.
   */
  jiraApiBase: URL | null;
  notionApiBase: URL | null;
  /** Development and tests only (null in production): the fakes of Linear, GitHub and Azure DevOps. */
  trackerApiBases: { linear: URL | null; github: URL | null; "azure-devops": URL | null };
  /** null: card payment is not configured here (plans are shown, tiers are set by admins or dev routes). */
  billing: {
    secretKey: string;
    webhookSecret: string | null;
    publishableKey: string;
    prices: { pro: string; enterprise: string };
    /** Development and tests only: where the Stripe API is (a fake on localhost). */
    apiBase: URL | null;
  } | null;
}

const configCache = new WeakMap<object, Config>();

/** Tests that change the Worker's own environment (worker/test/client.ts useBindings) have it parsed again. */
export function forgetConfig(bindings: ConfigBindings): void {
  configCache.delete(bindings);
}

/** Parses the environment once per isolate (the env object is stable for the isolate's lifetime). */
export function getConfig(bindings: ConfigBindings): Config {
  const cached = configCache.get(bindings);
  if (cached) return cached;
  const raw = configSchema.parse(bindings);
  const isLocal = raw.APP_ENV !== "production";
  if (!isLocal && !raw.PASSWORD_PEPPER) {
    // Refuse to hash passwords with a public pepper in production.
    throw new Error("PASSWORD_PEPPER must be set in production");
  }
  if (!isLocal && !raw.APP_URL) {
    // Links in emails (verification, password reset) must not take their host from the request's Host header.
    throw new Error("APP_URL must be set in production");
  }
  const config: Config = {
    env: raw.APP_ENV,
    isLocal,
    appUrl: raw.APP_URL?.replace(/\/$/, ""),
    passwordPepper: raw.PASSWORD_PEPPER ?? DEVELOPMENT_PEPPER,
    email:
      raw.EMAIL_API_KEY && raw.EMAIL_FROM
        ? {
            apiKey: raw.EMAIL_API_KEY,
            apiUrl: raw.EMAIL_API_URL ?? "https://api.resend.com/emails",
            from: raw.EMAIL_FROM,
          }
        : null,
    oauth: {
      google:
        raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
          ? { clientId: raw.GOOGLE_CLIENT_ID, clientSecret: raw.GOOGLE_CLIENT_SECRET }
          : null,
      github:
        raw.GITHUB_CLIENT_ID && raw.GITHUB_CLIENT_SECRET
          ? { clientId: raw.GITHUB_CLIENT_ID, clientSecret: raw.GITHUB_CLIENT_SECRET }
          : null,
      apple:
        raw.APPLE_CLIENT_ID && raw.APPLE_TEAM_ID && raw.APPLE_KEY_ID && raw.APPLE_PRIVATE_KEY
          ? {
              clientId: raw.APPLE_CLIENT_ID,
              teamId: raw.APPLE_TEAM_ID,
              keyId: raw.APPLE_KEY_ID,
              privateKey: raw.APPLE_PRIVATE_KEY,
            }
          : null,
    },
    llm: llmConfig(raw, bindings.AI !== undefined),
    transcription:
      isLocal && raw.TRANSCRIPTION_API_BASE
        ? {
            provider: "openai",
            apiKey: "fake-transcription-key",
            baseURL: raw.TRANSCRIPTION_API_BASE,
            model: raw.TRANSCRIPTION_MODEL ?? "whisper-1",
          }
        : raw.OPENAI_API_KEY
          ? {
              provider: "openai",
              apiKey: raw.OPENAI_API_KEY,
              baseURL: raw.OPENAI_BASE_URL,
              model: raw.TRANSCRIPTION_MODEL ?? "whisper-1",
            }
          : bindings.AI !== undefined && !isLocal
            ? { provider: "workers-ai", model: raw.WORKERS_AI_TRANSCRIPTION_MODEL ?? "@cf/openai/whisper" }
            : null,
    billing: billingConfig(raw, isLocal),
    integrationsKey: raw.INTEGRATIONS_KEY ?? (isLocal ? DEVELOPMENT_INTEGRATIONS_KEY : null),
    assistant: {
      modelCallsPerMinute: raw.ASSISTANT_MODEL_CALLS_PER_MINUTE ?? DEFAULT_ASSISTANT_MODEL_CALLS_PER_MINUTE,
    },
    jiraApiBase: isLocal && raw.JIRA_API_BASE ? new URL(raw.JIRA_API_BASE) : null,
    notionApiBase: isLocal && raw.NOTION_API_BASE ? new URL(raw.NOTION_API_BASE) : null,
    trackerApiBases: {
      linear: isLocal && raw.LINEAR_API_BASE ? new URL(raw.LINEAR_API_BASE) : null,
      github: isLocal && raw.GITHUB_API_BASE ? new URL(raw.GITHUB_API_BASE) : null,
      "azure-devops": isLocal && raw.AZURE_DEVOPS_API_BASE ? new URL(raw.AZURE_DEVOPS_API_BASE) : null,
    },
  };
  configCache.set(bindings, config);
  return config;
}

/**
 * Billing needs the secret key, the publishable key and a price per paid tier; without all four, card payment is
 * "not configured here". The API base override exists only outside production, for the fake Stripe.
 */
function billingConfig(raw: z.infer<typeof configSchema>, isLocal: boolean): Config["billing"] {
  if (!raw.STRIPE_SECRET_KEY || !raw.STRIPE_PUBLISHABLE_KEY || !raw.STRIPE_PRICE_PRO || !raw.STRIPE_PRICE_ENTERPRISE)
    return null;
  return {
    secretKey: raw.STRIPE_SECRET_KEY,
    webhookSecret: raw.STRIPE_WEBHOOK_SECRET ?? null,
    publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
    prices: { pro: raw.STRIPE_PRICE_PRO, enterprise: raw.STRIPE_PRICE_ENTERPRISE },
    apiBase: isLocal && raw.STRIPE_API_BASE ? new URL(raw.STRIPE_API_BASE) : null,
  };
}

/**
 * Which story generator runs. An explicit LLM_PROVIDER wins, even when its setting is missing: that is reported as a
 * 503 naming the setting (deps.ts), never a silent fallback. Without one, an OpenAI key selects OpenAI; otherwise a
 * deployed Worker with the `AI` binding uses Workers AI, and development and tests use the embedded generator.
 */
function llmConfig(raw: z.infer<typeof configSchema>, hasAiBinding: boolean): Config["llm"] {
  const openai = raw.OPENAI_API_KEY
    ? { apiKey: raw.OPENAI_API_KEY, baseURL: raw.OPENAI_BASE_URL, model: raw.OPENAI_MODEL ?? "gpt-4o-mini" }
    : null;
  const fallback = raw.APP_ENV === "production" && hasAiBinding ? "workers-ai" : "local";
  const provider = raw.LLM_PROVIDER ?? (openai ? "openai" : fallback);
  return {
    provider,
    openai,
    workersAiModel: raw.WORKERS_AI_MODEL ?? "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
    parallelParts: raw.GENERATION_PARALLEL_PARTS ?? 4,
    waitMs: (raw.GENERATION_WAIT_SECONDS ?? 25) * 1000,
  };
}
