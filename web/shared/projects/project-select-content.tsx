// Apart from project-label.tsx, which the dashboard shows: the Select's parts (Radix's layered "overlays" chunk,
// web/vite.config.ts) load only with the screens that pick a project.
import { SelectContent, SelectItem } from "../../components/ui/select";
import { projectColor, type ProjectOption } from "./model";
import { ColorDot, SharedBadge } from "./project-label";

/** The select value that means 'No Project' (docs/product-spec.md §5: 'none' means no project). */
export const NO_PROJECT_VALUE = "none";

/** The options of every project picker: 'No Project', then the user's projects with their colour dots. */
export function ProjectSelectContent({ projects }: { projects: ProjectOption[] | undefined }) {
  return (
    <SelectContent>
      <SelectItem value={NO_PROJECT_VALUE}>
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
            {p.sharedBy && <SharedBadge owner={p.sharedBy} />}
          </span>
        </SelectItem>
      ))}
    </SelectContent>
  );
}
