import { Layers } from "lucide-react";
import type { SetIssue } from "../../../schema/api/quality-body";
import { CRITERION_LABEL, namesStories, storiesLabel } from "./model";

/**
 * Problems of the stories together (duplicates, conflicts, mixed templates…), shown once above the list. Each names
 * its stories: the gate's message when it already does ("Stories 2 and 5 ask for the same thing…"), else a label.
 * `positions` maps the report's story positions to the ones shown now (the editor's draft may have moved them).
 */
export function SetIssuesNotice({
  issues,
  positions = (p) => p,
}: {
  issues: readonly SetIssue[];
  positions?: (position: number) => number;
}) {
  if (issues.length === 0) return null;
  return (
    <section
      aria-label="Across the stories"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Layers className="size-4 shrink-0" aria-hidden />
        Across the stories
      </p>
      <ul className="mt-2 grid gap-1.5">
        {issues.map((issue, i) => {
          const shown = issue.stories.map(positions).filter((p) => p >= 0);
          return (
            <li key={i} className="break-words">
              <span className="font-medium">{CRITERION_LABEL[issue.criterion]}: </span>
              {!namesStories(issue) && shown.length > 0 && <span className="font-medium">{storiesLabel(shown)}. </span>}
              {issue.message}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
