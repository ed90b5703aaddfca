import { Search } from "lucide-react";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";

/** A search field with a leading icon; `label` names it for screen readers. */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  className,
  maxLength,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  className?: string;
  /** The server's limit for this search (schema/api/admin.ts). */
  maxLength: number;
}) {
  return (
    <div className={cn("relative min-w-0 flex-1", className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
        maxLength={maxLength}
      />
    </div>
  );
}
