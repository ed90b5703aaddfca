import type { StoryIssue } from "../../../schema/api/quality-body";
import { cn } from "../../lib/cn";
import { worstSeverity } from "./model";

/**
 * How a field the gate flags is marked in the stories view: a wavy underline (text) or a ring (blocks and chips),
 * red for an error and amber for a warning. The shape shows it without colour; `FieldNote` says it in words.
 */
export function fieldMark(issues: readonly StoryIssue[] | undefined, shape: "text" | "ring"): string | undefined {
  const severity = worstSeverity(issues);
  if (!severity) return undefined;
  const error = severity === "error";
  return shape === "text"
    ? cn(
        "underline decoration-wavy decoration-1 underline-offset-4",
        error ? "decoration-red-500" : "decoration-amber-500",
      )
    : cn("rounded-md ring-1 ring-offset-2", error ? "ring-red-400" : "ring-amber-400");
}

/** The words for a flagged field, for screen readers (the field points at it with aria-describedby). */
export function FieldNote({
  id,
  label,
  issues,
}: {
  id: string;
  label: string;
  issues: readonly StoryIssue[] | undefined;
}) {
  if (!issues?.length) return null;
  return (
    <span id={id} className="sr-only">
      {`Quality check on the ${label.toLowerCase()}: ${issues.map((i) => i.message).join(" ")}`}
    </span>
  );
}

/** The messages under a flagged field in the editor, which its input names with aria-describedby. */
export function FieldIssues({ id, issues }: { id: string; issues: readonly StoryIssue[] | undefined }) {
  if (!issues?.length) return null;
  return (
    <ul id={id} className="grid gap-0.5 text-xs">
      {issues.map((issue, i) => (
        <li key={i} className={issue.severity === "error" ? "text-red-700" : "text-amber-800"}>
          <span className="font-semibold">{issue.severity === "error" ? "Error: " : "Warning: "}</span>
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
