import type { ReactNode } from "react";
import { cn } from "../lib/cn";
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
 * A yes/no question before something that cannot be undone (deleting, discarding edits), or with `alternative` a
 * third answer between the two (the dialog is wider then). While `pending` the buttons are disabled, the confirm
 * button shows a spinner and the dialog cannot be dismissed; the caller closes it when its request succeeds. Focus
 * returns to `returnFocus` when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  confirmIcon,
  cancelLabel = "Cancel",
  alternative,
  pending = false,
  confirmDisabled = false,
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
  /** Another way forward besides confirming (e.g. Reload beside Overwrite). */
  alternative?: { label: string; onSelect: () => void };
  pending?: boolean;
  /** The confirm button waits for something more (e.g. a typed confirmation). */
  confirmDisabled?: boolean;
  returnFocus?: HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={returnFocusTo(returnFocus)} className={cn(alternative && "sm:max-w-xl")}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          {alternative && (
            <AlertDialogConfirm variant="outline" onClick={alternative.onSelect} disabled={pending}>
              {alternative.label}
            </AlertDialogConfirm>
          )}
          <AlertDialogConfirm
            onClick={onConfirm}
            disabled={pending || confirmDisabled}
            aria-busy={pending || undefined}
          >
            {pending ? <Spinner className="size-4 text-white" /> : confirmIcon}
            {confirmLabel}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
