import { useAtom } from "jotai";
import { FolderPlus, Save } from "lucide-react";
import { useId, type FormEvent } from "react";
import { DEFAULT_PROJECT_COLOR, projectInputSchema, type Project } from "../../../../schema/api/projects";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { toast, toastError } from "../../../components/ui/toast";
import { returnFocusTo } from "../../../lib/focus";
import { serverFieldError, useValidatedForm } from "../../../lib/form";
import { createProject, isProjectLimitError, updateProject } from "../../../shared/projects/api";
import { toastProjectLimit } from "../open-dialog";
import { projectDialogAtom } from "../state";
import { ColorPicker } from "./color-picker";

const FIELDS = ["name", "description", "color"] as const;
type Field = (typeof FIELDS)[number];

/** The create/edit project dialog. Mount once per screen; open it through `projectDialogAtom`. */
export function ProjectFormDialog() {
  const [state, setState] = useAtom(projectDialogAtom);
  const editing = state?.mode === "edit" ? state.project : null;
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && setState(null)}>
      {state && (
        <DialogContent onCloseAutoFocus={returnFocusTo(state.returnFocus)}>
          <DialogTitle>{editing ? "Edit Project" : "Create New Project"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Change the project's name, description or colour."
              : "Projects keep related transcripts and their stories together."}
          </DialogDescription>
          <ProjectForm key={editing?.id ?? "new"} project={editing} onDone={() => setState(null)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProjectForm({ project, onDone }: { project: Project | null; onDone: () => void }) {
  const colorLabelId = useId();
  const descriptionId = useId();
  const { formRef, values, errors, setErrors, pending, setPending, update, setValue, validate } = useValidatedForm<
    Field,
    typeof projectInputSchema
  >(projectInputSchema, {
    name: project?.name ?? "",
    description: project?.description ?? "",
    color: project?.color?.toUpperCase() || DEFAULT_PROJECT_COLOR,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.name.trim() === "") {
      validate();
      toast({ title: "Name Required", description: "Please enter a project name.", variant: "destructive" });
      return;
    }
    const input = validate();
    if (!input) {
      const first = projectInputSchema.safeParse(values).error?.issues[0]?.message;
      toast({ title: "Validation Failed", description: first, variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      if (project) {
        const saved = await updateProject(project.id, input);
        toast({
          title: "Project Updated",
          description: `Your changes to "${saved.name}" have been saved.`,
          variant: "success",
        });
      } else {
        const saved = await createProject(input);
        toast({
          title: "Project Created",
          description: `"${saved.name}" is ready for transcripts.`,
          variant: "success",
        });
      }
      onDone();
    } catch (error) {
      setPending(false);
      if (!project && isProjectLimitError(error)) {
        // Close first: the toast's upgrade button must not sit behind the modal.
        onDone();
        toastProjectLimit(error);
        return;
      }
      const inline = serverFieldError(error, FIELDS);
      if (Object.keys(inline).length > 0) setErrors(inline);
      if (project) toastError("Update Failed", error, "Failed to update project. Please try again.");
      else toastError("Creation Failed", error, "Failed to create project. Please try again.");
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={100}
        value={values.name}
        onChange={update("name")}
        error={errors.name}
        required
        disabled={pending}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={descriptionId}>
          Description <span className="font-normal text-muted">(optional)</span>
        </Label>
        <Textarea
          id={descriptionId}
          name="description"
          rows={3}
          maxLength={1000}
          placeholder="What is this project about?"
          value={values.description}
          onChange={update("description")}
          aria-invalid={errors.description ? true : undefined}
          disabled={pending}
        />
        {errors.description && <p className="text-xs font-medium text-red-700">{errors.description}</p>}
      </div>
      <div className="grid gap-2">
        <span id={colorLabelId} className="text-sm font-medium text-ink">
          Colour
        </span>
        <ColorPicker
          value={values.color}
          onChange={(color) => setValue("color", color)}
          labelledBy={colorLabelId}
          disabled={pending}
        />
      </div>
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner className="text-white" /> : project ? <Save aria-hidden /> : <FolderPlus aria-hidden />}
          {project ? "Save Changes" : "Create Project"}
        </Button>
      </div>
    </form>
  );
}
