import { Users } from "lucide-react";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";

export default function Team() {
  return (
    <PageContainer>
      <title>Team Management · StoryLoom</title>
      <PageHeader title="Team Management" description="Invite colleagues and manage their roles." />
      <EmptyState icon={Users} title="Your team">
        Your team members, pending invitations and seat usage will appear here.
      </EmptyState>
    </PageContainer>
  );
}
