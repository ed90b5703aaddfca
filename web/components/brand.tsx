import { Link } from "react-router";
import { cn } from "../lib/cn";

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="2.5">
        <path d="M9 10h14M9 16h14M9 22h9" />
      </g>
      <path d="M12 7v18M20 7v12" stroke="#a5b4fc" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The product name with its mark, linking home. */
export function BrandLink({ to = "/", className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-ink",
        "focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600",
        className,
      )}
    >
      <BrandMark />
      <span>StoryLoom</span>
    </Link>
  );
}
