import type { ComponentPropsWithRef } from "react";
import { cn } from "../../lib/cn";

const variants = {
  default: "bg-brand-50 text-brand-800 ring-brand-200",
  secondary: "bg-slate-100 text-slate-700 ring-slate-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-orange-50 text-orange-800 ring-orange-200",
  caution: "bg-yellow-50 text-yellow-800 ring-yellow-300",
  purple: "bg-purple-50 text-purple-800 ring-purple-200",
  destructive: "bg-red-50 text-red-800 ring-red-200",
  outline: "bg-white text-slate-700 ring-slate-300",
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  variant = "default",
  className,
  ...props
}: ComponentPropsWithRef<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
