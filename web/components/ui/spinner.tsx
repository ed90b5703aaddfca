import { LoaderCircle } from "lucide-react";

// No cn()/tailwind-merge here: the page spinner is part of the first download, so it stays dependency-free.

/** An inline spinner; pass size and colour classes (defaults: size-5, brand colour; buttons size it themselves). */
export function Spinner({ className = "size-5 text-brand-600", label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={`animate-spin ${className}`}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? "img" : undefined}
    />
  );
}

/** Centred spinner for a page or section that is loading. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <Spinner className="size-8 text-brand-600" />
      <span className="text-sm text-muted">{label}…</span>
    </div>
  );
}
