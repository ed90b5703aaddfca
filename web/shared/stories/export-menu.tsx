import {
  ChevronDown,
  CopyPlus,
  Download,
  FileCode2,
  FileText,
  FileType2,
  ListChecks,
  RefreshCw,
  Send,
  Settings,
  UploadCloud,
} from "lucide-react";
import { useRef, useState } from "react";
import { focusAfterClose } from "../../lib/focus";
import { useNavigate } from "react-router";
import type { ExportMode, Integration, TranscriptExport } from "../../../schema/api/integrations";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api";
import type { ExportFormat } from "../../lib/exports";
import {
  activeIntegrations,
  getEpicChoices,
  postExportReview,
  useProjectIntegrations,
  useTranscriptExports,
} from "../integrations/api";
import { exportWording } from "../integrations/export";
import { useIntegrationExport } from "../integrations/export-progress-dialog";
import { ExportReviewDialog, type ReviewTarget } from "../integrations/export-review-dialog";
import { reviewNeedsEyes } from "../integrations/review";
import { exportableStories, exportStories, type ExportSource } from "./export-actions";

/**
 * The Export menu of the generator and of history cards (docs/product-spec.md §2): Markdown, JIRA-format text and PDF, then
 * 'Export to {name}' for each active integration of the transcript's project (JIRA and Notion), and 'Setup JIRA
 * Integration' when the project has no active JIRA integration; without a project the JIRA entry is disabled.
 * The project's integrations are read when the menu first opens (or at once with `prefetchIntegrations`).
 */
export function ExportMenu({
  source,
  projectId,
  describedBy,
  prefetchIntegrations = false,
}: {
  source: ExportSource;
  projectId: number | null;
  /** The id of the card's title, so "Export" is announced with what it exports. */
  describedBy?: string;
  /** Read the project's integrations before the menu is opened (the generator, docs/product-spec.md §7). */
  prefetchIntegrations?: boolean;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const integrations = useProjectIntegrations(projectId, opened || prefetchIntegrations);
  const exports = useTranscriptExports(source.transcriptId, projectId !== null && (opened || prefetchIntegrations));
  const { exportTo, running, dialog } = useIntegrationExport();
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);

  async function run(format: ExportFormat) {
    setBusy(true);
    try {
      await exportStories(format, source);
    } finally {
      setBusy(false);
      // (Export was disabled while the file was made, so the menu's return of focus found it disabled)
      focusAfterClose(trigger.current);
    }
  }

  async function sendTo(
    integration: Integration,
    mode: ExportMode = "create",
    sent?: TranscriptExport,
    reviewFirst = false,
  ) {
    setBusy(true);
    let exportable;
    try {
      exportable = await exportableStories(source);
    } catch (error) {
      exportFailed(integration, error);
      return;
    } finally {
      setBusy(false);
    }
    if (!exportable || source.transcriptId === null) return;
    const transcriptId = source.transcriptId;
    const review = mode === "create" && integration.type !== "notion" && sent?.status !== "complete";
    if (review) {
      // A first export is compared with the destination's open items: when something matched (or the project
      // goes under a remembered epic) the review opens; otherwise the stories are exported at once, as before.
      const titles = exportable.stories.userStories.map((story) => story.title);
      const target = {
        transcriptId,
        integration,
        titles,
        epicTitle: exportable.stories.epic.title,
        returnFocus: trigger.current,
      };
      if (reviewFirst) {
        setReviewing(target);
        return;
      }
      setBusy(true);
      try {
        const found = await postExportReview(transcriptId, integration);
        // exported already: the export says so, as before
        const epics = found.alreadyExported ? null : await getEpicChoices(integration.id);
        if (epics && (reviewNeedsEyes(found) || epics.remembered)) {
          setReviewing({ ...target, epics, review: epics.remembered ? undefined : found });
          return;
        }
      } catch (error) {
        exportFailed(integration, error);
        return;
      } finally {
        setBusy(false);
      }
    }
    await exportTo({
      transcriptId: source.transcriptId,
      integration,
      storyCount: mode === "update" ? (sent?.storiesChanged ?? 0) : exportable.stories.userStories.length,
      mode,
      epicChanged: sent?.epicChanged ?? false,
      returnFocus: trigger.current,
    });
  }

  const list = integrations.data?.integrations ?? [];
  const active = activeIntegrations(list);
  const hasJira = active.some((i) => i.type === "jira");
  const loading = projectId !== null && !integrations.data && !integrations.error;

  return (
    <>
      <DropdownMenu modal={false} onOpenChange={(open) => open && setOpened(true)}>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="outline" size="sm" aria-describedby={describedBy} disabled={busy || running}>
            {busy ? <Spinner className="size-4 text-current" /> : <Download aria-hidden />}
            Export
            <ChevronDown aria-hidden className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" collisionPadding={8} className="max-w-[calc(100vw-1rem)] min-w-56">
          <DropdownMenuItem onSelect={() => void run("markdown")}>
            <FileText aria-hidden />
            Markdown
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void run("jira")}>
            <FileCode2 aria-hidden />
            JIRA-format text
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void run("pdf")}>
            <FileType2 aria-hidden />
            PDF
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {projectId === null ? (
            <DropdownMenuItem disabled>
              <Settings aria-hidden />
              Assign to project for JIRA export
            </DropdownMenuItem>
          ) : loading ? (
            <DropdownMenuItem disabled>
              <Spinner className="size-4 text-slate-500" />
              Loading integrations…
            </DropdownMenuItem>
          ) : integrations.error ? (
            <DropdownMenuItem
              onSelect={(event) => {
                // Stay open: the entries replace this one when the list arrives.
                event.preventDefault();
                void integrations.mutate();
              }}
            >
              <RefreshCw aria-hidden />
              Couldn't load integrations. Try again
            </DropdownMenuItem>
          ) : (
            <>
              {active.map((integration) => (
                <IntegrationEntries
                  key={integration.id}
                  integration={integration}
                  sent={exports.data?.exports.find((e) => e.integrationId === integration.id)}
                  onSend={(mode, sent, reviewFirst) => void sendTo(integration, mode, sent, reviewFirst)}
                />
              ))}
              {!hasJira && (
                <DropdownMenuItem onSelect={() => navigate(`/projects/${projectId}/settings`)}>
                  <Settings aria-hidden />
                  Setup JIRA Integration
                </DropdownMenuItem>
              )}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
      <ExportReviewDialog
        target={reviewing}
        onClose={() => setReviewing(null)}
        onExport={(target, choices) => {
          setReviewing(null);
          void exportTo({
            transcriptId: target.transcriptId,
            integration: target.integration,
            storyCount: target.titles.length,
            review: choices,
            returnFocus: target.returnFocus,
          });
        }}
      />
    </>
  );
}

