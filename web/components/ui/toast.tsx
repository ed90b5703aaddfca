// toast(): how any screen raises a toast. The region that shows it is toaster.tsx, loaded lazily (no Radix here).
import { atom } from "jotai";
import { useEffect, useRef, type ReactNode } from "react";
import { errorMessage } from "../../lib/api";
import { appStore } from "../../lib/store";

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastAction {
  label: string;
  /** Describes the action for screen-reader users who cannot reach the toast in time. */
  altText?: string;
  /** In-app path to open, e.g. '/subscription' for 'Upgrade to Pro'. */
  to?: string;
  /** A page elsewhere (the exported epic in JIRA), opened in a new tab. */
  href?: string;
  onClick?: () => void;
}

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; defaults to 5000 (docs/product-spec.md §9). */
  duration?: number;
  action?: ToastAction;
  /** The failure this toast reports: when the server gave it a request id, the toast shows it under the text. */
  error?: unknown;
}

interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

export const TOAST_DURATION_MS = 5000;

/** The toast on screen (toaster.tsx renders it). At most one is visible (docs/product-spec.md §9): a new toast replaces it. */
export const toastAtom = atom<ToastState | null>(null);
let nextId = 1;

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  appStore.set(toastAtom, { ...options, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** A destructive toast for a failed call: `title`, the server's message (or `fallback`), and its request id. */
export function toastError(title: string, error: unknown, fallback: string): void {
  toast({ title, description: errorMessage(error, fallback), variant: "destructive", error });
}

/** Shows one destructive toast per failed load (errors are reported as toasts; the screen shows a retry). */
export function useErrorToast(error: unknown, title: string, fallback: string): void {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toastError(title, error, fallback);
  }, [error, title, fallback]);
}

export function dismissToast(id?: number): void {
  const current = appStore.get(toastAtom);
  if (current && (id === undefined || current.id === id)) appStore.set(toastAtom, { ...current, open: false });
}

export function useToast() {
  return { toast, dismiss: dismissToast };
}
