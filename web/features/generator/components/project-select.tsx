import { Select, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { type ProjectOption } from "../../../shared/projects/model";
import { ProjectLabel } from "../../../shared/projects/project-label";
import { NO_PROJECT_VALUE, ProjectSelectContent } from "../../../shared/projects/project-select-content";

/** The select's value for 'No Project' (docs/product-spec.md §5: 'none' means no project). */
export const NO_PROJECT = NO_PROJECT_VALUE;

/** 'No Project' plus the user's projects, each with its colour dot (docs/product-spec.md §2, Generator). */
export function ProjectSelect({
  id,
  value,
  onChange,
  projects,
  disabled,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  projects: ProjectOption[] | undefined;
  disabled?: boolean;
}) {
  const projectId = value === NO_PROJECT ? null : Number(value);
  const project = projectId === null ? undefined : projects?.find((p) => p.id === projectId);
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} aria-label="Project">
        <SelectValue>
          <ProjectLabel projectId={projectId} project={project} projectsLoaded={projects !== undefined} />
        </SelectValue>
      </SelectTrigger>
      <ProjectSelectContent projects={projects} />
    </Select>
  );
}
