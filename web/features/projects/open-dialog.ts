import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { toast } from "../../components/ui/toast";
import { useSubscriptionLimits } from "../../shared/session/subscription";
import { projectDialogAtom, type ProjectDialogState } from "./state";

/** docs/product-spec.md §8's toast for the plan's project limit: raised before the dialog opens, or when the server refuses. */
export function toastProjectLimit(error?: unknown): void {
  toast({
    title: "Project Limit Reached",
    description: "You've reached the 1 project limit on the free plan. Upgrade to Pro for unlimited projects.",
    variant: "destructive",
    action: { label: "Upgrade to Pro", to: "/subscription" },
    error,
  });
}

/**
 * Opens the create/edit project dialog; creating at the plan's project limit says so instead of opening a form the
 * server would refuse after it was filled in (the server still enforces the limit).
 */
export function useOpenProjectDialog(): (state: NonNullable<ProjectDialogState>) => void {
  const open = useSetAtom(projectDialogAtom);
  const { data } = useSubscriptionLimits();
  return useCallback(
    (state) => {
      const limit = data?.data.limits.projects;
      if (state.mode === "create" && limit != null && data && data.data.usage.projects >= limit) toastProjectLimit();
      else open(state);
    },
    [data, open],
  );
}
