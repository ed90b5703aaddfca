import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import {
  MAX_TRANSCRIPT_CHARS,
  type GenerateResponse,
  type Transcript,
  type TranscriptPage,
} from "../../schema/api/transcripts";
import type { Bindings } from "../bindings";
import { call, json, useBindings } from "../test/client";
import { countRows, createProject, createUser, setTier, type TestUser } from "../test/factories";
import { jsonResponse, mockOutbound } from "../test/outbound";
import sso from "../test/fixtures/transcripts/synthetic/sso-audit-refinement.txt?raw";

const OPENAI: Partial<Bindings> = { OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "test-model" };
const SHORT =
  "Priya: Account owners need to download past invoices as PDF.\nTom: Billing contacts should get invoices by email.";

function generate(user: TestUser, body: Record<string, unknown>, bindings?: Partial<Bindings>) {
  return call("POST", "/api/generate", { cookie: user.session, body, env: bindings });
}

function completion(content: unknown, finishReason = "stop") {
  return jsonResponse({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "test-model",
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        message: { role: "assistant", content: typeof content === "string" ? content : JSON.stringify(content) },
      },
    ],
  });
}

const MODEL_STORIES = {
  epic: { title: "Invoices", description: "Self-serve invoices", timeline: "", team: "Billing", priority: "High" },
  userStories: [
    {
      title: "Download invoices as PDF",
      description: "As an account owner, I want to download past invoices as PDF, so that I can file them.",
      acceptanceCriteria: [
        "Given an invoice, when I download it, then I get a PDF",
        "The list shows the last 24 months",
      ],
      priority: "High",
      storyPoints: 5,
      estimatedHours: 10,
      evidence: [{ quote: "Account owners need to download past invoices as PDF." }, { quote: "A quote nobody said." }],
    },
  ],
};

describe("POST /api/generate with the embedded generator", () => {
  it("saves the transcript, generates an epic and stories with verbatim evidence, and names it after the epic", async () => {
    const user = await createUser();
    const response = await generate(user, { transcript: sso });
    expect(response.status).toBe(200);
    const body = await json<GenerateResponse>(response);
    expect(body.transcriptId).toBeGreaterThan(0);
    expect(body.data.epic.title).toBeTruthy();
    expect(body.data.userStories.length).toBeGreaterThan(0);
    for (const story of body.data.userStories) {
      for (const e of story.evidence ?? []) expect(sso.slice(e.start, e.end)).toBe(e.quote);
    }
    const saved = await json<Transcript>(
      await call("GET", `/api/transcripts/${body.transcriptId}`, { cookie: user.session }),
    );
    expect(saved.generatedStories).toEqual(body.data);
    expect(saved.title).toBe(body.data.epic.title);
    expect(saved.content).toBe(sso);
  });

  it("keeps a given title and files the transcript under the chosen project", async () => {
    const user = await createUser();
    const project = await createProject(user, { name: "Billing" });
    const body = await json<GenerateResponse>(
      await generate(user, { transcript: SHORT, title: "Invoices sync", projectId: project.id }),
    );
    const [summary] = (
      await json<TranscriptPage>(
        await call("GET", `/api/transcripts?projectId=${project.id}`, { cookie: user.session }),
      )
    ).transcripts;
    expect(summary).toMatchObject({ id: body.transcriptId, title: "Invoices sync", hasStories: true });
  });

  it("refuses blank and oversized transcripts", async () => {
    const user = await createUser();
    const blank = await generate(user, { transcript: "   \n  " });
    expect(blank.status).toBe(400);
    expect((await json(blank)).error).toBe("Please paste or upload a transcript first.");
    const huge = await generate(user, { transcript: "a".repeat(MAX_TRANSCRIPT_CHARS + 1) });
    expect(huge.status).toBe(413);
    expect((await json(huge)).error).toContain("at most 200,000 characters");
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
  });

  it("answers 404 for another user's project and saves nothing", async () => {
    const user = await createUser();
    const other = await createUser();
    const theirs = await createProject(other);
    expect((await generate(user, { transcript: SHORT, projectId: theirs.id })).status).toBe(404);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
  });
});

describe("monthly allowance", () => {
  it("accepts 5 generations a month on the free plan, refuses the 6th, and counts afresh next month", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await generate(user, { transcript: SHORT })).status).toBe(200);
    const refused = await generate(user, { transcript: SHORT });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toContain("Monthly transcript limit reached");
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(5);

    // Deleting a transcript does not give a generation back.
    const [first] = (await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: user.session })))
      .transcripts;
    await call("DELETE", `/api/transcript/${first!.id}`, { cookie: user.session });
    expect((await generate(user, { transcript: SHORT })).status).toBe(403);

    // Move this month's generations into last month: the clock has turned over.
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await env.DB.prepare("UPDATE generations SET created_at = ? WHERE user_id = ?")
      .bind(lastMonth.getTime(), user.id)
      .run();
    expect((await generate(user, { transcript: SHORT })).status).toBe(200);
  });

  it("is unlimited on Pro", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    for (let i = 0; i < 7; i++) expect((await generate(user, { transcript: SHORT })).status).toBe(200);
  });
});

