import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { DialogClose } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";

/** Manual Setup's and Edit's buttons: Cancel, and the submit button with its icon (a spinner while pending). */
export function FormActions({ pending, icon, children }: { pending: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? <Spinner className="text-white" /> : icon}
        {children}
      </Button>
    </div>
  );
}
