// Linear, one of the trackers an epic and its stories can be exported to (issue 32): what the wizard reads (the
// viewer, the teams, one team's estimates and label) and an export session over the common tracker contract
// (../tracker/index.ts). The implementation is http.ts: plain fetch to Linear's GraphQL endpoint, not @linear/sdk,
// which would add more than 100 KiB (gzip) to a Worker that is at its size budget.
import type { TrackerSession } from "../tracker";

/** Where the epic goes: a Linear issue with the stories as its sub-issues, or a Linear project holding them. */
export type LinearEpicAs = "issue" | "project";

/** The integration's settings, as the wizard stored them. */
export interface LinearSettings {
  teamId: string;
  teamKey: string;
  teamName: string;
  epicAs: LinearEpicAs;
}

export interface LinearViewer {
  name: string;
  email: string;
}

export interface LinearTeamSummary {
  id: string;
  key: string;
  name: string;
}

/**
 * How the team estimates issues (Team.issueEstimationType: "exponential", "fibonacci", "linear", "tShirt"), or null
 * when it does not ("notUsed"): then stories are created without an estimate.
 */
export interface LinearEstimation {
  type: string;
  allowZero: boolean;
  extended: boolean;
}

export interface LinearTeam extends LinearTeamSummary {
  estimation: LinearEstimation | null;
  /**
   * An existing label named "storyloom" (any case) of the team or the workspace, put on every created issue; null
   * when there is none. Reading creates nothing: an export creates the team's "storyloom" label
   * (Mutation.issueLabelCreate) once, before its first create, when this is null (http.ts, labelFor).
   */
  labelId: string | null;
}

export interface Linear {
  /** Checks the API key. */
  viewer(apiKey: string): Promise<LinearViewer>;
  /** The teams the key can see (at most a few pages). */
  teams(apiKey: string): Promise<LinearTeamSummary[]>;
  team(apiKey: string, teamId: string): Promise<LinearTeam>;
  /** An export session: `ref` is the export record's marker (12 hex digits). */
  open(apiKey: string, settings: LinearSettings, ref: string): TrackerSession;
}
