import { McpServer } from "@modelcontextprotocol/server";
import type * as z from "zod";
import type { TokenScope } from "../../schema/api/access-tokens";
import {
  mcpCheckInput,
  mcpCheckOutput,
  mcpCoverageOutput,
  mcpExportInput,
  mcpExportOutput,
  mcpGenerateInput,
  mcpGenerateOutput,
  mcpGenerationOutput,
  mcpListProjectsInput,
  mcpListProjectsOutput,
  mcpListTranscriptsInput,
  mcpListTranscriptsOutput,
  mcpStoriesOutput,
  mcpTranscriptInput,
} from "../../schema/api/mcp";
import type { Deps } from "../deps";
import { AppError } from "../lib/errors";
import { causeMessage, logEvent } from "../lib/log";
import { generateStories, generationStatus, isPending } from "../services/generation";
import { listIntegrations } from "../services/integrations";
import { exportTranscript } from "../services/integrations/export-transcript";
import { listProjects } from "../services/projects";
import { checkStories } from "../services/quality/check";
import { getTranscript, listTranscripts } from "../services/transcripts";

/** Who is calling: the token's owner and what the token may do (routes/mcp.ts). */
export interface McpCaller {
  userId: number;
  scopes: readonly TokenScope[];
  /** Which token or OAuth client calls, for the SDK's auth info (never a secret). */
  label: string;
}

/** How long generate_stories waits for a generation before answering with its handle (clients time out near 60 s). */
const GENERATE_WAIT_MS = 20_000;

/** The hints a client shows a person before a call: what the tool changes and whether it reaches outside StoryLoom. */
interface Annotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}
const READS: Annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

interface Tool<Input extends z.ZodObject, Output extends z.ZodObject> {
  title: string;
  description: string;
  scope: TokenScope;
  input: Input;
  output: Output;
  annotations: Annotations;
  run: (input: z.output<Input>) => Promise<z.input<Output>>;
}

/**
 * The MCP server of one request (issue 42; docs/decisions/2026-12-08-mcp-server.md): StoryLoom's own work as tools,
 * each calling the same service as its API route, as the token's owner, so access checks, plan limits and rate limits
 * are the API's. Every tool checks its scope itself before anything else.
 */
