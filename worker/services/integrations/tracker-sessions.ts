import type { TrackerSession } from "../../adapters/tracker";
import type { IntegrationRow } from "../../data/integrations";
import type { Deps } from "../../deps";

/** A Linear, GitHub Issues or Azure DevOps session for the integration; `ref` is the export record's marker. */
export function openSession(deps: Deps, integration: IntegrationRow, secret: string, ref: string): TrackerSession {
  const settings = integration.settings;
  if (integration.type === "linear" && "teamId" in settings) return deps.trackers.linear.open(secret, settings, ref);
  if (integration.type === "github" && "repo" in settings) return deps.trackers.github.open(secret, settings, ref);
  if (integration.type === "azure-devops" && "organization" in settings)
    return deps.trackers["azure-devops"].open(secret, settings, ref);
  throw new Error(`Integration ${integration.id} has no ${integration.type} settings`);
}
