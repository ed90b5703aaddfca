/** First focusable element on every page: jumps past the navigation to the main landmark. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[200] rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}
