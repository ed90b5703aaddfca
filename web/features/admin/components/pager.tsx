import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

/**
 * Previous / Next paging for a server-paginated list, with a label between them (e.g. 'Page 2 of conversations').
 * An unavailable button is aria-disabled rather than disabled, so it keeps the keyboard focus of someone paging
 * through with Enter (a disabled button would drop it to the page).
 */
export function Pager({
  page,
  hasMore,
  loading,
  onPageChange,
  label,
  name,
}: {
  page: number;
  hasMore: boolean;
  /** A page is being read: the buttons wait for it. */
  loading: boolean;
  onPageChange: (page: number) => void;
  label: ReactNode;
  /** The navigation landmark's name, e.g. 'Conversation pages'. */
  name: string;
}) {
  const canGoBack = page > 1 && !loading;
  const canGoOn = hasMore && !loading;
  return (
    <nav aria-label={name} className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="outline"
        size="sm"
        aria-disabled={!canGoBack || undefined}
        onClick={() => canGoBack && onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      {/* On a phone the label takes its own line above the buttons. */}
      <p
        className="order-first flex w-full items-center justify-center gap-2 text-sm text-muted sm:order-none sm:w-auto"
        aria-live="polite"
      >
        {loading && <Spinner className="size-4 text-brand-600" />}
        {label}
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={!canGoOn || undefined}
        onClick={() => canGoOn && onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
