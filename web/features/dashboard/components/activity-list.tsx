import {
  ArrowRightLeft,
  MailPlus,
  MailX,
  ShieldCheck,
  UserCheck,
  UserMinus,
  UserRound,
  FileMinus,
  FolderMinus,
  FolderPen,
  FolderPlus,
  History,
  LogOut,
  Sparkles,
  type LucideIcon,
} from "lucide-react";
import type { ActivityItem, ActivityKind } from "../../../../schema/api/transcripts";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatRelative } from "../../../lib/format";

const KIND_STYLE: Record<ActivityKind, { icon: LucideIcon; tone: string }> = {
  project_created: { icon: FolderPlus, tone: "bg-brand-50 text-brand-700" },
  project_updated: { icon: FolderPen, tone: "bg-sky-50 text-sky-700" },
  project_deleted: { icon: FolderMinus, tone: "bg-red-50 text-red-700" },
  transcript_created: { icon: Sparkles, tone: "bg-emerald-50 text-emerald-700" },
  transcript_moved: { icon: ArrowRightLeft, tone: "bg-amber-50 text-amber-700" },
  transcript_deleted: { icon: FileMinus, tone: "bg-red-50 text-red-700" },
  member_invited: { icon: MailPlus, tone: "bg-brand-50 text-brand-700" },
  invitation_revoked: { icon: MailX, tone: "bg-red-50 text-red-700" },
  member_joined: { icon: UserCheck, tone: "bg-emerald-50 text-emerald-700" },
  member_made_admin: { icon: ShieldCheck, tone: "bg-sky-50 text-sky-700" },
  member_made_member: { icon: UserRound, tone: "bg-sky-50 text-sky-700" },
  member_removed: { icon: UserMinus, tone: "bg-red-50 text-red-700" },
  member_left: { icon: LogOut, tone: "bg-amber-50 text-amber-700" },
};

/** One readable sentence per event, using the names as they were at the time. */
export function describeActivity(item: ActivityItem): string {
  switch (item.kind) {
    case "project_created":
      return `Created project ${item.subject}`;
    case "project_updated":
      return `Updated project ${item.subject}`;
    case "project_deleted":
      return `Deleted project ${item.subject}`;
    case "transcript_created":
      return item.projectName
        ? `Added transcript "${item.subject}" to ${item.projectName}`
        : `Added transcript "${item.subject}"`;
    case "transcript_moved":
      return item.projectName
        ? `Moved "${item.subject}" to ${item.projectName}`
        : `Moved "${item.subject}" out of a project`;
    case "transcript_deleted":
      return `Deleted transcript "${item.subject}"`;
    case "member_invited":
      return `Invited ${item.subject} to the team`;
    case "invitation_revoked":
      return `Withdrew the invitation for ${item.subject}`;
    case "member_joined":
      return `${item.subject} joined the team`;
    case "member_made_admin":
      return `Made ${item.subject} a team admin`;
    case "member_made_member":
      return `Made ${item.subject} a team member`;
    case "member_removed":
      return `Removed ${item.subject} from the team`;
    case "member_left":
      return `${item.subject} left the team`;
    default:
      return item.subject;
  }
}

export function ActivityList({
  items,
  error,
  onRetry,
  compact = false,
}: {
  items: ActivityItem[] | undefined;
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  if (!items && error) return <LoadError what="recent activity" onRetry={onRetry} />;
  if (!items) {
    return (
      <div role="status" aria-label="Loading activity" className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return compact ? (
      <p className="py-2 text-sm text-muted">
        No activity yet. Creating a project or generating stories shows up here.
      </p>
    ) : (
      <EmptyState icon={History} title="No activity yet">
        Creating, editing and deleting projects, and generating, moving or deleting transcripts, will show up here.
      </EmptyState>
    );
  }
  const now = new Date();
  return (
    <ol className={cn("grid", compact ? "gap-3" : "gap-0 divide-y divide-line")}>
      {items.map((item) => {
        const { icon: Icon, tone } = KIND_STYLE[item.kind] ?? KIND_STYLE.project_updated;
        return (
          <li key={item.id} className={cn("flex items-start gap-3", !compact && "py-3.5 first:pt-0 last:pb-0")}>
            <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", tone)}>
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm break-words text-ink">{describeActivity(item)}</p>
              <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} className="text-xs text-muted">
                {formatRelative(item.createdAt, now)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
