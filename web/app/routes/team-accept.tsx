import { MailOpen } from "lucide-react";
import { Link } from "react-router";
import { EmptyState, PageContainer } from "../../components/page";
import { Button } from "../../components/ui/button";

export default function TeamAccept() {
  return (
    <PageContainer className="max-w-2xl">
      <title>Team Invitation · StoryLoom</title>
      <EmptyState
        icon={MailOpen}
        title="Team Invitation" headingLevel={1}
        action={
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to dashboard</Link>
          </Button>
        }
      >
        The status of this team invitation will appear here once it has been checked.
      </EmptyState>
    </PageContainer>
  );
}
