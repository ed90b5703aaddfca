import { ExternalLink } from "lucide-react";
import { useId, type ReactNode } from "react";
import { TextField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import type { FieldErrors } from "../../../lib/form";
import type { FieldSpec, FormField, Hint } from "../fields";
import type { IntegrationFormValues } from "../forms";

// The one field component: any setting described in fields.ts, as a text input, a select or radio buttons, for
// Manual Setup, Edit and every wizard step.

interface ConfigFieldProps {
  spec: FieldSpec;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
  /** Editing: the stored secret's mask, the placeholder of a blank secret field (which keeps the stored one). */
  secretMask?: string;
  /** A select's options; the suggestions of a text input whose spec has `suggest`. */
  choices?: readonly { value: string; label: string }[];
}

export function ConfigField(props: ConfigFieldProps) {
  if (props.spec.control === "select") return <SelectField {...props} />;
  if (props.spec.control === "radio") return <RadioField {...props} />;
  return <TextConfigField {...props} />;
}

/** A text input; with `suggest`, the choices in a <datalist>, which browsers offer as the input's suggestions. */
function TextConfigField({ spec, value, error, disabled, onChange, secretMask, choices = [] }: ConfigFieldProps) {
  const listId = useId();
  const keep = spec.keep && secretMask ? spec.keep : undefined;
  const suggested = spec.suggest !== undefined && choices.length > 0;
  const hint = hintNode(spec.hint);
  const before = keep?.text ?? (suggested ? spec.suggest?.hint : undefined);
  return (
    <>
      <TextField
        label={spec.label}
        name={spec.name ?? spec.key}
        {...spec.input}
        list={suggested ? listId : undefined}
        placeholder={keep ? secretMask : spec.placeholder}
        value={value}
        onChange={(e) => onChange(spec.upperCase ? e.target.value.toUpperCase() : e.target.value)}
        error={error}
        hint={
          keep?.alone ? (
            keep.text
          ) : before ? (
            <>
              {before}
              {hint}
            </>
          ) : (
            hint
          )
        }
        disabled={disabled}
        required={!keep}
      />
      {suggested && (
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label === choice.value ? undefined : choice.label}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}

/** Fields in order, each editing its value of the form. */
export function ConfigFields({
  specs,
  values,
  errors,
  onChange,
  ...shared
}: Omit<ConfigFieldProps, "spec" | "value" | "error" | "onChange"> & {
  specs: readonly FieldSpec[];
  values: IntegrationFormValues;
  errors: FieldErrors<FormField>;
  onChange(field: FormField, value: string): void;
}) {
  return specs.map((spec) => (
    <ConfigField
      key={spec.key}
      spec={spec}
      value={values[spec.key]}
      error={errors[spec.key]}
      onChange={(value) => onChange(spec.key, value)}
      {...shared}
    />
  ));
}

/** A hint's text, or its link (opening in a new tab, so the form keeps what was typed) and the text after it. */
function hintNode(hint: Hint | undefined): ReactNode {
  if (hint === undefined || typeof hint === "string") return hint;
  return (
    <>
      <a
        href={hint.link.href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
      >
        {hint.link.text}
        <ExternalLink className="size-3.5" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      {hint.after}
    </>
  );
}

function SelectField({ spec, value, error, disabled, onChange, choices = [] }: ConfigFieldProps) {
  const id = useId();
  const hint = choices.length === 0 && spec.emptyHint ? spec.emptyHint : hintNode(spec.hint);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{spec.label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className="aria-invalid:border-red-500"
        >
          <SelectValue placeholder={spec.placeholder} />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** Radio buttons, each choice with its hint, under the field's label as the legend. */
function RadioField({ spec, value, disabled, onChange }: ConfigFieldProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{spec.label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {spec.options?.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={spec.name ?? spec.key}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 accent-brand-700"
            />
            <span className="grid gap-0.5">
              <span className="font-medium text-ink">{option.label}</span>
              <span className="text-xs text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
