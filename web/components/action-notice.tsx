import { useState, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "../lib/cn";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

const TONES = {
  danger: { box: "border-red-200 bg-red-50 text-red-900", icon: "text-red-600" },
  info: { box: "border-brand-200 bg-brand-50/60 text-slate-700", icon: "text-brand-600" },
} as const;

/**
 * A boxed message with one action beside it (phones: under it), such as a failed generation's Try Again. While the
 * action runs its button is disabled and shows a spinner; `action.run` handles its own success and failure.
 */
export function ActionNotice({
  tone,
  icon: Icon,
  children,
  action,
  className,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  children: ReactNode;
  action: {
    label: string;
    /** Shown instead of the label while the action runs. */
    pendingLabel?: string;
    icon: LucideIcon;
    /** The id of what the button acts on (e.g. a card's title), for screen readers. */
    describedBy?: string;
    run: () => Promise<void>;
  };
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  const ActionIcon = action.icon;

  async function run() {
    setPending(true);
    try {
      await action.run();
    } finally {
      setPending(false);
    }
  }

  return (
    <div
      className={cn(
        "flex flex-col items-start gap-3 rounded-lg border p-3 text-sm sm:flex-row sm:items-center",
        TONES[tone].box,
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <Icon className={cn("mt-0.5 size-4 shrink-0", TONES[tone].icon)} aria-hidden />
        <span className="min-w-0 break-words">{children}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={run}
        disabled={pending}
        aria-busy={pending || undefined}
        aria-describedby={action.describedBy}
      >
        {pending ? <Spinner className="size-4 text-brand-600" /> : <ActionIcon aria-hidden />}
        {pending ? (action.pendingLabel ?? action.label) : action.label}
      </Button>
    </div>
  );
}
