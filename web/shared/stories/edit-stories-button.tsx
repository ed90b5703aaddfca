import { Pencil } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { GeneratedStories, Transcript } from "../../../schema/api/transcripts";
import { Button } from "../../components/ui/button";
import { toast, toastError } from "../../components/ui/toast";
import { saveStories } from "../transcripts/api";
import { StoryEditorDialog } from "./story-editor-dialog";

/**
 * Edit for a saved transcript's stories (generator panel and history card): opens the editor, saves through
 * PUT /api/transcripts/{id}/stories as an edit of the version it opened with (a save over stories saved elsewhere
 * since is refused, and the editor asks), and Reset goes back to the original generation kept by the server.
 */
export function EditStoriesButton({ transcript, describedBy }: { transcript: Transcript; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const stories = transcript.generatedStories;
  if (!stories) return null;

  async function save(edited: GeneratedStories, version: number) {
    await saveStories(transcript.id, edited, version);
  }

  // Export to JIRA from the editor (spec §4): the edits replace the result, then the JIRA export runs. Until the
  // integrations issue lands, that means the project's settings, where JIRA is set up.
  async function exportToJira(edited: GeneratedStories, version: number) {
    try {
      await saveStories(transcript.id, edited, version);
    } catch (error) {
      toastError("Update Failed", error, "Failed to save your changes. Please try again.");
      return;
    }
    if (transcript.projectId === null) {
      toast({
        title: "JIRA Export Failed",
        description: "Your edits are saved. Assign this transcript to a project to export it to JIRA.",
        variant: "destructive",
      });
      return;
    }
    toast({ title: "Stories Updated", description: "Your edits are saved. Set up JIRA for this project to export them.", variant: "success" });
    navigate(`/projects/${transcript.projectId}/settings`);
  }

  return (
    <>
      <Button variant="outline" size="sm" aria-describedby={describedBy} onClick={() => setOpen(true)}>
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
      />
    </>
  );
}
