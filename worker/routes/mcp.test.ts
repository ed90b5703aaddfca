import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TokenScope } from "../../schema/api/access-tokens";
import type { Bindings } from "../bindings";
import worker from "../index";
import { ORIGIN } from "../test/client";
import { FakeLinear } from "../test/linear/fake-linear";
import { mockLinear } from "../test/linear/mock";
import {
  addTeamMember,
  createAccessTokenFor,
  createProject,
  createTrackerIntegration,
  createTranscriptWithStories,
  createUser,
  setTier,
  type TestUser,
} from "../test/factories";

// Issue 42: the MCP SDK's own client, over Streamable HTTP, against the real Worker (every middleware, D1, the rate
// limiter). What each tool's service does is tested with its route; here: the tools, their schemas and annotations,
// scopes, tenancy, and the transport's Host, Origin and token checks.

const MCP_URL = `${ORIGIN}/mcp`;
const TRANSCRIPT = `Ana: Customers keep asking for a way to export their invoices as CSV.
Ben: We should add an export button on the invoices page, and it must include the VAT column.
Ana: Also people need to filter invoices by date before exporting.`;

/** The Worker in-process, as the transport's fetch: headers as a real client sends them (Host included). */
function workerFetch(extraHeaders: Record<string, string> = {}) {
  return async (url: string | URL, init?: RequestInit) => {
    const request = new Request(url, init);
    request.headers.set("Host", new URL(url).host);
    request.headers.set("CF-Connecting-IP", "198.51.100.42");
    for (const [name, value] of Object.entries(extraHeaders)) request.headers.set(name, value);
    const ctx = createExecutionContext();
    const response = await worker.fetch(request, env as Bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
}

async function connect(token: string) {
  const client = new Client({ name: "storyloom-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: workerFetch(),
  });
  await client.connect(transport);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server holds each answer to its tool's output schema; the tests read it loosely
  return { isError: result.isError === true, text, data: result.structuredContent as Record<string, any> };
}

async function owner(scopes: TokenScope[]): Promise<{ user: TestUser; token: string }> {
  const user = await createUser();
  await setTier(user, "pro");
  return { user, token: await createAccessTokenFor(user, scopes) };
}

describe("the MCP server at /mcp", () => {
  it("lists the eight tools with titles, descriptions, schemas and deliberate annotations", async () => {
    const { token } = await owner(["read"]);
    const client = await connect(token);
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual([
      "check_stories",
      "coverage_report",
      "export_stories",
      "generate_stories",
      "get_generation",
      "get_stories",
      "list_projects",
      "list_transcripts",
    ]);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description, tool.name).toMatch(/Needs the (read|write|generate|export) scope\.$/);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = byName[name]!.annotations!;
      return { readOnlyHint, destructiveHint, idempotentHint, openWorldHint };
    };
    expect(hints("list_projects")).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(hints("generate_stories")).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(hints("check_stories")).toMatchObject({ readOnlyHint: true });
    expect(hints("export_stories")).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(byName.generate_stories!.inputSchema.required).toEqual(["transcript"]);
    await client.close();
  });

  it("runs the tools as the token's owner: generate, poll, read, check, coverage, list", async () => {
    const { user, token } = await owner(["read", "generate"]);
    const project = await createProject(user, { name: "Invoices" });
    const client = await connect(token);

    const generated = await callTool(client, "generate_stories", { transcript: TRANSCRIPT, projectId: project.id });
    expect(generated.isError, generated.text).toBe(false);
    expect(generated.data.status).toBe("done");
    expect(generated.data.stories.userStories.length).toBeGreaterThan(0);
    const transcriptId = generated.data.transcriptId as number;

    const status = await callTool(client, "get_generation", { transcriptId });
    expect(status.data).toMatchObject({ transcriptId, state: "done" });
    expect(status.data.stories).toEqual(generated.data.stories);

    const stories = await callTool(client, "get_stories", { transcriptId });
    expect(stories.data).toMatchObject({ transcriptId, projectId: project.id, stories: generated.data.stories });
    expect(stories.data.quality.stories).toHaveLength(generated.data.stories.userStories.length);

    const coverage = await callTool(client, "coverage_report", { transcriptId });
    expect(coverage.data.coverage.asks.total).toBeGreaterThan(0);

    const checked = await callTool(client, "check_stories", {
      transcript: TRANSCRIPT,
      stories: {
        ...generated.data.stories,
        userStories: [
          { ...generated.data.stories.userStories[0], evidence: [{ quote: "it must include the VAT column" }] },
        ],
      },
    });
    expect(checked.isError, checked.text).toBe(false);
    expect(checked.data.evidence).toEqual([
      expect.objectContaining({ story: 0, found: true, start: TRANSCRIPT.indexOf("it must include the VAT column") }),
    ]);

    expect((await callTool(client, "list_projects")).data.projects.map((p: { id: number }) => p.id)).toEqual([
      project.id,
    ]);
    const listed = await callTool(client, "list_transcripts", { projectId: project.id });
    expect(listed.data.transcripts.map((t: { id: number }) => t.id)).toEqual([transcriptId]);
    await client.close();
  });

  it("refuses a tool outside the token's scopes, and another account's data as not found", async () => {
    const { user, token } = await owner(["read"]);
    const project = await createProject(user, { name: "Mine" });
    const mine = await createTranscriptWithStories(user, project.id, { count: 1 });
    const other = await owner(["read", "export"]);
    const theirs = await createTranscriptWithStories(other.user, (await createProject(other.user)).id, { count: 1 });

    const client = await connect(token);
    const generate = await callTool(client, "generate_stories", { transcript: TRANSCRIPT });
    expect(generate).toMatchObject({
      isError: true,
      text: "This access token does not have the generate scope, which generate_stories needs.",
    });
    const exporting = await callTool(client, "export_stories", { transcriptId: mine });
    expect(exporting.text).toBe("This access token does not have the export scope, which export_stories needs.");
    expect(await callTool(client, "get_stories", { transcriptId: theirs })).toMatchObject({
      isError: true,
      text: "Transcript not found",
    });

    // the other account's own token, with export, cannot reach this account's transcript either
    const otherClient = await connect(other.token);
    expect(await callTool(otherClient, "export_stories", { transcriptId: mine })).toMatchObject({
      isError: true,
      text: "Transcript not found",
    });
    await client.close();
    await otherClient.close();
  });

  it("exports to the project's one tracker exactly once, and shares a team's transcripts with its members only", async () => {
    const { user, token } = await owner(["read", "export"]);
    const project = await createProject(user, { name: "Tracked" });
    await createTrackerIntegration(user, project.id, "linear");
    const linear = new FakeLinear();
    mockLinear(linear);
    const transcriptId = await createTranscriptWithStories(user, project.id, { count: 2 });
    const client = await connect(token);
    const first = await callTool(client, "export_stories", { transcriptId });
    expect(first.isError, first.text).toBe(false);
    expect(first.data).toMatchObject({ destination: "linear", alreadyExported: false, summary: { storiesCreated: 2 } });
    const created = linear.issues.length;
    const again = await callTool(client, "export_stories", { transcriptId });
    expect(again.data).toMatchObject({ alreadyExported: true, epicKey: first.data.epicKey });
    expect(linear.issues.length).toBe(created);

    // a member of the owner's team reads it; the admin of another team gets "not found", as on the API
    const member = await createUser();
    await addTeamMember(user, member);
    const memberClient = await connect(await createAccessTokenFor(member, ["read"]));
    expect((await callTool(memberClient, "get_stories", { transcriptId })).isError).toBe(false);
    const otherOwner = await createUser();
    await setTier(otherOwner, "enterprise");
    const otherAdmin = await createUser();
    await addTeamMember(otherOwner, otherAdmin, "admin");
    const otherClient = await connect(await createAccessTokenFor(otherAdmin, ["read"]));
    expect(await callTool(otherClient, "get_stories", { transcriptId })).toMatchObject({
      isError: true,
      text: "Transcript not found",
    });
    for (const c of [client, memberClient, otherClient]) await c.close();
  });

  it("answers 401 without a valid token, and 403 to a foreign Host or Origin", async () => {
    const { token } = await owner(["read"]);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } },
    };
    const post = (headers: Record<string, string>) =>
      workerFetch(headers)(MCP_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify(initialize),
      });

    const missing = await post({});
    expect(missing.status).toBe(401);
    // (the OAuth provider answers it, pointing the client at the sign-in: worker/index.ts)
    expect(missing.headers.get("WWW-Authenticate")).toContain(
      'resource_metadata="http://localhost/.well-known/oauth-protected-resource/mcp"',
    );
    const invalid = await post({ Authorization: `Bearer ${token}x` });
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await post({ Authorization: `Bearer ${token}`, Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ Authorization: `Bearer ${token}`, Host: "evil.example" })).status).toBe(403);
  });
});
