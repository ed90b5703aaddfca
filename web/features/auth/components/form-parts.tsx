import type { ChangeEvent, FormEvent, ReactNode } from "react";
import { Button, type ButtonSize } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import type { FieldErrors } from "../../../lib/form";
import { useHydrating } from "../../../lib/hydration";

// What the auth forms (sign in, sign up, forgot, reset and change password) build their fields and buttons from.

/** The part of a useValidatedForm form that a field binds to. */
interface FormState<Field extends string> {
  values: Record<Field, string>;
  errors: FieldErrors<Field>;
  pending: boolean;
  update: (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * The form's onSubmit: validates (focusing the first problem), then marks the form as sending and runs `send` with
 * the parsed values. `send` ends the sending state when the form stays on screen (success or failure).
 */
export function onValidSubmit<Values>(
  form: { validate: () => Values | null; setPending: (pending: boolean) => void },
  send: (values: Values) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    form.setPending(true);
    void send(parsed);
  };
}

/** A TextField's ties to `field` of the form: name, value, change handler and inline error; disabled while sending. */
export function bindField<Field extends string>(form: FormState<Field>, field: Field) {
  return {
    name: field,
    value: form.values[field],
    onChange: form.update(field),
    error: form.errors[field],
    disabled: form.pending,
  };
}

/** A required password field; `autoComplete` tells password managers whether to fill it or offer a new one. */
export function PasswordField<Field extends string>({
  form,
  field,
  label,
  autoComplete,
  hint,
}: {
  form: FormState<Field>;
  field: Field;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      {...bindField(form, field)}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      required
    />
  );
}

/** A new password and the same again, as the reset and change forms ask for it (the length rule as a hint). */
export function NewPasswordFields<Field extends string>({
  form,
  field,
  confirm,
}: {
  form: FormState<Field>;
  field: Field;
  confirm: Field;
}) {
  return (
    <>
      <PasswordField
        form={form}
        field={field}
        label="New password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
      />
      <PasswordField form={form} field={confirm} label="Confirm new password" autoComplete="new-password" />
    </>
  );
}

/** Under a field for a new password: the one rule the client checks (newPasswordSchema). */
export const NEW_PASSWORD_HINT = "At least 8 characters.";

/** A form's submit button, busy with a spinner in place of its icon while the form is sending. */
export function SubmitButton({
  pending,
  icon,
  children,
  size = "lg",
  className = "mt-2 w-full",
}: {
  pending: boolean;
  icon?: ReactNode;
  children: ReactNode;
  size?: ButtonSize;
  className?: string;
}) {
  // On a page drawn at build time (web/prerender.tsx) the form is on screen before its code runs: until then a
  // submission would be the browser's own, so the button waits, and with it Enter in a field (HTML's implicit
  // submission does nothing while the default button is disabled).
  const hydrating = useHydrating();
  return (
    <Button
      type="submit"
      size={size}
      className={className}
      disabled={pending || hydrating}
      aria-busy={pending || undefined}
    >
      {pending ? <Spinner className="text-white" /> : icon}
      {children}
    </Button>
  );
}
