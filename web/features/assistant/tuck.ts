import { useEffect, useState } from "react";

/** Phones: where the round AI Helper button steps aside while the page scrolls down and while a field has focus. */
const PHONE = "(max-width: 639px)";
const FIELD = "input, textarea, select, [contenteditable='true'], [role='combobox']";

/**
 * What someone can press or type in: what the button must never cover (issue 43, item 7). Disabled controls count
 * too: they are part of a form a person reads. (Not everything focusable: a tab panel takes the focus, and it is the
 * whole form under its tabs.)
 */
const CONTROLS =
  "a[href], button, input:not([type='hidden']), select, textarea, summary, [contenteditable='true'], [role='button'], [role='link'], [role='tab'], [role='checkbox'], [role='radio'], [role='switch'], [role='combobox'], [role='option'], [role='menuitem'], [role='slider']";

/**
 * The button's box, as launcher.tsx places it: 56 px round, 16 px from the bottom right corner on phones (`right-4
 * bottom-4 size-14`), 24 px from 640 px up (`sm:right-6 sm:bottom-6`). Kept in step with those classes.
 */
export const LAUNCHER = { size: 56, inset: 16, wideInset: 24, wideFrom: 640 } as const;
/** Room kept between the button and a control. */
const CLEARANCE = 2;
/** How far up the button may move to clear a control: at most this share of the screen. */
const MAX_LIFT_SHARE = 0.35;
/** A scroll that stopped this long ago has settled: the button may then move to its lowest clear place. */
const SETTLE_MS = 150;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the button is: shown or not, and how far above its corner (px). */
export interface LauncherPlace {
  shown: boolean;
  lift: number;
}

/** What sits in the corner: the round button, or the minimised assistant's wider pill (chat-panel.tsx). */
export interface CornerSize {
  width: number;
  height: number;
}
export const BUTTON_SIZE: CornerSize = { width: LAUNCHER.size, height: LAUNCHER.size };

/** The button's box in the viewport, `lift` px above its corner, with the clearance around it. */
export function launcherBox(width: number, height: number, lift: number, size: CornerSize = BUTTON_SIZE): Box {
  const inset = width >= LAUNCHER.wideFrom ? LAUNCHER.wideInset : LAUNCHER.inset;
  const right = width - inset;
  const bottom = height - inset - lift;
  return {
    left: right - size.width - CLEARANCE,
    top: bottom - size.height - CLEARANCE,
    right: right + CLEARANCE,
    bottom: bottom + CLEARANCE,
  };
}

function meets(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where the button goes, given the boxes of the controls on screen: where it is (`current`) while that is clear and
 * the page is still scrolling (so it does not jump about under a finger), else the lowest clear place from its corner
 * up to a third of the screen; hidden when there is none, or when the page scrolls it onto a control.
 */
export function placeLauncher(
  controls: readonly Box[],
  viewport: { width: number; height: number },
  current: LauncherPlace,
  scrolling: boolean,
  size: CornerSize = BUTTON_SIZE,
): LauncherPlace {
  const { width, height } = viewport;
  const column = launcherBox(width, height, 0, size);
  // (only the controls beside the button's column can meet it, at whatever height)
  const beside = controls.filter((c) => c.left < column.right && column.left < c.right);
  const clear = (lift: number) => {
    const box = launcherBox(width, height, lift, size);
    return !beside.some((c) => meets(c, box));
  };
  if (current.shown && clear(current.lift) && scrolling) return current;
  if (scrolling) return { shown: false, lift: current.lift };
  // the lowest clear lift is 0 or a lift that puts the button just above a control
  const most = height * MAX_LIFT_SHARE;
  const lifts = [0, ...beside.map((c) => Math.ceil(column.bottom - c.top))]
    .filter((lift) => lift >= 0 && lift <= most)
    .sort((a, b) => a - b);
  const lift = lifts.find(clear);
  return lift === undefined ? { shown: false, lift: 0 } : { shown: true, lift };
}

/**
 * Whether a control is in a fixed layer at the button's level or above it (the assistant's own panel, a dialog, a
 * toast: z-40 and up), which the button never covers.
 */
function above(element: Element): boolean {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.position === "fixed") return Number(style.zIndex) >= 40;
  }
  return false;
}

