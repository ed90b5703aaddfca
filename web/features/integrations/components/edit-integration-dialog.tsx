import { Save } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, useState, type FormEvent } from "react";
import type { Integration } from "../../../../schema/api/integrations";
import { Badge } from "../../../components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { toast, toastError } from "../../../components/ui/toast";
import { INTEGRATION_TYPE_LABELS, updateIntegration } from "../../../shared/integrations/api";
import { CONFIG_FIELD_SPECS, CONFIG_FIELDS, nameField } from "../fields";
import { checkEdit, editValuesOf, secretMaskOf } from "../forms";
import { ConfigField, ConfigFields } from "./config-field";
import { FormActions } from "./form-actions";
import { useIntegrationForm } from "./use-integration-form";

const NAME_FIELD = nameField("Name");

/**
 * Edit an integration: its name, whether it is active, and its settings. Secret fields start blank with the
 * stored secret's mask as placeholder; left blank, the stored secret is kept. Mounted only while open.
 */
export default function EditIntegrationDialog({
  integration,
  onClose,
  returnFocus,
}: {
  integration: Integration;
  onClose: () => void;
  returnFocus: HTMLElement | null;
}) {
  const { formRef, values, errors, change, showErrors, showServerErrors } = useIntegrationForm(() =>
    editValuesOf(integration),
  );
  const [isActive, setIsActive] = useState(integration.isActive);
  const [pending, setPending] = useState(false);
  const mask = secretMaskOf(integration);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = checkEdit(integration, values, isActive);
    if (checked.kind !== "ok") {
      if (checked.kind === "invalid") showErrors(checked.errors);
      return;
    }
    setPending(true);
    try {
      const saved = await updateIntegration(integration, checked.input);
      toast({
        title: "Integration Updated",
        description: `Your changes to "${saved.name}" have been saved.`,
        variant: "success",
      });
      onClose();
    } catch (error) {
      setPending(false);
      showServerErrors(error, ["name", ...CONFIG_FIELDS[integration.type]]);
      toastError("Update Failed", error, "Failed to update the integration. Please try again.");
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-xl" returnFocus={returnFocus}>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          Edit Integration <Badge variant="secondary">{INTEGRATION_TYPE_LABELS[integration.type]}</Badge>
        </DialogTitle>
        <DialogDescription>Change its name, settings, or whether exports may use it.</DialogDescription>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <ConfigField
            spec={NAME_FIELD}
            value={values.name}
            error={errors.name}
            disabled={pending}
            onChange={(name) => change("name", name)}
          />
          <ActiveSwitch checked={isActive} onCheckedChange={setIsActive} disabled={pending} />
          <ConfigFields
            specs={CONFIG_FIELD_SPECS[integration.type]}
            values={values}
            errors={errors}
            disabled={pending}
            onChange={change}
            secretMask={mask}
          />
          <FormActions pending={pending} icon={<Save aria-hidden />}>
            Save Changes
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** An on/off switch with its label and a hint (Radix Switch: a button with role="switch"). */
function ActiveSwitch({
  checked,
  onCheckedChange,
  disabled,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-line p-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>Active</Label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          Only active integrations are offered in Export menus.
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
