import type { ComponentPropsWithRef } from "react";
import { cn } from "../../lib/cn";

export function Textarea({ className, ...props }: ComponentPropsWithRef<"textarea">) {
  return (
    <textarea
      className={cn(
        "block min-h-20 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm",
        "placeholder:text-slate-400 transition-colors",
        "focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30",
        "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70",
        "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/30",
        className,
      )}
      {...props}
    />
  );
}
