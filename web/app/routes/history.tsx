import { History as HistoryIcon } from "lucide-react";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";

/** Also serves /project/:id (spec §2: same screen as history). */
export default function History() {
  return (
    <PageContainer>
      <title>Transcript History · StoryLoom</title>
      <PageHeader title="Transcript History" description="Every transcript you've processed, with its generated stories." />
      <EmptyState icon={HistoryIcon} title="Your transcripts">
        Your saved transcripts and the stories generated from them will appear here, ready to view, export or file
        under a project.
      </EmptyState>
    </PageContainer>
  );
}
