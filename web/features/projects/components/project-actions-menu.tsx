import { Ellipsis, Pencil, Settings, Trash2 } from "lucide-react";
import { useRef } from "react";
import { useNavigate } from "react-router";
import type { Project } from "../../../../schema/api/projects";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";

/** Edit, Settings and Delete for one project. */
export function ProjectActionsMenu({
  project,
  onEdit,
  onDelete,
}: {
  project: Project;
  onEdit: (project: Project, returnFocus: HTMLElement | null) => void;
  onDelete: (project: Project, returnFocus: HTMLElement | null) => void;
}) {
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  // a team member works in a shared project but does not manage it (services/access): no menu to offer
  if (!project.canManage) return null;
  return (
    // Not modal, so the dialogs opened from it take focus cleanly.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          ref={trigger}
          type="button"
          aria-label={`Actions for ${project.name}`}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
        >
          <Ellipsis className="size-5" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-44">
        <DropdownMenuItem onSelect={() => onEdit(project, trigger.current)}>
          <Pencil aria-hidden />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(`/projects/${project.id}/settings`)}>
          <Settings aria-hidden />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onDelete(project, trigger.current)}
          className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:text-red-600"
        >
          <Trash2 aria-hidden />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
