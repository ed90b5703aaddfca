import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { INTEGRATION_LABELS, INTEGRATION_TYPES } from "../../../../schema/api/integrations";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { createIntegration } from "../../../shared/integrations/api";
import { reportCreationError } from "../errors";
import { CONFIG_FIELD_SPECS, CONFIG_FIELDS, nameField, TYPE_FIELD } from "../fields";
import { checkManual, EMPTY_FORM } from "../forms";
import { ConfigFields } from "./config-field";
import { FormActions } from "./form-actions";
import { useIntegrationForm } from "./use-integration-form";

const TYPE_CHOICES = INTEGRATION_TYPES.map((type) => ({ value: type, label: INTEGRATION_LABELS[type] }));

/**
 * Manual Setup (docs/product-spec.md §2): choose the type, name it, and fill that type's settings. JIRA and Notion settings
 * are stored as typed (the JIRA wizard checks them first); a tracker's destination (Linear team, GitHub repository,
 * Azure DevOps project) is looked up by the server on save, which says which field to fix. Type and name missing:
 * 'Missing Information'. Mounted only while open.
 */
export default function ManualSetupDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { formRef, values, errors, change, showErrors, showServerErrors } = useIntegrationForm(EMPTY_FORM);
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
      showServerErrors(error, values.type === "" ? ["name"] : ["name", ...CONFIG_FIELDS[values.type]]);
      if (reportCreationError(projectId, error)) onClose();
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogTitle>Manual Setup</DialogTitle>
        <DialogDescription>Add an integration by entering its settings yourself.</DialogDescription>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <ConfigFields
            specs={[
              TYPE_FIELD,
              nameField("Name", `e.g. Team ${values.type === "" ? "JIRA" : INTEGRATION_LABELS[values.type]}`),
              ...(values.type === "" ? [] : CONFIG_FIELD_SPECS[values.type]),
            ]}
            values={values}
            errors={errors}
            disabled={pending}
            onChange={change}
            choices={TYPE_CHOICES}
          />
          <FormActions pending={pending} icon={<Plus aria-hidden />}>
            Create Integration
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
