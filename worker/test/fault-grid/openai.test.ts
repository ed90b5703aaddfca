// Fault grid: OpenAI (story generation, POST /api/generate) × the seven faults. The real route, the real OpenAI SDK,
// the chat completions endpoint answered by the fault.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../bindings";
import { call, useBindings } from "../../test/client";
import { createUser } from "../../test/factories";
import { mockOutbound } from "../../test/outbound";
import {
  captureLogs,
  compressTime,
  expectClearError,
  expectLogsWithout,
  FAULT_ROWS,
  GENERATION_CALLS,
  type Fault,
} from "./faults";

const API_KEY = "sk-faultgrid-openai-0123456789";
const OPENAI: Partial<Bindings> = {
  LLM_PROVIDER: "openai",
  OPENAI_API_KEY: API_KEY,
  OPENAI_BASE_URL: "https://llm.example/v1",
};
const TRANSCRIPT =
  "Priya: Account owners need to download past invoices as PDF.\nTom: Billing contacts should get invoices by email.";

async function generateWith(fault: Fault) {
  compressTime();
  const logs = captureLogs();
  const user = await createUser();
  // (the durable run reads the Worker's own bindings, not the request's)
  useBindings(OPENAI);
  const { calls } = mockOutbound({ "POST https://llm.example/v1/chat/completions": fault.handler });
  const response = await call("POST", "/api/generate", {
    cookie: user.session,
    body: { transcript: TRANSCRIPT, title: "Invoices sync" },
    env: OPENAI,
  });
  const transcripts = await env.DB.prepare(
    "SELECT content, generated_stories, generation_error, generation_started_at FROM transcripts WHERE owner_id = ?",
  )
    .bind(user.id)
    .all<{
      content: string;
      generated_stories: string | null;
      generation_error: string | null;
      generation_started_at: number | null;
    }>();
  const generations = await env.DB.prepare("SELECT count(*) AS n FROM generations WHERE user_id = ?")
    .bind(user.id)
    .first<{ n: number }>();
  return { response, calls, logs, transcripts: transcripts.results, generationsCounted: generations!.n };
}

describe("fault grid: OpenAI × generation", () => {
  it.each(FAULT_ROWS)(
    "%s: 502/503 with a clear message, the transcript kept with the reason, nothing counted",
    async (name, fault) => {
      const { response, calls, logs, transcripts, generationsCounted } = await generateWith(fault);
      const body = await expectClearError(response, [502, 503], [API_KEY]);
      expectLogsWithout(logs, [API_KEY]);
      // Nothing lost: the transcript is saved with the reason, no half story set, not left "Processing", not counted.
      expect(transcripts).toEqual([
        { content: TRANSCRIPT, generated_stories: null, generation_error: body.error, generation_started_at: null },
      ]);
      expect(generationsCounted).toBe(0);
      expect(calls.length).toBe(GENERATION_CALLS[name]);
    },
  );
});
