import { RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Button } from "../../components/ui/button";
import { regenerateStories, toastGenerationError, toastGenerationSuccess } from "./generation";

/**
 * Generates the stories of a saved transcript again (POST /api/transcripts/{id}/generate), after asking as the app's
 * other replacing actions do: the new stories replace the current ones, edits included, and the current version stays
 * restorable (the server keeps it: web/shared/stories/previous-version-notice.tsx). Focus returns to the button.
 */
export function RegenerateButton({ transcriptId, describedBy }: { transcriptId: number; describedBy?: string }) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  async function regenerate() {
    setPending(true);
    try {
      toastGenerationSuccess(await regenerateStories(transcriptId));
    } catch (error) {
      toastGenerationError(error);
    } finally {
      setPending(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button ref={button} variant="outline" size="sm" aria-describedby={describedBy} onClick={() => setAsking(true)}>
        <RefreshCw aria-hidden />
        Regenerate
      </Button>
      <ConfirmDialog
        open={asking}
        title="Regenerate the stories?"
        description="A new generation replaces these stories, your edits included. The current version stays restorable from the Previous version notice. On the free plan it counts as one of this month's transcripts."
        confirmLabel="Regenerate"
        confirmIcon={<RefreshCw aria-hidden />}
        pending={pending}
        returnFocus={button.current}
        onConfirm={() => void regenerate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
