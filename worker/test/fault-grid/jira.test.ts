// Fault grid: JIRA (export to JIRA, POST /api/transcripts/{id}/export/jira) × the seven faults, at the first read
// (the project) and at the first create (the epic). Every other request is answered by the contract-checked fake
// JIRA, so the real adapter and the exactly-once export machinery run unchanged.
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
import { FAKE_JIRA_TOKEN, FakeJira } from "../../test/jira/fake-jira";
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

const SITE = "https://acme.atlassian.net";
const STORIES = 3;

/** Answers a request from the fake JIRA, as worker/test/jira/mock.ts does. */
function fromFake(fake: FakeJira) {
  return (request: RecordedRequest): Response => {
    const url = new URL(request.url);
    const answer = fake.handle({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      body: request.body,
      headers: Object.fromEntries(request.headers),
      host: url.host,
    });
    if (answer.kind === "json")
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
    if (answer.kind === "empty") return new Response(null, { status: answer.status, headers: answer.headers });
    throw new Error(`The fake JIRA answered ${answer.kind}, which the grid does not use`);
  };
}

interface Step {
  name: string;
  /** mockOutbound's key for the faulty request (matched before the fake's). */
  route: string;
  isCreate: boolean;
}
const STEPS: Step[] = [
  { name: "the project read", route: `GET ${SITE}/rest/api/3/project/SL`, isCreate: false },
  { name: "the epic create", route: `POST ${SITE}/rest/api/3/issue`, isCreate: true },
];

/**
 * The adapter's documented policy (adapters/jira/http.ts): a 429 waits for Retry-After up to 3 times within a 20 s
 * budget; a read is retried once after a timeout, a network error or a 5xx; a create never is; an answer that is
 * not JSON or not in the expected shape is not retried.
 */
function expectedCalls(fault: FaultName, step: Step): number {
  if (fault === "429 with Retry-After") return 4;
  if (fault === "garbage body" || fault === "wrong shape") return 1;
  return step.isCreate ? 1 : 2;
}

/** A create whose outcome is unknown leaves the record "in doubt": the next attempt searches before creating. */
const mayHaveApplied = (fault: FaultName, step: Step) => step.isCreate && fault !== "429 with Retry-After";

/** A Pro user's project with a JIRA integration and a transcript of STORIES stories, time compressed, logs kept. */
async function setUp() {
  compressTime();
  const logs = captureLogs();
  const user = await createUser();
  await setTier(user, "pro");
  const project = await createProject(user, { name: "Payments" });
  const integration = await createIntegration(user, project.id, "jira");
  const transcriptId = await createTranscriptWithStories(user, project.id, { count: STORIES });
  return { logs, user, integration, transcriptId, fake: new FakeJira() };
}

async function exportWith(fault: Fault, step: Step) {
  const { logs, user, integration, transcriptId, fake } = await setUp();
  const { calls } = mockOutbound({
    [step.route]: fault.handler,
    [`GET ${SITE}/`]: fromFake(fake),
    [`POST ${SITE}/`]: fromFake(fake),
  });
  const exportNow = () =>
    call("POST", `/api/transcripts/${transcriptId}/export/jira`, {
      cookie: user.session,
      body: { integrationId: integration.id },
    });
  const response = await exportNow();
  const record = await env.DB.prepare(
    "SELECT completed_at, claim_token, in_doubt, target_key, story_keys FROM integration_exports WHERE integration_id = ? AND transcript_id = ?",
  )
    .bind(integration.id, transcriptId)
    .first<{
      completed_at: number | null;
      claim_token: string | null;
      in_doubt: number;
      target_key: string | null;
      story_keys: string;
    }>();
  const faulty = calls.filter((c) => `${c.method} ${c.url}`.startsWith(step.route)).length;
  /** JIRA is healthy again: the same click exports. */
  const resume = async () => {
    vi.restoreAllMocks();
    mockOutbound({ [`GET ${SITE}/`]: fromFake(fake), [`POST ${SITE}/`]: fromFake(fake) });
    return exportNow();
  };
  return { response, record, faulty, fake, logs, resume };
}

