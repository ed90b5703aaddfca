import { CircleCheck, ExternalLink } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type JSX } from "react";
import type { ExportSummary, Integration } from "../../../schema/api/integrations";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { getExportProgress, postExport } from "./api";
import { exportResultText, exportTotal, exportWithProgress, exportWording, nextProgress } from "./export";

/** Where an export goes: the integration's id, name and type. */
export type ExportTarget = Pick<Integration, "id" | "name" | "type">;

interface ExportState {
  transcriptId: number;
  integration: ExportTarget;
  done: number;
  total: number;
  /** Set once the export answered: what was created (or that it had been already). */
  result: (ExportSummary & { epicKey?: string }) | null;
  /** Where focus was when the export began (the menu's trigger, the editor's opener), to return to on close. */
  returnFocus: HTMLElement | null;
}

export interface ExportRequest {
  transcriptId: number;
  integration: ExportTarget;
  storyCount: number;
  /** Where focus goes when the dialog closes (default: what has focus when the export starts). */
  returnFocus?: HTMLElement | null;
}

/**
 * Exports a saved transcript's stories to a JIRA or Notion integration with the modal progress dialog (spec §2,
 * §4): the bar counts the epic and each story (total = stories + 1) and follows the server's real progress, polled
 * while the export runs. On success the dialog shows what was created and a link to it; the toasts are spec §8's.
 * Render `dialog` once where the hook is used.
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
    async ({ transcriptId, integration, storyCount, returnFocus: focusTarget }: ExportRequest) => {
      const wording = exportWording(integration.type);
      const returnFocus = focusTarget ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
      setState({ transcriptId, integration, done: 0, total: exportTotal(storyCount), result: null, returnFocus });
      const update = (change: (s: ExportState) => ExportState) =>
        mounted.current && setState((s) => (s && s.transcriptId === transcriptId && s.integration.id === integration.id ? change(s) : s));
      try {
        const response = await exportWithProgress({
          start: () => postExport(transcriptId, integration),
          progress: () => getExportProgress(transcriptId, integration.id),
          onProgress: (progress) => update((s) => ({ ...s, ...nextProgress(s, progress) })),
        });
        const summary = response.data.data;
        const result = { ...summary, epicKey: response.data.epicKey };
        update((s) => ({ ...s, done: s.total, result }));
        if (summary.alreadyExported) {
          toast({
            title: wording.existsTitle,
            description: `This transcript was already exported to ${integration.name} on ${formatDateTime(summary.exportedAt)}.`,
          });
        } else {
          toast({
            title: "Export Complete",
            description: `${exportResultText(summary.summary)} in ${integration.name}.`,
            variant: "success",
          });
        }
      } catch (error) {
        if (mounted.current) setState(null);
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
  return { exportTo, running: state !== null && state.result === null, dialog };
}

function ExportProgressDialog({ state, onClose }: { state: ExportState | null; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const finished = state?.result != null;
  useEffect(() => {
    // The result replaces the bar: keyboard users land on Close (the link is one Shift+Tab away).
    if (finished) closeRef.current?.focus();
  }, [finished]);

  if (!state) return <Dialog open={false} />;
  const wording = exportWording(state.integration.type);
  const { done, total, result, returnFocus } = state;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const keepOpen = (event: Event) => {
    if (!finished) event.preventDefault();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && finished && onClose()}>
      <DialogContent
        aria-busy={!finished || undefined}
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        onCloseAutoFocus={(event) => {
          if (returnFocus?.isConnected) {
            event.preventDefault();
            returnFocus.focus();
          }
        }}
        // Until the export answers there is nothing to close: the X appears with the result.
        className={cn(!finished && "[&>button:last-child]:hidden")}
      >
        <DialogTitle>{wording.dialogTitle}</DialogTitle>
        <DialogDescription>
          {!result
            ? `Creating the epic and its stories in ${state.integration.name}…`
            : result.alreadyExported
              ? `Already in ${state.integration.name}.`
              : `Exported to ${state.integration.name}.`}
        </DialogDescription>

        <div className="mt-5 grid gap-2">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium text-ink">{finished ? "Done" : "Exporting…"}</span>
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
              className={cn("h-full rounded-full transition-[width] duration-300", finished ? "bg-emerald-600" : "bg-brand-600")}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>

        <div aria-live="polite" className="mt-5">
          {result && (
            <div className="grid gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-950 ring-1 ring-emerald-200 ring-inset">
              <p className="flex items-start gap-2 font-medium">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                {result.alreadyExported
                  ? `Already exported on ${formatDateTime(result.exportedAt)}: nothing new was created.`
                  : `${exportResultText(result.summary)}.`}
              </p>
              {result.epicUrl && (
                <a
                  href={result.epicUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                >
                  {wording.openLink}
                  {state.integration.type === "jira" && result.epicKey ? ` (${result.epicKey})` : ""}
                  <ExternalLink className="size-4" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
            </div>
          )}
        </div>

        {finished && (
          <div className="mt-6 flex justify-end">
            <Button ref={closeRef} onClick={onClose} className="w-full sm:w-auto">
              Close
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
