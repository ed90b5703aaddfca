import { BarChart3, ShieldAlert } from "lucide-react";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";
import { PageSpinner } from "../../components/ui/spinner";
import { useUser } from "../../shared/session/user";

export default function Admin() {
  const { user } = useUser();
  if (user === undefined) return <PageSpinner />;
  if (!user?.isAdmin) {
    return (
      <PageContainer className="max-w-2xl">
        <title>Access Denied · StoryLoom</title>
        <EmptyState icon={ShieldAlert} title="Access Denied" headingLevel={1}>
          You don't have admin access to view this page.
        </EmptyState>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <title>Admin Dashboard · StoryLoom</title>
      <PageHeader title="Admin Dashboard" description="Platform analytics, users and help assistant logs." />
      <EmptyState icon={BarChart3} title="Platform overview">
        User and subscription analytics, user management and help assistant conversation logs will appear here.
      </EmptyState>
    </PageContainer>
  );
}
