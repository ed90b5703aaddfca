import type { DataSummary } from "../../schema/api/account-body";
import type { AccessToken } from "../../schema/api/access-tokens";
import type { ConnectedApp } from "../../schema/api/mcp-authorization";
import type { AdminAnalytics, AdminConversation, AdminUser, Pagination } from "../../schema/api/admin";
import type { AuthProviders, PublicUser } from "../../schema/api/auth";
import type { Integration, TranscriptExports } from "../../schema/api/integrations";
import type { Project } from "../../schema/api/projects";
import type { PaymentConfig, SubscriptionInfo, SubscriptionLimitsResponse } from "../../schema/api/subscription-body";
import type { ReviewMember, TeamContext, TeamLimits, TeamMembership } from "../../schema/api/teams";
import type { ActivityItem, Transcript, TranscriptPage } from "../../schema/api/transcripts";

declare const answers: unique symbol;

/**
 * An API path used as an SWR cache key, tagged with the type of its answer, so `useQuery(key)` and
 * `setQueryData(key, …)` are typed by the key alone. Every key the SPA caches is built in this module: the hooks
 * that read a key and the invalidation rules that match it (lib/query.ts) cannot drift apart.
 */
export type QueryKey<T> = string & { readonly [answers]?: T };

const key = <T>(path: string) => path as QueryKey<T>;

const PROJECTS = "/api/projects";
const LIMITS = "/api/subscription/limits";
const TRANSCRIPTS = "/api/transcripts";
/** docs/product-spec.md §9: the dashboard shows the latest 5 transcripts. */
export const RECENT_TRANSCRIPTS = 5;
const ADMIN_USERS = "/api/admin/users";
const ADMIN_CONVERSATIONS = "/api/admin/chatbot-conversations";

export const queryKeys = {
  user: key<PublicUser | null>("/api/user"),
  authProviders: key<AuthProviders>("/api/auth/providers"),
  subscription: key<SubscriptionInfo>("/api/subscription"),
  subscriptionLimits: key<SubscriptionLimitsResponse>(LIMITS),
  /**
   * The plan and allowance a generation in the project uses (the project owner's: a team member works under the
   * owner's plan), or the person's own with no project.
   */
  generationAllowance: (projectId: number | null) =>
    key<SubscriptionLimitsResponse>(projectId === null ? LIMITS : `${LIMITS}?projectId=${projectId}`),
  /** Whether card payment works here, and the Payment Element's publishable key. */
  paymentConfig: key<PaymentConfig>("/api/subscription/payment-config"),
  /** The signed-in user's projects, sorted by name. */
  projects: key<Project[]>(PROJECTS),
  project: (id: number) => key<Project>(`${PROJECTS}/${id}`),
  /**
   * Transcript summaries, newest first: all of them, or one project's (`?projectId=`). Cached as the pages loaded
   * so far joined into one (web/shared/transcripts/api.ts `useTranscriptList`), with the next cursor and the total.
   */
  transcripts: (projectId?: number | null) =>
    key<TranscriptPage>(projectId ? `${TRANSCRIPTS}?projectId=${projectId}` : TRANSCRIPTS),
  /** The dashboard's latest transcripts (spec: the latest 5), and (as `total`) how many there are. */
  recentTranscripts: key<TranscriptPage>(`${TRANSCRIPTS}?limit=${RECENT_TRANSCRIPTS}`),
  /** One transcript with its full text, its stories and their original generation. */
  transcript: (id: number) => key<Transcript>(`${TRANSCRIPTS}/${id}`),
  /** Where a transcript's stories went (each integration's export), and what an update would send now. */
  transcriptExports: (id: number) => key<TranscriptExports>(`${TRANSCRIPTS}/${id}/exports`),
  /** The activity feed, newest first, at most 20 items. */
  activity: key<ActivityItem[]>("/api/activity"),
  /** The team the user works in: memberships and invitations (docs/product-spec.md §7), its seats, and the user's place in it. */
  teamMembers: key<TeamMembership[]>("/api/team/members"),
  teamLimits: key<TeamLimits>("/api/team/limits"),
  teamMembership: key<TeamContext>("/api/team/membership"),
  /** The own team's members to keep or remove after the account was taken back (issue 39). */
  teamReview: key<ReviewMember[]>("/api/team/review"),
  /** Counts of what the account holds (docs/product-spec.md §3 Data summary), unwrapped from `{success, data}` by its hook. */
  dataSummary: key<DataSummary>("/api/user/data-summary"),
  /** The account's personal access tokens, unwrapped from `{success, data}` by its hook (issue 42). */
  accessTokens: key<AccessToken[]>("/api/user/access-tokens"),
  /** The MCP clients the account signed in with OAuth, unwrapped by its hook (issue 42). */
  connectedApps: key<ConnectedApp[]>("/api/user/connected-apps"),
  /**
   * A project's JIRA and Notion integrations (secrets masked). Read through `useProjectIntegrations`
   * (web/shared/integrations), whose fetcher turns the free plan's 403 into `{ available: false }`, so the answer
   * is cached and a free user is not asked again on every menu opening.
   */
  integrations: (projectId: number) => key<ProjectIntegrations>(`${PROJECTS}/${projectId}${INTEGRATIONS}`),
  /** Platform admin (docs/product-spec.md §2 Admin dashboard): read only by admins, unwrapped from `{success, data}` by the hooks. */
  adminAnalytics: key<AdminAnalytics>("/api/admin/analytics"),
  /** One page of users, optionally filtered by a search; cached with its pagination. */
  adminUsers: (query: AdminPageQuery) => key<AdminPage<AdminUser>>(`${ADMIN_USERS}?${adminPageParams(query)}`),
  /** One page of help assistant conversations, newest first, optionally filtered by a search. */
  adminConversations: (query: AdminPageQuery) =>
    key<AdminPage<AdminConversation>>(`${ADMIN_CONVERSATIONS}?${adminPageParams(query)}`),
};

