import type { ComponentPropsWithoutRef } from "react";

// No cn()/tailwind-merge here: the route error screen, part of the first download, shows it too.

/**
 * The server's id for a failed request, for a user to quote to support. One click selects the whole id (a drag
 * would swipe a toast away); the caller adds colour and spacing.
 */
export function RequestId({
  requestId,
  className = "",
  ...props
}: { requestId: string } & ComponentPropsWithoutRef<"p">) {
  return (
    <p className={`text-xs ${className}`} {...props}>
      Request ID: <span className="font-mono select-all">{requestId}</span>
    </p>
  );
}
