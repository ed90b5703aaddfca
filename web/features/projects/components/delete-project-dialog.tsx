import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { Project } from "../../../../schema/api/projects";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { returnFocusTo } from "../../../lib/focus";
import { plural } from "../../../lib/format";
import { deleteProject } from "../api/project-calls";

/** Confirms a project deletion (spec §5: the text says all associated transcripts are removed). */
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
      toast({
        title: "Delete Failed",
        description: errorMessage(error, "Failed to delete project. Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={project !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {project && (
        <AlertDialogContent onCloseAutoFocus={returnFocusTo(returnFocus)}>
          <AlertDialogTitle>Delete Project</AlertDialogTitle>
          <AlertDialogDescription>
            Delete "{project.name}"? This permanently deletes the project and all associated transcripts. This action
            cannot be undone.
          </AlertDialogDescription>
          {project.transcriptCount > 0 && (
            <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {plural(project.transcriptCount, "transcript")} will be deleted with it.
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <AlertDialogConfirm onClick={confirm} disabled={pending} aria-busy={pending || undefined}>
              {pending ? <Spinner className="size-4 text-white" /> : <Trash2 aria-hidden />}
              Delete Project
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
