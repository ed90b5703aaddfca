import { RefreshCw, TriangleAlert } from "lucide-react";
import { cn } from "../lib/cn";
import { Button } from "./ui/button";

/** Inline notice for a section whose data failed to load (the toast has the details), with a retry. */
export function LoadError({ what, onRetry, className }: { what: string; onRetry: () => void; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center",
        className,
      )}
    >
      <TriangleAlert className="size-5 shrink-0 text-red-600" aria-hidden />
      <p className="flex-1">We couldn't load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Try again
      </Button>
    </div>
  );
}
