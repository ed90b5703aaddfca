import { ArrowRight, FileText, FolderKanban, FolderPlus, History, Sparkles, type LucideIcon } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import type { Project } from "../../../../schema/api/projects";
import type { TranscriptSummary } from "../../../../schema/api/transcripts";
import { LoadError } from "../../../components/load-error";
import { isCancelled } from "../../../../schema/api/generation-state";
import { TranscriptStatusBadge } from "../../../components/transcript-badges";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useErrorToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { useIdle } from "../../../lib/idle";
import { useProjects } from "../../../shared/projects/api";
import { useProjectMap } from "../../../shared/projects/model";
import { ProjectLabel } from "../../../shared/projects/project-label";
import { RECENT_TRANSCRIPTS } from "../../../lib/query-keys";
import { useRecentTranscripts } from "../../../shared/transcripts/api";
import { useActivity } from "../api/activity";
import { ActivityList } from "./activity-list";

const RECENT_ACTIVITY = 5;

export function Overview({
  onCreateProject,
  onShowActivity,
}: {
  /** Opens the create-project dialog; focus returns to `opener` when it closes. */
  onCreateProject: (opener: HTMLElement) => void;
  onShowActivity: () => void;
}) {
  const projects = useProjects();
  // The count and the latest five come from one small request, not from the whole list.
  const transcripts = useRecentTranscripts();
  // Recent Activity sits below the fold (on a phone below Quick Actions and Recent Transcripts): its request and
  // render wait until the page has painted and the browser is idle.
  const activity = useActivity(useIdle(2000));
  useErrorToast(projects.error, "Error", "Failed to load projects.");
  useErrorToast(transcripts.error, "Error", "Failed to load transcripts.");
  useErrorToast(activity.error, "Error", "Failed to load recent activity.");

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-2 gap-4">
        <StatCard icon={FolderKanban} label="Projects" value={projects.data?.length} failed={!!projects.error} />
        <StatCard icon={FileText} label="Transcripts" value={transcripts.data?.total} failed={!!transcripts.error} />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          <Card>
            <CardHeader className="flex-row items-start justify-between gap-4">
              <div className="grid gap-1.5">
                <CardTitle>Recent Transcripts</CardTitle>
                <CardDescription>Your latest {RECENT_TRANSCRIPTS} transcripts.</CardDescription>
              </div>
              {!!transcripts.data?.total && <ViewAllLink to="/history" label="View all transcripts" />}
            </CardHeader>
            <CardContent>
              <RecentTranscripts
                transcripts={transcripts.data?.transcripts}
                projects={projects.data}
                error={transcripts.error}
                onRetry={() => void transcripts.mutate()}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex-row items-start justify-between gap-4">
              <div className="grid gap-1.5">
                <CardTitle>Recent Activity</CardTitle>
                <CardDescription>The latest changes to your work.</CardDescription>
              </div>
              {!!activity.data?.length && (
                <Button variant="link" size="sm" className="h-auto px-0" onClick={onShowActivity}>
                  View all
                  <ArrowRight aria-hidden />
                </Button>
              )}
            </CardHeader>
            <CardContent>
              <ActivityList
                compact
                items={activity.data?.slice(0, RECENT_ACTIVITY)}
                error={activity.error}
                onRetry={() => void activity.mutate()}
              />
            </CardContent>
          </Card>
        </div>

        {/* On phones the quick actions come first, above the longer lists. */}
        <Card className="order-first content-start self-start lg:order-none">
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <QuickAction icon={FolderPlus} onClick={(event) => onCreateProject(event.currentTarget)}>
              Create New Project
            </QuickAction>
            {!!projects.data?.length && (
              <QuickAction icon={Sparkles} to="/generate">
                Generate User Stories
              </QuickAction>
            )}
            <QuickAction icon={History} to="/history">
              View History
            </QuickAction>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  failed,
}: {
  icon: LucideIcon;
  label: string;
  value: number | undefined;
  failed: boolean;
}) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-6">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:flex">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{label}</p>
        {value !== undefined ? (
          <p className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{value}</p>
        ) : failed ? (
          <p className="text-2xl font-bold text-slate-400 sm:text-3xl" title="Could not load">
            –
          </p>
        ) : (
          <Skeleton className="mt-1.5 h-7 w-12" />
        )}
      </div>
    </Card>
  );
}

function ViewAllLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      View all
      <ArrowRight className="size-4" aria-hidden />
    </Link>
  );
}

function QuickAction({
  icon: Icon,
  to,
  onClick,
  children,
}: {
  icon: LucideIcon;
  to?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  const content = (
    <>
      <Icon aria-hidden />
      <span className="flex-1 text-left">{children}</span>
      <ArrowRight className="text-slate-400" aria-hidden />
    </>
  );
  return to ? (
    <Button asChild variant="outline" className="w-full justify-start">
      <Link to={to}>{content}</Link>
    </Button>
  ) : (
    <Button variant="outline" className="w-full justify-start" onClick={onClick}>
      {content}
    </Button>
  );
}

function RecentTranscripts({
  transcripts,
  projects,
  error,
  onRetry,
}: {
  transcripts: TranscriptSummary[] | undefined;
  projects: Project[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const projectMap = useProjectMap(projects);
  if (!transcripts && error) return <LoadError what="your transcripts" onRetry={onRetry} />;
  if (!transcripts) {
    return (
      <div role="status" aria-label="Loading transcripts" className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        ))}
      </div>
    );
  }
  if (transcripts.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
        <FileText className="size-8 text-slate-400" aria-hidden />
        <p className="mt-3 font-semibold text-ink">No transcripts yet</p>
        <p className="mt-1 max-w-sm text-sm text-muted">
          Paste a meeting transcript and StoryLoom turns it into an epic and user stories.
        </p>
        <Button asChild className="mt-5">
          <Link to="/generate">
            <Sparkles aria-hidden />
            Generate your first stories
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="-my-3 divide-y divide-line">
      {transcripts.slice(0, RECENT_TRANSCRIPTS).map((t) => (
        <li
          key={t.id}
          className="flex flex-col items-start gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
        >
          <div className="w-full min-w-0 sm:w-auto">
            <Link
              to="/history"
              className="block truncate rounded font-medium text-ink hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t.title}
            </Link>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
              <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
              <span aria-hidden>·</span>
              <ProjectLabel
                projectId={t.projectId}
                project={t.projectId === null ? undefined : projectMap.get(t.projectId)}
                projectsLoaded={projects !== undefined}
              />
            </p>
          </div>
          <TranscriptStatusBadge
            hasStories={t.hasStories}
            cancelled={!t.generating && isCancelled(t.generationError)}
          />
        </li>
      ))}
    </ul>
  );
}
