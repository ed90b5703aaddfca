import type { Quality } from "../../../schema/api/quality-body";
import type { GeneratedStories, Transcript } from "../../../schema/api/transcripts";
import { toast } from "../../components/ui/toast";
import { api, errorMessage } from "../../lib/api";
import {
  downloadBlob,
  downloadText,
  EXPORT_MIME,
  exportFilename,
  meetingNotes,
  renderStoriesPdf,
  storiesToJiraWiki,
  storiesToMarkdown,
  type ExportFormat,
} from "../../lib/exports";
import { queryKeys } from "../../lib/query-keys";

/** What an Export menu exports: the generator's shown result, or a history card's saved transcript. */
export type ExportSource =
  | {
      origin: "generator";
      transcriptId: number | null;
      title: string;
      stories: GeneratedStories | null;
      quality?: Quality | null;
    }
  | { origin: "history"; transcriptId: number; title: string };

/** The stories to export, with the quality report whose decisions and open questions the Markdown and PDF list. */
export interface Exportable {
  stories: GeneratedStories;
  quality: Quality | null;
}

/**
 * The stories to export, or null after telling the person why not (docs/product-spec.md §5): the generator needs stories and a
 * saved transcript; a history card loads its transcript (lists do not carry stories) and needs generated stories.
 */
export async function exportableStories(source: ExportSource): Promise<Exportable | null> {
  if (source.origin === "generator") {
    if (source.stories && source.transcriptId !== null)
      return { stories: source.stories, quality: source.quality ?? null };
    toast({ title: "Export Failed", description: "No transcript available for export", variant: "destructive" });
    return null;
  }
  const transcript = await api.get<Transcript>(queryKeys.transcript(source.transcriptId));
  if (transcript.generatedStories) return { stories: transcript.generatedStories, quality: transcript.quality };
  toast({
    title: "No Stories Available",
    description: "This transcript doesn't have generated stories to export.",
    variant: "destructive",
  });
  return null;
}

async function render(
  format: ExportFormat,
  { stories, quality }: Exportable,
  title: string,
  filename: string,
): Promise<void> {
  if (format === "markdown")
    downloadText(filename, storiesToMarkdown(stories, title, meetingNotes(quality)), EXPORT_MIME.markdown);
  else if (format === "jira") downloadText(filename, storiesToJiraWiki(stories), EXPORT_MIME.jira);
  // renderStoriesPdf loads jspdf on the first PDF export, so it never ships with the page.
  else downloadBlob(filename, await renderStoriesPdf(stories, title, meetingNotes(quality)));
}

/** Downloads one export as a file named as docs/product-spec.md §9 says, with the toasts of docs/product-spec.md §8. */
export async function exportStories(format: ExportFormat, source: ExportSource): Promise<void> {
  try {
    const exportable = await exportableStories(source);
    if (!exportable) return;
    const filename = exportFilename(format, source.origin, source.title, new Date());
    await render(format, exportable, source.title, filename);
    toast({ title: "Export Complete", description: `Downloaded ${filename}.`, variant: "success" });
  } catch (error) {
    toast({
      title: "Export Failed",
      description:
        format === "pdf"
          ? "Failed to export PDF. Please try again."
          : errorMessage(error, "Failed to export the stories. Please try again."),
      variant: "destructive",
      error,
    });
  }
}
