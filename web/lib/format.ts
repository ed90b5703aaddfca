// Dates, times and counts in the app's one style (US English dates, grouped digits), written out here rather than
// with Intl: a page's first Intl object makes the browser load its locale data, 40–75 ms of main thread in Chromium on
// this 2-core machine before anything is formatted (four times that on Lighthouse's phone), and the dashboard and
// history lists format on their first render. web/lib/format.test.ts holds every function to Intl's own output.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

/** 'Jan 5, 2025' */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** '3:04 PM' */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** 'Jan 5, 2025 at 3:04 PM' */
export function formatDateTime(value: string | Date): string {
  return `${formatDate(value)} at ${formatTime(value)}`;
}

type Unit = "year" | "month" | "week" | "day" | "hour" | "minute";

const UNITS: [Unit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** One step away has a word of its own, as Intl.RelativeTimeFormat's `numeric: "auto"` says it. */
const ONE_BACK: Partial<Record<Unit, string>> = {
  year: "last year",
  month: "last month",
  week: "last week",
  day: "yesterday",
};
const ONE_ON: Partial<Record<Unit, string>> = {
  year: "next year",
  month: "next month",
  week: "next week",
  day: "tomorrow",
};

function relative(amount: number, unit: Unit): string {
  if (amount === -1 && ONE_BACK[unit]) return ONE_BACK[unit];
  if (amount === 1 && ONE_ON[unit]) return ONE_ON[unit];
  const size = Math.abs(amount);
  const span = `${groupDigits(size)} ${unit}${size === 1 ? "" : "s"}`;
  return amount < 0 ? `${span} ago` : `in ${span}`;
}

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative(Math.round(seconds / size), unit);
  }
  return relative(Math.round(seconds / 60), "minute");
}

/** '10,000', '1,234.5': a number with the thousands of its whole part grouped. */
export function groupDigits(count: number): string {
  const [whole, fraction] = String(count).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** '1 transcript', '3 transcripts' */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  // Grouped digits ("10,000 transcripts"): counts reach the thousands.
  return `${groupDigits(count)} ${count === 1 ? singular : pluralForm}`;
}
