// The toast region (Radix Toast), apart from the toast() API in toast.tsx: every form raises toasts, but the region
// itself is needed only once one shows, so app.tsx loads this module lazily and forms never wait for Radix.
import { useAtomValue } from "jotai";
import { CircleAlert, CircleCheck, ExternalLink, Info, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { requestIdOf } from "../../lib/api";
import { cn } from "../../lib/cn";
import { appStore } from "../../lib/store";
import { RequestId } from "../request-id";
import { dismissToast, TOAST_DURATION_MS, toastAtom, type ToastVariant } from "./toast";

const variantClasses: Record<ToastVariant, string> = {
  default: "border-line bg-white text-ink",
  success: "border-emerald-200 bg-emerald-50 text-emerald-950",
  destructive: "border-red-200 bg-red-50 text-red-950",
};

const variantIcons: Record<ToastVariant, ReactNode> = {
  default: <Info className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />,
  success: <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />,
  destructive: <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />,
};

function actionClass(variant: ToastVariant): string {
  return cn(
    "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
    variant === "destructive" ? "bg-red-600 text-white hover:bg-red-700" : "bg-brand-700 text-white hover:bg-brand-800",
  );
}

/**
 * Renders the current toast; mount once inside the router. F8 moves focus to the toast region. Toasts sit at the
 * bottom-right corner, as the spec says: on phones just above the AI Helper button (web/features/assistant/launcher.tsx),
 * so they cover neither the page's title and tab bars at the top nor that button.
 */
export function Toaster() {
  const current = useAtomValue(toastAtom, { store: appStore });
  const navigate = useNavigate();
  const variant = current?.variant ?? "default";
  const requestId = requestIdOf(current?.error);

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          duration={current.duration}
          type={variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
            "data-[swipe=end]:animate-toast-swipe-out",
            variantClasses[variant],
          )}
        >
          {variantIcons[variant]}
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {current.description}
              </ToastPrimitive.Description>
            )}
            {/* Left out of the live announcement (an id read aloud helps no one); F8 reaches it in the toast. */}
            {requestId && (
              <RequestId requestId={requestId} className="opacity-75" data-radix-toast-announce-exclude="" />
            )}
            {current.action && (
              <div className="mt-2">
                <ToastPrimitive.Action altText={current.action.altText ?? current.action.label} asChild>
                  {current.action.href ? (
                    <a
                      href={current.action.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={actionClass(variant)}
                    >
                      {current.action.label}
                      <ExternalLink className="ml-1.5 size-3.5" aria-hidden />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : (
                    <button
                      type="button"
                      className={actionClass(variant)}
                      onClick={() => {
                        current.action?.onClick?.();
                        if (current.action?.to) navigate(current.action.to);
                      }}
                    >
                      {current.action.label}
                    </button>
                  )}
                </ToastPrimitive.Action>
              </div>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md opacity-70 transition hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* (above the assistant's button, which sits in the bottom right corner at every width: a toast never lies
          over it, nor it over a toast's close button) */}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label="Notifications (F8)"
        className="pointer-events-none fixed right-0 bottom-20 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:bottom-20 sm:max-w-[26rem] sm:p-6"
      />
    </ToastPrimitive.Provider>
  );
}
