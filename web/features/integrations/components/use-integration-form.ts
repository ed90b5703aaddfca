import { useRef, useState } from "react";
import { focusFirstInvalid, type FieldErrors } from "../../../lib/form";
import type { FormField } from "../fields";
import { serverFieldErrors, type IntegrationFormValues } from "../forms";

/**
 * A form's inline errors, as Manual Setup, Edit and the wizards show them: a field's error clears when it changes,
 * new errors move focus to the first invalid field, and a server error is shown under the field it names.
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});

  function clearError(field: FormField) {
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function showErrors(next: FieldErrors<FormField>) {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  /** The fields among `fields` that a server error names (details.field or details.issues), with its messages. */
  function showServerErrors(error: unknown, fields: readonly FormField[]) {
    const inline = serverFieldErrors(error, fields);
    if (Object.keys(inline).length > 0) showErrors(inline);
  }

  return { formRef, errors, setErrors, clearError, showErrors, showServerErrors };
}

/** The state Manual Setup and Edit share: the values, and their errors. */
export function useIntegrationForm(initial: IntegrationFormValues | (() => IntegrationFormValues)) {
  const form = useFieldErrors();
  const [values, setValues] = useState<IntegrationFormValues>(initial);

  function change(field: FormField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearError(field);
  }

  return { ...form, values, change };
}
