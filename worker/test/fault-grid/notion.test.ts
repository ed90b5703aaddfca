// Fault grid: Notion (export to Notion, POST /api/transcripts/{id}/export/notion) × the seven faults, at the page
// create (the first write) and at the block append that follows it (an export larger than one request). Every
// other request is answered by the fake Notion, so the official SDK, the adapter and the export machinery run.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, json } from "../../test/client";
import {
  createIntegration,
  createProject,
  createTranscriptWithStories,
  createUser,
  setTier,
} from "../../test/factories";
import { FAKE_NOTION_SECRET, FakeNotion } from "../../test/notion/fake-notion";
import { NOTION_API } from "../../test/notion/mock";
import { mockOutbound, type RecordedRequest } from "../../test/outbound";
import {
  captureLogs,
  compressTime,
  expectClearError,
  expectLogsWithout,
  FAULT_ROWS,
  type Fault,
  type FaultName,
} from "./faults";

/** 20 stories: about 120 blocks, so the page is created with the first 100 and the rest are appended. */
const STORIES = 20;
const EPIC_TITLE = "Checkout redesign";

function fromFake(fake: FakeNotion) {
  return (request: RecordedRequest): Response => {
    const url = new URL(request.url);
    const answer = fake.handle({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      body: request.body,
      headers: Object.fromEntries(request.headers),
    });
    if (answer.hang) throw new Error("The fake Notion hung, which the grid does not use");
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  };
}
const fakeRoutes = (fake: FakeNotion) => ({
  [`GET ${NOTION_API}`]: fromFake(fake),
  [`POST ${NOTION_API}`]: fromFake(fake),
  [`PATCH ${NOTION_API}`]: fromFake(fake),
});

interface Step {
  name: string;
  route: string;
  /** Whether the page exists when the fault hits. */
  pageCreated: boolean;
}
const STEPS: Step[] = [
  { name: "the page create", route: `POST ${NOTION_API}pages`, pageCreated: false },
  { name: "the block append", route: `PATCH ${NOTION_API}blocks/`, pageCreated: true },
];

/**
 * The adapter's documented policy (adapters/notion/client.ts): a 429 waits for Retry-After at most 3 times within a
 * 20 s budget; a write (page create, block append) is never retried otherwise.
 */
const expectedCalls = (fault: FaultName) => (fault === "429 with Retry-After" ? 4 : 1);

/** A write whose outcome is unknown (no answer, a 5xx, an answer it cannot read) leaves the record "in doubt". */
const mayHaveApplied = (fault: FaultName) => fault !== "429 with Retry-After";

async function exportWith(fault: Fault, step: Step) {
  compressTime();
  const logs = captureLogs();
  const user = await createUser();
  await setTier(user, "pro");
  const project = await createProject(user, { name: "Docs" });
  const integration = await createIntegration(user, project.id, "notion");
  const transcriptId = await createTranscriptWithStories(user, project.id, { count: STORIES });
  const fake = new FakeNotion();
  const { calls } = mockOutbound({ [step.route]: fault.handler, ...fakeRoutes(fake) });
  const exportNow = () =>
    call("POST", `/api/transcripts/${transcriptId}/export/notion`, {
      cookie: user.session,
      body: { integrationId: integration.id },
    });
  const response = await exportNow();
  const record = await env.DB.prepare(
    "SELECT completed_at, claim_token, in_doubt, target_key, blocks_done, blocks_total FROM integration_exports WHERE integration_id = ? AND transcript_id = ?",
  )
    .bind(integration.id, transcriptId)
    .first<{
      completed_at: number | null;
      claim_token: string | null;
      in_doubt: number;
      target_key: string | null;
      blocks_done: number;
      blocks_total: number;
    }>();
  const faulty = calls.filter((c) => `${c.method} ${c.url}`.startsWith(step.route)).length;
  const resume = async () => {
    vi.restoreAllMocks();
    mockOutbound(fakeRoutes(fake));
    return exportNow();
  };
  return { response, record, faulty, fake, logs, resume };
}

describe.each(STEPS)("fault grid: Notion × export, at $name", (step) => {
  it.each(FAULT_ROWS)(
    "%s: a clear 4xx/5xx, the export record consistent and resumable, calls bounded",
    async (name, fault) => {
      const { response, record, faulty, fake, logs, resume } = await exportWith(fault, step);
      const body = await expectClearError(response, name === "429 with Retry-After" ? [429] : [502], [
        FAKE_NOTION_SECRET,
      ]);
      expect(body.code).toBe(name === "429 with Retry-After" ? "rate_limited" : "upstream_error");
      expectLogsWithout(logs, [FAKE_NOTION_SECRET]);
      const pages = () => fake.pages().filter((p) => p.title === EPIC_TITLE);
      // Nothing half-written: not complete, claim released; the page and the blocks Notion confirmed are recorded,
      // nothing more; "in doubt" exactly when a write went unanswered.
      expect(record).toMatchObject({ completed_at: null, claim_token: null, in_doubt: mayHaveApplied(name) ? 1 : 0 });
      if (step.pageCreated) {
        expect(pages()).toHaveLength(1);
        expect(record!.target_key).toBe(pages()[0]!.id);
        expect(record!.blocks_done).toBe(fake.blocksOf(pages()[0]!.id).length);
        expect(record!.blocks_done).toBeLessThan(record!.blocks_total);
      } else {
        expect(pages()).toHaveLength(0);
        expect(record!.target_key).toBeNull();
      }
      expect(faulty).toBe(expectedCalls(name));

      // Resumable: once Notion answers, the next export finishes the one page, every block once.
      const resumed = await resume();
      expect(resumed.status).toBe(200);
      expect((await json<{ data: { data: { alreadyExported: boolean } } }>(resumed)).data.data.alreadyExported).toBe(
        false,
      );
      expect(pages()).toHaveLength(1);
      const blocks = fake.blocksOf(pages()[0]!.id);
      expect(blocks).toHaveLength(record!.blocks_total);
      expect(blocks.filter((b) => b.type === "heading_2")).toHaveLength(STORIES);
    },
  );
});
