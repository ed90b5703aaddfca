// The integration types and their names, free of zod: the SPA's Export menus and progress dialog import these
// values, and its first chunk must not carry zod (schema/api/integrations.ts holds the shapes).

export const INTEGRATION_TYPES = ["jira", "notion", "linear", "github", "azure-devops"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
/** The issue trackers added by issue 32, exported through one exactly-once machine (services/integrations/tracker-export.ts). */
export const TRACKER_TYPES = ["linear", "github", "azure-devops"] as const;
export type TrackerType = (typeof TRACKER_TYPES)[number];

/** How each type is named to people. */
export const INTEGRATION_LABELS: Record<IntegrationType, string> = {
  jira: "JIRA",
  notion: "Notion",
  linear: "Linear",
  github: "GitHub Issues",
  "azure-devops": "Azure DevOps",
};

export function isTrackerType(type: string): type is TrackerType {
  return (TRACKER_TYPES as readonly string[]).includes(type);
}