describe.each(STEPS)("fault grid: JIRA × export, at $name", (step) => {
  it.each(FAULT_ROWS)(
    "%s: a clear 4xx/5xx, the export record consistent and resumable, calls bounded",
    async (name, fault) => {
      const { response, record, faulty, fake, logs, resume } = await exportWith(fault, step);
      const body = await expectClearError(response, name === "429 with Retry-After" ? [429] : [502], [FAKE_JIRA_TOKEN]);
      expect(body.code).toBe(name === "429 with Retry-After" ? "rate_limited" : "upstream_error");
      expectLogsWithout(logs, [FAKE_JIRA_TOKEN]);
      // Nothing half-written: not complete, the claim released, nothing recorded as created, and "in doubt" exactly
      // when a create went unanswered.
      expect(record).toMatchObject({
        completed_at: null,
        claim_token: null,
        target_key: null,
        in_doubt: mayHaveApplied(name, step) ? 1 : 0,
      });
      expect((JSON.parse(record!.story_keys) as unknown[]).every((key) => key === null)).toBe(true);
      expect(fake.issues).toHaveLength(0);
      expect(faulty).toBe(expectedCalls(name, step));

      // Resumable: once JIRA answers, the next export creates one epic and its stories, no duplicates.
      const resumed = await resume();
      expect(resumed.status).toBe(200);
      expect(
        (await json<{ data: { data: { summary: { storiesCreated: number } } } }>(resumed)).data.data.summary
          .storiesCreated,
      ).toBe(STORIES);
      expect(fake.issues.filter((i) => i.issueTypeName === "Epic")).toHaveLength(1);
      expect(fake.issues.filter((i) => i.issueTypeName === "Story")).toHaveLength(STORIES);
    },
  );
});

// The review before an export (issue 41): its search of the project's open issues (a read, retried once; nothing
// written), and "Add to", the description of an issue someone wrote set once (a PUT never resent: the export clicked
// again reads the issue first, finds no note, and adds it exactly once).
const REVIEW_STEPS: Step[] = [
  { name: "the review's search", route: `GET ${SITE}/rest/api/3/search/jql`, isCreate: false },
  { name: "the addition to an existing issue", route: `PUT ${SITE}/rest/api/3/issue/`, isCreate: true },
];

describe.each(REVIEW_STEPS)("fault grid: JIRA × review before export, at $name", (step) => {
  it.each(FAULT_ROWS)("%s: a clear 4xx/5xx, nothing written, resumable, calls bounded", async (name, fault) => {
    const { logs, user, integration, transcriptId, fake } = await setUp();
    const item = fake.addIssue({ summary: "Refunds for damaged parcels" }).key;
    const healthy = {
      [`GET ${SITE}/`]: fromFake(fake),
      [`POST ${SITE}/`]: fromFake(fake),
      [`PUT ${SITE}/`]: fromFake(fake),
    };
    const { calls } = mockOutbound({ [step.route]: fault.handler, ...healthy });
    const review = () =>
      call("POST", `/api/transcripts/${transcriptId}/export/jira/review`, {
        cookie: user.session,
        body: { integrationId: integration.id },
      });
    const exportNow = () =>
      call("POST", `/api/transcripts/${transcriptId}/export/jira`, {
        cookie: user.session,
        body: { integrationId: integration.id, placements: [{ position: 0, action: "add", key: item }] },
      });
    const notes = () => JSON.stringify(fake.issue(item).fields.description ?? "").match(/storyloom-[0-9a-f]{12}-\d+/g);

    const response = step.isCreate ? await exportNow() : await review();
    const body = await expectClearError(response, name === "429 with Retry-After" ? [429] : [502], [FAKE_JIRA_TOKEN]);
    expect(body.code).toBe(name === "429 with Retry-After" ? "rate_limited" : "upstream_error");
    expectLogsWithout(logs, [FAKE_JIRA_TOKEN]);
    expect(calls.filter((c) => `${c.method} ${c.url}`.startsWith(step.route)).length).toBe(expectedCalls(name, step));
    expect(notes()).toBeNull();
    expect(fake.issues).toHaveLength(1);

    vi.restoreAllMocks();
    compressTime();
    mockOutbound(healthy);
    if (!step.isCreate) expect((await review()).status).toBe(200);
    const resumed = await exportNow();
    expect(resumed.status).toBe(200);
    expect(notes()).toHaveLength(1);
    expect(fake.issues.filter((i) => i.issueTypeName === "Story")).toHaveLength(STORIES - 1 + 1);
  });
});
