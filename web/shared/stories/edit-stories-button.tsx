import { Pencil } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { CoverageItem } from "../../../schema/api/quality-body";
import type { Integration } from "../../../schema/api/integrations";
import type { GeneratedStories, Transcript, UserStory } from "../../../schema/api/transcripts";
import { Button } from "../../components/ui/button";
import { toast, toastError } from "../../components/ui/toast";
import {
  editorExportTarget,
  getTranscriptExports,
  loadProjectIntegrations,
  useProjectIntegrations,
} from "../integrations/api";
import { useIntegrationExport } from "../integrations/export-progress-dialog";
import { draftStoryFromItem } from "../quality/model";
import { saveStories } from "../transcripts/api";
import { StoryEditorDialog } from "./story-editor-dialog";

/** Shown under the editor's Export to JIRA, which is disabled while the transcript has no project. */
export const EXPORT_NEEDS_PROJECT = "Assign this transcript to a project to export it to JIRA.";

/** "Export to JIRA", unless the project exports to another tracker only: "Export to {its name}". */
function exportLabelOf(list: readonly Integration[] | undefined): string {
  const target = list ? editorExportTarget(list) : null;
  return target && target.type !== "jira" ? `Export to ${target.name}` : "Export to JIRA";
}

/** What a screen showing a saved transcript's stories places: the Edit button, the editor, and "Add as story". */
export interface StoryEditorControls {
  /** Null while the transcript has no stories. */
  editButton: ReactNode;
  /** The editor dialog and the export progress dialog; render once. */
  dialogs: ReactNode;
  /** Opens the editor with a draft story built from an ask no story covers. */
  addAsStory: (item: CoverageItem) => void;
}

/**
 * Edit for a saved transcript's stories (generator panel and history card), and "Add as story" on its Coverage
 * panel, which opens the editor with a draft built from the ask (unsaved until Save Changes): opens the editor, saves through
 * PUT /api/transcripts/{id}/stories as an edit of the version it opened with (a save over stories saved elsewhere
 * since is refused, and the editor asks), and Reset goes back to the original generation kept by the server.
 * Export to JIRA saves the edits, then exports them to the project's JIRA integration (the first active one by
 * name), or, without one, to its first active Linear, GitHub Issues or Azure DevOps integration (the button then
 * says "Export to {name}"); a project with none goes to its settings, where one is set up.
 */
export function useStoryEditor(
  transcript: Transcript | undefined,
  { describedBy }: { describedBy?: string } = {},
): StoryEditorControls {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // The story "Add as story" opens the editor with; null for a plain Edit.
  const [addedStory, setAddedStory] = useState<UserStory | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const projectId = transcript?.projectId ?? null;
  // Read when the editor first opens, so Export to JIRA knows where to go.
  const integrations = useProjectIntegrations(projectId, opened);
  const { exportTo, dialog } = useIntegrationExport();
  const stories = transcript?.generatedStories ?? null;
  if (!transcript || !stories) return { editButton: null, dialogs: null, addAsStory: () => {} };
  const transcriptId = transcript.id;

  function openEditor(added: UserStory | null) {
    setAddedStory(added);
    setOpened(true);
    setOpen(true);
  }

  async function save(edited: GeneratedStories, version: number) {
    await saveStories(transcriptId, edited, version);
  }

  // Export to JIRA from the editor (docs/product-spec.md §4): the edits replace the result ('Stories Updated'), then the export runs.
  async function exportToJira(edited: GeneratedStories, version: number) {
    if (projectId === null) return;
    try {
      await saveStories(transcriptId, edited, version);
    } catch (error) {
      toastError("Update Failed", error, "Failed to save your changes. Please try again.");
      return;
    }
    let jira;
    try {
      const list = integrations.data ?? (await loadProjectIntegrations(projectId));
      jira = editorExportTarget(list.integrations);
    } catch (error) {
      toastError("JIRA Export Failed", error, "Failed to export to JIRA");
      return;
    }
    if (!jira) {
      toast({
        title: "Stories Updated",
        description: "Your edits are saved. Set up JIRA for this project to export them.",
        variant: "success",
      });
      navigate(`/projects/${projectId}/settings`);
      return;
    }
    // Stories exported there already: the saved edits go as an update of what it holds (issue 43), not as a repeat
    // that would only say the export exists. (A failed read exports as before: the server answers either way.)
    const sent = await getTranscriptExports(transcriptId)
      .then((answer) => answer.exports.find((e) => e.integrationId === jira.id && e.status === "complete"))
      .catch(() => undefined);
    // (one toast per outcome: the export's own says how it went, and it could only run on saved edits)
    await exportTo({
      transcriptId: transcriptId,
      integration: jira,
      storyCount: sent ? sent.storiesChanged : edited.userStories.length,
      mode: sent ? "update" : "create",
      epicChanged: sent?.epicChanged ?? false,
      returnFocus: editButton.current,
    });
  }

  return {
    editButton: (
      <Button
        ref={editButton}
        variant="outline"
        size="sm"
        aria-describedby={describedBy}
        onClick={() => openEditor(null)}
      >
        <Pencil aria-hidden />
        Edit
      </Button>
    ),
    dialogs: (
      <>
        <StoryEditorDialog
          open={open}
          onOpenChange={setOpen}
          stories={stories}
          version={transcript.storiesVersion}
          original={transcript.originalStories ?? stories}
          onSave={save}
          onExport={(edited, version) => void exportToJira(edited, version)}
          exportUnavailable={projectId === null ? EXPORT_NEEDS_PROJECT : undefined}
          exportLabel={exportLabelOf(integrations.data?.integrations)}
          transcript={transcript.content}
          quality={transcript.quality}
          addedStory={addedStory}
          returnFocus={() => editButton.current}
        />
        {dialog}
      </>
    ),
    addAsStory: (item) => openEditor(draftStoryFromItem(item)),
  };
}
