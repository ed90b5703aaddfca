import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { selectStoryGenerator } from "../deps";
import { getConfig, type ConfigBindings } from "./config";
import { AppError } from "./errors";

const FAKE_AI = { run: async () => ({}) } as unknown as Ai;
const config = (vars: Partial<ConfigBindings>) =>
  getConfig({
    ...env,
    AI: undefined,
    APP_ENV: "test",
    PASSWORD_PEPPER: "pepper",
    APP_URL: "https://storyloom.example",
    ...vars,
  });

describe("production configuration", () => {
  it("refuses to start without PASSWORD_PEPPER or APP_URL", () => {
    expect(() => config({ APP_ENV: "production", PASSWORD_PEPPER: "" })).toThrow(
      "PASSWORD_PEPPER must be set in production",
    );
    expect(() => config({ APP_ENV: "production", APP_URL: "" })).toThrow("APP_URL must be set in production");
    expect(config({ APP_ENV: "production" }).appUrl).toBe("https://storyloom.example");
  });
});

describe("integration credentials key", () => {
  it("is a fixed development key only outside production; production has none unless INTEGRATIONS_KEY is set", () => {
    expect(config({ APP_ENV: "development" }).integrationsKey).toHaveLength(44);
    expect(config({ APP_ENV: "production" }).integrationsKey).toBeNull();
    expect(config({ APP_ENV: "production", INTEGRATIONS_KEY: "a2V5" }).integrationsKey).toBe("a2V5");
  });
});

describe("story generator selection", () => {
  it("uses the embedded generator in development and tests when nothing is configured", () => {
    expect(config({ APP_ENV: "development", AI: FAKE_AI }).llm.provider).toBe("local");
    expect(config({ APP_ENV: "test", AI: FAKE_AI }).llm.provider).toBe("local");
  });

  it("uses Workers AI in production when nothing is configured and the AI binding exists", () => {
    expect(config({ APP_ENV: "production", AI: FAKE_AI }).llm.provider).toBe("workers-ai");
    expect(config({ APP_ENV: "production" }).llm.provider).toBe("local");
  });

  it("uses OpenAI when a key is set, and an explicit LLM_PROVIDER wins over both", () => {
    expect(config({ APP_ENV: "production", AI: FAKE_AI, OPENAI_API_KEY: "sk-x" }).llm.provider).toBe("openai");
    expect(
      config({ APP_ENV: "production", AI: FAKE_AI, OPENAI_API_KEY: "sk-x", LLM_PROVIDER: "local" }).llm.provider,
    ).toBe("local");
  });

  it("never falls back silently: a selected provider without its setting is a 503 naming the setting", () => {
    const missingKey = config({ LLM_PROVIDER: "openai" }).llm;
    expect(missingKey.provider).toBe("openai");
    expect(() => selectStoryGenerator(missingKey, undefined)).toThrow(/OPENAI_API_KEY is not set/);
    try {
      selectStoryGenerator(config({ LLM_PROVIDER: "workers-ai" }).llm, undefined);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).message).toMatch(/AI binding is missing/);
    }
    expect(selectStoryGenerator(config({ LLM_PROVIDER: "workers-ai" }).llm, FAKE_AI).name).toBe("workers-ai");
    expect(selectStoryGenerator(config({ OPENAI_API_KEY: "sk-x" }).llm, undefined).name).toBe("openai");
  });
});