/** A page of an admin list as cached: the rows and the pagination the server answered with. */
export interface AdminPage<T> {
  data: T[];
  pagination: Pagination;
}

export interface AdminPageQuery {
  page: number;
  limit: number;
  search?: string;
}

function adminPageParams({ page, limit, search }: AdminPageQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  const needle = search?.trim();
  if (needle) params.set("search", needle);
  return params.toString();
}

/** Any page of the admin users list (refreshed after a tier change or an admin grant). */
export function isAdminUsersKey(key: string): boolean {
  return key.startsWith(`${ADMIN_USERS}?`);
}

const INTEGRATIONS = "/integrations";

/** What the integrations key caches: the list, or that the plan has no integrations (docs/product-spec.md §8). */
export type ProjectIntegrations =
  { available: true; integrations: Integration[] } | { available: false; integrations: []; message: string };

/** Any project's integrations list. */
/** The plan's limits and usage: the person's own, or a project's allowance (`generationAllowance`). */
export function isLimitsKey(key: string): boolean {
  return key === LIMITS || key.startsWith(`${LIMITS}?`);
}

export function isIntegrationsKey(key: string): boolean {
  return key.startsWith(`${PROJECTS}/`) && key.endsWith(INTEGRATIONS);
}

/**
 * The projects list or any one project (not a project's integrations: transcript writes refresh projects' counts,
 * and must not refetch integrations, which a free plan answers with a 403).
 */
export function isProjectKey(key: string): boolean {
  return key === PROJECTS || (key.startsWith(`${PROJECTS}/`) && !isIntegrationsKey(key));
}

/** Any transcript list: all transcripts, one project's, or the dashboard's latest five. */
export function isTranscriptListKey(key: string): boolean {
  return key === TRANSCRIPTS || key.startsWith(`${TRANSCRIPTS}?`);
}

/** The project filter of a transcript list key, or null for the unfiltered list. */
export function transcriptListProjectId(key: string): number | null {
  const value = new URL(key, "http://x").searchParams.get("projectId");
  return value ? Number(value) : null;
}
