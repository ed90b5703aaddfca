import { Plus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { INTEGRATION_LABELS, INTEGRATION_TYPES, type IntegrationType } from "../../../../schema/api/integrations";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { createIntegration } from "../../../shared/integrations/api";
import { reportIntegrationError } from "../errors";
import { checkManual, CONFIG_FIELDS, EMPTY_FORM, serverFieldErrors, type FormField } from "../forms";
import { useIntegrationForm } from "./use-integration-form";
import { ConfigFieldsOf } from "./config-fields";

/**
 * Manual Setup (docs/product-spec.md §2): choose the type, name it, and fill that type's settings. JIRA and Notion settings
 * are stored as typed (the JIRA wizard checks them first); a tracker's destination (Linear team, GitHub repository,
 * Azure DevOps project) is looked up by the server on save, which says which field to fix. Type and name missing:
 * 'Missing Information'. Mounted only while open.
 */
export default function ManualSetupDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const typeId = useId();
  const { formRef, values, errors, change, showErrors } = useIntegrationForm(EMPTY_FORM);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = checkManual(values);
    if (checked.kind === "missing") {
      showErrors({
        type: values.type === "" ? "Choose the integration's type." : undefined,
        name: values.name.trim() === "" ? "Enter a name for this integration." : undefined,
      });
      toast({
        title: "Missing Information",
        description: "Please provide integration type and name.",
        variant: "destructive",
      });
      return;
    }
    if (checked.kind === "invalid") {
      showErrors(checked.errors);
      return;
    }
    setPending(true);
    try {
      const created = await createIntegration(projectId, checked.input);
      toast({
        title: "Integration Created",
        description: `"${created.name}" is ready to export this project's stories.`,
        variant: "success",
      });
      onClose();
    } catch (error) {
      setPending(false);
      const fields: FormField[] = values.type === "" ? ["name"] : ["name", ...CONFIG_FIELDS[values.type]];
      const inline = serverFieldErrors(error, fields);
      if (Object.keys(inline).length > 0) showErrors(inline);
      if (
        reportIntegrationError(
          projectId,
          error,
          "Creation Failed",
          "Failed to create the integration. Please try again.",
        )
      ) {
        onClose();
      }
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogTitle>Manual Setup</DialogTitle>
        <DialogDescription>Add an integration by entering its settings yourself.</DialogDescription>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <div className="grid gap-1.5">
            <Label htmlFor={typeId}>Type</Label>
            <Select
              value={values.type}
              onValueChange={(type) => change("type", type as IntegrationType)}
              disabled={pending}
            >
              <SelectTrigger
                id={typeId}
                aria-invalid={errors.type ? true : undefined}
                aria-describedby={errors.type ? `${typeId}-error` : undefined}
                className="aria-invalid:border-red-500"
              >
                <SelectValue placeholder="Choose a type" />
              </SelectTrigger>
              <SelectContent>
                {INTEGRATION_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {INTEGRATION_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {errors.type && (
              <p id={`${typeId}-error`} className="text-xs font-medium text-red-700">
                {errors.type}
              </p>
            )}
          </div>
          <TextField
            label="Name"
            name="name"
            autoComplete="off"
            maxLength={100}
            placeholder={`e.g. Team ${values.type === "" ? "JIRA" : INTEGRATION_LABELS[values.type]}`}
            value={values.name}
            onChange={(e) => change("name", e.target.value)}
            error={errors.name}
            disabled={pending}
            required
          />
          {values.type !== "" && (
            <ConfigFieldsOf type={values.type} values={values} errors={errors} disabled={pending} onChange={change} />
          )}
          <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
              {pending ? <Spinner className="text-white" /> : <Plus aria-hidden />}
              Create Integration
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
