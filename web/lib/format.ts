// Formatters are built once: history lists can hold hundreds of rows.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

/** 'Jan 5, 2025' */
export function formatDate(value: string | Date): string {
  return dateFormat.format(toDate(value));
}

/** '3:04 PM' */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}

/** 'Jan 5, 2025 at 3:04 PM' */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return `${dateFormat.format(date)} at ${timeFormat.format(date)}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60), "minute");
}

/** '1 transcript', '3 transcripts' */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  // Grouped digits ("10,000 transcripts"): counts reach the thousands.
  return `${count.toLocaleString("en-GB")} ${count === 1 ? singular : pluralForm}`;
}
