import { useAtom } from "jotai";
import { Sparkles } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "../../components/page";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { ActivityPanel } from "../../features/dashboard/components/activity-panel";
import { Overview } from "../../features/dashboard/components/overview";
import { dashboardTabAtom, type DashboardTab } from "../../features/dashboard/state";
import { LazyProjectFormDialog } from "../../features/projects/components/lazy-project-form-dialog";
import { useOpenProjectDialog } from "../../features/projects/open-dialog";
import { useUser } from "../../shared/session/user";

// The Projects tab (with its sort Select, Radix's layered parts) loads when it is opened, not with the overview.
const ProjectsPanel = lazy(() =>
  import("../../features/projects/components/projects-panel").then((m) => ({ default: m.ProjectsPanel })),
);

export default function Dashboard() {
  const { user } = useUser();
  const [tab, setTab] = useAtom(dashboardTabAtom);
  const openProjectDialog = useOpenProjectDialog();
  const createProject = (opener: HTMLElement) => openProjectDialog({ mode: "create", returnFocus: opener });
  const name = user?.firstName ?? user?.username;

  return (
    <PageContainer>
      <title>Dashboard · StoryLoom</title>
      <PageHeader
        title="Dashboard"
        description={name ? `Welcome, ${name}. Here's an overview of your work in StoryLoom.` : undefined}
        actions={
          <Button asChild>
            <Link to="/generate">
              <Sparkles aria-hidden />
              Generate stories
            </Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value as DashboardTab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="projects">Projects</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview onCreateProject={createProject} onShowActivity={() => setTab("activity")} />
        </TabsContent>
        <TabsContent value="projects">
          <Suspense fallback={<PageSpinner />}>
            <ProjectsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="activity">
          <ActivityPanel />
        </TabsContent>
      </Tabs>
      <LazyProjectFormDialog />
    </PageContainer>
  );
}
