import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelative, formatTime, groupDigits, plural } from "./format";

// The formatters are written out to spare the page Intl's start-up (./format.ts); Intl is the reference they must match.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
// Newer ICU puts a narrow no-break space before AM/PM; the app writes a plain space, as browsers show it.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

const anyDate = fc.date({
  min: new Date("1990-01-01T00:00:00Z"),
  max: new Date("2100-12-31T23:59:59Z"),
  noInvalidDate: true,
});

describe("format", () => {
  it("writes dates and times as Intl's en-US short forms do, for any moment", () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(formatDate(date)).toBe(dateFormat.format(date));
        expect(formatTime(date)).toBe(plainSpaces(timeFormat.format(date)));
        expect(formatDateTime(date.toISOString())).toBe(
          `${dateFormat.format(date)} at ${plainSpaces(timeFormat.format(date))}`,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("says midnight and noon as 12 AM and 12 PM", () => {
    expect(formatTime(new Date(2026, 10, 27, 0, 5))).toBe("12:05 AM");
    expect(formatTime(new Date(2026, 10, 27, 12, 0))).toBe("12:00 PM");
  });

  it("writes relative times as Intl.RelativeTimeFormat's numeric 'auto' does, either side of now", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    fc.assert(
      fc.property(fc.integer({ min: -40 * 365 * 24 * 3600, max: 40 * 365 * 24 * 3600 }), (offset) => {
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
      { numRuns: 3000 },
    );
    expect(formatRelative(new Date(now.getTime() - 86_400_000), now)).toBe("yesterday");
    expect(formatRelative(new Date(now.getTime() - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelative(new Date(now.getTime() + 3600_000), now)).toBe("in 1 hour");
  });

  it("groups digits as toLocaleString does, whole numbers and fractions", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
      }),
      { numRuns: 2000 },
    );
    expect(groupDigits(1234.5)).toBe("1,234.5");
    expect(plural(1, "transcript")).toBe("1 transcript");
    expect(plural(10_000, "transcript")).toBe("10,000 transcripts");
    expect(plural(2, "story", "stories")).toBe("2 stories");
  });
});
