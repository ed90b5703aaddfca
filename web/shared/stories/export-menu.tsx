import { ChevronDown, Download, FileCode2, FileText, FileType2, RefreshCw, Send, Settings } from "lucide-react";
import { useRef, useState } from "react";
import { focusAfterClose } from "../../lib/focus";
import { useNavigate } from "react-router";
import type { Integration } from "../../../schema/api/integrations";
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
import { activeIntegrations, useProjectIntegrations } from "../integrations/api";
import { exportWording } from "../integrations/export";
import { useIntegrationExport } from "../integrations/export-progress-dialog";
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
  const { exportTo, running, dialog } = useIntegrationExport();

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

  async function sendTo(integration: Integration) {
    setBusy(true);
    let exportable;
    try {
      exportable = await exportableStories(source);
    } catch (error) {
      const wording = exportWording(integration.type);
      toast({
        title: wording.failedTitle,
        description: errorMessage(error, wording.failedFallback),
        variant: "destructive",
        error,
      });
      return;
    } finally {
      setBusy(false);
    }
    if (!exportable || source.transcriptId === null) return;
    await exportTo({
      transcriptId: source.transcriptId,
      integration,
      storyCount: exportable.stories.userStories.length,
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
                <DropdownMenuItem key={integration.id} onSelect={() => void sendTo(integration)}>
                  <Send aria-hidden />
                  <span className="min-w-0 truncate">Export to {integration.name}</span>
                </DropdownMenuItem>
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
    </>
  );
}
