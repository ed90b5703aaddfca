import { History, Undo2 } from "lucide-react";
import type { Transcript } from "../../../schema/api/transcripts";
import { ActionNotice } from "../../components/action-notice";
import { toast, toastError } from "../../components/ui/toast";
import { restorePreviousStories } from "../transcripts/api";

/**
 * Shown while a transcript keeps a previous version of its stories (edited stories a regeneration replaced):
 * Restore previous version swaps it back, and the replaced stories become the previous version in turn, so nothing
 * is lost either way.
 */
export function PreviousVersionNotice({ transcript, describedBy }: { transcript: Transcript; describedBy?: string }) {
  if (!transcript.previousStories) return null;

  async function restore() {
    try {
      await restorePreviousStories(transcript.id);
      toast({
        title: "Previous Version Restored",
        description: "The stories it replaced are kept, so you can switch back.",
        variant: "success",
      });
    } catch (error) {
      toastError("Restore Failed", error, "Failed to restore the previous version. Please try again.");
    }
  }

  return (
    <ActionNotice
      tone="info"
      icon={History}
      action={{ label: "Restore previous version", icon: Undo2, describedBy, run: restore }}
    >
      A previous version of these stories is kept.
    </ActionNotice>
  );
}
