// GitHub Issues as an export destination (issue 32): the calls the integration wizard makes (who the token is, what
// it may do in the repository) and the export session over ../tracker/index.ts. The implementation is http.ts
// (@octokit/core over a guarded fetch); format.ts writes the epic and the stories as Markdown issue bodies.
import type { TrackerSession } from "../tracker/index";

/** The integration's settings: the repository the issues go to. */
export interface GitHubSettings {
  /** The account or organisation (GITHUB_OWNER_PATTERN in schema/api/integrations.ts). */
  owner: string;
  /** The repository's name (GITHUB_REPO_PATTERN). */
  repo: string;
}

/** GET /user: whose token it is. */
export interface GitHubUser {
  login: string;
  /** The profile's display name; null when the account has none. */
  name: string | null;
}

/** GET /repos/{owner}/{repo}, as the wizard shows it. */
export interface GitHubRepository {
  /** "owner/repo", as GitHub spells it now. */
  fullName: string;
  /** The repository's page. */
  url: string;
  /** Issues are turned on (GitHub answers 410 to every issue call otherwise). */
  hasIssues: boolean;
  /** The token may write to the repository (`permissions.push`): labels and sub-issues need it. */
  canPush: boolean;
  private: boolean;
}

/** One repository of GET /user/repos, as far as the wizard's list needs it. */
export interface GitHubListedRepository {
  /** "owner/repo". */
  fullName: string;
  private: boolean;
  /** Issues are turned on (`has_issues`). */
  hasIssues: boolean;
  /** Archived or disabled: read-only, so no issue can be created there. */
  readOnly: boolean;
  /** `permissions.push`; null when the answer has no `permissions` (the schema makes it optional). */
  canPush: boolean | null;
}

/** GET /user/repos: one page of the token's repositories, most recently pushed first. */
export interface GitHubRepositoryList {
  repositories: GitHubListedRepository[];
  /** GitHub has another page (a Link header with rel="next"): the token sees more repositories than these. */
  more: boolean;
}

export interface GitHub {
  /** Checks the token: 401 → TrackerError "unauthorized". */
  user(token: string): Promise<GitHubUser>;
  /**
   * The token's repositories (owned, collaborator, organisation member: GitHub's default affiliation), one page of
   * GITHUB_REPOSITORIES_LISTED (100, GitHub's most), most recently pushed first: 1 request. 401 → "unauthorized".
   */
  repositories(token: string): Promise<GitHubRepositoryList>;
  /** Checks the repository: 404 (missing or invisible to the token) → "not_found"; a moved one → "not_found" too. */
  repository(token: string, owner: string, repo: string): Promise<GitHubRepository>;
  /**
   * One export's session. Nothing is sent until the first call; the settings and the ref are checked here (a
   * TrackerError "invalid" for a malformed owner, repository or ref).
   */
  open(token: string, settings: GitHubSettings, ref: string): TrackerSession;
}
