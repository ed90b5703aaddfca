import type { IntegrationType } from "../../../schema/api/integrations";
import type { Deps } from "../../deps";
import type { ExportMode, ExportOutcome } from "./exports";
import { exportToJira } from "./jira-export";
import { exportToNotion } from "./notion-export";
import { exportToTracker } from "./tracker-export";

// The one place a destination's type picks how a transcript is exported (issue 41): the route takes the type from
// the closed list in schema/api/integration-types.ts, and prepareExport checks the integration is of that type.

type Exporter = (
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  mode: ExportMode,
) => Promise<ExportOutcome>;

const EXPORTERS: Record<IntegrationType, Exporter> = {
  jira: exportToJira,
  notion: exportToNotion,
  linear: (deps, userId, transcriptId, integrationId, mode) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "linear", mode),
  github: (deps, userId, transcriptId, integrationId, mode) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "github", mode),
  "azure-devops": (deps, userId, transcriptId, integrationId, mode) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "azure-devops", mode),
};

export function exportTranscript(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: IntegrationType,
  mode: ExportMode = "create",
): Promise<ExportOutcome> {
  return EXPORTERS[type](deps, userId, transcriptId, integrationId, mode);
}
