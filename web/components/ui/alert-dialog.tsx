import { AlertDialog as AlertPrimitive } from "radix-ui";
import type { ComponentPropsWithRef } from "react";
import { cn } from "../../lib/cn";
import { buttonClasses, type ButtonVariant } from "./button";

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

/** A centred confirmation dialog: focus starts on Cancel, Escape cancels, clicking outside does nothing. */
export function AlertDialogContent({ className, ...props }: ComponentPropsWithRef<typeof AlertPrimitive.Content>) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[1px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
      <AlertPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-line bg-white p-6 shadow-xl",
          "data-[state=open]:animate-pop-in data-[state=closed]:animate-fade-out focus:outline-none",
          className,
        )}
        {...props}
      />
    </AlertPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentPropsWithRef<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={cn("text-lg font-semibold text-ink", className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentPropsWithRef<typeof AlertPrimitive.Description>) {
  return <AlertPrimitive.Description className={cn("mt-2 text-sm text-muted", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div className={cn("mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentPropsWithRef<typeof AlertPrimitive.Cancel>) {
  return <AlertPrimitive.Cancel className={buttonClasses("outline", "md", className)} {...props} />;
}

/**
 * The confirming button. It is a plain button (not Radix's Action, which closes at once) so the dialog can stay
 * open while the request runs and close only when it succeeds.
 */
export function AlertDialogConfirm({
  className,
  variant = "destructive",
  type,
  ...props
}: ComponentPropsWithRef<"button"> & { variant?: ButtonVariant }) {
  return <button type={type ?? "button"} className={buttonClasses(variant, "md", className)} {...props} />;
}
