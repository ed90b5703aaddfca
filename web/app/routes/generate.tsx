import { FileText } from "lucide-react";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";

export default function Generate() {
  return (
    <PageContainer>
      <title>Generate · StoryLoom</title>
      <PageHeader
        title="Generate"
        description="Turn a meeting or product-management transcript into an epic and user stories."
      />
      <EmptyState icon={FileText} title="Transcript and generated stories">
        The transcript editor, file upload and your generated epic and user stories will appear here.
      </EmptyState>
    </PageContainer>
  );
}
