/**
 * For Radix dialogs opened by something other than their own Trigger (a menu item, a quick action): on close,
 * focus goes back to the control that opened them, if it is still on the page; otherwise Radix's default applies.
 */
export function returnFocusTo(element: HTMLElement | null | undefined) {
  return (event: Event) => {
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}

/**
 * For a dialog its parent unmounts on close (so Radix's own return of focus runs before the page settles, or finds
 * its opener gone): once the page has settled, focus the control that opened it, or `fallback` when that control is
 * no longer on the page (an empty state's button replaced by the list it led to), unless focus already went
 * somewhere on purpose.
 */
export function focusAfterClose(opener: HTMLElement | null | undefined, fallback?: () => HTMLElement | null): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const current = document.activeElement;
      if (current && current !== document.body && current.isConnected) return;
      const target = opener?.isConnected ? opener : fallback?.();
      target?.focus();
    }, 0),
  );
}
