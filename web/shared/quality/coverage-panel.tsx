import { ChevronDown, CircleHelp, Flag, ListPlus, ListTodo, Quote, ShieldAlert, Target, XCircle } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import type { Coverage, CoverageItem } from "../../../schema/api/quality-body";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";
import { coverageGroups, storiesLabel } from "./model";

/** Open at first on wide screens; a phone starts with the summary line, so the stories stay near the top. */
function startsOpen(): boolean {
  return typeof window === "undefined" || window.matchMedia("(min-width: 640px)").matches;
}

/**
 * What the meeting asked for and what the stories carry (the gate's coverage report): "n of m asks covered", the
 * asks no story covers (the likeliest first), each with its quote, speaker and "Add as story" (when the host can open the editor), then
 * the decisions, open questions, risks and action items, and what was left out on purpose (rejected, put off).
 */
export function CoveragePanel({
  coverage,
  onAddAsStory,
  headingLevel = 3,
}: {
  coverage: Coverage;
  /** Opens the editor with a draft story built from the ask; without it the asks are listed only. */
  onAddAsStory?: (item: CoverageItem) => void;
  headingLevel?: 3 | 4;
}) {
  const [open, setOpen] = useState(startsOpen);
  const id = useId();
  const groups = coverageGroups(coverage);
  const { covered, total } = coverage.asks;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const Sub = headingLevel === 3 ? "h4" : "h5";
  const share = total === 0 ? 1 : covered / total;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-line">
      <Heading id={`${id}-heading`} className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center gap-3 rounded-lg px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Target className="size-5 shrink-0 text-brand-600" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-ink">Coverage</span>
            <span className="block text-sm text-muted">
              {total === 0 ? "No asks found in the transcript" : `${covered} of ${plural(total, "ask")} covered`}
            </span>
          </span>
          {total > 0 && (
            <span aria-hidden className="hidden h-2 w-24 overflow-hidden rounded-full bg-slate-200 sm:block">
              <span
                className={cn(
                  "block h-full rounded-full",
                  share >= 0.8 ? "bg-emerald-500" : share >= 0.5 ? "bg-amber-500" : "bg-red-500",
                )}
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </span>
          )}
          <ChevronDown
            className={cn("size-5 shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
            aria-hidden
          />
        </button>
      </Heading>
      <div id={`${id}-body`} hidden={!open} className="grid gap-5 border-t border-line px-4 py-4">
        <Group
          Heading={Sub}
          icon={<ListPlus className="size-4 text-red-600" aria-hidden />}
          title="Asks no story covers"
          items={groups.uncoveredAsks}
          empty={total === 0 ? "No asks were found in the transcript." : "Every ask is covered by a story."}
          action={onAddAsStory}
        />
        <Group
          Heading={Sub}
          icon={<Flag className="size-4 text-brand-600" aria-hidden />}
          title="Decisions"
          items={groups.decisions}
        />
        <Group
          Heading={Sub}
          icon={<CircleHelp className="size-4 text-brand-600" aria-hidden />}
          title="Open questions"
          items={groups.questions}
        />
        <Group
          Heading={Sub}
          icon={<ShieldAlert className="size-4 text-amber-600" aria-hidden />}
          title="Risks"
          items={groups.risks}
        />
        <Group
          Heading={Sub}
          icon={<ListTodo className="size-4 text-brand-600" aria-hidden />}
          title="Action items"
          items={groups.actions}
        />
        <Group
          Heading={Sub}
          icon={<XCircle className="size-4 text-slate-500" aria-hidden />}
          title="Left out on purpose"
          items={groups.leftOut}
        />
        {groups.coveredAsks.length > 0 && (
          <p className="text-xs text-muted">
            {plural(groups.coveredAsks.length, "more ask is", "more asks are")} covered by the stories above.
          </p>
        )}
      </div>
    </section>
  );
}

function Group({
  Heading,
  icon,
  title,
  items,
  empty,
  action,
}: {
  Heading: "h4" | "h5";
  icon: ReactNode;
  title: string;
  items: CoverageItem[];
  /** Shown when there are no items; without it an empty group is left out. */
  empty?: string;
  action?: (item: CoverageItem) => void;
}) {
  const id = useId();
  if (items.length === 0 && !empty) return null;
  return (
    <div>
      <Heading id={id} className="flex items-center gap-2 text-sm font-semibold text-ink">
        {icon}
        {title} ({items.length})
      </Heading>
      {items.length === 0 ? (
        <p className="mt-1.5 text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-2 grid gap-2">
          {items.map((item, i) => (
            <CoverageRow key={`${item.start}-${i}`} item={item} action={action} />
          ))}
        </ul>
      )}
    </div>
  );
}

const KIND_TAG: Partial<Record<CoverageItem["kind"], string>> = { rejected: "Rejected", postponed: "Put off" };

function CoverageRow({ item, action }: { item: CoverageItem; action?: (item: CoverageItem) => void }) {
  const quoteId = useId();
  const tag = KIND_TAG[item.kind];
  return (
    <li className="flex flex-col gap-2 rounded-md bg-slate-50 py-2 pr-2 pl-2.5 sm:flex-row sm:items-start sm:gap-3">
      <figure className="m-0 flex min-w-0 flex-1 gap-2">
        <Quote className="mt-0.5 size-3.5 shrink-0 text-brand-500" aria-hidden />
        <div className="min-w-0">
          <blockquote id={quoteId} className="text-sm break-words whitespace-pre-wrap text-slate-700 italic">
            {item.quote}
          </blockquote>
          {(item.speaker || tag || item.coveredBy.length > 0) && (
            <figcaption className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted">
              {item.speaker && <span>— {item.speaker}</span>}
              {tag && <span className="font-medium text-slate-600">{tag}</span>}
              {item.coveredBy.length > 0 && <span>In {storiesLabel(item.coveredBy)}</span>}
            </figcaption>
          )}
        </div>
      </figure>
      {action && (
        <Button
          variant="outline"
          size="sm"
          aria-describedby={quoteId}
          onClick={() => action(item)}
          className="shrink-0 self-start max-sm:ml-5.5"
        >
          <ListPlus aria-hidden />
          Add as story
        </Button>
      )}
    </li>
  );
}
