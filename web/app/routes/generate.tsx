import { useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "../../components/page";
import { Generator } from "../../features/generator/components/generator";
import { parseProjectId } from "../../shared/projects/model";

/** /generate, optionally ?project={id} to preselect a project (docs/product-spec.md §2). */
export default function Generate() {
  const [params] = useSearchParams();
  const projectId = parseProjectId(params.get("project") ?? undefined);
  return (
    <PageContainer>
      <title>Generate · StoryLoom</title>
      <PageHeader
        title="Generate User Stories"
        description="Paste a meeting or product-management transcript, or upload a file, and get an epic with user stories."
      />
      {/* Keyed so a new ?project= link preselects again; the draft text and title live in jotai and survive. */}
      <Generator key={projectId ?? "none"} initialProjectId={projectId} />
    </PageContainer>
  );
}
