import { toast, toastError } from "../../components/ui/toast";
import { invalidateIntegrations } from "../../lib/query";
import { isIntegrationsUnavailable } from "../../shared/integrations/api";

/** docs/product-spec.md §8: the free plan's text, on the settings card and in the toast. */
export const INTEGRATIONS_UNAVAILABLE_TEXT =
  "JIRA and Notion integrations are only available on Pro and Enterprise plans.";

/** docs/product-spec.md §8's 'Integrations Not Available' toast with its upgrade action. */
export function toastIntegrationsUnavailable(error?: unknown): void {
  toast({
    title: "Integrations Not Available",
    description: INTEGRATIONS_UNAVAILABLE_TEXT,
    variant: "destructive",
    action: { label: "Upgrade to Pro", to: "/subscription" },
    error,
  });
}

/**
 * Reports a failed create (or wizard check) as docs/product-spec.md §8 says: the free plan's refusal as 'Integrations Not
 * Available' with an upgrade action (the caller closes its dialog first, so the action is not behind it), anything
 * else as `title` with the server's message. Returns whether it was the plan.
 */
export function reportIntegrationError(projectId: number, error: unknown, title: string, fallback: string): boolean {
  if (isIntegrationsUnavailable(error)) {
    toastIntegrationsUnavailable(error);
    // The settings page shows the plan's card from now on.
    void invalidateIntegrations(projectId);
    return true;
  }
  toastError(title, error, fallback);
  return false;
}

/** A failed Create Integration (Manual Setup or a wizard's review), reported as above; true when it was the plan. */
export function reportCreationError(projectId: number, error: unknown): boolean {
  return reportIntegrationError(
    projectId,
    error,
    "Creation Failed",
    "Failed to create the integration. Please try again.",
  );
}
