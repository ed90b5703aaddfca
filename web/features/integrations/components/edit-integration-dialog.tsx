import { Save } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { Integration } from "../../../../schema/api/integrations";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { INTEGRATION_TYPE_LABELS, updateIntegration } from "../../../shared/integrations/api";
import { checkEdit, CONFIG_FIELDS, editValuesOf, secretMaskOf, serverFieldErrors } from "../forms";
import { ActiveSwitch, ConfigFieldsOf } from "./config-fields";
import { useIntegrationForm } from "./use-integration-form";

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
  const { formRef, values, errors, change, showErrors } = useIntegrationForm(() => editValuesOf(integration));
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
      const inline = serverFieldErrors(error, ["name", ...CONFIG_FIELDS[integration.type]]);
      if (Object.keys(inline).length > 0) showErrors(inline);
      toastError("Update Failed", error, "Failed to update the integration. Please try again.");
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        className="sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          if (returnFocus?.isConnected) {
            event.preventDefault();
            returnFocus.focus();
          }
        }}
      >
        <DialogTitle className="flex flex-wrap items-center gap-2">
          Edit Integration <Badge variant="secondary">{INTEGRATION_TYPE_LABELS[integration.type]}</Badge>
        </DialogTitle>
        <DialogDescription>Change its name, settings, or whether exports may use it.</DialogDescription>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <TextField
            label="Name"
            name="name"
            autoComplete="off"
            maxLength={100}
            value={values.name}
            onChange={(e) => change("name", e.target.value)}
            error={errors.name}
            disabled={pending}
            required
          />
          <ActiveSwitch checked={isActive} onCheckedChange={setIsActive} disabled={pending} />
          <ConfigFieldsOf
            type={integration.type}
            values={values}
            errors={errors}
            disabled={pending}
            onChange={change}
            secretMask={mask}
          />
          <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
              {pending ? <Spinner className="text-white" /> : <Save aria-hidden />}
              Save Changes
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
