import type { ComponentPropsWithRef } from "react";
import { cn } from "../../lib/cn";

/** A grey placeholder block; wrap groups of them in an element with role="status" and a label. */
export function Skeleton({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-slate-200/80", className)} {...props} />;
}

/** A loading list: its label for screen readers, a line of text, and `rows` placeholder rows of `rowClassName`. */
export function SkeletonList({
  label,
  text,
  rows = 3,
  rowClassName,
}: {
  label: string;
  text: string;
  rows?: number;
  rowClassName: string;
}) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      <p className="text-sm text-muted">{text}</p>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn("w-full", rowClassName)} />
      ))}
    </div>
  );
}
