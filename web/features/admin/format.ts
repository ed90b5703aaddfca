// Formatters are built once: the conversation log re-renders every 30 s.
const poundFormat = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const shortDateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** '£1,234' (the admin figures are whole pounds per month). */
export function formatPounds(value: number): string {
  return poundFormat.format(value);
}

/** 'Jan 5, 3:04 PM' (docs/product-spec.md §2, the conversation log). */
export function formatShortDateTime(value: string): string {
  return shortDateTimeFormat.format(new Date(value));
}

/** The share of `part` in `whole` as a whole percentage; 0 when there is nothing to share. */
export function percentage(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
