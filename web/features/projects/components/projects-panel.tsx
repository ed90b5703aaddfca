import { useAtom } from "jotai";
import { ArrowUpDown, FolderKanban, LayoutGrid, List, Plus, Search, SearchX } from "lucide-react";
import { useCallback, useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import type { Project } from "../../../../schema/api/projects";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Skeleton } from "../../../components/ui/skeleton";
import { useErrorToast } from "../../../components/ui/toast";
import { cn } from "../../../lib/cn";
import { useProjects } from "../../../shared/projects/api";
import { useSubscriptionLimits } from "../../../shared/session/subscription";
import { projectSearchAtom, projectSortAtom, projectViewAtom, type ProjectSort, type ProjectView } from "../state";
import { useOpenProjectDialog } from "../open-dialog";
import { DeleteProjectDialog } from "./delete-project-dialog";
import { ProjectCard, ProjectRow } from "./project-item";

const SORT_LABELS: Record<ProjectSort, string> = { name: "Name", created: "Date created", activity: "Activity" };

const byName = (a: Project, b: Project) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

/** docs/product-spec.md §2: search matches name or description (case-insensitive); sort by name (default), date or activity. */
export function filterAndSortProjects(projects: Project[], search: string, sort: ProjectSort): Project[] {
  const needle = search.trim().toLocaleLowerCase();
  const matches = needle
    ? projects.filter(
        (p) => p.name.toLocaleLowerCase().includes(needle) || p.description.toLocaleLowerCase().includes(needle),
      )
    : [...projects];
  if (sort === "name") return matches.sort(byName);
  const field = sort === "created" ? "createdAt" : "lastActivityAt";
  // Newest first; ties fall back to the name so the order is stable.
  return matches.sort((a, b) => b[field].localeCompare(a[field]) || byName(a, b));
}

/** The dashboard's Projects tab. */
export function ProjectsPanel() {
  const { data: projects, error, mutate } = useProjects();
  const [search, setSearch] = useAtom(projectSearchAtom);
  const [sort, setSort] = useAtom(projectSortAtom);
  const [view, setView] = useAtom(projectViewAtom);
  const openDialog = useOpenProjectDialog();
  const [deleting, setDeleting] = useState<{ project: Project; returnFocus: HTMLElement | null } | null>(null);
  useErrorToast(error, "Error", "Failed to load projects.");

  const visible = useMemo(() => filterAndSortProjects(projects ?? [], search, sort), [projects, search, sort]);
  const onEdit = useCallback(
    (project: Project, returnFocus: HTMLElement | null) => openDialog({ mode: "edit", project, returnFocus }),
    [openDialog],
  );
  const onDelete = useCallback(
    (project: Project, returnFocus: HTMLElement | null) => setDeleting({ project, returnFocus }),
    [],
  );
  const onCreate = (event: MouseEvent<HTMLButtonElement>) =>
    openDialog({ mode: "create", returnFocus: event.currentTarget });

  let body: ReactNode;
  if (!projects && error) body = <LoadError what="your projects" onRetry={() => void mutate()} />;
  else if (!projects) body = <ProjectsSkeleton view={view} />;
  else if (projects.length === 0) {
    body = (
      <EmptyState
        icon={FolderKanban}
        title="No projects yet"
        action={
          <Button onClick={onCreate}>
            <Plus aria-hidden />
            Create Your First Project
          </Button>
        }
      >
        Projects keep related transcripts and their stories together. Create one to get started.
      </EmptyState>
    );
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No projects match your search"
        action={
          <Button variant="outline" onClick={() => setSearch("")}>
            Clear search
          </Button>
        }
      >
        Nothing in your projects' names or descriptions contains "{search.trim()}".
      </EmptyState>
    );
  } else if (view === "grid") {
    body = (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
        {visible.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <Card>
        <ul className="divide-y divide-line" aria-label="Projects">
          {visible.map((project) => (
            <li key={project.id}>
              <ProjectRow project={project} onEdit={onEdit} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <section aria-labelledby="projects-heading">
      <h2 id="projects-heading" className="sr-only">
        Projects
      </h2>
      <div className="mb-5 flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative flex-1 lg:max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search projects"
            placeholder="Search projects..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex items-center gap-2 lg:ml-auto">
          <Select value={sort} onValueChange={(v) => setSort(v as ProjectSort)}>
            <SelectTrigger aria-label="Sort projects" className="w-auto min-w-40 flex-1 sm:flex-none">
              <span className="inline-flex items-center gap-2">
                <ArrowUpDown className="size-4 text-slate-500" aria-hidden />
                <SelectValue />
              </span>
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(SORT_LABELS) as ProjectSort[]).map((key) => (
                <SelectItem key={key} value={key}>
                  {SORT_LABELS[key]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ViewToggle view={view} onChange={setView} />
          <Button onClick={onCreate} className="px-3 sm:px-4">
            <Plus aria-hidden />
            {/* Icon-only on phones so the toolbar keeps to one row; the name stays for assistive tech. */}
            <span className="sr-only sm:not-sr-only">New Project</span>
          </Button>
        </div>
      </div>
      {/* only the user's own projects count against their plan, not those shared through a team */}
      <ProjectLimitNote count={projects?.filter((p) => !p.sharedBy).length} />
      {body}
      <DeleteProjectDialog
        project={deleting?.project ?? null}
        returnFocus={deleting?.returnFocus}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function ViewToggle({ view, onChange }: { view: ProjectView; onChange: (view: ProjectView) => void }) {
  const options = [
    { value: "grid", label: "Grid view", icon: LayoutGrid },
    { value: "list", label: "List view", icon: List },
  ] as const;
  return (
    <div
      role="group"
      aria-label="Layout"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={view === value}
          title={label}
          onClick={() => onChange(value)}
          className={cn(
            "inline-flex size-8 items-center justify-center rounded-md transition-colors",
            "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
            view === value ? "bg-brand-50 text-brand-800" : "text-slate-500 hover:bg-slate-100 hover:text-ink",
          )}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}

/** The free plan allows one project (docs/product-spec.md §6); say so before the user runs into it. */
function ProjectLimitNote({ count }: { count: number | undefined }) {
  const { data } = useSubscriptionLimits();
  const limit = data?.data.limits.projects;
  if (!data || count === undefined || limit === null || limit === undefined) return null;
  return (
    <p className="mb-4 text-sm text-muted">
      {`${count} of ${limit} ${limit === 1 ? "project" : "projects"} used on the ${data.data.tier === "free" ? "free" : "current"} plan.`}{" "}
      {count >= limit && (
        <Link to="/subscription" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Upgrade to Pro for unlimited projects
        </Link>
      )}
    </p>
  );
}

function ProjectsSkeleton({ view }: { view: ProjectView }) {
  return (
    <div
      role="status"
      aria-label="Loading projects"
      className={view === "grid" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "grid gap-3"}
    >
      {[0, 1, 2].map((i) => (
        <Card key={i} className={view === "grid" ? "grid gap-3 p-5" : "flex items-center gap-4 p-4"}>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-1/3" />
        </Card>
      ))}
    </div>
  );
}
