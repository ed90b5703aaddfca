// Azure DevOps Services (Boards) behind one interface, for the tracker export (issue 32). The implementation is
// ./http (plain fetch to https://dev.azure.com, or in development and tests a fake at AZURE_DEVOPS_API_BASE); the
// emulator is worker/test/azure-devops/fake-azure-devops.ts. Every method throws TrackerError (system
// "azure-devops") on failure. The export itself runs over the TrackerSession that `open` returns
// (adapters/tracker/index.ts).
import type { TrackerSession } from "../tracker";

/** Requests go here only (or to a fake's base outside production): on-premises Azure DevOps Server is out of scope. */
export const AZURE_DEVOPS_HOST = "https://dev.azure.com";
/** Named on every call (`api-version=7.1`): the version worker/test/contracts/azure-devops.openapi.json describes. */
export const AZURE_DEVOPS_API_VERSION = "7.1";

/** What the integration keeps: the organisation (dev.azure.com/{organization}) and the project chosen in it. */
export interface AzureDevOpsSettings {
  organization: string;
  /** The project's name, for the links people follow. */
  project: string;
  /** The project's id (a UUID), for API calls: it survives a rename. */
  projectId: string;
}

export interface AzureDevOpsProject {
  id: string;
  name: string;
}

/**
 * What the project's process lets an export use, read from its work item types (Agile, Scrum, Basic, CMMI or an
 * inherited process): which type the epic and the stories become and which fields the story type has.
 */
export interface AzureDevOpsPlan {
  id: string;
  name: string;
  /** "Epic" when the process has it (and it is not disabled), else null: the export cannot run. */
  epicType: string | null;
  /** "User Story" (Agile), else "Product Backlog Item" (Scrum), else "Requirement" (CMMI), else "Issue" (Basic). */
  storyType: string | null;
  /** Microsoft.VSTS.Scheduling.StoryPoints, else .Effort, else .Size, when the story type has one. */
  storyPointsField: string | null;
  /** The story type has Microsoft.VSTS.Common.AcceptanceCriteria; when not, the criteria go in the description. */
  acceptanceCriteria: boolean;
  /** The story type has Microsoft.VSTS.Common.Priority (1 high, 2 medium, 3 low). */
  priority: boolean;
}

export interface AzureDevOps {
  /** GET /{organization}/_apis/projects: checks the PAT (401 or 203 → unauthorized; 404 → no such organisation). */
  projects(organization: string, pat: string): Promise<AzureDevOpsProject[]>;
  /** GET the project (by id or name), then GET its work item types: what an export there would create. */
  projectPlan(organization: string, pat: string, project: string): Promise<AzureDevOpsPlan>;
  /**
   * One export's session. It reads the work item types once, on its first create; a process without an epic or a
   * story type makes that create throw TrackerError "invalid", naming what is missing.
   */
  open(pat: string, settings: AzureDevOpsSettings, ref: string): TrackerSession;
}
