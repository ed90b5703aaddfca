import * as z from "zod";
import { generationStatusSchema } from "./generation";
import { exportSummarySchema } from "./integrations";
import { projectSchema } from "./projects";
import { coverageSchema, qualitySchema } from "./quality-body";
import { checkStoriesInputSchema, locatedQuoteSchema } from "./story-check";
import { generatedStoriesSchema, generateInputSchema, transcriptPageSchema } from "./transcripts";

// The MCP server's tools (worker/routes/mcp-tools.ts): what each takes and answers, made of the API's own shapes so a
// tool and its route cannot drift apart.

const transcriptId = z.number().int().positive().describe("A transcript's id (list_transcripts, generate_stories).");

export const mcpListProjectsInput = z.object({});
export const mcpListProjectsOutput = z.object({ projects: z.array(projectSchema) });

export const mcpListTranscriptsInput = z.object({
  projectId: z.number().int().positive().optional().describe("Only this project's transcripts."),
  cursor: z.string().max(200).optional().describe("nextCursor of the previous page."),
  limit: z.number().int().min(1).max(50).optional().describe("How many per page (default 20)."),
});
export const mcpListTranscriptsOutput = transcriptPageSchema;

export const mcpTranscriptInput = z.object({ transcriptId });

export const mcpStoriesOutput = z.object({
  transcriptId: z.number().int(),
  title: z.string(),
  projectId: z.number().int().nullable(),
  storiesVersion: z.number().int(),
  stories: generatedStoriesSchema
    .nullable()
    .describe("The epic and stories as saved (edits included); null before any."),
  quality: qualitySchema.nullable().describe("The quality gate's report on them; null before any stories."),
});

export const mcpGenerateInput = generateInputSchema;
export const mcpGenerateOutput = z.object({
  transcriptId: z.number().int(),
  status: z.enum(["done", "processing"]).describe("processing: poll get_generation with the transcriptId."),
  stories: generatedStoriesSchema.optional(),
  quality: qualitySchema.optional(),
});

export const mcpGenerationOutput = generationStatusSchema.extend({
  transcriptId: z.number().int(),
  stories: generatedStoriesSchema.nullable().describe("The stories once the state is done."),
});

export const mcpCheckInput = checkStoriesInputSchema;
export const mcpCheckOutput = qualitySchema.extend({ evidence: z.array(locatedQuoteSchema) });

export const mcpCoverageOutput = z.object({ transcriptId: z.number().int(), coverage: coverageSchema });

export const mcpExportInput = z.object({
  transcriptId,
  integrationId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Which of the project's integrations; may be left out when the project has exactly one."),
});
export const mcpExportOutput = exportSummarySchema.extend({
  integrationId: z.number().int(),
  destination: z.string().describe("jira, notion, linear, github or azure-devops."),
  epicKey: z.string(),
});
