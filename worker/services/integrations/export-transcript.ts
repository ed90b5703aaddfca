import type { IntegrationType } from "../../../schema/api/integrations";
import type { Deps } from "../../deps";
import type { ReviewRequest } from "./backlog-review";
import type { ExportMode, ExportOutcome } from "./exports";
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
  review?: ReviewRequest,
) => Promise<ExportOutcome>;

const EXPORTERS: Record<IntegrationType, Exporter> = {
  jira: (deps, userId, transcriptId, integrationId, mode, review) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "jira", mode, review),
  notion: exportToNotion,
  linear: (deps, userId, transcriptId, integrationId, mode, review) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "linear", mode, review),
  github: (deps, userId, transcriptId, integrationId, mode, review) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "github", mode, review),
  "azure-devops": (deps, userId, transcriptId, integrationId, mode, review) =>
    exportToTracker(deps, userId, transcriptId, integrationId, "azure-devops", mode, review),
};

export function exportTranscript(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: IntegrationType,
  mode: ExportMode = "create",
  review?: ReviewRequest,
): Promise<ExportOutcome> {
  return EXPORTERS[type](deps, userId, transcriptId, integrationId, mode, review);
}
