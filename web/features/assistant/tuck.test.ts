import { describe, expect, it } from "vitest";
import { launcherBox, placeLauncher, type Box } from "./tuck";

const phone = { width: 375, height: 812 };
const desktop = { width: 1440, height: 900 };
const home = { shown: true, lift: 0 };
/** A full-width control of a phone page (16 px margins), `top` px down the screen, 40 px tall. */
const row = (top: number): Box => ({ left: 16, top, right: 359, bottom: top + 40 });

describe("where the AI Helper button goes", () => {
  it("is drawn where launcher.tsx puts it: 56 px, 16 px from a phone's corner and 24 px from a desktop's", () => {
    // (with 2 px of room around it)
    expect(launcherBox(375, 812, 0)).toEqual({ left: 301, top: 738, right: 361, bottom: 798 });
    expect(launcherBox(1440, 900, 0)).toEqual({ left: 1358, top: 818, right: 1418, bottom: 878 });
    expect(launcherBox(375, 812, 40).top).toBe(698);
  });

  it("stays in its corner when no control is there", () => {
    expect(placeLauncher([row(100), row(600)], phone, home, false)).toEqual(home);
    expect(placeLauncher([], desktop, home, true)).toEqual(home);
  });

  it("moves up to the lowest clear place when a control is under its corner", () => {
    // a control from 740 to 780: the button (and its room) must end at 740, and no lower
    const place = placeLauncher([row(740)], phone, home, false);
    expect(place).toEqual({ shown: true, lift: 58 });
    expect(launcherBox(phone.width, phone.height, place.lift).bottom).toBe(740);
    // a control beside the button's column is no reason to move
    expect(placeLauncher([{ left: 16, top: 740, right: 200, bottom: 780 }], phone, home, false)).toEqual(home);
  });

  it("steps aside when controls fill the lower part of the screen, and never stops on one", () => {
    const form = [400, 460, 520, 580, 640, 700, 760].map(row);
    expect(placeLauncher(form, phone, home, false).shown).toBe(false);
    // a gap wide enough between two controls is a place
    const gap = placeLauncher([row(520), row(700), row(760)], phone, home, false);
    expect(gap.shown).toBe(true);
    const box = launcherBox(phone.width, phone.height, gap.lift);
    expect(box.top).toBeGreaterThanOrEqual(560);
    expect(box.bottom).toBeLessThanOrEqual(700);
  });

  it("does not jump about while the page scrolls: it keeps its place while clear, and steps aside when not", () => {
    const lifted = { shown: true, lift: 80 };
    expect(placeLauncher([], phone, lifted, true)).toEqual(lifted);
    expect(placeLauncher([row(640)], phone, lifted, true)).toEqual({ shown: false, lift: 80 });
    // once the page settles it goes back to its lowest clear place
    expect(placeLauncher([], phone, lifted, false)).toEqual(home);
    expect(placeLauncher([], phone, { shown: false, lift: 80 }, false)).toEqual(home);
  });
});
