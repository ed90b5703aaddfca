import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { Input } from "./input";
import { Label } from "./label";
import { Textarea } from "./textarea";

/** A labelled input with an optional hint and an inline error, wired up with aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  id,
  ...inputProps
}: ComponentPropsWithRef<"input"> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line text box. */
export function TextareaField({
  label,
  id,
  ...textareaProps
}: ComponentPropsWithRef<"textarea"> & { label: ReactNode }) {
  const autoId = useId();
  const textareaId = id ?? autoId;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={textareaId}>{label}</Label>
      <Textarea id={textareaId} {...textareaProps} />
    </div>
  );
}
