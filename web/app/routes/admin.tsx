import { ShieldAlert } from "lucide-react";
import { EmptyState, PageContainer } from "../../components/page";
import { PageSpinner } from "../../components/ui/spinner";
import { AdminScreen } from "../../features/admin/components/admin-screen";
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
  return <AdminScreen />;
}
