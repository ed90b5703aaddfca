import { FolderKanban, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/user";

export default function Dashboard() {
  const { user } = useUser();
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
      <EmptyState icon={FolderKanban} title="Your projects and activity">
        Your projects and recent transcripts will appear here, with counts, quick actions and a feed of recent
        activity.
      </EmptyState>
    </PageContainer>
  );
}
