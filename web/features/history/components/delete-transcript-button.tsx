import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { deleteTranscript } from "../../../shared/transcripts/api";

export function DeleteTranscriptButton({ transcriptId, describedBy }: { transcriptId: number; describedBy: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await deleteTranscript(transcriptId);
      toast({ title: "Success", description: "Transcript deleted.", variant: "success" });
      setOpen(false);
    } catch (error) {
      toast({ title: "Delete Failed", description: "Failed to delete transcript.", variant: "destructive", error });
      setPending(false);
    }
  }

  // The dialog is mounted only once asked for: history lists can hold hundreds of cards.
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-label="Delete transcript"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="size-8 px-0 text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 aria-hidden />
      </Button>
      {open && (
        <ConfirmDialog
          open
          title="Delete Transcript"
          description="Are you sure you want to delete this transcript? This action cannot be undone."
          confirmLabel="Delete"
          confirmIcon={<Trash2 aria-hidden />}
          pending={pending}
          returnFocus={button.current}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
