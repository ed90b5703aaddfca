import { Layers } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import type { EpicChoices, Integration } from "../../../../schema/api/integrations";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { chooseIntegrationEpic, getEpicChoices, INTEGRATION_TYPE_LABELS } from "../../../shared/integrations/api";
import { EpicItems } from "../../../shared/integrations/epic-items";
import { FormActions } from "./form-actions";

const NEW_EPIC = "new";

/**
 * The epic a project's exports to a tracker go under (issue 41): an open one the tracker lists, or a new one for each
 * export. The review before an export starts from it and may still choose another. Mounted only while open.
 */
export default function EpicDialog({
  integration,
  onClose,
  returnFocus,
}: {
  integration: Integration;
  onClose: () => void;
  returnFocus: HTMLElement | null;
}) {
  const label = INTEGRATION_TYPE_LABELS[integration.type];
  const [choices, setChoices] = useState<EpicChoices | null>(null);
  const [epic, setEpic] = useState(integration.epic?.key ?? NEW_EPIC);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    getEpicChoices(integration.id).then(
      (answer) => live && setChoices(answer),
      (error) => {
        if (!live) return;
        setChoices({ epics: [], remembered: integration.epic });
        toastError("Couldn't load the epics", error, "The list of epics could not be read.");
      },
    );
    return () => {
      live = false;
    };
  }, [integration.id, integration.epic]);

  // the project's epic, when it is no longer open there, is still shown, so the choice is never silently changed
  const listed = choices?.epics ?? [];
  const closedRemembered =
    integration.epic && choices && !listed.some((e) => e.key === integration.epic!.key) ? integration.epic : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const saved = await chooseIntegrationEpic(integration, epic === NEW_EPIC ? null : epic);
      toast({
        title: "Epic Saved",
        description: saved.epic
          ? `Exports to "${saved.name}" go under ${saved.epic.key}: ${saved.epic.title}.`
          : `Each export to "${saved.name}" makes a new epic.`,
        variant: "success",
      });
      onClose();
    } catch (error) {
      setPending(false);
      toastError("Save Failed", error, "The epic could not be saved. Please try again.");
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-lg" returnFocus={returnFocus}>
        <DialogTitle>Epic for {integration.name}</DialogTitle>
        <DialogDescription>
          This project's exports to {label} go under the epic you choose here. The review before an export can still
          choose another.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <label className="grid gap-1.5 text-sm font-medium text-ink">
            Epic
            <Select value={epic} onValueChange={setEpic} disabled={pending || !choices}>
              <SelectTrigger className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NEW_EPIC}>A new epic for each export</SelectItem>
                {closedRemembered && (
                  <SelectItem value={closedRemembered.key}>
                    {closedRemembered.key}: {closedRemembered.title} (no longer open)
                  </SelectItem>
                )}
                <EpicItems epics={listed} />
              </SelectContent>
            </Select>
          </label>
          {!choices ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <Spinner /> Reading the open epics in {label}…
            </p>
          ) : listed.length === 0 ? (
            <p className="text-sm text-muted">{label} lists no open epics here yet: each export makes a new one.</p>
          ) : null}
          <FormActions pending={pending} icon={<Layers aria-hidden />}>
            Save Epic
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
