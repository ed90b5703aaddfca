import { Pencil } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { GeneratedStories, Transcript } from "../../../schema/api/transcripts";
import { Button } from "../../components/ui/button";
import { toast, toastError } from "../../components/ui/toast";
import { firstActiveJira, loadProjectIntegrations, useProjectIntegrations } from "../integrations/api";
import { useIntegrationExport } from "../integrations/export-progress-dialog";
import { saveStories } from "../transcripts/api";
import { StoryEditorDialog } from "./story-editor-dialog";

/** Shown under the editor's Export to JIRA, which is disabled while the transcript has no project. */
export const EXPORT_NEEDS_PROJECT = "Assign this transcript to a project to export it to JIRA.";

/**
 * Edit for a saved transcript's stories (generator panel and history card): opens the editor, saves through
 * PUT /api/transcripts/{id}/stories as an edit of the version it opened with (a save over stories saved elsewhere
 * since is refused, and the editor asks), and Reset goes back to the original generation kept by the server.
 * Export to JIRA saves the edits, then exports them to the project's JIRA integration (the first active one by
 * name); a project without one goes to its settings, where JIRA is set up.
 */
export function EditStoriesButton({ transcript, describedBy }: { transcript: Transcript; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const projectId = transcript.projectId;
  // Read when the editor first opens, so Export to JIRA knows where to go.
  const integrations = useProjectIntegrations(projectId, opened);
  const { exportTo, dialog } = useIntegrationExport();
  const stories = transcript.generatedStories;
  if (!stories) return null;

  async function save(edited: GeneratedStories, version: number) {
    await saveStories(transcript.id, edited, version);
  }

  // Export to JIRA from the editor (spec §4): the edits replace the result ('Stories Updated'), then the export runs.
  async function exportToJira(edited: GeneratedStories, version: number) {
    if (projectId === null) return;
    try {
      await saveStories(transcript.id, edited, version);
    } catch (error) {
      toastError("Update Failed", error, "Failed to save your changes. Please try again.");
      return;
    }
    let jira;
    try {
      const list = integrations.data ?? (await loadProjectIntegrations(projectId));
      jira = firstActiveJira(list.integrations);
    } catch (error) {
      toastError("JIRA Export Failed", error, "Failed to export to JIRA");
      return;
    }
    if (!jira) {
      toast({ title: "Stories Updated", description: "Your edits are saved. Set up JIRA for this project to export them.", variant: "success" });
      navigate(`/projects/${projectId}/settings`);
      return;
    }
    toast({ title: "Stories Updated", description: `Your edits are saved. Exporting them to ${jira.name}…`, variant: "success" });
    await exportTo({
      transcriptId: transcript.id,
      integration: jira,
      storyCount: edited.userStories.length,
      returnFocus: editButton.current,
    });
  }

  return (
    <>
      <Button
        ref={editButton}
        variant="outline"
        size="sm"
        aria-describedby={describedBy}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Pencil aria-hidden />
        Edit
      </Button>
      <StoryEditorDialog
        open={open}
        onOpenChange={setOpen}
        stories={stories}
        version={transcript.storiesVersion}
        original={transcript.originalStories ?? stories}
        onSave={save}
        onExport={(edited, version) => void exportToJira(edited, version)}
        exportUnavailable={projectId === null ? EXPORT_NEEDS_PROJECT : undefined}
      />
      {dialog}
    </>
  );
}