/** The part of a control that can be seen: its box clipped by the scrolling or clipping boxes around it. */
function seenBox(element: Element): Box | null {
  const r = element.getBoundingClientRect();
  const box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const c = e.getBoundingClientRect();
    box.left = Math.max(box.left, c.left);
    box.top = Math.max(box.top, c.top);
    box.right = Math.min(box.right, c.right);
    box.bottom = Math.min(box.bottom, c.bottom);
    if (box.right - box.left < 1 || box.bottom - box.top < 1) return null;
  }
  return box;
}

/** The boxes of the controls on screen near the button's corner (the only ones that can meet it). */
function controlBoxes(size: CornerSize): Box[] {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const lowest = launcherBox(width, height, 0, size);
  const highest = launcherBox(width, height, height * MAX_LIFT_SHARE, size);
  const near = { left: lowest.left, top: highest.top, right: lowest.right, bottom: lowest.bottom };
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll(CONTROLS)) {
    if (element instanceof HTMLElement && element.dataset.assistantLauncher !== undefined) continue;
    const r = element.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || !meets(r, near)) continue;
    if (element.checkVisibility && !element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      continue;
    if (above(element)) continue;
    const seen = seenBox(element);
    if (seen && meets(seen, near)) boxes.push(seen);
  }
  return boxes;
}

/**
 * Where the AI Helper button is (issue 43, item 7: it never covers a control). On every width it stays off the
 * page's controls: when one scrolls under it, it steps aside, and once the page settles it comes back at the lowest
 * clear place above its corner (or stays away while there is none; the end of each page keeps room for it:
 * web/app/layouts/app-layout.tsx). On phones it also steps aside while a form field has focus (the keyboard is up and
 * the form's buttons are what matter) and while the page scrolls down (it comes back on scrolling up, and at the end
 * of the page). Never while it has the focus itself: a keyboard user would lose their place.
 */
export function useLauncherPlace(size: CornerSize = BUTTON_SIZE): LauncherPlace {
  const [place, setPlace] = useState<LauncherPlace>({ shown: true, lift: 0 });
  const { width: cornerWidth, height: cornerHeight } = size;
  useEffect(() => {
    const corner = { width: cornerWidth, height: cornerHeight };
    const phone = window.matchMedia?.(PHONE);
    let lastY = window.scrollY;
    let down = false;
    let scrolling = false;
    let current: LauncherPlace = { shown: true, lift: 0 };
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;

    const update = () => {
      frame = 0;
      const active = document.activeElement;
      // (a keyboard user's focus, that is: focus a click left there does not pin it)
      const focused =
        active instanceof HTMLElement &&
        active.closest("[data-assistant-launcher]") !== null &&
        active.matches(":focus-visible");
      if (focused) return;
      const typing = active instanceof HTMLElement && active.matches(FIELD);
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 8;
      const away = !!phone?.matches && (typing || (down && !atEnd));
      const next = away
        ? { shown: false, lift: current.lift }
        : placeLauncher(
            controlBoxes(corner),
            { width: window.innerWidth, height: window.innerHeight },
            current,
            scrolling,
            corner,
          );
      if (next.shown !== current.shown || next.lift !== current.lift) {
        current = next;
        setPlace(next);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - lastY) > 4) down = y > lastY;
      lastY = y;
      scrolling = true;
      clearTimeout(settle);
      settle = setTimeout(() => {
        scrolling = false;
        schedule();
      }, SETTLE_MS);
      schedule();
    };
    // what is under the button also changes when the page does: data arriving, a panel opening, a route change
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class", "style", "hidden", "open", "disabled"],
    });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(document.body);
    document.addEventListener("focusin", schedule);
    document.addEventListener("focusout", schedule);
    // (captured: a scrolling box inside the page moves its controls under the button too)
    document.addEventListener("scroll", onScroll, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    phone?.addEventListener?.("change", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      changes.disconnect();
      sizes.disconnect();
      document.removeEventListener("focusin", schedule);
      document.removeEventListener("focusout", schedule);
      document.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", schedule);
      phone?.removeEventListener?.("change", schedule);
    };
  }, [cornerWidth, cornerHeight]);
  return place;
}
