import * as z from "zod";
import { DEFAULT_PROJECT_COLOR, PROJECT_COLORS } from "./project-colors";
import { multiLineText, singleLineText } from "./text";

export { DEFAULT_PROJECT_COLOR, PROJECT_COLORS };

export const projectInputSchema = z.object({
  name: singleLineText("Project names")
    .min(1, "Please enter a project name.")
    .max(100, "Project names are at most 100 characters."),
  description: multiLineText("Descriptions")
    .trim()
    .max(1000, "Descriptions are at most 1000 characters.")
    .nullish()
    .transform((v) => v || ""),
  color: z
    .string()
    .toUpperCase()
    .pipe(z.enum(PROJECT_COLORS, { message: "Pick a colour from the palette." }))
    .nullish()
    .transform((v) => v ?? DEFAULT_PROJECT_COLOR),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  transcriptCount: z.number().int().describe("Transcripts filed under the project."),
  lastActivityAt: z
    .string()
    .describe("The latest of the project's own change and its newest transcript: what sorting by activity uses."),
  sharedBy: z
    .string()
    .nullable()
    .describe("The owner's name when the project is another account's, shared through the owner's team."),
  canManage: z
    .boolean()
    .describe("The user may rename or delete it and manage its integrations (its owner, or an admin of its team)."),
});
export type Project = z.infer<typeof projectSchema>;
