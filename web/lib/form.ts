import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from "react";
import type { z } from "zod";
import { ApiError } from "./api";

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

/**
 * State for a form validated with a shared zod schema: values, inline errors, a pending flag, a change handler
 * per field (`setValue` for controls that are not text fields), `validate()` (which focuses the first invalid
 * control) and `later()` for delayed navigation that is cancelled when the form unmounts.
 */
export function useValidatedForm<Field extends string, Schema extends z.ZodType>(
  schema: Schema,
  initial: Record<Field, string>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // On a page drawn at build time (web/prerender.tsx) the fields are on screen before React runs, and React does not
  // keep what was typed into a controlled field before then: the form takes it over once, as it mounts.
  useLayoutEffect(() => {
    const typed: Partial<Record<Field, string>> = {};
    for (const field of Object.keys(initial) as Field[]) {
      const control = formRef.current?.elements.namedItem(field);
      if (control instanceof HTMLInputElement && control.type !== "checkbox" && control.value !== initial[field]) {
        typed[field] = control.value;
      }
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    // once, on mount: `initial` is the first render's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValue(field, event.target.value);

  function validate(): z.output<Schema> | null {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  function later(action: () => void, ms: number) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(action, ms);
  }

  return { formRef, values, errors, setErrors, pending, setPending, update, setValue, validate, later };
}
