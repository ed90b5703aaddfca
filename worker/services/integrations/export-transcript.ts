import type { IntegrationType } from "../../../schema/api/integrations";
import type { Deps } from "../../deps";
import type { ReviewRequest } from "./backlog-review";
import type { ExportMode, ExportOutcome } from "./exports";
import { exportToNotion } from "./notion-export";
import { exportToTracker } from "./tracker-export";

// The one place a destination's type picks how a transcript is exported (issue 41): the route takes the type from
// the closed list in schema/api/integration-types.ts, and prepareExport checks the integration is of that type.
// Every issue tracker goes through one exactly-once create pass over its session (tracker-export.ts); Notion writes a
// page under a page (docs/product-decisions.md), with no items to create, link or review.

export function exportTranscript(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: IntegrationType,
  mode: ExportMode = "create",
  review?: ReviewRequest,
): Promise<ExportOutcome> {
  if (type === "notion") return exportToNotion(deps, userId, transcriptId, integrationId, mode, review);
  return exportToTracker(deps, userId, transcriptId, integrationId, type, mode, review);
}