describe("provider failures and regeneration (OpenAI at the HTTP boundary)", () => {
  it("keeps the transcript on a provider failure, gives the generation back, and regenerates later", async () => {
    const user = await createUser();
    mockOutbound({
      "POST https://api.openai.com/v1/chat/completions": () => jsonResponse({ error: { message: "boom" } }, 500),
    });
    useBindings(OPENAI);
    const failed = await generate(user, { transcript: SHORT, title: "Will fail" }, OPENAI);
    expect(failed.status).toBe(502);
    const [summary] = (await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: user.session })))
      .transcripts;
    expect(summary).toMatchObject({ title: "Will fail", hasStories: false });
    expect(summary!.generationError).toContain("The AI provider failed (500)");
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);

    const { calls } = mockOutbound({
      "POST https://api.openai.com/v1/chat/completions": () => completion(MODEL_STORIES),
    });
    const again = await call("POST", `/api/transcripts/${summary!.id}/generate`, { cookie: user.session, env: OPENAI });
    expect(again.status).toBe(200);
    const body = await json<GenerateResponse>(again);
    expect(body.transcriptId).toBe(summary!.id);
    // The invented quote is dropped; the real one carries its offsets.
    const quote = "Account owners need to download past invoices as PDF.";
    expect(body.data.userStories[0]!.evidence).toEqual([{ quote, start: 7, end: 7 + quote.length }]);
    expect(SHORT.slice(7, 7 + quote.length)).toBe(quote);
    expect(calls[0]!.headers.get("Authorization")).toBe("Bearer sk-test");
    const request = JSON.parse(calls[0]!.body);
    expect(request.model).toBe("test-model");
    expect(request.response_format.type).toBe("json_schema");
    expect(request.messages[1].content).toContain("<transcript>");
    const [after] = (await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: user.session })))
      .transcripts;
    expect(after).toMatchObject({ hasStories: true, generationError: null, storyCount: 1 });
  });

  it("with Workers AI selected but no AI binding the failure is a clear 503 and costs nothing", async () => {
    const user = await createUser();
    const response = await generate(user, { transcript: SHORT }, { LLM_PROVIDER: "workers-ai", AI: undefined });
    expect(response.status).toBe(503);
    expect((await json(response)).error).toBe(
      'Story generation is not configured: LLM_PROVIDER is "workers-ai" but the AI binding is missing.',
    );
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
  });

  it("with OpenAI selected but no key the failure is a 503 naming the setting, logged once, and nothing is saved", async () => {
    const user = await createUser();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { calls } = mockOutbound({});
    const response = await generate(
      user,
      { transcript: SHORT, title: "No key" },
      { LLM_PROVIDER: "openai", OPENAI_API_KEY: "" },
    );
    expect(response.status).toBe(503);
    const body = await json<{ error: string; requestId: string }>(response);
    expect(body.error).toBe(
      'Story generation is not configured: LLM_PROVIDER is "openai" but OPENAI_API_KEY is not set.',
    );
    expect(calls).toHaveLength(0);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({
      level: "error",
      event: "request_failed",
      requestId: body.requestId,
      route: "/api/generate",
      status: 503,
      code: "service_unavailable",
      upstream: "openai",
    });
  });

  it("logs a provider's 502 as one structured line with the request id and no secret or transcript text", async () => {
    const user = await createUser();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockOutbound({
      "POST https://api.openai.com/v1/chat/completions": () =>
        jsonResponse(
          { error: { message: "Upstream exploded near key sk-live-abcdef123456 for Bearer tok_987654" } },
          500,
        ),
    });
    useBindings(OPENAI);
    const response = await generate(user, { transcript: SHORT }, OPENAI);
    expect(response.status).toBe(502);
    const { requestId } = await json<{ requestId: string }>(response);
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]![0]);
    expect(JSON.parse(line)).toMatchObject({
      requestId,
      route: "/api/generate",
      status: 502,
      code: "upstream_error",
      upstream: "openai",
    });
    expect(JSON.parse(line).durationMs).toBeGreaterThanOrEqual(0);
    // the upstream's own words are in the durable run's line for each failed try (worker/workflows/generation.ts)
    const tries = warned.mock.calls
      .map((call) => String(call[0]))
      .filter((l) => l.includes("generation_attempt_failed"));
    expect(tries).toHaveLength(5);
    expect(tries[0]).toContain("Upstream exploded");
    for (const logLine of [line, ...tries]) {
      for (const secret of ["sk-live-abcdef123456", "tok_987654", "sk-test", "Account owners need", user.email!]) {
        expect(logLine).not.toContain(secret);
      }
    }
  });

  it("regenerating another user's transcript is 404", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { transcriptId } = await json<GenerateResponse>(await generate(owner, { transcript: SHORT }));
    expect((await call("POST", `/api/transcripts/${transcriptId}/generate`, { cookie: other.session })).status).toBe(
      404,
    );
  });
});
