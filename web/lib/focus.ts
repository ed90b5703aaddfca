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
