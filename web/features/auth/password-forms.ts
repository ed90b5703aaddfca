import { useEffect, useState, type RefObject } from "react";
import * as z from "zod";
import { changePasswordSchema, passwordResetRequestSchema, passwordResetSchema } from "../../../schema/api/auth";
import { focusFirstInvalid, serverFieldError, type FieldErrors } from "../../lib/form";

// What the password forms (forgot, reset, change) share: their client checks, which are the API's request schemas
// (schema/api/auth.ts) plus a "type it again" field the API never sees, and how a server refusal is shown.

export const PASSWORDS_DIFFER = "The passwords do not match.";
export const CONFIRMATION_REQUIRED = "Enter the new password again.";
/** The server's words for a link it does not know; also what a link without a token shows, without asking. */
export const INVALID_RESET_LINK = "This password reset link is not valid. Ask for a new one.";

/**
 * `schema` with `confirm`, which must repeat `field`. The comparison runs even when another field failed (zod
 * skips object refinements after a field's issue unless told `when`), so every problem shows on the first submit.
 */
function withConfirmation<Shape extends z.ZodRawShape, Field extends keyof Shape & string, Confirm extends string>(
  schema: z.ZodObject<Shape>,
  field: Field,
  confirm: Confirm,
) {
  return schema.extend({ [confirm]: z.string().min(1, CONFIRMATION_REQUIRED) } as Record<Confirm, z.ZodString>).refine(
    (values) => {
      const typed = values as Record<string, unknown>;
      return !typed[confirm] || typed[field] === typed[confirm];
    },
    {
      path: [confirm],
      error: PASSWORDS_DIFFER,
      when: ({ value }) => {
        const typed = value as Record<string, unknown> | null;
        return typeof typed?.[field] === "string" && typeof typed[confirm] === "string";
      },
    },
  );
}

/** "Forgot password?": the address, exactly as the API checks it. */
export const forgotPasswordFormSchema = passwordResetRequestSchema;

/** The reset link's form: the new password twice (the token comes from the link). */
export const resetPasswordFormSchema = withConfirmation(
  passwordResetSchema.pick({ password: true }),
  "password",
  "confirmPassword",
);

/** The account screen's form: the current password, then the new one twice. */
export const changePasswordFormSchema = withConfirmation(changePasswordSchema, "newPassword", "confirmNewPassword");

/** What the sign-in form's first field holds, when it is an email address: the reset form starts with it. */
export function emailFromSignIn(value: string): string {
  const parsed = forgotPasswordFormSchema.shape.email.safeParse(value);
  return parsed.success ? parsed.data : "";
}

/** Why the server refused a reset link (not valid, already used, expired: details.field "token"), if it did. */
export function resetLinkProblem(error: unknown): string | undefined {
  return serverFieldError(error, ["token"]).token;
}

/**
 * Shows the fields a server refusal points at (serverFieldError) and, when there are any, moves focus to the first
 * once the form has rendered with its fields enabled again (they are disabled while the call is pending).
 */
export function useRefusedFields<Field extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  setErrors: (errors: FieldErrors<Field>) => void,
  fields: readonly Field[],
): (error: unknown) => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals, formRef]);
  return (error) => {
    const inline = serverFieldError(error, fields);
    setErrors(inline);
    if (Object.keys(inline).length > 0) setRefusals((count) => count + 1);
  };
}
