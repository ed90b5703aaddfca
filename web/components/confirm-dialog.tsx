import type { ReactNode } from "react";
import { returnFocusTo } from "../lib/focus";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "./ui/alert-dialog";
import { Spinner } from "./ui/spinner";

/**
 * A yes/no question before something that cannot be undone (deleting, discarding edits). While `pending` the
 * buttons are disabled, the confirm button shows a spinner and the dialog cannot be dismissed; the caller closes it
 * when its request succeeds. Focus returns to `returnFocus` when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  confirmIcon,
  cancelLabel = "Cancel",
  pending = false,
  returnFocus,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Extra content under the description (e.g. what else will be deleted). */
  children?: ReactNode;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  cancelLabel?: string;
  pending?: boolean;
  returnFocus?: HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={returnFocusTo(returnFocus)}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogConfirm onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
            {pending ? <Spinner className="size-4 text-white" /> : confirmIcon}
            {confirmLabel}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
