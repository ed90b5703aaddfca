import { ExternalLink } from "lucide-react";
import { INTEGRATION_LABELS } from "../../../schema/api/integration-types";
import type { TranscriptExport } from "../../../schema/api/integrations";
import { formatDateTime } from "../../lib/format";
import { useTranscriptExports } from "./api";

/**
 * Where a transcript's stories went (issue 43): each destination with the epic's link, when it was exported and
 * last updated, and whether edits are waiting to be sent ("Update in …" in the Export menu sends them). Nothing is
 * shown before the first export.
 */
export function SentTo({ transcriptId, labelledBy }: { transcriptId: number; labelledBy: string }) {
  const { data } = useTranscriptExports(transcriptId);
  const exports = data?.exports ?? [];
  if (exports.length === 0) return null;
  return (
    <section aria-labelledby={labelledBy}>
      <h3 id={labelledBy} className="mb-2 text-sm font-semibold text-ink">
        Sent to
      </h3>
      <ul className="grid gap-2">
        {exports.map((sent) => (
          <li
            key={sent.integrationId}
            className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm"
          >
            <span className="font-medium text-ink">
              {sent.name} <span className="font-normal text-muted">({INTEGRATION_LABELS[sent.type]})</span>
            </span>
            {sent.epicUrl && (
              <a
                href={sent.epicUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline"
              >
                {sent.type === "notion" ? "Open the page" : `Epic ${sent.epicKey}`}
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
            <span className="text-muted">{sentText(sent)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Exported 7 Dec 2026, 14:02 · updated … · 2 edits not sent yet". */
export function sentText(sent: TranscriptExport): string {
  if (sent.status === "running") return "Export running…";
  if (sent.status === "partial") return "Export not finished: export again to create the rest";
  const parts = [`Exported ${formatDateTime(sent.exportedAt!)}`];
  if (sent.syncedAt) parts.push(`updated ${formatDateTime(sent.syncedAt)}`);
  if (sent.copies > 1) parts.push(`${sent.copies} copies`);
  const waiting = sent.storiesChanged + (sent.epicChanged ? 1 : 0);
  parts.push(waiting > 0 ? `${waiting === 1 ? "1 edit" : `${waiting} edits`} not sent yet` : "up to date");
  return parts.join(" · ");
}
