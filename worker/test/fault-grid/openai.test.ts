// Fault grid: OpenAI (story generation, POST /api/generate) × the seven faults. The real route, the real OpenAI SDK,
// the chat completions endpoint answered by the fault.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ExportReview } from "../../../schema/api/integrations";
import type { Bindings } from "../../bindings";
import { call, useBindings } from "../../test/client";
import {
  createIntegration,
  createProject,
  createTranscriptWithStories,
  createUser,
  setTier,
} from "../../test/factories";
import { FakeJira } from "../../test/jira/fake-jira";
import { mockJira } from "../../test/jira/mock";
import { mockBeside, mockOutbound } from "../../test/outbound";
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

// Fault grid: OpenAI (the judge of a review before export's close calls, issue 41) × the seven faults, beside the fake
// JIRA. A review never fails because the model did: the word matcher's suggestions stand, said by `judged: false`.
describe("fault grid: OpenAI × review before export (the judge)", () => {
  it.each(FAULT_ROWS)(
    "%s: the review answers with the word matcher's suggestions, one call, no key in the logs",
    async (_name, fault) => {
      compressTime();
      const logs = captureLogs();
      const owner = await createUser();
      await setTier(owner, "pro");
      const project = await createProject(owner, { name: "Shop" });
      const integration = await createIntegration(owner, project.id, "jira");
      const jira = new FakeJira();
      mockJira(jira);
      const item = jira.addIssue({ summary: "Send customers a receipt by email after they pay" }).key;
      const transcriptId = await createTranscriptWithStories(owner, project.id, {
        epic: { title: "Shop", description: "The shop.", team: "Shop", priority: "High" },
        userStories: [
          {
            title: "Email a receipt after each purchase",
            description: "As a customer, I want a receipt emailed to me after each purchase so that I can prove it.",
            acceptanceCriteria: ["The receipt lists what was bought"],
            priority: "Medium",
            storyPoints: 3,
            estimatedHours: 8,
          },
        ],
      });
      const review = async (bindings?: Partial<Bindings>) => {
        const response = await call("POST", `/api/transcripts/${transcriptId}/export/jira/review`, {
          cookie: owner.session,
          body: { integrationId: integration.id },
          env: bindings,
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: ExportReview }).data;
      };
      const wordsAlone = await review();
      expect(wordsAlone.stories[0]!.matches[0]!.key).toBe(item);
      const calls = mockBeside("https://llm.example/v1/", fault.handler);
      expect(await review(OPENAI)).toEqual(wordsAlone);
      expect(calls).toHaveLength(1);
      expectLogsWithout(logs, [API_KEY]);
    },
  );
});