/** The toast of an export that could not start (its stories could not be read, or the review failed). */
function exportFailed(integration: Integration, error: unknown) {
  const wording = exportWording(integration.type);
  toast({
    title: wording.failedTitle,
    description: errorMessage(error, wording.failedFallback),
    variant: "destructive",
    error,
  });
}

/**
 * One integration's entries: "Export to {name}" (a repeat after a complete export says it already exists, as the
 * spec has it); after a complete export, "Update in {name}" when stories changed since they were sent, and "Export
 * as new to {name}" for a second, separate copy.
 */
function IntegrationEntries({
  integration,
  sent,
  onSend,
}: {
  integration: Integration;
  sent: TranscriptExport | undefined;
  onSend: (mode: ExportMode, sent?: TranscriptExport, reviewFirst?: boolean) => void;
}) {
  const complete = sent?.status === "complete";
  const changed = complete && sent.storiesChanged + (sent.epicChanged ? 1 : 0) > 0;
  return (
    <>
      <DropdownMenuItem onSelect={() => onSend("create")}>
        <Send aria-hidden />
        <span className="min-w-0 truncate">Export to {integration.name}</span>
      </DropdownMenuItem>
      {!complete && integration.type !== "notion" && (
        <DropdownMenuItem onSelect={() => onSend("create", sent, true)}>
          <ListChecks aria-hidden />
          <span className="min-w-0 truncate">Review before exporting to {integration.name}…</span>
        </DropdownMenuItem>
      )}
      {changed && (
        <DropdownMenuItem onSelect={() => onSend("update", sent)}>
          <UploadCloud aria-hidden />
          <span className="min-w-0 truncate">Update in {integration.name}</span>
          <span className="ml-auto shrink-0 text-xs text-slate-500">{changesText(sent)}</span>
        </DropdownMenuItem>
      )}
      {complete && (
        <DropdownMenuItem onSelect={() => onSend("new")}>
          <CopyPlus aria-hidden />
          <span className="min-w-0 truncate">Export as new to {integration.name}</span>
        </DropdownMenuItem>
      )}
    </>
  );
}

/** "2 changed", "epic changed": what an update would send. */
function changesText(sent: TranscriptExport): string {
  if (sent.storiesChanged > 0) return `${sent.storiesChanged} changed`;
  return "epic changed";
}
