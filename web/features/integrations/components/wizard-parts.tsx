import { Check, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

// What the JIRA wizard and the tracker wizards share: the step bar, a step's check result, the review's rows.

/** The numbered steps, the current one marked, a checked earlier one ticked; phones show only the current name. */
export function StepIndicator({
  labels,
  step,
  checked,
}: {
  labels: readonly string[];
  /** 1-based. */
  step: number;
  /** Whether step n's check has passed. */
  checked: (n: number) => boolean;
}) {
  return (
    <ol
      aria-label="Wizard steps"
      className={cn("mt-4 grid gap-2", labels.length === 3 ? "grid-cols-3" : "grid-cols-4")}
    >
      {labels.map((label, index) => {
        const n = index + 1;
        const done = n !== step && checked(n);
        const current = n === step;
        return (
          <li key={n} aria-current={current ? "step" : undefined} className="grid gap-1.5">
            <span
              aria-hidden
              className={cn(
                "h-1.5 rounded-full",
                current ? "bg-brand-700" : n < step || done ? "bg-brand-300" : "bg-slate-200",
              )}
            />
            <span
              className={cn(
                "flex items-center gap-1 text-xs",
                current ? "font-semibold text-ink" : "text-muted",
                !current && "max-sm:[&>span:last-child]:sr-only",
              )}
            >
              {done ? (
                <Check className="size-3.5 text-brand-700" aria-label="checked" />
              ) : (
                <span aria-hidden>{n}.</span>
              )}
              <span>{label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A step's successful check, under its fields. */
export function StepResult({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-200 ring-inset">
      <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

/** The review step: its heading (focused when the step opens), the settings as rows, and what exports create. */
export function ReviewRows({ id, rows, note }: { id: string; rows: [string, string][]; note: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
        Review and create
      </h3>
      <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-line p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 font-medium break-words text-ink max-sm:mb-1">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">{note}</p>
    </section>
  );
}