export function storyLoomMcpServer(deps: Deps, caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: "storyloom", title: "StoryLoom", version: "1.0.0" },
    {
      instructions:
        "StoryLoom turns meeting transcripts into an epic and user stories, checks stories against its quality gate and reports what a meeting asked that no story carries. Transcripts live in projects; a project may have one tracker integration to export to.",
    },
  );
  const { userId } = caller;

  // (the SDK's own overloads cannot be matched by a generic tool; each tool's types are checked by Tool above)
  const registerTool = server.registerTool.bind(server) as (
    name: string,
    config: {
      title: string;
      description: string;
      inputSchema: z.ZodObject;
      outputSchema: z.ZodObject;
      annotations: object;
    },
    handler: (input: unknown) => Promise<{ content: Array<{ type: "text"; text: string }>; structuredContent: object }>,
  ) => void;

  function register<Input extends z.ZodObject, Output extends z.ZodObject>(name: string, tool: Tool<Input, Output>) {
    registerTool(
      name,
      {
        title: tool.title,
        description: `${tool.description} Needs the ${tool.scope} scope.`,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (input) => {
        if (!caller.scopes.includes(tool.scope)) {
          throw new Error(`This access token does not have the ${tool.scope} scope, which ${name} needs.`);
        }
        const output = await runSafely(name, () => tool.run(input as z.output<Input>));
        return {
          content: [{ type: "text" as const, text: JSON.stringify(output) }],
          structuredContent: output,
        };
      },
    );
  }

  register("list_projects", {
    title: "List projects",
    description: "Lists the projects the user owns or shares through a team, with their ids.",
    scope: "read",
    input: mcpListProjectsInput,
    output: mcpListProjectsOutput,
    annotations: READS,
    run: async () => ({ projects: await listProjects(deps, userId) }),
  });

  register("list_transcripts", {
    title: "List transcripts",
    description:
      "Lists the user's transcripts newest first, a page at a time, optionally of one project. Use a transcript's id with get_stories, coverage_report or export_stories.",
    scope: "read",
    input: mcpListTranscriptsInput,
    output: mcpListTranscriptsOutput,
    annotations: READS,
    run: (input) => listTranscripts(deps, userId, input),
  });

  register("get_stories", {
    title: "Get a transcript's stories",
    description:
      "Reads the epic and user stories saved for a transcript (with a person's edits), with the quality gate's report on each story.",
    scope: "read",
    input: mcpTranscriptInput,
    output: mcpStoriesOutput,
    annotations: READS,
    run: async ({ transcriptId }) => {
      const transcript = await getTranscript(deps, userId, transcriptId);
      return {
        transcriptId,
        title: transcript.title,
        projectId: transcript.projectId,
        storiesVersion: transcript.storiesVersion,
        stories: transcript.generatedStories,
        quality: transcript.quality,
      };
    },
  });

  register("generate_stories", {
    title: "Generate stories from a meeting",
    description:
      "Saves a meeting transcript (optionally in a project) and generates an epic and user stories from it, each with acceptance criteria, priority, story points, hours and quotes from the meeting. A long meeting answers status processing with its transcriptId: poll get_generation until done. Counts against the user's monthly allowance.",
    scope: "generate",
    input: mcpGenerateInput,
    output: mcpGenerateOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (input) => {
      const outcome = await generateStories(deps, userId, input, { waitMs: GENERATE_WAIT_MS });
      if (isPending(outcome)) return { transcriptId: outcome.transcriptId, status: "processing" as const };
      return {
        transcriptId: outcome.transcriptId,
        status: "done" as const,
        stories: outcome.data,
        quality: outcome.quality,
      };
    },
  });

  register("get_generation", {
    title: "Get a generation's progress",
    description:
      "How a transcript's generation stands: running (parts read of how many), done (with the stories), failed (and why) or cancelled.",
    scope: "read",
    input: mcpTranscriptInput,
    output: mcpGenerationOutput,
    annotations: READS,
    run: async ({ transcriptId }) => {
      const status = await generationStatus(deps, userId, transcriptId);
      const stories =
        status.state === "done" ? (await getTranscript(deps, userId, transcriptId)).generatedStories : null;
      return { ...status, transcriptId, stories };
    },
  });

  register("check_stories", {
    title: "Check stories against the quality gate",
    description:
      "Checks any epic and user stories (written anywhere) against StoryLoom's quality gate: each story's issues and score, and the set's. With the meeting's transcript it also reports which of the meeting's asks no story carries, and finds each evidence quote in it (quotes may be sent without offsets). Saves nothing.",
    scope: "generate",
    input: mcpCheckInput,
    output: mcpCheckOutput,
    annotations: { ...READS, idempotentHint: true },
    run: (input) => checkStories(deps, userId, input),
  });

  register("coverage_report", {
    title: "Report what a meeting asked that no story carries",
    description:
      "For a saved transcript with stories: each ask, decision, refusal and open question the meeting holds, and which stories carry it. Asks no story carries are what the stories miss.",
    scope: "read",
    input: mcpTranscriptInput,
    output: mcpCoverageOutput,
    annotations: READS,
    run: async ({ transcriptId }) => {
      const coverage = (await getTranscript(deps, userId, transcriptId)).quality?.coverage;
      if (!coverage) throw new AppError("conflict", "This transcript has no stories yet: generate them first.");
      return { transcriptId, coverage };
    },
  });

  register("export_stories", {
    title: "Export stories to the project's tracker",
    description:
      "Sends a transcript's epic and stories to an integration of its project (JIRA, Linear, GitHub Issues, Azure DevOps or a Notion page). Exactly once: repeating it answers the first export without creating anything. Needs a Pro or Enterprise plan.",
    scope: "export",
    input: mcpExportInput,
    output: mcpExportOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ transcriptId, integrationId }) => {
      const { projectId } = await getTranscript(deps, userId, transcriptId);
      if (projectId === null) {
        throw new AppError("conflict", "This transcript is in no project: file it in a project with an integration.");
      }
      const integrations = await listIntegrations(deps, userId, projectId);
      const target =
        integrationId === undefined
          ? integrations.length === 1
            ? integrations[0]
            : undefined
          : integrations.find((integration) => integration.id === integrationId);
      if (!target) {
        throw new AppError(
          integrationId === undefined ? "bad_request" : "not_found",
          integrationId === undefined
            ? `The project has ${integrations.length} integrations: name one by integrationId (${integrations.map((i) => `${i.id} ${i.type} "${i.name}"`).join(", ") || "none yet"}).`
            : "Integration not found",
        );
      }
      const outcome = await exportTranscript(deps, userId, transcriptId, target.id, target.type);
      return { ...outcome.summary, integrationId: target.id, destination: target.type, epicKey: outcome.targetKey };
    },
  });

  return server;
}

/**
 * A tool's failure reaches the client as its error text: StoryLoom's own refusals as they are (the API's messages),
 * anything else as the API's 500 message, logged like a failed request.
 */
async function runSafely<T>(tool: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new Error(error.message, { cause: error });
    const appError = error instanceof AppError ? error : null;
    logEvent("error", "mcp_tool_failed", { tool, code: appError?.code ?? "internal", cause: causeMessage(error) });
    throw new Error(appError?.message ?? "Something went wrong on our side. Please try again.", { cause: error });
  }
}
