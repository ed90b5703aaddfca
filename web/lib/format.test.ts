import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelative, formatTime, groupDigits, plural } from "./format";

// The formatters are written out to spare the page Intl's start-up (./format.ts); Intl is the reference they must match.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
// Newer ICU puts a narrow no-break space before AM/PM; the app writes a plain space, as browsers show it.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/**
 * Runs per property (a fresh seed each time; fast-check prints it on a failure); the three take about 0.1-0.2 s.
 * Each property counts its cases and fails if one was drawn fewer than MIN_DRAWS_PER_CASE times:
 * - DATE_RUNS: each of the 24 hours (midnight and noon included) 44-330 times in a sample run, and every month.
 * - RELATIVE_RUNS: offsets are drawn by the unit the text uses ("just now", minutes, hours, days, weeks, months,
 *   years), either side of now: about 200 each. The plain draw over ±40 years it replaces gave years and "just now"
 *   and, in 3,000 runs, 0-1 minutes or hours and 0-3 days.
 * - DIGIT_RUNS: numbers are drawn by their count of digits (1 to 13, either sign), 48-122 each in a sample run, so
 *   every place a comma goes is tried; the plain draw over ±10^12 it replaces gave 1, 2 and 9-13 digits only.
 */
const DATE_RUNS = 2000;
const RELATIVE_RUNS = 3000;
const DIGIT_RUNS = 2000;
const MIN_DRAWS_PER_CASE = 20;

const anyDate = fc.date({
  min: new Date("1990-01-01T00:00:00Z"),
  max: new Date("2100-12-31T23:59:59Z"),
  noInvalidDate: true,
});

const DAY = 24 * 3600;
/** Offsets in seconds by the unit the relative text uses, each band's ends included. */
const OFFSET_BANDS: Array<[string, number, number]> = [
  ["just now", 0, 44],
  ["minutes", 45, 3600 - 1],
  ["hours", 3600, DAY - 1],
  ["days", DAY, 7 * DAY - 1],
  ["weeks", 7 * DAY, 30 * DAY - 1],
  ["months", 30 * DAY, 365 * DAY - 1],
  ["years", 365 * DAY, 40 * 365 * DAY],
];
const anyOffset = fc
  .tuple(fc.oneof(...OFFSET_BANDS.map(([, min, max]) => fc.integer({ min, max }))), fc.boolean())
  .map(([size, ago]) => (ago ? -size : size));
/** Whole numbers of 1 to 13 digits (up to 10^12), either sign, each length as likely as the others. */
const anyWholeNumber = fc.tuple(fc.integer({ min: 1, max: 13 }), fc.boolean()).chain(
  ([digits, negative]) =>
    fc
      .integer({ min: digits === 1 ? 0 : 10 ** (digits - 1), max: digits === 13 ? 1e12 : 10 ** digits - 1 })
      .map((n) => (negative && n > 0 ? -n : n)), // no -0: Intl writes it "-0"
);

describe("format", () => {
  it("writes dates and times as Intl's en-US short forms do, for any moment", () => {
    const hours = new Map<number, number>();
    const months = new Set<number>();
    fc.assert(
      fc.property(anyDate, (date) => {
        hours.set(date.getHours(), (hours.get(date.getHours()) ?? 0) + 1);
        months.add(date.getMonth());
        expect(formatDate(date)).toBe(dateFormat.format(date));
        expect(formatTime(date)).toBe(plainSpaces(timeFormat.format(date)));
        expect(formatDateTime(date.toISOString())).toBe(
          `${dateFormat.format(date)} at ${plainSpaces(timeFormat.format(date))}`,
        );
      }),
      { numRuns: DATE_RUNS },
    );
    expect([hours.size, months.size]).toEqual([24, 12]);
    expect([...hours].filter(([, count]) => count < MIN_DRAWS_PER_CASE)).toEqual([]);
  });

  it("says midnight and noon as 12 AM and 12 PM", () => {
    expect(formatTime(new Date(2026, 10, 27, 0, 5))).toBe("12:05 AM");
    expect(formatTime(new Date(2026, 10, 27, 12, 0))).toBe("12:00 PM");
  });

  it("writes relative times as Intl.RelativeTimeFormat's numeric 'auto' does, either side of now", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const drawn = new Map<string, number>();
    fc.assert(
      fc.property(anyOffset, (offset) => {
        const band = OFFSET_BANDS.find(([, min, max]) => Math.abs(offset) >= min && Math.abs(offset) <= max)![0];
        const key = `${band} ${offset < 0 ? "ago" : "ahead"}`;
        drawn.set(key, (drawn.get(key) ?? 0) + 1);
        const then = new Date(now.getTime() + offset * 1000);
        const text = formatRelative(then, now);
        if (Math.abs(offset) < 45) {
          expect(text).toBe("just now");
          return;
        }
        const units: [Intl.RelativeTimeFormatUnit, number][] = [
          ["year", 365 * 24 * 3600],
          ["month", 30 * 24 * 3600],
          ["week", 7 * 24 * 3600],
          ["day", 24 * 3600],
          ["hour", 3600],
          ["minute", 60],
        ];
        const [unit, size] = units.find(([, s]) => Math.abs(offset) >= s) ?? ["minute", 60];
        expect(text).toBe(relativeFormat.format(Math.round(offset / size), unit));
      }),
      { numRuns: RELATIVE_RUNS },
    );
    const expected = OFFSET_BANDS.flatMap(([band]) => [`${band} ago`, `${band} ahead`]);
    expect(expected.filter((key) => (drawn.get(key) ?? 0) < MIN_DRAWS_PER_CASE)).toEqual([]);
    expect(formatRelative(new Date(now.getTime() - 86_400_000), now)).toBe("yesterday");
    expect(formatRelative(new Date(now.getTime() - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelative(new Date(now.getTime() + 3600_000), now)).toBe("in 1 hour");
  });

  it("groups digits as toLocaleString does, whole numbers and fractions", () => {
    const lengths = new Map<string, number>();
    fc.assert(
      fc.property(anyWholeNumber, (n) => {
        const key = `${n < 0 ? "-" : ""}${String(Math.abs(n)).length}`;
        lengths.set(key, (lengths.get(key) ?? 0) + 1);
        expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
      }),
      { numRuns: DIGIT_RUNS },
    );
    expect(lengths.size).toBe(26);
    expect([...lengths].filter(([, count]) => count < MIN_DRAWS_PER_CASE)).toEqual([]);
    expect(groupDigits(1234.5)).toBe("1,234.5");
    expect(plural(1, "transcript")).toBe("1 transcript");
    expect(plural(10_000, "transcript")).toBe("10,000 transcripts");
    expect(plural(2, "story", "stories")).toBe("2 stories");
  });
});
