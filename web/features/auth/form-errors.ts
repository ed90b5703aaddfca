import type { z } from "zod";
import { ApiError } from "../../lib/api";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First message per top-level field of a failed zod parse. */
export function zodFieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in result)) result[field as K] = issue.message;
  }
  return result;
}

/** The field a server error points at (details.field), so it can be shown inline as well as in the toast. */
export function serverFieldError<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  if (!(error instanceof ApiError)) return {};
  const field = error.details?.field;
  if (typeof field === "string" && (fields as readonly string[]).includes(field)) {
    return { [field as K]: error.serverMessage } as FieldErrors<K>;
  }
  return {};
}

/** Moves focus to the first invalid control so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>("[aria-invalid='true']");
  target?.focus();
}
