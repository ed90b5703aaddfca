import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { Project } from "../../../../schema/api/projects";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { toast, toastError } from "../../../components/ui/toast";
import { plural } from "../../../lib/format";
import { deleteProject } from "../../../shared/projects/api";

/** Confirms a project deletion (docs/product-spec.md §5: the text says all associated transcripts are removed). */
export function DeleteProjectDialog({
  project,
  returnFocus,
  onClose,
  onDeleted,
}: {
  project: Project | null;
  /** The control that opened the dialog (focus returns there when it is cancelled). */
  returnFocus?: HTMLElement | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!project) return;
    setPending(true);
    try {
      await deleteProject(project.id);
      toast({
        title: "Project Deleted",
        description: `"${project.name}" and its transcripts have been deleted.`,
        variant: "success",
      });
      onClose();
      onDeleted?.();
    } catch (error) {
      toastError("Delete Failed", error, "Failed to delete project. Please try again.");
    } finally {
      setPending(false);
    }
  }

  if (!project) return null;
  return (
    <ConfirmDialog
      open
      title="Delete Project"
      description={`Delete "${project.name}"? This permanently deletes the project and all associated transcripts. This action cannot be undone.`}
      confirmLabel="Delete Project"
      confirmIcon={<Trash2 aria-hidden />}
      pending={pending}
      returnFocus={returnFocus}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {project.transcriptCount > 0 && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {plural(project.transcriptCount, "transcript")} will be deleted with it.
        </p>
      )}
    </ConfirmDialog>
  );
}
