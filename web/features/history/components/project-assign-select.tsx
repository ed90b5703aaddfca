import { useState } from "react";
import { Select, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { type ProjectOption } from "../../../shared/projects/model";
import { ProjectLabel } from "../../../shared/projects/project-label";
import { NO_PROJECT_VALUE, ProjectSelectContent } from "../../../shared/projects/project-select-content";
import { assignTranscriptProject } from "../../../shared/transcripts/api";

const NONE = NO_PROJECT_VALUE;

/**
 * 'No Project' plus the user's projects (docs/product-spec.md §2). The options are only rendered while the list is open: Radix
 * renders a closed Select's items off-screen, which adds up across hundreds of history cards.
 */
export function ProjectAssignSelect({
  transcriptId,
  projectId,
  project,
  projects,
  projectsLoaded,
}: {
  transcriptId: number;
  projectId: number | null;
  project: ProjectOption | undefined;
  projects: ProjectOption[] | undefined;
  projectsLoaded: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function onChange(value: string) {
    const next = value === NONE ? null : Number(value);
    if (next === projectId) return;
    setPending(true);
    try {
      const moved = await assignTranscriptProject(transcriptId, next);
      const target = next === null ? undefined : projects?.find((p) => p.id === next);
      toast({
        title: "Success",
        description: target
          ? `Moved "${moved.title}" to ${target.name}.`
          : `"${moved.title}" is no longer in a project.`,
        variant: "success",
      });
    } catch (error) {
      toastError("Error", error, "Failed to update the transcript's project.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Select
      value={projectId === null ? NONE : String(projectId)}
      onValueChange={onChange}
      open={open}
      onOpenChange={setOpen}
      disabled={pending}
    >
      <SelectTrigger aria-label="Assign to project" className="h-8 w-full" aria-busy={pending || undefined}>
        <SelectValue>
          <span className="inline-flex min-w-0 items-center gap-1.5">
            {pending && <Spinner className="size-3.5 text-brand-600" />}
            <ProjectLabel projectId={projectId} project={project} projectsLoaded={projectsLoaded} />
          </span>
        </SelectValue>
      </SelectTrigger>
      {open && <ProjectSelectContent projects={projects} />}
    </Select>
  );
}
