import { useCallback, useEffect, useRef, useState, type JSX } from "react";
import type { ExportMode, Integration } from "../../../schema/api/integrations";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { invalidateTranscripts } from "../../lib/query";
import { getExportProgress, postExport, type ExportReviewChoices } from "./api";
import {
  exportResultText,
  exportTotal,
  exportWithProgress,
  exportWording,
  nextProgress,
  placementText,
  updateResultText,
} from "./export";

/** Where an export goes: the integration's id, name and type. */
export type ExportTarget = Pick<Integration, "id" | "name" | "type">;

interface ExportState {
  transcriptId: number;
  integration: ExportTarget;
  mode: ExportMode;
  done: number;
  total: number;
  /** Where focus was when the export began (the menu's trigger, the editor's opener), to return to on close. */
  returnFocus: HTMLElement | null;
}

export interface ExportRequest {
  transcriptId: number;
  integration: ExportTarget;
  storyCount: number;
  /** "update": send what changed since the export; "new": a second, separate copy. */
  mode?: ExportMode;
  /** An update: whether the epic changed too (for the result's wording). */
  epicChanged?: boolean;
  /** Where focus goes when the dialog closes (default: what has focus when the export starts). */
  returnFocus?: HTMLElement | null;
  /** What the review before the export chose (a first export to JIRA, Linear, GitHub or Azure DevOps). */
  review?: ExportReviewChoices;
}

/**
 * Exports a saved transcript's stories to a JIRA or Notion integration with the modal progress dialog (docs/product-spec.md §2,
 * §4): the bar counts the epic and each story (total = stories + 1) and follows the server's real progress, polled
 * while the export runs. The dialog closes on completion (docs/product-spec.md §4) and one toast says the outcome, with a link to
 * what was created; Escape closes it earlier, and the export carries on and still reports. Render `dialog` once where
 * the hook is used.
 */
export function useIntegrationExport(): {
  exportTo(target: ExportRequest): Promise<void>;
  running: boolean;
  dialog: JSX.Element;
} {
  const [state, setState] = useState<ExportState | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const exportTo = useCallback(
    async ({
      transcriptId,
      integration,
      storyCount,
      mode = "create",
      epicChanged = false,
      returnFocus: focusTarget,
      review,
    }: ExportRequest) => {
      const wording = exportWording(integration.type);
      const returnFocus =
        focusTarget ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
      setState({ transcriptId, integration, mode, done: 0, total: exportTotal(storyCount), returnFocus });
      const mine = (s: ExportState | null) =>
        s !== null && s.transcriptId === transcriptId && s.integration.id === integration.id;
      const update = (change: (s: ExportState) => ExportState) =>
        mounted.current && setState((s) => (s && mine(s) ? change(s) : s));
      const finish = () => mounted.current && setState((s) => (mine(s) ? null : s));
      try {
        const response = await exportWithProgress({
          start: () => postExport(transcriptId, integration, mode, review),
          progress: () => getExportProgress(transcriptId, integration.id),
          onProgress: (progress) => update((s) => ({ ...s, ...nextProgress(s, progress) })),
        });
        const summary = response.data.data;
        const epicKey = integration.type === "jira" && response.data.epicKey ? ` (${response.data.epicKey})` : "";
        const link = summary.epicUrl ? { label: `${wording.openLink}${epicKey}`, href: summary.epicUrl } : undefined;
        finish();
        void invalidateTranscripts(transcriptId);
        if (mode === "update" && summary.alreadyExported) {
          toast({
            title: `Up to date in ${integration.name}`,
            description: "Nothing changed since the stories were last sent: nothing was sent.",
            action: link,
          });
        } else if (mode === "update") {
          toast({
            title: `Updated in ${integration.name}`,
            description: updateResultText(summary.summary, epicChanged),
            variant: "success",
            action: link,
          });
        } else if (summary.alreadyExported) {
          toast({
            title: wording.existsTitle,
            description: `This transcript was already exported to ${integration.name} on ${formatDateTime(summary.exportedAt)}: nothing new was created.`,
            action: link,
          });
        } else {
          toast({
            title: "Export Complete",
            description: [
              `${exportResultText(summary.summary)} in ${integration.name}.`,
              placementText(summary.summary),
            ]
              .filter(Boolean)
              .join(" "),
            variant: "success",
            action: link,
          });
        }
      } catch (error) {
        finish();
        void invalidateTranscripts(transcriptId);
        toast({
          title: wording.failedTitle,
          description: errorMessage(error, wording.failedFallback),
          variant: "destructive",
          error,
        });
      }
    },
    [],
  );

  const dialog = <ExportProgressDialog state={state} onClose={() => setState(null)} />;
  return { exportTo, running: state !== null, dialog };
}

function ExportProgressDialog({ state, onClose }: { state: ExportState | null; onClose: () => void }) {
  if (!state) return <Dialog open={false} />;
  const wording = exportWording(state.integration.type);
  const { done, total, returnFocus } = state;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-busy
        // a stray click beside the dialog does not hide the export; Escape and the close button do
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        returnFocus={returnFocus}
      >
        <DialogTitle>{wording.dialogTitle}</DialogTitle>
        <DialogDescription>
          {state.mode === "update"
            ? `Sending the changed stories to ${state.integration.name}…`
            : `Creating the epic and its stories in ${state.integration.name}…`}{" "}
          You can close this: the export carries on and a notification says when it is done.
        </DialogDescription>

        <div className="mt-5 grid gap-2">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium text-ink">Exporting…</span>
            <span className="text-muted tabular-nums" aria-hidden>
              {done} / {total}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={`${wording.name} export progress`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            aria-valuetext={`${done} of ${total} created`}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
