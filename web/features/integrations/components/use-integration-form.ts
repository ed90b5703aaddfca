import { useRef, useState } from "react";
import { focusFirstInvalid, type FieldErrors } from "../../../lib/form";
import type { FormField, IntegrationFormValues } from "../forms";

/**
 * The state Manual Setup and Edit share: the values, their errors (a field's error clears when it changes), and
 * showing new errors with focus on the first invalid field.
 */
export function useIntegrationForm(initial: IntegrationFormValues | (() => IntegrationFormValues)) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<IntegrationFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});

  function change(field: FormField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function showErrors(next: FieldErrors<FormField>) {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  return { formRef, values, errors, change, showErrors };
}
