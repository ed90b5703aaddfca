import type { ComponentPropsWithRef } from "react";
import { cn } from "../../lib/cn";

/** A grey placeholder block; wrap groups of them in an element with role="status" and a label. */
export function Skeleton({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-slate-200/80", className)} {...props} />;
}
