// Fault grid: Workers AI (story generation through the `AI` binding, POST /api/generate) × the seven faults. The
// binding is remote-only, so a fake binding shows each fault the way the real one does: a call that never settles,
// a network error, errors naming 429/500/503, a truncated JSON string, an object of the wrong shape.
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
  FAULT_NAMES,
  faultyAi,
  GENERATION_CALLS,
  type FaultName,
} from "./faults";

const TRANSCRIPT =
  "Priya: Account owners need to download past invoices as PDF.\nTom: Billing contacts should get invoices by email.";

async function generateWith(fault: FaultName) {
  compressTime();
  captureLogs();
  const user = await createUser();
  const ai = faultyAi(fault, {
    garbage: { response: '{"epic": {"title": "Self-serve invo' },
    wrongShape: { response: { stories: [{ name: "Invoices" }] }, usage: { prompt_tokens: 12 } },
  });
  // Nothing may go over HTTP: the binding is the only way out.
  const { calls } = mockOutbound({});
  // (the durable run reads the Worker's own bindings, not the request's)
  const bindings = { LLM_PROVIDER: "workers-ai", AI: ai as unknown as Ai } satisfies Partial<Bindings>;
  useBindings(bindings);
  const response = await call("POST", "/api/generate", {
    cookie: user.session,
    body: { transcript: TRANSCRIPT, title: "Invoices sync" },
    env: bindings,
  });
  const transcripts = await env.DB.prepare(
    "SELECT content, generated_stories, generation_error, generation_started_at FROM transcripts WHERE owner_id = ?",
  )
    .bind(user.id)
    .all();
  const generations = await env.DB.prepare("SELECT count(*) AS n FROM generations WHERE user_id = ?")
    .bind(user.id)
    .first<{ n: number }>();
  return { response, ai, fetches: calls.length, transcripts: transcripts.results, generationsCounted: generations!.n };
}

describe("fault grid: Workers AI × generation", () => {
  it.each(FAULT_NAMES)(
    "%s: 502/503 with a clear message, the transcript kept with the reason, nothing counted",
    async (fault) => {
      const { response, ai, fetches, transcripts, generationsCounted } = await generateWith(fault);
      const body = await expectClearError(response, [502, 503]);
      expect(transcripts).toEqual([
        { content: TRANSCRIPT, generated_stories: null, generation_error: body.error, generation_started_at: null },
      ]);
      expect(generationsCounted).toBe(0);
      expect(ai.calls).toBe(GENERATION_CALLS[fault]);
      expect(fetches).toBe(0);
    },
  );
});
