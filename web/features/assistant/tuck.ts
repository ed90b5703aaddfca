import { useEffect, useState } from "react";

/** Phones: where the round AI Helper button sits over the page's own controls. */
const PHONE = "(max-width: 639px)";
const FIELD = "input, textarea, select, [contenteditable='true'], [role='combobox']";

/**
 * Whether the AI Helper button steps aside on a phone: while a form field has focus (the keyboard is up and the
 * form's buttons are what matter), and while the page scrolls down past controls (it comes back on scrolling up, and
 * at the end of the page, which keeps room for it: web/app/layouts/app-layout.tsx).
 */
export function useLauncherTucked(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    const phone = window.matchMedia?.(PHONE);
    let lastY = window.scrollY;
    let down = false;
    const update = () => {
      const active = document.activeElement;
      // (never while it has the focus itself: a keyboard user would lose their place)
      if (active instanceof HTMLElement && active.dataset.assistantLauncher !== undefined) return setTucked(false);
      const typing = active instanceof HTMLElement && active.matches(FIELD);
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 8;
      setTucked(!!phone?.matches && (typing || (down && !atEnd)));
    };
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - lastY) > 4) down = y > lastY;
      lastY = y;
      update();
    };
    document.addEventListener("focusin", update);
    document.addEventListener("focusout", update);
    window.addEventListener("scroll", onScroll, { passive: true });
    phone?.addEventListener?.("change", update);
    return () => {
      document.removeEventListener("focusin", update);
      document.removeEventListener("focusout", update);
      window.removeEventListener("scroll", onScroll);
      phone?.removeEventListener?.("change", update);
    };
  }, []);
  return tucked;
}
