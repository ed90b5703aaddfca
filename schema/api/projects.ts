import { z } from "zod";
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

export interface Project {
  id: number;
  name: string;
  description: string;
  color: string;
  createdAt: string;
  updatedAt: string;
  /** Transcripts filed under the project. */
  transcriptCount: number;
  /** The latest of the project's own change and its newest transcript: what "sort by activity" uses. */
  lastActivityAt: string;
  /** Set when the project is another account's, shared with the user through its owner's team. */
  sharedBy: string | null;
  /** The user may rename or delete it and manage its integrations (its owner, or an admin of the owner's team). */
  canManage: boolean;
}
