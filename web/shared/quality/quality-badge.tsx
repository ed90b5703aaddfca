import { AlertTriangle, CircleCheck, CircleX, Gauge } from "lucide-react";
import type { StoryIssue, StoryQuality } from "../../../schema/api/quality-body";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";
import { BAND_LABEL, CRITERION_LABEL, FIELD_LABEL, scoreBand, sortIssues, type ScoreBand } from "./model";

const BAND_STYLE: Record<ScoreBand, string> = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-300 hover:bg-emerald-100",
  fair: "bg-amber-50 text-amber-900 ring-amber-300 hover:bg-amber-100",
  poor: "bg-red-50 text-red-800 ring-red-300 hover:bg-red-100",
};

const BAND_ICON = { good: CircleCheck, fair: AlertTriangle, poor: CircleX } as const;

/**
 * A story's quality score as a button (icon, number and word, so colour never carries it alone) that opens its
 * issues, errors first. Without a report yet (a story added in the editor) it says it is being checked.
 */
export function QualityBadge({
  quality,
  storyName,
  checking = false,
  className,
}: {
  quality: StoryQuality | undefined;
  /** "Story 3": names the story in the button's and the panel's labels. */
  storyName: string;
  /** The report is being renewed: the score shown may be about to change. */
  checking?: boolean;
  className?: string;
}) {
  if (!quality) {
    return (
      <span
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium text-muted ring-1 ring-line ring-inset",
          className,
        )}
      >
        {checking ? <Spinner className="size-3 text-slate-500" /> : <Gauge className="size-3.5" aria-hidden />}
        {checking ? "Checking quality…" : "Not checked yet"}
      </span>
    );
  }
  const band = scoreBand(quality.score);
  const Icon = BAND_ICON[band];
  const issues = sortIssues(quality.issues);
  const errors = issues.filter((i) => i.severity === "error").length;
  const summary = issues.length === 0 ? "no issues" : plural(issues.length, "issue");
  return (
    <Popover>
      <PopoverTrigger
        aria-label={`Quality of ${storyName}: ${quality.score} out of 100, ${BAND_LABEL[band].toLowerCase()}, ${summary}${checking ? ", checking again" : ""}. Show details`}
        className={cn(
          "inline-flex min-h-7 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          BAND_STYLE[band],
          className,
        )}
      >
        <Icon className="size-3.5" aria-hidden />
        <span className="tabular-nums">{quality.score}</span>
        <span className="font-medium">· {BAND_LABEL[band]}</span>
        {checking && <Spinner className="ml-0.5 size-3 text-current" />}
      </PopoverTrigger>
      <PopoverContent align="start" aria-label={`Quality of ${storyName}`}>
        <p className="font-semibold text-ink">
          {storyName} quality: <span className="tabular-nums">{quality.score}</span>/100 · {BAND_LABEL[band]}
        </p>
        {issues.length === 0 ? (
          <p className="mt-2 text-muted">No issues found: this story reads well.</p>
        ) : (
          <>
            <p className="mt-1 text-xs text-muted">
              {errors > 0 ? `${plural(errors, "error")} to fix` : "Nothing blocking"}
              {issues.length > errors ? `, ${plural(issues.length - errors, "suggestion")}` : ""}.
            </p>
            <ul className="mt-3 grid gap-3" aria-label="Issues">
              {issues.map((issue, i) => (
                <IssueItem key={i} issue={issue} />
              ))}
            </ul>
          </>
        )}
      </PopoverContent>
    </Popover>
  );
}

function IssueItem({ issue }: { issue: StoryIssue }) {
  const error = issue.severity === "error";
  const Icon = error ? CircleX : AlertTriangle;
  return (
    <li className="flex gap-2">
      <Icon className={cn("mt-0.5 size-4 shrink-0", error ? "text-red-600" : "text-amber-600")} aria-hidden />
      <div className="min-w-0">
        <p className="text-xs font-semibold text-slate-600">
          <span className={error ? "text-red-700" : "text-amber-800"}>{error ? "Error" : "Warning"}</span>
          {" · "}
          {CRITERION_LABEL[issue.criterion]}
          {issue.field && ` · ${FIELD_LABEL[issue.field]}`}
        </p>
        <p className="mt-0.5 break-words text-slate-700">{issue.message}</p>
      </div>
    </li>
  );
}
