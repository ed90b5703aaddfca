import { ColorDot, ProjectLabel } from "../../../components/project-label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { projectColor, type ProjectOption } from "../../../lib/projects";

/** The select's value for 'No Project' (spec §5: 'none' means no project). */
export const NO_PROJECT = "none";

/** 'No Project' plus the user's projects, each with its colour dot (spec §2, Generator). */
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
      <SelectContent>
        <SelectItem value={NO_PROJECT}>
          <span className="inline-flex items-center gap-2">
            <span aria-hidden className="inline-block size-2.5 rounded-full border border-dashed border-slate-400" />
            No Project
          </span>
        </SelectItem>
        {projects?.map((p) => (
          <SelectItem key={p.id} value={String(p.id)}>
            <span className="inline-flex min-w-0 items-center gap-2">
              <ColorDot color={projectColor(p)} />
              <span className="truncate">{p.name}</span>
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
