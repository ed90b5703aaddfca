import { ArrowLeft, Plug } from "lucide-react";
import { Navigate, useNavigate, useParams } from "react-router";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";
import { Button } from "../../components/ui/button";

/** Spec §2: an id of 0 or a non-number redirects to /dashboard. */
function parseProjectId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function ProjectSettings() {
  const { id } = useParams();
  const navigate = useNavigate();
  const projectId = parseProjectId(id);
  if (projectId === null) return <Navigate to="/dashboard" replace />;

  return (
    <PageContainer>
      <title>Project Settings · StoryLoom</title>
      <PageHeader
        leading={
          <Button variant="ghost" size="sm" className="mb-3 -ml-3" onClick={() => navigate("/dashboard")}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
        }
        title="Project Settings"
        description="Manage the JIRA and Notion integrations for this project."
      />
      <EmptyState icon={Plug} title="Integrations">
        This project's JIRA and Notion integrations will appear here, with options to add, edit and remove them.
      </EmptyState>
    </PageContainer>
  );
}
